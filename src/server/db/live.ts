import { isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** A table (or an alias of one) that is deleted softly: rows stay, deleted_at marks them gone. */
type SoftDeletable = { deletedAt: AnyPgColumn };

/** The rows not deleted: `deleted_at is null`, the filter every list and lookup of live rows carries. */
export function live(table: SoftDeletable): SQL {
  return isNull(table.deletedAt);
}

/**
 * Deletes softly the rows `where` picks: deleted_at and updated_at set to the same instant. Answers the rows as
 * they are now (deleted).
 */
export async function softDelete<T extends PgTable & SoftDeletable & { updatedAt: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  at = new Date(),
) {
  return (
    db
      .update(table)
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle cannot see the columns of a generic table
      .set({ deletedAt: at, updatedAt: at } as any)
      .where(where)
      .returning()
  );
}
