import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** A named record as the wire sends it in a relation: id and name. */
export interface NamedRef {
  id: string;
  name: string;
}

/** One named record linked to an owner through a link table. */
export interface LinkedName extends NamedRef {
  ownerId: string;
}

/**
 * The named records of `target` (a table with id and name) linked to each of `ownerIds` through a link table
 * (`link`: the table, its column of the owner and its column of the target), ordered by name: one query.
 */
export async function linkedNames(
  db: DbOrTx,
  link: { via: PgTable; owner: PgColumn; target: PgColumn },
  target: PgTable & { id: PgColumn; name: PgColumn },
  ownerIds: string[],
): Promise<LinkedName[]> {
  const rows = await db
    .select({ ownerId: link.owner, id: target.id, name: target.name })
    .from(link.via)
    .innerJoin(target as PgTable, eq(target.id, link.target))
    .where(inArray(link.owner, ownerIds))
    .orderBy(asc(target.name));
  return rows as LinkedName[];
}

/** The linked records of one owner, as `{ id, name }` in the order `linkedNames` read them. */
export function namesOf(rows: LinkedName[], ownerId: string): NamedRef[] {
  return rows.filter((r) => r.ownerId === ownerId).map(({ id, name }) => ({ id, name }));
}

/** The linked records by owner, each list `{ id, name }` in the order `linkedNames` read them. */
export function byOwner(rows: LinkedName[]): Map<string, NamedRef[]> {
  const map = new Map<string, NamedRef[]>();
  for (const { ownerId, id, name } of rows) {
    const list = map.get(ownerId);
    if (list) list.push({ id, name });
    else map.set(ownerId, [{ id, name }]);
  }
  return map;
}

/** A page of a query: its first `limit` rows, or every row where no limit is given (take=0 answers all). */
export function pageOf<R>(query: PromiseLike<R[]> & { limit(n: number): PromiseLike<R[]> }, limit: number | undefined): Promise<R[]> {
  return Promise.resolve(limit ? query.limit(limit) : query);
}

/** A list spec's `rows` and `count` over one table: its live page in the list's order then by id, mapped to the wire. */
export function tableList<T extends PgTable & { id: PgColumn }, R>(db: DbOrTx, table: T, toDto: (row: T['$inferSelect']) => R) {
  return {
    rows: async ({ where, orderBy, limit, offset }: { where: SQL | undefined; orderBy: SQL[]; limit?: number; offset: number }) => {
      const base = db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...orderBy, table.id)
        .offset(offset);
      return ((await pageOf(base, limit)) as T['$inferSelect'][]).map(toDto);
    },
    count: async (where: SQL | undefined) =>
      (
        await db
          .select({ n: count() })
          .from(table as PgTable)
          .where(where)
      )[0].n,
  };
}
