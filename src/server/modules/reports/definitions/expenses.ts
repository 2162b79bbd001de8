import { sql } from 'drizzle-orm';
import { cents, fromCents, multiplyCents, sumCents, toCents, type Cents } from '../../../../domain/money';
import { expensesTotal, REPORTS } from '../../../../domain/reports';
import type { DbOrTx } from '../../../db/client';
import { isExpenseMovement } from '../../../db/schema';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import type { ReportPeriod } from '../period';
import { uuidKey } from './drill-key';
import { lineReport, readLines, type LineQuery } from './lines';
import { branchIs, rowsOf } from './money-rows';
import { branchNames } from './names';
import { expenseSummary } from './summary-rows';

/** The four parts of section 9's expenses total. */
export type ExpenseKind = 'assortment' | 'transferReceived' | 'transferSent' | 'return';
export const EXPENSE_LABELS: Record<ExpenseKind, string> = {
  assortment: 'Surtido',
  transferReceived: 'Transferencia recibida',
  transferSent: 'Transferencia enviada',
  return: 'Devolución',
};

/** One ledger line that counts as an expense: units (positive) of a lot at its price, on a branch-local day. */
export interface ExpenseLine {
  kind: ExpenseKind;
  branchId: string;
  day: string;
  document: string | null;
  sku: string;
  product: string;
  allotment: string;
  expiresIn: string | null;
  quantity: number;
  price: Cents;
}

interface ExpenseLineRow {
  kind: ExpenseKind;
  branch_id: string;
  branch: string;
  day: string;
  document: string | null;
  sku: string;
  product: string;
  allotment: string;
  expires_in: string | null;
  quantity: number;
  price: string | null;
}

/**
 * The ledger movements that count as expenses of the period, each with its branch-local day and its kind. The day is
 * computed once a movement (a lateral that is not inlined): the filter and the grouping on it would each convert the
 * time zone again, the largest cost of a chain-year (38,000 movements).
 */
const expenseMovements = (period: ReportPeriod, branchId: string | undefined) =>
  sql`(select sm.*, b.name as branch, local.day,
          case sm.cause when 'restock_received' then 'assortment' when 'transfer_received' then 'transferReceived' when 'provider_return' then 'return'
            else (case when d.distribution_center then 'return' else 'transferSent' end) end as kind
        from stock_movements sm join branches b on b.id = sm.branch_id
          cross join lateral (select (sm.created_at at time zone b.time_zone)::date as day offset 0) local
          left join transfers t on sm.cause in ('transfer_sent', 'transfer_returned') and t.id = sm.document_id
          left join branches d on d.id = t.destiny_branch_id
        where ${isExpenseMovement(sql`sm.cause`)}
          and sm.created_at >= ${period.from}::date - 1 and sm.created_at < ${period.to}::date + 2
          and ${branchIs(sql`sm.branch_id`, branchId)})`;

const expenseLineQuery = (period: ReportPeriod, branchId: string | undefined) =>
  sql`select m.kind, m.branch_id, m.branch, m.day::text as day, m.document_number as document, p.sku, p.name as product, s.allotment,
        s.expires_at::text as expires_in, m.quantity, s.price::text as price
      from ${expenseMovements(period, branchId)} m
      join product_stocks s on s.id = m.stock_id join products p on p.id = m.product_id
      where m.day between ${period.from}::date and ${period.to}::date
      order by m.day, m.seq`;

const expenseLineOf = (r: ExpenseLineRow): ExpenseLine => ({
  kind: r.kind,
  branchId: r.branch_id,
  day: r.day,
  document: r.document,
  sku: r.sku,
  product: r.product,
  allotment: r.allotment,
  expiresIn: r.expires_in,
  // what was sent leaves as a negative movement: a line shows the units, its sign is its kind's
  quantity: r.kind === 'assortment' || r.kind === 'transferReceived' ? Number(r.quantity) : -Number(r.quantity),
  price: toCents(r.price ?? '0'),
});

/**
 * The expense lines of a period, read from the stock ledger (every movement is written with its change): restocks
 * received and transfers received add; transfers sent subtract (a sent transfer given back to its origin undoes its
 * part); a transfer sent to a distribution centre and a return to the provider are the returns. Each line is valued
 * at its lot's price, on the day of its branch.
 */
export async function expenseLines(db: DbOrTx, period: ReportPeriod, branchId: string | undefined): Promise<ExpenseLine[]> {
  return rowsOf<ExpenseLineRow>(await db.execute(expenseLineQuery(period, branchId))).map(expenseLineOf);
}

const lineAmount = (l: ExpenseLine) => multiplyCents(l.price, l.quantity);
const signOf = (kind: ExpenseKind) => (kind === 'assortment' || kind === 'transferReceived' ? 1 : -1);

/** Each branch's (or branch-month's, with `byMonth`) four parts and total, in cents. */
export async function expensesBy(scope: ReportScope, byMonth = false) {
  // each line's amount is its units (positive: a sent line's movement is negative) at its lot's price, kept summed by
  // branch-day and part by the database (report_expense_day, migration 0036: the lines' own query, expenseLineQuery, less the names)
  const sums = rowsOf<{ kind: ExpenseKind; branch_id: string; month: string; amount: string }>(
    await scope.db.execute(sql`select e.kind, e.branch_id, to_char(date_trunc('month', e.day), 'YYYY-MM') as month, sum(e.amount)::text as amount
      from ${expenseSummary(scope.period, scope.branchId)} e group by 1, 2, date_trunc('month', e.day)`),
  );
  const parts = new Map<string, Record<ExpenseKind, Cents[]>>();
  for (const r of sums) {
    const key = byMonth ? `${r.branch_id}|${r.month}` : r.branch_id;
    let p = parts.get(key);
    if (!p) parts.set(key, (p = { assortment: [], transferReceived: [], transferSent: [], return: [] }));
    p[r.kind].push(toCents(r.amount));
  }
  return new Map(
    [...parts].map(([key, p]) => {
      const sums = {
        assortments: sumCents(p.assortment),
        transfersReceived: sumCents(p.transferReceived),
        transfersSent: sumCents(p.transferSent),
        returns: sumCents(p.return),
      };
      return [key, { ...sums, total: expensesTotal(sums) }];
    }),
  );
}

const LINE_COLUMNS = REPORTS['branch-expenses'].columns;

/** The branch-expenses rows: each line with its branch's name, signed by its kind. */
function expenseRowQuery(period: ReportPeriod, branchId: string | undefined): LineQuery<ExpenseLineRow> {
  return {
    query: expenseLineQuery(period, branchId),
    map: (r) => {
      const l = expenseLineOf(r);
      return {
        kind: EXPENSE_LABELS[l.kind],
        document: l.document,
        date: l.day,
        branch: r.branch,
        branchId: l.branchId,
        sku: l.sku,
        product: l.product,
        allotment: l.allotment,
        expiresIn: l.expiresIn,
        receivedQuantity: l.quantity * signOf(l.kind),
        price: fromCents(l.price),
        total: fromCents(cents(lineAmount(l) * signOf(l.kind))),
      };
    },
  };
}

/**
 * The expense lines of one branch over the scope's period (branch-expenses' rows): what its expenses total, or
 * profitability's, is made of. Another branch than the one asked: none.
 */
export async function branchExpenseLines(scope: ReportScope, branchId: string) {
  assertBranchAccess(scope.actor, branchId);
  if (scope.branchId && scope.branchId !== branchId) return { columns: [...LINE_COLUMNS], rows: [] };
  return { columns: [...LINE_COLUMNS], rows: await readLines(scope.db, expenseRowQuery(scope.period, branchId)) };
}

export const branchExpenses: ReportDefinition = lineReport(REPORTS['branch-expenses'], (scope) => expenseRowQuery(scope.period, scope.branchId));

export const generalExpenses: ReportDefinition = {
  meta: REPORTS['general-expenses-by-product'],
  async rows(scope) {
    const [byBranch, names] = await Promise.all([expensesBy(scope), branchNames(scope.db)]);
    const rows = [...byBranch].map(([branchId, e]) => ({
      branch: names.get(branchId) ?? '',
      branchId,
      totalAssortments: fromCents(e.assortments),
      totalTransfersReceived: fromCents(e.transfersReceived),
      totalTransfersSent: fromCents(e.transfersSent),
      totalReturns: fromCents(e.returns),
      total: fromCents(e.total),
    }));
    return { rows: rows.sort((a, b) => a.branch.localeCompare(b.branch)) };
  },
  drill: (scope, key) => branchExpenseLines(scope, uuidKey(key)),
};
