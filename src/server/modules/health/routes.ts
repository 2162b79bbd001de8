import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { BUSINESS_TIME_ZONE, IDLE_PROMPT_MS } from '../../../domain/dates';
import type { AppContext } from '../../context';

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { config: { access: 'public' }, schema: { response: { 200: z.object({ status: z.string(), db: z.string() }) } } }, async () => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok', db: ctx.database.kind };
    } catch {
      return { status: 'degraded', db: 'error' };
    }
  });
  /** Settings the web app needs before sign-in. */
  r.get(
    '/config',
    { config: { access: 'public' }, schema: { response: { 200: z.object({ idleTimeoutMs: z.number(), idlePromptMs: z.number(), posUrl: z.string(), timeZone: z.string() }) } } },
    () => ({
      idleTimeoutMs: ctx.config.idleTimeoutMs,
      idlePromptMs: Math.min(IDLE_PROMPT_MS, Math.floor(ctx.config.idleTimeoutMs / 3)),
      posUrl: ctx.config.posUrl,
      timeZone: BUSINESS_TIME_ZONE,
    }),
  );
}
