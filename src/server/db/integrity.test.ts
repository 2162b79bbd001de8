import { describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { cents } from '../../domain/money';
import { isViolation } from '../platform/db-errors';
import { useTestApp } from '../testing/harness';
import { treatments } from './schema';

// The demo data was written under every constraint of migration 0016 (the harness seeds it), so these
// tests only show that the database itself refuses what the code must never write.
const { t } = useTestApp({});

async function one(q: SQL): Promise<Record<string, string>> {
  const rows = ((await t.ctx.db.execute(q)) as unknown as { rows: Record<string, string>[] }).rows;
  expect(rows.length).toBeGreaterThan(0);
  return rows[0];
}

async function refusal(q: SQL): Promise<unknown> {
  return t.ctx.db.execute(q).then(
    () => new Error('the write was accepted'),
    (err: unknown) => err,
  );
}

describe('database integrity (migration 0016)', () => {
  it('refuses a negative stock quantity', async () => {
    const lot = await one(sql`select id from product_stocks where deleted_at is null limit 1`);
    const err = await refusal(sql`update product_stocks set quantity = -1 where id = ${lot.id}`);
    expect(isViolation(err, 'check', 'product_stocks_quantity_non_negative')).toBe(true);
  });

  it('refuses a sale line of zero units and a negative price', async () => {
    const line = await one(sql`select id from cash_order_details limit 1`);
    const zero = await refusal(sql`update cash_order_details set quantity = 0 where id = ${line.id}`);
    expect(isViolation(zero, 'check', 'cash_order_details_quantity_positive')).toBe(true);
    const negative = await refusal(sql`update cash_order_details set sale_price = -0.01 where id = ${line.id}`);
    expect(isViolation(negative, 'check', 'cash_order_details_prices_non_negative')).toBe(true);

    const detail = await one(sql`select id from order_details limit 1`);
    const none = await refusal(sql`update order_details set quantity = 0 where id = ${detail.id}`);
    expect(isViolation(none, 'check', 'order_details_quantity_positive')).toBe(true);
  });

  it('refuses a status the code does not know', async () => {
    const appointment = await one(sql`select id from appointments limit 1`);
    const err = await refusal(sql`update appointments set status = 'lost' where id = ${appointment.id}`);
    expect(isViolation(err, 'check', 'appointments_status_valid')).toBe(true);

    const purchased = await one(sql`select id from purchased_products limit 1`);
    expect(
      isViolation(await refusal(sql`update purchased_products set status = 'done' where id = ${purchased.id}`), 'check', 'purchased_products_status_valid'),
    ).toBe(true);

    const order = await one(sql`select id from orders limit 1`);
    expect(isViolation(await refusal(sql`update orders set payment_status = 'paid!' where id = ${order.id}`), 'check', 'orders_payment_status_valid')).toBe(
      true,
    );
  });

  it('reads a money column as exact cents and writes cents back as exact decimal text', async () => {
    const row = await one(sql`select id from treatments limit 1`);
    // 4.35 × 100 is 434.99999999999994 as a float: the decimal text itself is read, never a float
    await t.ctx.db.execute(sql`update treatments set price = '4.35' where id = ${row.id}`);
    const [read] = await t.ctx.db.select({ price: treatments.price }).from(treatments).where(eq(treatments.id, row.id));
    expect(read.price).toBe(435);
    await t.ctx.db
      .update(treatments)
      .set({ price: cents(5) })
      .where(eq(treatments.id, row.id));
    expect(await one(sql`select price::text as price from treatments where id = ${row.id}`)).toEqual({ price: '0.05' });
  });
});
