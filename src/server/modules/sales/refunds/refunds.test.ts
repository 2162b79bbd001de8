import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toCents } from '../../../../domain/money';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';
import { insertAppointment } from '../../../testing/appointments';

const { t, admin, gerente, recepcion, medico } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  recepcion: 'recepcion.tijuana@demo.mx',
  medico: 'medico@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const PASSWORD = 'Demo2026!';
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let treatment: { id: string; price: string; points: number };
let product: { id: string; sale_price: string };
let customerId = '';
let keySeq = 0;
const cash = (amount: number) => ({ method: 'Efectivo', amount, currency: 'MXN' });

async function sell(url: string, payload: Record<string, unknown>) {
  const res = await recepcion({ method: 'POST', url, payload, headers: { 'idempotency-key': `devolucion-${Date.now()}-${++keySeq}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; orderNumber: string; points: number; total: number; details: { stockId: string; quantity: number }[] };
}

const refund = (caller: Caller, kind: 'order' | 'cash-order', orderNumber: string, over: Record<string, unknown> = {}) =>
  caller({
    method: 'POST',
    url: `/v1/${kind}/${orderNumber}/refund`,
    payload: { refundReason: 'El cliente cambió de opinión', refundMethod: 'Efectivo', password: PASSWORD, branchId: TIJUANA, ...over },
  });

async function balance() {
  const [c] = await rows<{ points: number }>(sql`select points from customers where id = ${customerId}`);
  return c!.points;
}

beforeAll(async () => {
  [treatment] = await rows(
    sql`select id, price, points from treatments where active and deleted_at is null and points > 0 and price > 1000 order by sku limit 1`,
  );
  [product] = await rows(
    sql`select id, sale_price from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku desc limit 1`,
  );
  [{ id: customerId }] = await rows<{ id: string }>(sql`select id from customers where deleted_at is null and active order by customer_number desc limit 1`);
  await makeLot(t, { productId: product.id, branchId: TIJUANA, allotment: 'DEV-1', expiresAt: '2099-12-31', price: 100 }, 10);
});

describe('refunds', () => {
  it('refunds a product sale: units back to their lot, points earned taken back, a negative commission on the refund day, the cash in that day', async () => {
    const before = await balance();
    const sale = await sell('/v1/cash-order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ productId: product.id, quantity: 2 }],
      payments: [cash(Number(product.sale_price) * 2)],
    });
    const lot = sale.details[0]!.stockId;
    const [{ quantity: held }] = await rows<{ quantity: number }>(sql`select quantity from product_stocks where id = ${lot}`);
    const res = await refund(recepcion, 'cash-order', sale.orderNumber);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ refundMethod: 'Efectivo', pointsTakenBack: sale.points });
    expect(body.refunds).toEqual([expect.objectContaining({ method: 'Efectivo', amountMxn: -sale.total })]);
    const [{ quantity: after }] = await rows<{ quantity: number }>(sql`select quantity from product_stocks where id = ${lot}`);
    expect(after).toBe(held + 2);
    expect(await balance()).toBe(before);
    const lines = await rows<{ commission: string; reversal_of: string | null }>(
      sql`select commission, reversal_of from commissions where cash_order_id = ${sale.id} order by created_at`,
    );
    expect(lines.length).toBe(2);
    expect(toCents(lines[0]!.commission) + toCents(lines[1]!.commission)).toBe(0);
    const [mismatch] = await rows<{ n: number }>(
      sql`select count(*)::int as n from product_stocks s where s.id = ${lot} and s.quantity <> (select sum(quantity) from stock_movements where stock_id = s.id)`,
    );
    expect(mismatch!.n).toBe(0);
  });

  it('refunds a package sale to the card, gives the redeemed points back and ends the unused sessions', async () => {
    const adjust = await admin({ method: 'POST', url: `/v1/customer/${customerId}/points/adjust`, payload: { points: 100, reason: 'Saldo para devolución' } });
    expect(adjust.statusCode).toBe(201);
    const start = await balance();
    const price = Number(treatment.price);
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      points: 100,
      items: [{ treatmentId: treatment.id, quantity: 2 }],
      payments: [{ method: 'Tarjeta de crédito', amount: price * 2 - 100, currency: 'MXN' }],
    });
    const res = await refund(recepcion, 'order', sale.orderNumber, { refundMethod: 'Tarjeta' });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      res
        .json()
        .refunds.map((r: { method: string; amountMxn: number }) => [r.method, r.amountMxn])
        .sort(),
    ).toEqual(
      [
        ['Puntos', -100],
        ['Tarjeta de crédito', -(price * 2 - 100)],
      ].sort(),
    );
    expect(await balance()).toBe(start);
    const statuses = await rows<{ status: string }>(sql`select status from purchased_products where order_id = ${sale.id}`);
    expect(statuses.map((s) => s.status)).toEqual(['refunded']);
  });

  it('asks for the right password and a paid sale not refunded yet; two refunds at once leave one', async () => {
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [cash(Number(treatment.price))],
    });
    const wrong = await refund(recepcion, 'order', sale.orderNumber, { password: 'Otra2026!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('La contraseña no es correcta: la devolución no se realizó');
    const [{ refunded_at }] = await rows<{ refunded_at: Date | null }>(sql`select refunded_at from orders where id = ${sale.id}`);
    expect(refunded_at).toBeNull();
    const missing = await refund(recepcion, 'order', sale.orderNumber, { refundReason: '', refundMethod: 'Cheque' });
    expect(missing.statusCode).toBe(400);
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['refundMethod', 'refundReason']);
    const both = await Promise.all([refund(recepcion, 'order', sale.orderNumber), refund(recepcion, 'order', sale.orderNumber)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().message).toBe('La venta ya fue devuelta');
    const [{ n }] = await rows<{ n: number }>(sql`select count(*)::int as n from sale_payments where order_id = ${sale.id} and kind = 'refund'`);
    expect(n).toBe(1);
  });

  it('is refused without the refund privilege and for another branch', async () => {
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [cash(Number(treatment.price))],
    });
    const [{ id: other }] = await rows<{ id: string }>(sql`select id from branches where id <> ${TIJUANA} and not distribution_center limit 1`);
    expect((await refund(gerente, 'order', sale.orderNumber, { branchId: other })).statusCode).toBe(400);
    expect((await refund(medico, 'order', sale.orderNumber)).statusCode).toBe(403);
  });

  it('gives a split payment back as it was paid by default: cash net of change, the card what it paid', async () => {
    const price = Number(treatment.price);
    // $X debit plus cash with change: the cash that stayed is what goes back in cash
    const debit = Math.round(price * 0.4 * 100) / 100;
    const cashPaid = Math.ceil(price - debit) + 50;
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [
        { method: 'Efectivo', amount: cashPaid, currency: 'MXN' },
        { method: 'Tarjeta de débito', amount: debit, currency: 'MXN' },
      ],
    });
    const change = toCents(cashPaid) + toCents(debit) - toCents(price);
    expect(change).toBeGreaterThan(0);
    const res = await refund(recepcion, 'order', sale.orderNumber, { refundMethod: undefined });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refundMethod).toBe('Como se pagó');
    const back = Object.fromEntries(res.json().refunds.map((r: { method: string; amountMxn: number }) => [r.method, toCents(r.amountMxn)]));
    expect(back).toEqual({ Efectivo: -(toCents(cashPaid) - change), 'Tarjeta de débito': -toCents(debit) });
    expect(back.Efectivo + back['Tarjeta de débito']).toBe(-toCents(price));
  });

  it('takes a split the user chooses when it adds up to the sale, and refuses one that does not or gives a card more than it paid', async () => {
    const price = Number(treatment.price);
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [{ method: 'Tarjeta de crédito', amount: 500, currency: 'MXN' }, cash(price - 500)],
    });
    const short = await refund(recepcion, 'order', sale.orderNumber, { refundMethod: 'Dividido', split: [{ method: 'Efectivo', amount: 100 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors[0].field).toBe('split');
    expect(short.json().message).toMatch(/^La devolución dividida debe sumar \$[\d,]+\.\d\d, lo pagado en la venta$/);
    const tooMuchCard = await refund(recepcion, 'order', sale.orderNumber, {
      refundMethod: 'Dividido',
      split: [
        { method: 'Tarjeta de crédito', amount: 600 },
        { method: 'Efectivo', amount: price - 600 },
      ],
    });
    expect(tooMuchCard.statusCode).toBe(400);
    expect(tooMuchCard.json().message).toBe('A Tarjeta de crédito se le devuelve a lo más $500.00, lo que se pagó con ese método');
    const ok = await refund(recepcion, 'order', sale.orderNumber, {
      refundMethod: 'Dividido',
      split: [
        { method: 'Tarjeta de crédito', amount: 300 },
        { method: 'Efectivo', amount: price - 300 },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const byMethod = await rows<{ method: string; amount: string }>(
      sql`select method, sum(amount_mxn)::text as amount from sale_payments where order_id = ${sale.id} and kind = 'refund' group by method order by method`,
    );
    expect(byMethod.map((r) => [r.method, toCents(r.amount)])).toEqual([
      ['Efectivo', -(toCents(price) - toCents(300))],
      ['Tarjeta de crédito', -toCents(300)],
    ]);
  });

  it("cancels the refunded purchase's booked sessions ('Venta devuelta') and keeps the ones already given", async () => {
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 3 }],
      payments: [cash(Number(treatment.price) * 3)],
    });
    const [pp] = await rows<{ id: string }>(sql`select id from purchased_products where order_id = ${sale.id}`);
    const [cabin] = await rows<{ id: string; treatment_type_id: string }>(
      sql`select c.id, ct.treatment_type_id from cabins c join cabin_types ct on ct.id = c.type_id where c.branch_id = ${TIJUANA} and c.deleted_at is null limit 1`,
    );
    const cab = { id: cabin!.id, treatmentTypeId: cabin!.treatment_type_id };
    const given = await insertAppointment(t.ctx.db, {
      appointmentNumber: 'CITA-DEV01',
      branchId: TIJUANA,
      cabin: cab,
      customerId,
      date: '2020-01-06',
      start: '10:00',
      end: '10:30',
      status: 'finished',
    });
    const booked = await insertAppointment(t.ctx.db, {
      appointmentNumber: 'CITA-DEV02',
      branchId: TIJUANA,
      cabin: cab,
      customerId,
      date: '2099-01-05',
      start: '10:00',
      end: '10:30',
    });
    await rows(sql`update appointments set purchased_product_id = ${pp!.id} where id in (${given.id}, ${booked.id})`);
    const res = await refund(recepcion, 'order', sale.orderNumber);
    expect(res.statusCode, res.body).toBe(200);
    const after = await rows<{ appointment_number: string; status: string; reason: string | null; customer_cancellation: boolean | null }>(
      sql`select a.appointment_number, a.status, c.cancellation_reason as reason, c.customer_cancellation from appointments a
        left join appointment_cancellations c on c.appointment_id = a.id where a.id in (${given.id}, ${booked.id}) order by a.appointment_number`,
    );
    expect(after).toEqual([
      { appointment_number: 'CITA-DEV01', status: 'finished', reason: null, customer_cancellation: null },
      { appointment_number: 'CITA-DEV02', status: 'cancelled', reason: 'Venta devuelta', customer_cancellation: false },
    ]);
  });

  it('judges at most 5 wrong passwords, then answers 429 (the password signs in anywhere)', async () => {
    const sale = await sell('/v1/order/create', {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [cash(Number(treatment.price))],
    });
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => refund(gerente, 'order', sale.orderNumber, { password: `Adivina${i}!` })));
    const codes = guesses.map((g) => g.statusCode);
    expect(codes.filter((c) => c === 403).length).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(7);
    expect(codes.every((c) => c === 403 || c === 429)).toBe(true);
    // the right password too waits out the limit
    expect((await refund(gerente, 'order', sale.orderNumber)).statusCode).toBe(429);
  });
});
