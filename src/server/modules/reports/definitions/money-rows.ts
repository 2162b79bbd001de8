import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type Cents } from '../../../../domain/money';
import type { ReportBasis } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import type { ReportPeriod } from '../period';
import { moneySummary } from './summary-rows';

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

/** `column = id` when one is asked for (a branch, a user); else no condition. */
export const idIs = (column: SQL, id: string | undefined) => (id ? sql`${column} = ${id}::uuid` : sql`true`);

/** `column = branch` when one branch is asked for. */
export const branchIs = idIs;

/** The rows of the money summary a basis reads, each with its `day` (or month): `money(date, where)` reads one part. */
function byBasis(basis: ReportBasis, money: (date: 'business_date' | 'sale_date', where: SQL) => SQL): SQL {
  return basis === 'sale'
    ? sql`${money('business_date', sql`s.kind <> 'refund'`)} union all ${money('sale_date', sql`s.kind = 'refund'`)}`
    : money('business_date', sql`true`);
}

const dayOf = (grain: 'day' | 'month', day: SQL) => (grain === 'month' ? sql`date_trunc('month', ${day}::timestamp)::date` : day);

/**
 * The money of a period, by branch, day (or month, with grain 'month': its first day), kind of sale, channel, kind
 * (payment, refund, change), method and currency, read from the summary the sales' rows keep (report_money, migration
 * 0028: every tender and refund of sale_payments at its rate of the day with its sale's channel, and the sales' change,
 * given back in pesos on the sale's day). Cash basis: each row on its own branch-day (a refund the day it happened);
 * sale basis: a refund on its sale's day.
 */
export async function moneyGroups(
  db: DbOrTx,
  period: ReportPeriod,
  branchId: string | undefined,
  basis: ReportBasis,
  grain: 'day' | 'month' = 'day',
): Promise<MoneyGroup[]> {
  const groups = byBasis(
    basis,
    (date, where) => sql`select ${dayOf(grain, sql`p.${sql.identifier(date)}`)} as day, p.branch_id,
      p.order_kind, p.channel, p.kind, p.method, p.currency, sum(p.amount) as amount, sum(p.amount_mxn) as amount_mxn
    from ${moneySummary(period, branchId, grain, date, where)} p
    group by 1, 2, 3, 4, 5, 6, 7 having sum(p.amount) <> 0 or sum(p.amount_mxn) <> 0`,
  );
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

/**
 * Each branch-month's total in pesos (cents, keyed branch|YYYY-MM) on a basis: every peso taken − change − refunds, the
 * `total` figure the sales reports add group by group (addGroup), summed by the database when only the total is
 * wanted (profitability's income: 240 rows for a year of the chain instead of its 10,000 groups).
 */
export async function moneyTotalsByMonth(db: DbOrTx, period: ReportPeriod, branchId: string | undefined, basis: ReportBasis): Promise<Map<string, Cents>> {
  const parts = byBasis(
    basis,
    (date, where) => sql`select ${dayOf('month', sql`p.${sql.identifier(date)}`)} as day, p.branch_id,
      sum(case when p.kind = 'change' then -p.amount_mxn else p.amount_mxn end) as total
    from ${moneySummary(period, branchId, 'month', date, where)} p group by 1, 2`,
  );
  const rows = rowsOf<{ branch_id: string; month: string; total: string }>(
    await db.execute(sql`select m.branch_id, to_char(m.day, 'YYYY-MM') as month, sum(m.total)::text as total from (${parts}) m group by 1, 2`),
  );
  return new Map(rows.map((r) => [`${r.branch_id}|${r.month}`, toCents(r.total)]));
}
