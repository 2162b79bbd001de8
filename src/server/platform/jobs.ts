import type { FastifyBaseLogger } from 'fastify';
import { lt, sql } from 'drizzle-orm';
import pg from 'pg';
import type { AppContext } from '../context';
import { authFailures } from '../db/schema';

export interface Job {
  name: string;
  everyMs: number;
  atStart?: boolean;
  run: (ctx: AppContext) => Promise<void>;
}

/** The platform's own jobs; each area brings its jobs through modules/index.ts (platform imports no area). */
export const PLATFORM_JOBS: Job[] = [
  {
    name: 'limpiar intentos fallidos',
    everyMs: 60 * 60 * 1000,
    run: async ({ db }) => {
      await db.delete(authFailures).where(lt(authFailures.createdAt, new Date(Date.now() - 24 * 3600 * 1000)));
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

/** A key of PostgreSQL's advisory locks: whoever holds it runs the periodic jobs. */
const JOBS_LOCK = 7_362_026_002;

/**
 * Several API processes on one PostgreSQL elect one to run the jobs: the one whose own connection holds a
 * session advisory lock. If it stops or loses that connection, PostgreSQL frees the lock and the next
 * process to try takes over. The embedded database has a single process, always in charge.
 */
export class JobsLeader {
  private client: pg.Client | null = null;
  private closed = false;
  private trying: Promise<boolean> | null = null;

  constructor(private readonly url: string | undefined) {}

  /** One attempt at a time: jobs that tick together must not race this process's own connections for the lock. */
  isLeader(): Promise<boolean> {
    if (!this.url || this.client) return Promise.resolve(true);
    if (this.closed) return Promise.resolve(false);
    this.trying ??= this.tryToLead().finally(() => {
      this.trying = null;
    });
    return this.trying;
  }

  private async tryToLead(): Promise<boolean> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    // a lost connection frees the lock: stop counting on it and try again at the next tick
    const lose = () => {
      if (this.client === client) this.client = null;
    };
    client.on('error', lose);
    client.on('end', lose);
    try {
      await client.connect();
      const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [JOBS_LOCK]);
      if (rows[0].got && !this.closed) {
        this.client = client;
        return true;
      }
    } catch {
      /* the database is down: nobody runs jobs until it is back */
    }
    await client.end().catch(() => undefined);
    return false;
  }

  async close(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

/** Runs the periodic jobs while this process leads; returns a stop function. */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger, jobs: Job[]): () => Promise<void> {
  const leader = new JobsLeader(ctx.database.kind === 'postgres' ? ctx.config.databaseUrl : undefined);
  const running = new Set<Promise<void>>();
  const run = (job: Job) => {
    const done = leader
      .isLeader()
      .then((leads) => (leads ? job.run(ctx) : undefined))
      .catch((err) => log.error({ err }, `job ${job.name} failed`))
      .finally(() => running.delete(done));
    running.add(done);
  };
  for (const job of jobs) if (job.atStart) run(job);
  const timers = jobs.map((job) => setInterval(() => run(job), job.everyMs));
  return async () => {
    timers.forEach(clearInterval);
    await Promise.all(running);
    await leader.close();
  };
}
