import type { FastifyBaseLogger } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { authFailures } from '../db/schema';
import { markAbsences } from '../modules/appointments/absences';

export { markAbsences };

interface Job {
  name: string;
  everyMs: number;
  atStart?: boolean;
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
  {
    // an appointment still scheduled or in process when its day ends in the branch's zone was missed
    name: 'marcar inasistencias',
    everyMs: 15 * 60 * 1000,
    atStart: true,
    run: async ({ db }) => {
      await markAbsences(db);
    },
  },
  {
    // PGlite has no autovacuum: without fresh statistics the planner picks nested loops over big tables
    name: 'estadísticas de la base embebida',
    everyMs: 30 * 60 * 1000,
    atStart: true,
    run: async ({ db, database }) => {
      if (database.kind === 'pglite') await db.execute(sql`analyze`);
    },
  },
];

/** Runs the periodic jobs in this process; returns a stop function. */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger): () => void {
  const run = (job: Job) => job.run(ctx).catch((err) => log.error({ err }, `job ${job.name} failed`));
  for (const job of JOBS) if (job.atStart) void run(job);
  const timers = JOBS.map((job) => setInterval(() => void run(job), job.everyMs));
  return () => timers.forEach(clearInterval);
}
