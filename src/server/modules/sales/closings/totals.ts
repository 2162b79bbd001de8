import { sql, type SQL } from 'drizzle-orm';
import { closingTotals, type ClosingChangeRow, type ClosingPaymentRow, type ClosingTotals } from '../../../../domain/cash-closings';
import { toCents } from '../../../../domain/money';
import type { DbOrTx } from '../../../db/client';

/** Which sale_payments rows a read takes: one branch-day, or every day before a date (the demo's history). */
export interface DaysFilter {
  branchId?: string;
  date?: string;
  before?: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

function daysCondition(f: DaysFilter): SQL {
  const parts = [
    f.branchId ? sql`p.branch_id = ${f.branchId}` : undefined,
    f.date ? sql`p.business_date = ${f.date}::date` : undefined,
    f.before ? sql`p.business_date < ${f.before}::date` : undefined,
  ].filter((p): p is SQL => Boolean(p));
  return parts.length ? sql.join(parts, sql` and `) : sql`true`;
}

const dayKey = (branchId: string, day: string) => `${branchId}|${day}`;

/** One branch-day's inputs of the closing function. */
export interface DayInputs {
  branchId: string;
  date: string;
  rows: ClosingPaymentRow[];
  changes: ClosingChangeRow[];
}

/**
 * The payment and refund rows of the branch-days the filter picks (summed by kind, kind of sale, method and
 * currency: the sums are as exact as the rows), and the change of the sales whose payments those days count.
 */
export async function closingInputsByDay(db: DbOrTx, filter: DaysFilter): Promise<DayInputs[]> {
  const where = daysCondition(filter);
  const payments = rowsOf<{
    branch_id: string;
    day: string;
    kind: string;
    order_kind: string;
    method: string;
    currency: string;
    amount: string;
    amount_mxn: string;
  }>(
    await db.execute(sql`select p.branch_id, p.business_date::text as day, p.kind, p.order_kind, p.method, p.currency,
        sum(p.amount)::text as amount, sum(p.amount_mxn)::text as amount_mxn
      from sale_payments p where ${where} group by 1, 2, 3, 4, 5, 6`),
  );
  // a sale's tenders are written together, on one day: its change belongs to that day (each sale read by its key,
  // lateral: a hash join would scan every order)
  const changes = rowsOf<{ branch_id: string; day: string; order_kind: string; change: string }>(
    await db.execute(sql`select s.branch_id, s.day, s.order_kind, sum(coalesce(o.change, c.change, 0))::text as change
      from (select distinct p.branch_id, p.business_date::text as day, p.order_kind, p.order_id from sale_payments p where ${where} and p.kind = 'payment') s
      left join lateral (select x.change from orders x where s.order_kind = 'order' and x.id = s.order_id) o on true
      left join lateral (select x.change from cash_orders x where s.order_kind = 'cashOrder' and x.id = s.order_id) c on true
      group by 1, 2, 3`),
  );
  const days = new Map<string, DayInputs>();
  const dayOf = (branchId: string, date: string) => {
    const key = dayKey(branchId, date);
    let d = days.get(key);
    if (!d) days.set(key, (d = { branchId, date, rows: [], changes: [] }));
    return d;
  };
  for (const p of payments)
    dayOf(p.branch_id, p.day).rows.push({
      kind: p.kind as ClosingPaymentRow['kind'],
      orderKind: p.order_kind as ClosingPaymentRow['orderKind'],
      method: p.method,
      currency: p.currency,
      amount: toCents(p.amount),
      amountMxn: toCents(p.amount_mxn),
    });
  for (const c of changes) dayOf(c.branch_id, c.day).changes.push({ orderKind: c.order_kind as ClosingChangeRow['orderKind'], change: toCents(c.change) });
  return [...days.values()].sort((a, b) => a.date.localeCompare(b.date) || a.branchId.localeCompare(b.branchId));
}

/** A branch-day's totals: what its X report shows and its closing stores. */
export async function branchDayTotals(db: DbOrTx, branchId: string, date: string): Promise<ClosingTotals> {
  const [day] = await closingInputsByDay(db, { branchId, date });
  return closingTotals(day?.rows ?? [], day?.changes ?? []);
}
