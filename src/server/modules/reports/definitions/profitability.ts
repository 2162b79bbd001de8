import { MONTH_NAMES } from '../../../../domain/goals';
import { cents, fromCents, sumCents, type Cents } from '../../../../domain/money';
import { profitability, REPORTS, type ReportColumn } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { ReportDefinition } from '../definition';
import { monthsOf } from '../period';
import type { ReportScope } from '../definition';
import { isUuid, refuseKey } from './drill-key';
import { branchExpenseLines, expensesBy } from './expenses';
import { branchNames } from './names';
import { incomeByBranchMonth } from './sales';
import { salesMoney } from './sales-drill';

const monthKey = (month: string) => `m${month.slice(5, 7)}`;

/** A row's side: its income (the sales money) or its expenses (the expense lines). */
type Side = 'income' | 'expenses';
const SIDES: Record<Side, { type: string; concept: string }> = {
  income: { type: 'Ingresos', concept: 'Ventas' },
  expenses: { type: 'Egresos', concept: 'Gastos de inventario' },
};

/**
 * The rows behind a row's total (key = income|branch or expenses|branch) over the period: the branch's sales money on
 * the report's basis, or its expense lines; a side the type filter leaves out has none.
 */
async function profitabilityDrill(scope: ReportScope, key: string) {
  const [side, branchId, ...rest] = key.split('|');
  if ((side !== 'income' && side !== 'expenses') || !isUuid(branchId) || rest.length) refuseKey('La fila debe ser income|<sucursal> o expenses|<sucursal>');
  const detail = side === 'income' ? await salesMoney(scope, { branchId, ...scope.period }, scope.basis) : await branchExpenseLines(scope, branchId);
  const shown = !scope.query.type || scope.query.type === side;
  return shown ? detail : { ...detail, rows: [] };
}

/**
 * Each branch's income (monthly sales' total) and expenses (the expenses report's total) by month of the year, and
 * under them the profit of each month: income − expenses (a loss is negative).
 */
export const profitabilityByBranch: ReportDefinition = {
  meta: REPORTS['profitability-by-branch'],
  async rows(scope) {
    const months = monthsOf(scope.period);
    const [income, expenses, names] = await Promise.all([incomeByBranchMonth(scope), expensesBy(scope, true), branchNames(scope.db)]);
    const extraColumns: ReportColumn[] = [
      ...months.map((m) => ({ key: monthKey(m), label: MONTH_NAMES[Number(m.slice(5, 7)) - 1]!, type: 'money' as const, sums: true })),
      { key: 'total', label: 'Total', type: 'money', sums: true },
    ];
    const branchIds = [...new Set([...income.keys(), ...expenses.keys()].map((k) => k.split('|')[0]!))].sort((a, b) =>
      (names.get(a) ?? '').localeCompare(names.get(b) ?? ''),
    );
    const line = (side: Side, branchId: string, amountOf: (month: string) => Cents): ReportRow => {
      const amounts = months.map(amountOf);
      return {
        ...SIDES[side],
        branch: names.get(branchId) ?? '',
        branchId,
        drillKey: `${side}|${branchId}`,
        ...Object.fromEntries(months.map((m, i) => [monthKey(m), fromCents(amounts[i]!)])),
        total: fromCents(sumCents(amounts)),
      };
    };
    const incomeOf = (b: string, m: string) => income.get(`${b}|${m}`) ?? cents(0);
    const expensesOf = (b: string, m: string) => expenses.get(`${b}|${m}`)?.total ?? cents(0);
    const rows: ReportRow[] = [];
    for (const b of branchIds) {
      if (scope.query.type !== 'expenses') rows.push(line('income', b, (m) => incomeOf(b, m)));
      if (scope.query.type !== 'income') rows.push(line('expenses', b, (m) => expensesOf(b, m)));
    }
    // the totals row is the profit: income − expenses of every branch shown, by month
    const net = (m: string) =>
      profitability(
        scope.query.type === 'expenses' ? cents(0) : sumCents(branchIds.map((b) => incomeOf(b, m))),
        scope.query.type === 'income' ? cents(0) : sumCents(branchIds.map((b) => expensesOf(b, m))),
      );
    const nets = months.map(net);
    const totals: ReportRow = {
      type: null,
      concept: null,
      branch: null,
      ...Object.fromEntries(months.map((m, i) => [monthKey(m), fromCents(nets[i]!)])),
      total: fromCents(sumCents(nets)),
    };
    return { rows, extraColumns, totals: rows.length ? totals : null, totalsLabel: 'Utilidad (ingresos − egresos)' };
  },
  drill: profitabilityDrill,
};
