import { sql } from 'drizzle-orm';
import { toCents } from '../../domain/money';
import { putIntoLot } from '../modules/inventory';
import type { TestApp } from './harness';

/** A lot as a test stocks it: the product, where, its allotment and expiry, and its unit price in pesos. */
export interface TestLot {
  productId: string;
  branchId: string;
  allotment: string;
  expiresAt: string | null;
  price: number;
}

/** Puts `units` into a lot (created or topped up) as an adjustment registration with no actor. */
export const makeLot = (t: TestApp, { price, ...lot }: TestLot, units: number) =>
  t.ctx.db.transaction((tx) => putIntoLot(tx, null, { ...lot, price: toCents(price) }, units, { cause: 'adjustment_registration' }));

/**
 * Writes sales straight into `orders` or `cash_orders`, past the intake, with only the columns the day's and the
 * month's sums read; each order number is `prefix-table-n`, unique within the test file.
 */
export function saleWriter(t: TestApp, prefix: string) {
  let seq = 0;
  return async (table: 'orders' | 'cash_orders', branchId: string, businessDate: string, total: string, opts: { status?: string; refunded?: boolean } = {}) => {
    seq += 1;
    const refundedAt = opts.refunded ? sql`now()` : sql`null`;
    await t.ctx.db
      .execute(sql`insert into ${sql.raw(table)} (order_number, branch_id, subtotal, total, payment_method, payment_status, business_date, refunded_at)
      values (${`${prefix}-${table}-${seq}`}, ${branchId}, ${total}, ${total}, 'Efectivo', ${opts.status ?? 'paid'}, ${businessDate}, ${refundedAt})`);
  };
}
