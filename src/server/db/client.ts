import { availableParallelism } from 'node:os';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, loadable with openDatabase({ image }). */
  dump?(): Promise<Blob>;
}

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Embedded PGlite has no lock of its own: a lock file keeps a second process out of the same data. */
function takeLock(dir: string): () => void {
  const file = path.join(dir, 'server.lock');
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`La base de datos en ${dir} está en uso por el proceso ${pid}`);
    unlinkSync(file);
  }
  const fd = openSync(file, 'wx');
  writeSync(fd, String(process.pid));
  closeSync(fd);
  return () => {
    try {
      unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
}

/**
 * Twice the cores plus one (PostgreSQL's rule of thumb): more connections than the machine can run at once
 * only make the database switch between them — on two cores the agenda served about 15 % more requests
 * with 5 than with 10.
 */
const defaultPoolSize = () => availableParallelism() * 2 + 1;

/** Opens PostgreSQL when a URL is given, else PGlite (in memory when dataDir is undefined). */
export async function openDatabase(opts: { url?: string; dataDir?: string; image?: Blob }): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: Number(process.env.DB_POOL_SIZE ?? defaultPoolSize()) });
    const db = drizzlePg(pool, { schema });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  let release = () => {};
  let dir: string | undefined;
  if (opts.dataDir) {
    dir = path.join(opts.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    release = takeLock(opts.dataDir);
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: opts.image, extensions: { pg_trgm, unaccent, citext, btree_gist } });
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

export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'postgres') await migratePg(database.db, { migrationsFolder: MIGRATIONS });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  else await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS });
}
