import { eq } from 'drizzle-orm';
import {
  averageTicket,
  indicatorChange,
  INDICATOR_NAMES,
  INDICATORS,
  isIndicatorName,
  noShowRate,
  periodLastYear,
  rebookingRate,
  retentionRate,
  revenuePerCabinHour,
  type IndicatorName,
} from '../../../../domain/indicators';
import type { IndicatorDrillAnswer, IndicatorsAnswer, IndicatorsQuery } from '../../../../domain/indicators.contract';
import { fromCents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';
import { branches } from '../../../db/schema';
import { AppError } from '../../../platform/app-error';
import { branchScope, type Actor } from '../../../platform/auth/actor';
import type { ReportScope } from '../definition';
import { reportPeriod, type ReportPeriod } from '../period';
import { sumColumns } from '../service';
import { DRILLS } from './drills';
import { addParts, branchesOf, emptyParts, partsByBranch, type IndicatorParts } from './parts';

/** The period filters the indicators take: the reports' date range, month or year (none: this month). */
const FILTERS = { filters: ['dates', 'month', 'year', 'branch'] as const };

/** Each indicator's figure from its parts: its domain formula. */
export function figureOf(name: IndicatorName, p: IndicatorParts): number | null {
  switch (name) {
    case 'rebooking':
      return rebookingRate(p.rebooked, p.finished);
    case 'retention90':
      return retentionRate(p.retained, p.cohort);
    case 'averageTicket':
      return averageTicket(p.salesTotal, p.sales);
    case 'revenuePerCabinHour':
      return revenuePerCabinHour(p.income, p.openMinutes);
    case 'noShowRate':
      return noShowRate(p.absences, p.outcomes);
    case 'expiringStock':
      return fromCents(p.expiring);
  }
}

interface Scoped {
  scope: ReportScope;
  lastYear: ReportScope;
  branch: { id: string; name: string } | null;
}

/** The period (and last year's), the branch rule (a branch-bound user reads only their own: another is 403) and the branch asked for. */
async function scoped(db: DbOrTx, actor: Actor, query: IndicatorsQuery): Promise<Scoped> {
  const period = reportPeriod(FILTERS, query);
  const branchId = branchScope(actor, query.branchId);
  let branch: Scoped['branch'] = null;
  if (branchId) {
    [branch = null] = await db.select({ id: branches.id, name: branches.name }).from(branches).where(eq(branches.id, branchId)).limit(1);
    if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  }
  const scope: ReportScope = { db, actor, period, branchId, basis: 'cash', userId: undefined, query };
  return { scope, lastYear: { ...scope, period: periodLastYear(period) }, branch };
}

function figures(now: IndicatorParts, before: IndicatorParts) {
  return Object.fromEntries(
    INDICATOR_NAMES.map((name) => {
      const value = figureOf(name, now);
      const lastYear = figureOf(name, before);
      return [name, { value, lastYear, ...indicatorChange(value, lastYear) }];
    }),
  ) as IndicatorsAnswer['rows'][number]['figures'];
}

/**
 * GET /indicators: every indicator for the chain (the scope's branches together: their parts added, so each figure is
 * the chain's own ratio) and for each live branch of the scope, now and the same days a year before.
 */
export async function getIndicators(db: DbOrTx, actor: Actor, query: IndicatorsQuery): Promise<IndicatorsAnswer> {
  const { scope, lastYear, branch } = await scoped(db, actor, query);
  const [now, before, live] = await Promise.all([partsByBranch(scope), partsByBranch(lastYear), branchesOf(db, scope.branchId)]);
  const total = (by: Map<string, IndicatorParts>) => [...by.values()].reduce(addParts, emptyParts());
  const rows: IndicatorsAnswer['rows'] = [{ branchId: null, branch: branch?.name ?? 'Toda la cadena', figures: figures(total(now), total(before)) }];
  for (const b of live) rows.push({ branchId: b.id, branch: b.name, figures: figures(now.get(b.id) ?? emptyParts(), before.get(b.id) ?? emptyParts()) });
  return { period: scope.period, lastYearPeriod: lastYear.period, generatedAt: new Date(), branch, rows };
}

/** GET /indicators/{name}/drill: the rows behind one figure (the branch's, or the scope's), this year or last. */
export async function drillIndicator(
  db: DbOrTx,
  actor: Actor,
  name: string,
  query: IndicatorsQuery & { lastYear?: 'true' | 'false' },
): Promise<IndicatorDrillAnswer> {
  if (!isIndicatorName(name)) throw new AppError('INDICATOR_NOT_FOUND');
  const s = await scoped(db, actor, query);
  const scope = query.lastYear === 'true' ? s.lastYear : s.scope;
  const detail = await DRILLS[name](scope);
  const meta = INDICATORS[name];
  return {
    indicator: name,
    title: meta.label,
    definition: meta.definition,
    value: figureOf(name, detail.parts),
    period: scope.period as ReportPeriod,
    generatedAt: new Date(),
    generatedBy: { name: actor.fullname, role: actor.role },
    branch: s.branch,
    columns: detail.columns,
    rows: detail.rows,
    totals: sumColumns(detail.columns, detail.rows),
  };
}
