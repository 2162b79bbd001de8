import { eq } from 'drizzle-orm';
import { listMeta } from '../../../domain/list';
import type { ModuleKey } from '../../../domain/privileges';
import { isReportName, REPORTS, type ReportColumn, type ReportName } from '../../../domain/reports';
import type { ReportAnswer, ReportQuery, ReportRow } from '../../../domain/reports.contract';
import { fromCents, toCents } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { branches } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { branchScope, userCan, type Actor } from '../../platform/auth/actor';
import type { ReportDefinition, ReportResult, ReportScope } from './definition';
import { DEFINITIONS } from './definitions';
import { reportPeriod } from './period';
import type { RowBatches } from '../../platform/db-cursor';

/** The individual fee reports, and the commission module whose readers may see their own lines there. */
const OWN_FEES: Partial<Record<ReportName, ModuleKey>> = {
  'individual-medical-fees': 'medic_comission',
  'individual-cosmetology-fees': 'cosmetologic_comission',
};

/** May the actor read every report (reports.view), or only their own fees? */
export const readsEveryReport = (actor: Actor) => userCan(actor, 'reports', 'view');

/** The reports an actor may open, in the hub's order. */
export function reportsFor(actor: Actor): ReportName[] {
  return (Object.keys(REPORTS) as ReportName[]).filter(
    (name) => DEFINITIONS[name] && (readsEveryReport(actor) || (OWN_FEES[name] && userCan(actor, OWN_FEES[name], 'show'))),
  );
}

function definitionOf(name: string): ReportDefinition {
  const def = isReportName(name) ? DEFINITIONS[name] : undefined;
  if (!def) throw new AppError('REPORT_NOT_FOUND');
  return def;
}

/**
 * Who a report's rows are about, as the privileges say: reports.view reads every report of the branches the actor
 * may see; without it, a medic or cosmetologist reads only the individual fee report of their own commission
 * module, and only their own lines (another user's id is a 403).
 */
function userFilter(actor: Actor, name: ReportName, requested: string | undefined): string | undefined {
  if (readsEveryReport(actor)) return requested;
  const module = OWN_FEES[name];
  if (!module || !userCan(actor, module, 'show')) throw new AppError('FORBIDDEN');
  if (requested && requested !== actor.id) throw new AppError('FORBIDDEN');
  return actor.id;
}

/** The scope a report's query runs in: the period, the branch rule and the user rule applied. */
export function reportScope(db: DbOrTx, actor: Actor, name: ReportName, query: ReportQuery): ReportScope {
  const meta = REPORTS[name];
  const userId = userFilter(actor, name, query.userId);
  return { db, actor, period: reportPeriod(meta, query), branchId: branchScope(actor, query.branchId), basis: query.basis ?? 'cash', userId, query };
}

/** The sums of the columns that add up: money to the cent, counts exactly; null when no column adds up. */
export function sumColumns(columns: readonly ReportColumn[], rows: ReportRow[]): ReportRow | null {
  const summed = columns.filter((c) => c.sums);
  if (!summed.length) return null;
  const totals: ReportRow = Object.fromEntries(columns.map((c) => [c.key, null]));
  for (const c of summed) {
    let sum = 0;
    for (const row of rows) {
      const v = row[c.key];
      if (typeof v === 'number') sum += c.type === 'money' ? toCents(v) : v;
    }
    totals[c.key] = c.type === 'money' ? fromCents(sum as never) : sum;
  }
  return totals;
}

async function branchOf(db: DbOrTx, branchId: string | undefined) {
  if (!branchId) return null;
  const [branch] = await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, branchId)).limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  return branch;
}

function answer(def: ReportDefinition, scope: ReportScope, result: ReportResult, branch: ReportAnswer['branch']): ReportAnswer {
  const columns = [...def.meta.columns, ...(result.extraColumns ?? [])];
  return {
    name: def.meta.name,
    title: def.meta.title,
    period: scope.period,
    ...(def.meta.filters.includes('basis') && { basis: scope.basis }),
    generatedAt: new Date(),
    generatedBy: { name: scope.actor.fullname, role: scope.actor.role },
    branch,
    definition: def.meta.definition,
    columns,
    rows: result.rows,
    totals: result.totals === undefined ? sumColumns(columns, result.rows) : result.totals,
    ...(result.totalsLabel && { totalsLabel: result.totalsLabel }),
  };
}

/**
 * GET /report/{name}: one report for the actor's filters. With `take`, a line report answers that page of its rows and
 * `meta` (the count of all of them); its totals are still those of every row.
 */
export async function runReport(db: DbOrTx, actor: Actor, name: string, query: ReportQuery): Promise<ReportAnswer> {
  const def = definitionOf(name);
  const scope = reportScope(db, actor, def.meta.name, query);
  if (query.take && def.page) {
    const paging = { page: query.page ?? 1, take: query.take };
    const [branch, page] = await Promise.all([branchOf(db, scope.branchId), def.page(scope, paging)]);
    const totals = page.totals !== undefined ? page.totals : sumColumns(def.meta.columns, page.allRows ?? page.rows);
    return {
      ...answer(def, scope, { rows: page.rows, totals: page.itemCount ? totals : null }, branch),
      meta: listMeta(paging.page, paging.take, page.itemCount),
    };
  }
  const [branch, result] = await Promise.all([branchOf(db, scope.branchId), def.rows(scope)]);
  return answer(def, scope, result, branch);
}

/** A report for its workbook: the rows as an array, or read from a cursor as they are written (no totals: the sums). */
export type ReportForWorkbook = Omit<ReportAnswer, 'rows'> & { rows: ReportRow[] | RowBatches<ReportRow> };

/**
 * GET /report/{name}?format=xlsx: the report as runReport answers it, except that a line report (a definition with
 * `stream`) reads its rows from a cursor while the workbook is written. Its first row is read here, so a failing
 * query is an error answer and not a cut download.
 */
export async function reportForWorkbook(db: DbOrTx, actor: Actor, name: string, query: ReportQuery): Promise<ReportForWorkbook> {
  const def = definitionOf(name);
  if (!def.stream) return runReport(db, actor, name, query);
  const scope = reportScope(db, actor, def.meta.name, query);
  const branch = await branchOf(db, scope.branchId);
  const rows = await peeked(await def.stream(scope));
  return { ...answer(def, scope, { rows: [] }, branch), rows, totals: null };
}

/** The same batches, the first already read (its errors thrown here). */
async function peeked<T>(source: RowBatches<T>): Promise<RowBatches<T>> {
  const it = source.batches[Symbol.asyncIterator]();
  const first = await it.next();
  return {
    batches: {
      async *[Symbol.asyncIterator]() {
        try {
          if (first.done) return;
          yield first.value;
          for (let next = await it.next(); !next.done; next = await it.next()) yield next.value;
        } finally {
          await it.return?.();
        }
      },
    },
  };
}

/** GET /report/{name}/drill: the rows behind one total of the report (the same filters), with their own columns. */
export async function drillReport(db: DbOrTx, actor: Actor, name: string, query: ReportQuery & { key: string }): Promise<ReportAnswer> {
  const def = definitionOf(name);
  if (!def.drill) throw new AppError('REPORT_NOT_FOUND');
  const scope = reportScope(db, actor, def.meta.name, query);
  const [branch, detail] = await Promise.all([branchOf(db, scope.branchId), def.drill(scope, query.key)]);
  const drilled = { ...def, meta: { ...def.meta, columns: detail.columns } };
  return answer(drilled, scope, { rows: detail.rows }, branch);
}
