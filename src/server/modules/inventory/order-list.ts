import { count, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Subquery } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { ListSpec } from '../../platform/list';
import { pageOf } from '../../platform/query-links';

/** A page query: awaited whole, or cut with limit. */
type Paged<R> = PromiseLike<R[]> & { limit(n: number): PromiseLike<R[]> };

/** An order list's select with its joins (the columns and joins its list, search and count read). */
export interface JoinedOrders<R> {
  where(where: SQL | undefined): { orderBy(...by: (SQL | AnyPgColumn)[]): { offset(n: number): Paged<R> }; as(alias: string): Subquery };
}

/**
 * A list spec's `rows` and `count` for an order list over one joined select: the page in the list's order then by the
 * order's id, each row mapped to the wire; the count reads the same joins, so a search by a joined name counts right.
 */
export function joinedList<R, Item>(
  db: DbOrTx,
  select: () => JoinedOrders<R>,
  id: AnyPgColumn,
  toItem: (row: R) => Item,
): Pick<ListSpec<Item>, 'rows' | 'count'> {
  return {
    rows: async ({ where, orderBy, limit, offset }) =>
      (
        await pageOf(
          select()
            .where(where)
            .orderBy(...orderBy, id)
            .offset(offset),
          limit,
        )
      ).map(toItem),
    count: async (where) => (await db.select({ n: count() }).from(select().where(where).as('matching')))[0]!.n,
  };
}

/** An order list: newest first unless asked otherwise, over its joined select (see joinedList). */
export function orderList<R, Item>(
  db: DbOrTx,
  select: () => JoinedOrders<R>,
  id: AnyPgColumn,
  toItem: (row: R) => Item,
  spec: Pick<ListSpec<Item>, 'sortable' | 'searchable' | 'filters'>,
): ListSpec<Item> {
  return { ...spec, defaultSort: { field: 'created_at', order: 'DESC' }, ...joinedList(db, select, id, toItem) };
}
