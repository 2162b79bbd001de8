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
 * The money of a period, by branch, day (or month, with grain 'month': its first day), kind of sale, channel, kind
 * (payment, refund, change), method and currency, read from the rows the sales write (sale_payments: every tender and
 * every refund at its rate of the day, with its sale's channel and day; the sales' change). Cash basis: each row on
 * its own branch-day (a refund the day it happened); sale basis: a refund on its sale's day. The change of a sale is
 * on its own day and is given back in pesos. Every part is a range of an index that holds the columns it sums.
 */
export async function moneyGroups(
  db: DbOrTx,
  period: ReportPeriod,
  branchId: string | undefined,
  basis: ReportBasis,
  grain: 'day' | 'month' = 'day',
): Promise<MoneyGroup[]> {
  const inPeriod = (day: SQL) => sql`${day} between ${period.from}::date and ${period.to}::date`;
  const dayOf = (day: SQL) => (grain === 'month' ? sql`date_trunc('month', ${day}::timestamp)::date` : day);
  // grouped in the index's order (day, branch, …): the day's groups come out of the index without a sort
  const money = (day: SQL, where: SQL) => sql`select ${dayOf(day)} as day, p.branch_id, p.order_kind, p.channel, p.kind, p.method, p.currency,
      sum(p.amount) as amount, sum(p.amount_mxn) as amount_mxn
    from sale_payments p where ${where} and ${branchIs(sql`p.branch_id`, branchId)} and p.channel is not null
    group by 1, 2, 3, 4, 5, 6, 7`;
  const payments =
    basis === 'sale'
      ? sql`${money(sql`p.business_date`, sql`${inPeriod(sql`p.business_date`)} and p.kind <> 'refund'`)}
        union all ${money(sql`p.sale_date`, sql`${inPeriod(sql`p.sale_date`)} and p.kind = 'refund'`)}`
      : money(sql`p.business_date`, inPeriod(sql`p.business_date`));
  const change = (
    table: string,
    orderKind: MoneyGroup['orderKind'],
  ) => sql`select ${dayOf(sql`s.business_date`)}, s.branch_id, ${sql.raw(`'${orderKind}'`)}, s.channel,
      'change', 'Efectivo', 'MXN', sum(s.change), sum(s.change)
    from ${sql.raw(table)} s where s.change > 0 and ${inPeriod(sql`s.business_date`)} and ${branchIs(sql`s.branch_id`, branchId)}
    group by 1, 2, 4`;
  const groups = sql`${payments} union all ${change('orders', 'order')} union all ${change('cash_orders', 'cashOrder')}`;
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
    await db.execute(sql`select m.branch_id, m.day::text as day, m.order_kind, m.channel, m.kind, m.method, m.currency, m.amount::text as amount,
        m.amount_mxn::text as amount_mxn
      from (${groups}) m`),
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
