import { sql, type SQL } from 'drizzle-orm';
import { closingTotals, type ClosingChangeRow, type ClosingPaymentRow, type ClosingTotals } from '../../../../domain/cash-closings';
import { toCents, type Cents } from '../../../../domain/money';
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
  // both reads in one statement (one round trip): the payment sums (part 'p') and the change (part 'c'), grouped by
  // the day itself (a date sorts and hashes cheaper than its text). A sale's tenders are written together, on one day:
  // its change belongs to that day (each sale read by its key in its own table only: a hash join would scan every order)
  const result = rowsOf<{
    part: 'p' | 'c';
    branch_id: string;
    day: string;
    kind: string | null;
    order_kind: string;
    method: string | null;
    currency: string | null;
    amount: string | null;
    amount_mxn: string | null;
  }>(
    await db.execute(sql`select 'p' as part, p.branch_id, p.business_date::text as day, p.kind, p.order_kind, p.method, p.currency,
        sum(p.amount)::text as amount, sum(p.amount_mxn)::text as amount_mxn
      from sale_payments p where ${where} group by p.branch_id, p.business_date, p.kind, p.order_kind, p.method, p.currency
      union all
      select 'c', s.branch_id, s.day::text, null, s.order_kind, null, null,
        sum(coalesce(case s.order_kind when 'order' then (select x.change from orders x where x.id = s.order_id)
          when 'cashOrder' then (select x.change from cash_orders x where x.id = s.order_id) end, 0))::text, null
      from (select p.branch_id, p.business_date as day, p.order_kind, p.order_id from sale_payments p where ${where} and p.kind = 'payment'
        group by p.branch_id, p.business_date, p.order_kind, p.order_id) s
      group by s.branch_id, s.day, s.order_kind`),
  );
  const payments = result
    .filter((r) => r.part === 'p')
    .map((r) => ({ ...r, kind: r.kind!, method: r.method!, currency: r.currency!, amount: r.amount!, amount_mxn: r.amount_mxn! }));
  const changes = result.filter((r) => r.part === 'c').map((r) => ({ branch_id: r.branch_id, day: r.day, order_kind: r.order_kind, change: r.amount! }));
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

/** A branch-day's totals with the float its drawer opened with: what its X report shows and its closing stores. */
export async function branchDayTotals(db: DbOrTx, branchId: string, date: string, openingFloat: Cents): Promise<ClosingTotals> {
  const [day] = await closingInputsByDay(db, { branchId, date });
  return closingTotals(day?.rows ?? [], day?.changes ?? [], openingFloat);
}
