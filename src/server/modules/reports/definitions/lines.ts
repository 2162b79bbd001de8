import { sql, type SQL } from 'drizzle-orm';
import type { ReportMeta } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import { cursorBatches, mapBatches, type RowBatches } from '../../../platform/db-cursor';
import type { ReportDefinition, ReportPage, ReportScope } from '../definition';
import { pesosOfText, rowsOf } from './money-rows';

/**
 * A report whose rows are one query's rows, each mapped on its own: read at once, a page at a time, or streamed from a
 * cursor. A large one (a year of the chain's appointments) keeps its ORDER BY apart in `order` and names in `sums` the
 * output column behind each column that adds up: its page is then read with LIMIT in the database and its count and
 * totals by one aggregate over the unsorted rows.
 */
export interface LineQuery<R> {
  query: SQL;
  order?: SQL;
  /** Report column key → the query's output column it sums (money or count). */
  sums?: Record<string, string>;
  /**
   * The same rows without the joins that only name things (a count does not need the customer's name), with the
   * columns `sums` names: what the count and the totals are read from when given.
   */
  counted?: SQL;
  /** The column of `counted` that holds how many lines each of its rows stands for (a summary's rows); else one each. */
  countedBy?: string;
  map: (row: R) => ReportRow;
}

const ordered = <R>(q: LineQuery<R>): SQL => (q.order ? sql`${q.query} ${q.order}` : q.query);

export const readLines = async <R>(db: DbOrTx, q: LineQuery<R>): Promise<ReportRow[]> => rowsOf<R>(await db.execute(ordered(q))).map(q.map);

export const streamLines = <R>(db: DbOrTx, q: LineQuery<R>): RowBatches<ReportRow> => mapBatches(cursorBatches<R>(db, ordered(q)), q.map);

/** One page of the lines, the count of all of them and (with `sums`) their totals; a small report pages what it read. */
async function pageLines<R>(scope: ReportScope, meta: ReportMeta, q: LineQuery<R>, { page, take }: { page: number; take: number }): Promise<ReportPage> {
  if (!q.order) {
    const rows = await readLines(scope.db, q);
    return { rows: rows.slice((page - 1) * take, page * take), itemCount: rows.length, allRows: rows };
  }
  const sums = Object.entries(q.sums ?? {});
  const aggregate = sql.join(
    [
      q.countedBy ? sql`coalesce(sum(l.${sql.identifier(q.countedBy)}), 0)::int as item_count` : sql`count(*)::int as item_count`,
      ...sums.map(([key, column]) => sql`coalesce(sum(l.${sql.identifier(column)}::numeric), 0)::text as ${sql.identifier(key)}`),
    ],
    sql`, `,
  );
  const [lines, [summary]] = await Promise.all([
    scope.db.execute(sql`${ordered(q)} limit ${take} offset ${(page - 1) * take}`).then((r) => rowsOf<R>(r).map(q.map)),
    scope.db.execute(sql`select ${aggregate} from (${q.counted ?? q.query}) l`).then((r) => rowsOf<Record<string, string | number>>(r)),
  ]);
  const totals: ReportRow | null = sums.length
    ? Object.fromEntries(
        meta.columns.map((c) => {
          const sum = c.sums ? summary![c.key] : undefined;
          return [c.key, sum === undefined ? null : c.type === 'money' ? pesosOfText(String(sum)) : Number(sum)];
        }),
      )
    : null;
  return { rows: lines, itemCount: Number(summary!.item_count), totals };
}

/** A line report: its rows for the API (all, or a page), the same rows from a cursor for the workbook (totals: the column sums). */
export function lineReport<R>(meta: ReportMeta, lines: (scope: ReportScope) => LineQuery<R> | Promise<LineQuery<R>>): ReportDefinition {
  return {
    meta,
    rows: async (scope) => ({ rows: await readLines(scope.db, await lines(scope)) }),
    page: async (scope, paging) => pageLines(scope, meta, await lines(scope), paging),
    stream: async (scope) => streamLines(scope.db, await lines(scope)),
  };
}
