import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
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
}

/** The ListSpec of a raw subquery: a page is `select columns from … where … order by … limit … offset …`, the count counts the same `from … where`. */
export function sqlListSpec<Rec, Row>(db: DbOrTx, { from, columns = sql`*`, tiebreak, toRows, ...spec }: SqlList<Rec, Row>): ListSpec<Row> {
  return {
    ...spec,
    rows: async ({ where, orderBy, limit, offset }) => {
      const order = sql.join(tiebreak ? [...orderBy, tiebreak] : orderBy, sql`, `);
      const page = sql`${limit ? sql`limit ${limit}` : sql``} offset ${offset}`;
      return toRows(await rowsOf<Rec>(db, sql`select ${columns} from ${from} ${whereOf(where)} order by ${order} ${page}`));
    },
    count: async (where, limit) => {
      const matching = limit ? sql`(select 1 from ${from} ${whereOf(where)} limit ${limit}) counted` : sql`${from} ${whereOf(where)}`;
      return Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int as n from ${matching}`))[0]?.n ?? 0);
    },
  };
}
