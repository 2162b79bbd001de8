import type { SQL } from 'drizzle-orm';
import type { ReportMeta } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import { cursorRows, mapRows } from '../../../platform/db-cursor';
import type { ReportDefinition, ReportScope } from '../definition';
import { rowsOf } from './money-rows';

/** A report whose rows are one query's rows, each mapped on its own: read at once, or streamed from a cursor. */
export interface LineQuery<R> {
  query: SQL;
  map: (row: R) => ReportRow;
}

export const readLines = async <R>(db: DbOrTx, q: LineQuery<R>): Promise<ReportRow[]> => rowsOf<R>(await db.execute(q.query)).map(q.map);

export const streamLines = <R>(db: DbOrTx, q: LineQuery<R>): AsyncIterable<ReportRow> => mapRows(cursorRows<R>(db, q.query), q.map);

/** A line report: its rows for the API, the same rows from a cursor for the workbook (totals: the column sums). */
export function lineReport<R>(meta: ReportMeta, lines: (scope: ReportScope) => LineQuery<R> | Promise<LineQuery<R>>): ReportDefinition {
  return {
    meta,
    rows: async (scope) => ({ rows: await readLines(scope.db, await lines(scope)) }),
    stream: async (scope) => streamLines(scope.db, await lines(scope)),
  };
}
