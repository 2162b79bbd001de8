import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database, DbOrTx } from './client';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** A key of PostgreSQL's advisory locks held while migrating (any number, the same in every process). */
const MIGRATION_LOCK = 7_362_026_001;

/**
 * Applies the committed migrations. On PostgreSQL a session advisory lock serialises it: two servers
 * starting together would otherwise both find a migration missing and both run it (one fails halfway).
 */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await migratePglite(database.db as any, { migrationsFolder: MIGRATIONS });
    return;
  }
  const lock = await database.pool!.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(database.db, { migrationsFolder: MIGRATIONS });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    lock.release();
  }
}

/** Migrations this code brings (meta/_journal.json). */
export const expectedMigrations = (): number =>
  (JSON.parse(readFileSync(path.join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

/** Applied against expected: a database behind the code (or ahead of it, after a rollback) shows here. */
export async function migrationStatus(db: DbOrTx): Promise<{ applied: number; expected: number }> {
  const res = await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  const rows = (res as unknown as { rows: { n: number }[] }).rows;
  return { applied: rows[0].n, expected: expectedMigrations() };
}
