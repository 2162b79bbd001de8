import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { namedRows } from '../db/prepared';
import type { ListSpec } from './list';

/** Rows of a raw query (PGlite and pg answer `{ rows }`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

const whereOf = (where: SQL | undefined) => (where ? sql`where ${where}` : sql``);

/** A list read from a raw subquery: its rows (snake_case records) and how they become the list's rows. */
export interface SqlList<Rec, Row> extends Omit<ListSpec<Row>, 'rows' | 'count'> {
  /** What follows `from`: a subquery with its alias (and any joins), e.g. sql`(select …) k`. */
  from: SQL;
  /** What a page selects from it; every column by default. */
  columns?: SQL;
  /** Keys after the chosen sort, so that ties keep one order (e.g. sql`k.id`). */
  tiebreak?: SQL;
  /** The list's rows from a page of records. */
  toRows: (records: Rec[]) => Row[] | Promise<Row[]>;
  /**
   * The page also counts every matching row (count(*) over ()), and the count of the same filters answers that number
   * instead of reading them again: for a list whose page reads and sorts every matching row anyway (an aggregate). Not
   * for a list whose page an index walk stops early: the window would read them all.
   */
  countWithPage?: boolean;
}

/**
 * The ListSpec of a raw subquery: a page is `select columns from … where … order by … limit … offset …`, the count
 * counts the same `from … where`. The reads that go through every matching row (a countWithPage page, a whole count)
 * run as named statements (namedRead); a page that an index walk stops early keeps a plan made for its limit.
 */
export function sqlListSpec<Rec, Row>(db: DbOrTx, { from, columns = sql`*`, tiebreak, toRows, countWithPage, ...spec }: SqlList<Rec, Row>): ListSpec<Row> {
  /** The total a page read along (countWithPage), by the filters it was read with; null when the page came back empty. */
  const totals = new WeakMap<object, Promise<number | null>>();
  return {
    ...spec,
    rows: async ({ where, orderBy, limit, offset }) => {
      const order = sql.join(tiebreak ? [...orderBy, tiebreak] : orderBy, sql`, `);
      const page = sql`${limit ? sql`limit ${limit}` : sql``} offset ${offset}`;
      if (!countWithPage || !where) return toRows(await rowsOf<Rec>(db, sql`select ${columns} from ${from} ${whereOf(where)} order by ${order} ${page}`));
      const read = namedRows<Rec & { list_total__: number }>(
        db,
        sql`select ${columns}, count(*) over () as list_total__ from ${from} ${whereOf(where)} order by ${order} ${page}`,
      );
      totals.set(
        where,
        read.then(
          (r) => (r.length ? Number(r[0]!.list_total__) : null),
          () => null,
        ),
      );
      return toRows((await read).map(({ list_total__: _, ...r }) => r as Rec));
    },
    count: async (where, limit) => {
      const known = where ? await totals.get(where) : undefined;
      if (known !== undefined && known !== null && !limit) return known;
      if (limit)
        return Number(
          (await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from (select 1 from ${from} ${whereOf(where)} limit ${limit}) counted`))[0]?.n ?? 0,
        );
      return Number((await namedRows<{ n: number }>(db, sql`select count(*)::int as n from ${from} ${whereOf(where)}`))[0]?.n ?? 0);
    },
  };
}
