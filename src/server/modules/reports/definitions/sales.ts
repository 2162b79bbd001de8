import { sql } from 'drizzle-orm';
import { goalProgress } from '../../../../domain/goals';
import { cents, fromCents, toCents, type Cents } from '../../../../domain/money';
import { REPORTS, round2 } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import type { ReportDefinition, ReportScope } from '../definition';
import { monthsOf } from '../period';
import { branchIs, moneyFigures, moneyTotalsByMonth, rowsOf, SALES_FIGURES, type SalesFigures } from './money-rows';
import { branchNames } from './names';
import { salesDrill } from './sales-drill';

const zero = (): SalesFigures => Object.fromEntries(SALES_FIGURES.map((f) => [f, cents(0)])) as SalesFigures;

const pesosOf = (f: SalesFigures): ReportRow => Object.fromEntries(SALES_FIGURES.map((k) => [k, fromCents(f[k])]));

/** Every branch-month's goal of the period (cents), keyed branch|YYYY-MM. */
async function goalsOf(db: DbOrTx, scope: ReportScope): Promise<Map<string, Cents>> {
  const rows = rowsOf<{ branch_id: string; month: string; goal: string }>(
    await db.execute(sql`select branch_id, year || '-' || lpad(month::text, 2, '0') as month, goal::text from goals
      where deleted_at is null and make_date(year, month, 1) between date_trunc('month', ${scope.period.from}::date) and ${scope.period.to}::date
        and ${branchIs(sql`branch_id`, scope.branchId)}`),
  );
  return new Map(rows.map((r) => [`${r.branch_id}|${r.month}`, toCents(r.goal)]));
}

/** The figures of each key (branch|day or branch|month) of the period. */
async function figuresBy(scope: ReportScope, grain: 'day' | 'month') {
  const rows = await moneyFigures(scope.db, scope.period, scope.branchId, scope.basis, grain);
  return new Map(rows.map((r) => [`${r.branchId}|${grain === 'day' ? r.day : r.day.slice(0, 7)}`, r.figures]));
}

const split = (key: string) => key.split('|') as [string, string];

export const dailySales: ReportDefinition = {
  meta: REPORTS['daily-sales'],
  async rows(scope) {
    const [figures, goals, names] = await Promise.all([figuresBy(scope, 'day'), goalsOf(scope.db, scope), branchNames(scope.db)]);
    const rows = [...figures].map(([key, f]) => {
      const [branchId, day] = split(key);
      const [y, m] = day.split('-').map(Number) as [number, number];
      const goal = goals.get(`${branchId}|${day.slice(0, 7)}`);
      return {
        date: day,
        branch: names.get(branchId) ?? '',
        branchId,
        drillKey: key,
        ...pesosOf(f),
        dailyGoal: goal === undefined ? null : fromCents(goalProgress(goal, f.total, y, m).dailyGoal),
      };
    });
    return { rows: rows.sort((a, b) => a.date.localeCompare(b.date) || String(a.branch).localeCompare(String(b.branch))) };
  },
  drill: (scope, key) => salesDrill(scope, key, 'day'),
};

export const monthlySales: ReportDefinition = {
  meta: REPORTS['monthly-sales'],
  async rows(scope) {
    const [figures, goals, names] = await Promise.all([figuresBy(scope, 'month'), goalsOf(scope.db, scope), branchNames(scope.db)]);
    const rows: ReportRow[] = [];
    const months = monthsOf(scope.period);
    const branchIds = new Set([...figures.keys(), ...goals.keys()].map((k) => split(k)[0]));
    for (const month of months)
      for (const branchId of branchIds) {
        const key = `${branchId}|${month}`;
        const f = figures.get(key);
        const goal = goals.get(key);
        if (!f && goal === undefined) continue;
        const [y, m] = month.split('-').map(Number) as [number, number];
        const total = f?.total ?? cents(0);
        rows.push({
          month,
          branch: names.get(branchId) ?? '',
          branchId,
          drillKey: key,
          ...pesosOf(f ?? zero()),
          goal: goal === undefined ? null : fromCents(goal),
          goalPercent: goal === undefined ? null : round2(goalProgress(goal, total, y, m).percent),
        });
      }
    return { rows: rows.sort((a, b) => String(a.month).localeCompare(String(b.month)) || String(a.branch).localeCompare(String(b.branch))) };
  },
  drill: (scope, key) => salesDrill(scope, key, 'month'),
};

/** The income of each branch-month (cents): monthly sales' total, for profitability. */
export const incomeByBranchMonth = (scope: ReportScope): Promise<Map<string, Cents>> => moneyTotalsByMonth(scope.db, scope.period, scope.branchId, scope.basis);
