import type { FastifyBaseLogger } from 'fastify';
import { lt } from 'drizzle-orm';
import type { AppContext } from '../context';
import { authFailures } from '../db/schema';

interface Job {
  name: string;
  everyMs: number;
  run: (ctx: AppContext) => Promise<void>;
}

const JOBS: Job[] = [
  {
    name: 'limpiar intentos fallidos',
    everyMs: 60 * 60 * 1000,
    run: async ({ db }) => {
      await db.delete(authFailures).where(lt(authFailures.createdAt, new Date(Date.now() - 24 * 3600 * 1000)));
    },
  },
];

/** Runs the periodic jobs in this process; returns a stop function. */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const timers = JOBS.map((job) =>
    setInterval(() => {
      job.run(ctx).catch((err) => log.error({ err }, `job ${job.name} failed`));
    }, job.everyMs),
  );
  return () => timers.forEach(clearInterval);
}
