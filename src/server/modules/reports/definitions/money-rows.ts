import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type Cents } from '../../../../domain/money';
import type { ReportBasis } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import type { ReportPeriod } from '../period';

/** One group of tenders or refunds of a branch-day: what the sales reports add up. */
export interface MoneyGroup {
  branchId: string;
  day: string;
  orderKind: 'order' | 'cashOrder';
  channel: 'pos' | 'app' | 'online';
  kind: 'payment' | 'refund' | 'change';
  method: string;
  currency: string;
  amount: Cents;
  amountMxn: Cents;
}

export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A numeric column read as text ('1234.50') in pesos, exact to the cent; null stays null. */
export function pesosOfText(v: string): number;
export function pesosOfText(v: string | null): number | null;
export function pesosOfText(v: string | null): number | null {
  return v === null ? null : fromCents(toCents(v));
}

/** `column = branch` when one branch is asked for. */
export const branchIs = (column: SQL, branchId: string | undefined) => (branchId ? sql`${column} = ${branchId}::uuid` : sql`true`);

/**
 * The money of a period, by branch, day, kind of sale, channel, kind (payment, refund, change), method and currency,
 * read from the rows the sales write (sale_payments: every tender and every refund at its rate of the day; the
 * sales' change). Cash basis: each row on its own branch-day (a refund the day it happened); sale basis: a refund
 * on its sale's day. The change of a sale is on its own day and is given back in pesos.
 */
export async function moneyGroups(db: DbOrTx, period: ReportPeriod, branchId: string | undefined, basis: ReportBasis): Promise<MoneyGroup[]> {
  const inPeriod = (day: SQL) => sql`${day} between ${period.from}::date and ${period.to}::date`;
  const day = basis === 'sale' ? sql`case when p.kind = 'refund' then s.business_date else p.business_date end` : sql`p.business_date`;
  const periodOfRow =
    basis === 'sale' ? sql`(${inPeriod(sql`p.business_date`)} or (p.kind = 'refund' and ${inPeriod(sql`s.business_date`)}))` : inPeriod(sql`p.business_date`);
  const sales = sql`(select id, 'order' as order_kind, channel, business_date, change from orders
      union all select id, 'cashOrder', channel, business_date, change from cash_orders)`;
  const result = rowsOf<{
    branch_id: string;
    day: string;
    order_kind: MoneyGroup['orderKind'];
    channel: MoneyGroup['channel'];
    kind: MoneyGroup['kind'];
    method: string;
    currency: string;
    amount: string;
    amount_mxn: string;
  }>(
    await db.execute(sql`select branch_id, day::text as day, order_kind, channel, kind, method, currency, sum(amount)::text as amount, sum(amount_mxn)::text as amount_mxn
      from (select p.branch_id, ${day} as day, p.order_kind, s.channel, p.kind, p.method, p.currency, p.amount, p.amount_mxn
        from sale_payments p join ${sales} s on s.id = p.order_id and s.order_kind = p.order_kind
        where ${periodOfRow} and ${branchIs(sql`p.branch_id`, branchId)}) m
      where ${inPeriod(sql`m.day`)}
      group by 1, 2, 3, 4, 5, 6, 7
      union all
      select s.branch_id, s.business_date::text, s.order_kind, s.channel, 'change', 'Efectivo', 'MXN', sum(s.change)::text, sum(s.change)::text
      from (select branch_id, 'order' as order_kind, channel, business_date, change from orders where change > 0
        union all select branch_id, 'cashOrder', channel, business_date, change from cash_orders where change > 0) s
      where ${inPeriod(sql`s.business_date`)} and ${branchIs(sql`s.branch_id`, branchId)}
      group by 1, 2, 3, 4`),
  );
  return result.map((r) => ({
    branchId: r.branch_id,
    day: r.day,
    orderKind: r.order_kind,
    channel: r.channel,
    kind: r.kind,
    method: r.method,
    currency: r.currency,
    amount: toCents(r.amount),
    amountMxn: toCents(r.amount_mxn),
  }));
}
