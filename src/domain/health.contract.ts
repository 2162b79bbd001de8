import { z } from 'zod';
import { route, type Answer } from './contract';

export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  db: z.string(),
  version: z.string(),
  migrations: z.object({ applied: z.number(), expected: z.number() }).nullable(),
});

export const healthRoutes = {
  /** Answers 503 with the same shape when the database does not. */
  health: route({ method: 'GET', path: '/health', response: healthResponse }),
  /** Settings the web app needs before sign-in. */
  config: route({
    method: 'GET',
    path: '/config',
    response: z.object({ idleTimeoutMs: z.number(), idlePromptMs: z.number(), posUrl: z.string(), timeZone: z.string(), demoData: z.boolean() }),
  }),
};

export type PublicConfig = Answer<typeof healthRoutes.config>;
