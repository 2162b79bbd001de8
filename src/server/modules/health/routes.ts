import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, IDLE_PROMPT_MS } from '../../../domain/dates';
import { healthResponse, healthRoutes } from '../../../domain/health.contract';
import type { AppContext } from '../../context';
import { migrationStatus } from '../../db/client';
import { hasDemoAccounts } from '../../db/demo/seed';
import { serve } from '../../platform/serve';

/** A database that hangs must not hang the health check: a proxy or an orchestrator waits for its answer. */
const HEALTH_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // two statuses (200 and 503) with one shape: registered by hand, its path and answer from the contract
  r.get(healthRoutes.health.path, { config: { access: 'public' }, schema: { response: { 200: healthResponse, 503: healthResponse } } }, async (_req, reply) => {
    const base = { db: ctx.database.kind, version: ctx.config.version };
    try {
      const migrations = await withTimeout(
        ctx.db.execute(sql`select 1`).then(() => migrationStatus(ctx.db)),
        HEALTH_TIMEOUT_MS,
      );
      return { status: 'ok' as const, ...base, migrations };
    } catch {
      return reply.status(503).send({ status: 'error' as const, ...base, migrations: null });
    }
  });
  serve(app, healthRoutes.config, 'public', async () => ({
    idleTimeoutMs: ctx.config.idleTimeoutMs,
    idlePromptMs: Math.min(IDLE_PROMPT_MS, Math.floor(ctx.config.idleTimeoutMs / 3)),
    posUrl: ctx.config.posUrl,
    timeZone: BUSINESS_TIME_ZONE,
    // the demo accounts' password is published in the README: say so on every screen while they can sign in
    demoData: await hasDemoAccounts(ctx.db),
  }));
}
