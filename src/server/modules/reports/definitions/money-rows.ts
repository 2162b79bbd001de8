import { sql, type SQL } from 'drizzle-orm';
import { fromCents, toCents, type Cents } from '../../../../domain/money';
import type { ReportBasis } from '../../../../domain/reports.contract';
import type { DbOrTx } from '../../../db/client';
import type { ReportPeriod } from '../period';
import { moneySummary } from './summary-rows';

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

/** A money summary row's amount (`amount_mxn` in pesos, `amount` in its currency) with the change given back negative. */
const signedAmount = (column: 'amount' | 'amount_mxn') => sql.raw(`case when p.kind = 'change' then -p.${column} else p.${column} end`);

const dayOf = (grain: 'day' | 'month', day: SQL) => (grain === 'month' ? sql`date_trunc('month', ${day}::timestamp)::date` : day);

/** The cash method: its pesos and dollars have columns of their own, and products' cash also its own. */
const CASH = 'Efectivo';
/** The point of sale's other methods with a column of their own (any other one, a bank deposit included, is a transfer). */
const METHOD_OF = { tdc: 'Tarjeta de crédito', tdd: 'Tarjeta de débito', points: 'Puntos' } as const;

/** The 14 figures of the sales reports, in their order: each a column of moneyFigures' rows. */
export const SALES_FIGURES = [
  'mxnTx',
  'dlsTx',
  'dlsToMxTx',
  'cashTotal',
  'tdc',
  'tdd',
  'transfer',
  'points',
  'online',
  'app',
  'mxnProduct',
  'dlsProduct',
  'dlsToMxnProduct',
  'total',
] as const;
export type SalesFigure = (typeof SALES_FIGURES)[number];
export type SalesFigures = Record<SalesFigure, Cents>;

/**
 * How each figure adds up a money group (its pesos `signed` and dollars `dollars`, change negative): the point of
 * sale's tenders go to their method (cash in pesos net of the change, dollars as dollars and at the rate of each
 * payment); the app's and the online store's, to their channel; products' cash also to the product columns. `total` =
 * every peso taken − change − refunds: the closing's total for the same branch-day.
 */
function figureSums(): Record<SalesFigure, SQL> {
  const pos = sql`g.channel = 'pos'`;
  const cash = sql`${pos} and g.method = ${CASH}`;
  const dollars = sql`${cash} and g.currency = 'USD'`;
  const pesos = sql`${cash} and g.currency <> 'USD'`;
  const product = sql`g.order_kind = 'cashOrder'`;
  const named = sql.join(
    [CASH, ...Object.values(METHOD_OF)].map((m) => sql`${m}`),
    sql`, `,
  );
  const sum = (value: 'signed' | 'dollars', where: SQL) => sql`coalesce(sum(g.${sql.raw(value)}) filter (where ${where}), 0)`;
  const method = (figure: keyof typeof METHOD_OF) => sum('signed', sql`${pos} and g.method = ${METHOD_OF[figure]}`);
  return {
    mxnTx: sum('signed', pesos),
    dlsTx: sum('dollars', dollars),
    dlsToMxTx: sum('signed', dollars),
    cashTotal: sum('signed', cash),
    tdc: method('tdc'),
    tdd: method('tdd'),
    transfer: sum('signed', sql`${pos} and g.method not in (${named})`),
    points: method('points'),
    online: sum('signed', sql`g.channel = 'online'`),
    app: sum('signed', sql`g.channel = 'app'`),
    mxnProduct: sum('signed', sql`${pesos} and ${product}`),
    dlsProduct: sum('dollars', sql`${dollars} and ${product}`),
    dlsToMxnProduct: sum('signed', sql`${dollars} and ${product}`),
    total: sum('signed', sql`true`),
  };
}

/**
 * The sales reports' figures of a period, by branch and day (or month, with grain 'month': its first day), summed by
 * the database from the money summary the sales' rows keep (report_money, migration 0028: every tender and refund of
 * sale_payments at its rate of the day with its sale's channel, and the sales' change, given back in pesos on the
 * sale's day): one row per branch-day instead of one per kind of sale, channel, method and currency. Cash basis: each
 * row on its own branch-day (a refund the day it happened); sale basis: a refund on its sale's day.
 */
export async function moneyFigures(
  db: DbOrTx,
  period: ReportPeriod,
  branchId: string | undefined,
  basis: ReportBasis,
  grain: 'day' | 'month',
): Promise<{ branchId: string; day: string; figures: SalesFigures }[]> {
  const groups = byBasis(
    basis,
    (date, where) => sql`select ${dayOf(grain, sql`p.${sql.identifier(date)}`)} as day, p.branch_id, p.order_kind, p.channel, p.kind,
      p.method, p.currency, sum(${signedAmount('amount_mxn')}) as signed, sum(${signedAmount('amount')}) as dollars
    from ${moneySummary(period, branchId, grain, date, where)} p
    group by 1, 2, 3, 4, 5, 6, 7 having sum(p.amount) <> 0 or sum(p.amount_mxn) <> 0`,
  );
  const sums = figureSums();
  const result = rowsOf<Record<string, string>>(
    await db.execute(sql`select g.branch_id, g.day::text as day,
        ${sql.join(
          SALES_FIGURES.map((f) => sql`${sums[f]}::text as ${sql.identifier(f)}`),
          sql`, `,
        )}
      from (${groups}) g group by 1, 2`),
  );
  return result.map((r) => ({ branchId: r.branch_id, day: r.day, figures: Object.fromEntries(SALES_FIGURES.map((f) => [f, toCents(r[f])])) as SalesFigures }));
}

/**
 * Each branch-month's total in pesos (cents, keyed branch|YYYY-MM) on a basis: every peso taken − change − refunds, the
 * `total` figure of moneyFigures, summed by the database when only the total is
 * wanted (profitability's income: 240 rows for a year of the chain instead of its 10,000 groups).
 */
export async function moneyTotalsByMonth(db: DbOrTx, period: ReportPeriod, branchId: string | undefined, basis: ReportBasis): Promise<Map<string, Cents>> {
  const parts = byBasis(
    basis,
    (date, where) => sql`select ${dayOf('month', sql`p.${sql.identifier(date)}`)} as day, p.branch_id,
      sum(${signedAmount('amount_mxn')}) as total
    from ${moneySummary(period, branchId, 'month', date, where)} p group by 1, 2`,
  );
  const rows = rowsOf<{ branch_id: string; month: string; total: string }>(
    await db.execute(sql`select m.branch_id, to_char(m.day, 'YYYY-MM') as month, sum(m.total)::text as total from (${parts}) m group by 1, 2`),
  );
  return new Map(rows.map((r) => [`${r.branch_id}|${r.month}`, toCents(r.total)]));
}
