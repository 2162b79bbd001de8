import type { ReportColumn, ReportMeta } from '../../../domain/reports';
import type { ReportBasis, ReportQuery, ReportRow } from '../../../domain/reports.contract';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../platform/auth/actor';
import type { ReportPeriod } from './period';
import type { RowBatches } from '../../platform/db-cursor';

/** What a report's query is given: the period, the branches the caller may read and the filters already checked. */
export interface ReportScope {
  db: DbOrTx;
  actor: Actor;
  period: ReportPeriod;
  /** The one branch asked for (or the caller's own when branch-bound); undefined = every branch. */
  branchId: string | undefined;
  basis: ReportBasis;
  /** Individual fees: whose (the caller's own when they may only read theirs). */
  userId: string | undefined;
  query: ReportQuery;
}

/** The rows of a report and, when they are not the plain sums of its columns, its totals row. */
export interface ReportResult {
  rows: ReportRow[];
  /** Columns that follow the period (profitability's months), appended to the definition's. */
  extraColumns?: ReportColumn[];
  /** A totals row other than the sums (profitability's net); null = no totals row. */
  totals?: ReportRow | null;
  totalsLabel?: string;
}

/** One page of a line report's rows with the count of all of them and their totals (`allRows`: what a small one read whole). */
export interface ReportPage {
  rows: ReportRow[];
  itemCount: number;
  totals?: ReportRow | null;
  allRows?: ReportRow[];
}

/**
 * A report: its catalogue entry (src/domain/reports.ts) and its query. Adding a report is adding one of these
 * to definitions/index.ts; the API, the hub, the workbook and the e-mail read it from there.
 */
export interface ReportDefinition {
  meta: ReportMeta;
  rows: (scope: ReportScope) => Promise<ReportResult>;
  /**
   * The same rows read from a database cursor, for a workbook of any size (a line report whose totals are its columns'
   * sums); without it the workbook writes `rows`' answer.
   */
  stream?: (scope: ReportScope) => Promise<RowBatches<ReportRow>>;
  /** A page of the rows (`page`, `take` asked), for a line report that may hold a year of the chain's appointments. */
  page?: (scope: ReportScope, paging: { page: number; take: number }) => Promise<ReportPage>;
  /** The rows behind a cell of the `drill` column, for the row whose key is `key` (the same filters). */
  drill?: (scope: ReportScope, key: string) => Promise<{ columns: ReportColumn[]; rows: ReportRow[] }>;
}
