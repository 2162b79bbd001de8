import { availableParallelism } from 'node:os';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import { describeConnectionFailure } from './connection-errors';
import { takeLock } from './lock-file';

export { migrateDatabase, migrationStatus } from './migrate';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the pool, for the few things that need one connection of their own (session locks). */
  pool?: pg.Pool;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, loadable with openDatabase({ image }). */
  dump?(): Promise<Blob>;
}

/** A database that could not be opened; its message says in Spanish where and why. */
export class DatabaseOpenError extends Error {}

/**
 * Twice the cores plus one (PostgreSQL's rule of thumb), and never fewer than 10. More connections than the machine
 * can run at once only make the database switch between them (on two cores the agenda served about 15 % more
 * requests with 5 than with 10), but a clinic's load is not only running queries: a request that waits on a row lock
 * (a lot two counters sell from, a day being closed) holds its connection meanwhile, and with 5 a few such waits left
 * every other user waiting for one. One customer's own writes wait in process, holding none (customers/lock.ts).
 */
export const defaultPoolSize = (cores = availableParallelism()) => Math.max(10, cores * 2 + 1);

/** How long a request waits for a connection before it answers 503 (a database that went away must not hang the API). */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * A pooled connection can die at any time (a PostgreSQL restart, a failover, a pooler's idle timeout,
 * pg_terminate_backend): node-postgres then emits 'error' on the pool for an idle connection and on the
 * client for a checked-out one, and an 'error' event nobody listens to ends the process. The pool already
 * drops the dead connection and opens a new one on demand; here the event is only logged.
 */
function survivePoolErrors(pool: pg.Pool, log: (message: string) => void): void {
  const report = (err: Error) => log(`Conexión a PostgreSQL perdida (${(err as { code?: string }).code ?? err.message}); se abrirá otra al necesitarla`);
  // the pool re-emits an idle connection's error on itself: listened to (or it would end the process), logged once per connection
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', report));
}

async function openPostgres(url: string, log: (message: string) => void): Promise<Database> {
  let pool: pg.Pool;
  try {
    pool = new pg.Pool({ connectionString: url, max: Number(process.env.DB_POOL_SIZE ?? defaultPoolSize()), connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  } catch (err) {
    throw new DatabaseOpenError(describeConnectionFailure(url, err));
  }
  survivePoolErrors(pool, log);
  try {
    await pool.query('select 1');
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(describeConnectionFailure(url, err));
  }
  return { db: drizzlePg(pool, { schema }), kind: 'postgres', pool, close: () => pool.end() };
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<Database> {
  let release = () => {};
  let dir: string | undefined;
  if (dataDir) {
    dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    try {
      release = takeLock(dataDir);
    } catch (err) {
      throw new DatabaseOpenError((err as Error).message);
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: dir, loadDataDir: image, extensions: { pg_trgm, unaccent, citext, btree_gist } });
  } catch (err) {
    release();
    throw new DatabaseOpenError(`No se pudo abrir la base de datos integrada en ${dir ?? 'memoria'}: ${(err as Error).message}`);
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Opens PostgreSQL when a URL is given (checking that it answers), else PGlite (in memory when dataDir is undefined). */
export async function openDatabase(opts: { url?: string; dataDir?: string; image?: Blob; log?: (message: string) => void }): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.log ?? ((m) => console.error(m)));
  return openPglite(opts.dataDir, opts.image);
}
