import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { AUTOMATIC_LABEL, CLOSING_MESSAGES, closingTotals, DEFAULT_OPENING_FLOAT } from '../../../../domain/cash-closings';
import { dateInZone, zonedInstant } from '../../../../domain/dates';
import { addDays } from '../../../../domain/inventory';
import { formatMoney, toCents } from '../../../../domain/money';
import { demoId } from '../../../db/demo/random';
import { LOAD_DAY } from '../../../db/demo/demo-day';
import { DEMO_TODAY } from '../../../db/demo/sales';
import { queryRows, useTestApp, type Caller } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';
import { actorOfUsername } from '../../auth';
import { lockBranchDay } from '../intake/cash-day';
import { closeUnclosedDays, closingInputsByDay } from './index';
import { createClosing, previewClosing } from './service';

const { t, admin, recepcion, gerente, operativo, medico } = useTestApp({
  admin: 'admin@demo.mx',
  recepcion: 'recepcion.tijuana@demo.mx',
  gerente: 'gerente@demo.mx',
  operativo: 'operativo@demo.mx',
  medico: 'medico@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const ENSENADA = demoId('branch:ensenada');
const CDMX = demoId('branch:cdmx');
const GUADALAJARA = demoId('branch:guadalajara');
const CEDIS = demoId('branch:cedis');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let treatment: { id: string; price: string };
let product: { id: string; sale_price: string };
const zones = new Map<string, string>();
let customerId = '';
let keySeq = 0;
const key = () => `corte-${Date.now()}-${++keySeq}`;
const today = (branchId: string) => dateInZone(zones.get(branchId)!);
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const YESTERDAY = addDays(DEMO_TODAY, -1);
const THREE_WEEKS_AGO = addDays(DEMO_TODAY, -21);
const cents = (pesos: number | string) => toCents(pesos) as number;
/** Tijuana's drawer opens with the default float (the demo sets none for it). */
const FLOAT = DEFAULT_OPENING_FLOAT as number;

interface Tender {
  method: string;
  currency: string;
  amount: number;
  amountMxn: number;
}
interface SaleBody {
  id: string;
  orderNumber: string;
  total: number;
  change: number;
  payments: Tender[];
}

async function sell(caller: Caller, url: '/v1/order/create' | '/v1/cash-order/create', payload: Record<string, unknown>): Promise<SaleBody> {
  const res = await caller({ method: 'POST', url, payload: { channel: 'pos', ...payload }, headers: { 'idempotency-key': key() } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const sellTreatment = (branchId: string, payments: unknown[], caller: Caller = admin) =>
  sell(caller, '/v1/order/create', { branchId, customerId, items: [{ treatmentId: treatment.id, quantity: 1 }], payments });
const sellProduct = (branchId: string, payments: unknown[], caller: Caller = admin) =>
  sell(caller, '/v1/cash-order/create', { branchId, items: [{ productId: product.id, quantity: 1 }], payments });

const close = (caller: Caller, payload: Record<string, unknown>) => caller({ method: 'POST', url: '/v1/daily-cash-closing/create', payload });
const preview = (caller: Caller, branchId: string, date: string) =>
  caller({ method: 'GET', url: `/v1/daily-cash-closing/preview?branchId=${branchId}&date=${date}` });

async function paymentDays(saleId: string) {
  return (await rows<{ day: string }>(sql`select distinct business_date::text as day from sale_payments where order_id = ${saleId}`)).map((r) => r.day);
}

beforeAll(async () => {
  [treatment] = await rows(sql`select id, price from treatments where active and deleted_at is null and price > 1000 order by sku limit 1`);
  [product] = await rows(
    sql`select id, sale_price from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku limit 1`,
  );
  [{ id: customerId }] = await rows<{ id: string }>(sql`select id from customers where deleted_at is null and active order by customer_number limit 1`);
  for (const b of await rows<{ id: string; time_zone: string }>(sql`select id, time_zone from branches`)) zones.set(b.id, b.time_zone);
  // units of the product at every clinic the tests sell it in
  for (const branchId of [TIJUANA, MEXICALI, ENSENADA, CDMX])
    await makeLot(t, { productId: product.id, branchId, allotment: `CORTE-${branchId.slice(0, 4)}`, expiresAt: '2099-12-31', price: 50 }, 50);
  // a known exchange rate at Tijuana
  const [s] = await rows<{ id: string; exchange_rate: Record<string, number> }>(sql`select id, exchange_rate from settings limit 1`);
  await rows(sql`update settings set exchange_rate = ${JSON.stringify({ ...s!.exchange_rate, [TIJUANA]: 17.25 })}::jsonb where id = ${s!.id}`);
});

describe('the demo closings', () => {
  it('closes every past day of the history that had payments or refunds, with the totals of the closing function', async () => {
    const stored = await rows<{
      branch_id: string;
      day: string;
      cash_total: string;
      total: string;
      refund_cash: string;
      product_total: string;
      user_id: string | null;
      difference_cash: string | null;
    }>(
      sql`select branch_id, business_date::text as day, cash_total, total, refund_cash, product_total, user_id, difference_cash from daily_cash_closings where business_date <= ${LOAD_DAY}`,
    );
    // the demo's history runs up to the moment it was loaded: every day before that one is closed, and of that day those
    // already over at their branch (loaded late in Tijuana's evening, the clinics ahead of it have closed today)
    const days = await closingInputsByDay(t.ctx.db, { before: addDays(LOAD_DAY, 1) });
    const closedToday = stored.filter((s) => s.day === LOAD_DAY).length;
    expect(stored.length).toBe(days.filter((d) => d.date < LOAD_DAY).length + closedToday);
    expect(days.length).toBeGreaterThan(1000);
    const byDay = new Map(stored.map((s) => [`${s.branch_id}|${s.day}`, s]));
    for (const d of days) {
      const totals = closingTotals(d.rows, d.changes);
      const s = byDay.get(`${d.branchId}|${d.date}`);
      if (!s) {
        expect(d.date, `${d.branchId} ${d.date}`).toBe(LOAD_DAY);
        continue;
      }
      expect([cents(s.cash_total), cents(s.total), cents(s.refund_cash), cents(s.product_total)]).toEqual([
        totals.cashTotal,
        totals.total,
        totals.refundCash,
        totals.productTotal,
      ]);
    }
    const automatic = stored.filter((s) => s.user_id === null).length;
    const off = stored.filter((s) => s.difference_cash !== null && Math.abs(cents(s.difference_cash)) >= 50).length;
    expect(automatic).toBeGreaterThan(stored.length * 0.03);
    expect(automatic).toBeLessThan(stored.length * 0.15);
    expect(off).toBeGreaterThan(0);
    expect(off).toBeLessThan(stored.length * 0.12);
    // the numbering goes on after the demo's (a restored copy of the database may have skipped a few numbers ahead:
    // PostgreSQL logs a sequence some values in advance)
    const [seq] = await rows<{ n: string; max: string }>(
      sql`select last_value::text as n, (select max(closing_number) from daily_cash_closings) as max from closing_number_seq`,
    );
    expect(seq!.max).toBe(`CC-${String(stored.length).padStart(6, '0')}`);
    expect(Number(seq!.n)).toBeGreaterThanOrEqual(stored.length);
  });

  it('leaves the nightly job nothing to close in the demo', async () => {
    expect(await closeUnclosedDays(t.ctx.db)).toBe(0);
  });

  it("expects no demo drawer below $0: each opened with its clinic's float, counted with the day's cash", async () => {
    const stored = await rows<{ branch_id: string; opening_float: string; cash_total: string; refund_cash: string; expected_mxn: string }>(
      sql`select branch_id, opening_float, cash_total, refund_cash, (expected->>'MXN') as expected_mxn from daily_cash_closings where business_date < ${LOAD_DAY}`,
    );
    const floats = (await admin({ method: 'GET', url: '/v1/setting' })).json().openingFloat as Record<string, number>;
    expect(floats[TIJUANA]).toBe(FLOAT / 100);
    expect(floats[CDMX]).toBe(3000);
    for (const c of stored) {
      expect(cents(c.opening_float)).toBe(cents(floats[c.branch_id]!));
      expect(cents(c.expected_mxn)).toBe(cents(c.opening_float) + cents(c.cash_total) - cents(c.refund_cash));
    }
    expect(stored.filter((c) => cents(c.expected_mxn) < 0)).toEqual([]);
    // without the float some days would expect less than nothing: the refunds of a slow day
    expect(stored.filter((c) => cents(c.expected_mxn) < cents(c.opening_float)).length).toBeGreaterThan(0);
  });
});

describe('the X report and the closing of a branch-day', () => {
  let day = '';
  let sales: SaleBody[] = [];
  /** The day's figures before these sales, in cents: the demo's history runs up to the moment it was loaded, its sales of today included. */
  let earlier: Record<string, number> = {};

  beforeAll(async () => {
    day = today(TIJUANA);
    const x = (await preview(operativo, TIJUANA, day)).json() as Record<string, unknown>;
    earlier = Object.fromEntries(
      Object.entries(x).flatMap(([k, v]) => (typeof v === 'number' || typeof v === 'string' ? [[k, Number.isFinite(Number(v)) ? cents(Number(v)) : 0]] : [])),
    );
    const price = Number(treatment.price);
    const productPrice = Number(product.sale_price);
    sales = [
      // debit card 1,000 and cash with 50.00 of change
      await sellTreatment(TIJUANA, [
        { method: 'Tarjeta de débito', amount: 1000, currency: 'MXN' },
        { method: 'Efectivo', amount: Math.round((price - 1000 + 50) * 100) / 100, currency: 'MXN' },
      ]),
      // credit card and a transfer
      await sellTreatment(
        TIJUANA,
        [
          { method: 'Tarjeta de crédito', amount: 500.55, currency: 'MXN' },
          { method: 'Transferencia electrónica', amount: Math.round((price - 500.55) * 100) / 100, currency: 'MXN' },
        ],
        recepcion,
      ),
      // a product in dollars, the change in pesos
      await sellProduct(TIJUANA, [{ method: 'Efectivo', amount: Math.ceil(productPrice / 17.25) + 1, currency: 'USD' }], recepcion),
      // a product by bank deposit
      await sellProduct(TIJUANA, [{ method: 'Depósito bancario', amount: productPrice, currency: 'MXN' }]),
    ];
    // a cash refund of the first sale and a debit card refund of the product, as the refunds write them
    await rows(sql`insert into sale_payments (order_kind, order_id, branch_id, business_date, kind, method, currency, amount, amount_mxn)
      values ('order', ${sales[0]!.id}, ${TIJUANA}, ${day}, 'refund', 'Efectivo', 'MXN', -100.25, -100.25),
             ('cashOrder', ${sales[3]!.id}, ${TIJUANA}, ${day}, 'refund', 'Tarjeta de débito', 'MXN', -10.10, -10.10),
             ('cashOrder', ${sales[2]!.id}, ${TIJUANA}, ${day}, 'refund', 'Efectivo', 'MXN', -1.01, -1.01)`);
  });

  /** The day's figures as a cashier adds them up from the tickets, on top of the day's figures before them. */
  function byHand(): ReturnType<typeof ownSales> {
    const own = ownSales();
    return Object.fromEntries(Object.entries(own).map(([k, v]) => [k, v + (earlier[k] ?? 0)])) as typeof own;
  }

  /** The figures of these sales alone. */
  function ownSales() {
    const tenders = sales.flatMap((s) => s.payments);
    const sum = (test: (p: Tender) => boolean, value: (p: Tender) => number = (p) => p.amountMxn) =>
      tenders.filter(test).reduce((n, p) => n + cents(value(p)), 0);
    const change = sales.reduce((n, s) => n + cents(s.change), 0);
    const productChange = cents(sales[2]!.change) + cents(sales[3]!.change);
    const cashMxn = sum((p) => p.method === 'Efectivo' && p.currency === 'MXN');
    return {
      creditCardTotal: 50_055,
      debitCardTotal: 100_000,
      cashTotal: cashMxn - change,
      cashTotalDollars: sum(
        (p) => p.currency === 'USD',
        (p) => p.amount,
      ),
      transferTotal: sum((p) => p.method === 'Transferencia electrónica'),
      depositTotal: cents(product.sale_price),
      pointsTotal: 0,
      refundCash: 10_126,
      refundDebitCardTotal: 1010,
      refundCreditCardTotal: 0,
      refundPoints: 0,
      total: sum(() => true) - change - 10_126 - 1010,
      productCashTotal: -productChange,
      productRefundCash: 101,
      productTotal: cents(sales[2]!.total) + cents(sales[3]!.total) - 1010 - 101,
    };
  }

  it('answers the day so far (X report) by the closing function and writes nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from daily_cash_closings`);
    const res = await preview(operativo, TIJUANA, day);
    expect(res.statusCode, res.body).toBe(200);
    const x = res.json();
    const expected = byHand();
    for (const [field, value] of Object.entries(expected)) expect([field, cents(x[field])]).toEqual([field, value]);
    expect(cents(x.cashTotalDollars) - earlier.cashTotalDollars!).toBe(cents(Math.ceil(Number(product.sale_price) / 17.25) + 1));
    expect(cents(sales[2]!.change)).toBeGreaterThan(1700);
    // the drawer opened with Tijuana's float: float + cash in − change − cash refunds
    expect(x.openingFloat).toBe(FLOAT / 100);
    expect(x.expected).toEqual({ MXN: (FLOAT + expected.cashTotal - expected.refundCash) / 100, USD: x.cashTotalDollars });
    expect(x.closedBy).toBeNull();
    expect(await rows(sql`select count(*)::int as n from daily_cash_closings`)).toEqual(before);
  });

  it('keeps the X report from whoever counts the drawer and from other branches', async () => {
    expect((await preview(recepcion, TIJUANA, day)).statusCode).toBe(403);
    expect((await preview(gerente, TIJUANA, day)).statusCode).toBe(403);
    expect((await preview(medico, TIJUANA, day)).statusCode).toBe(403);
    expect((await preview(operativo, TIJUANA, 'ayer')).statusCode).toBe(400);
  });

  it('refuses a count that is not whole bills and coins of the currency, a missing count, and a day still to come', async () => {
    const bad = await close(recepcion, { branchId: TIJUANA, date: day, counted: { MXN: { '500': -1, '200': 1.5, '3': 1 }, USD: { '0.5': 1 } } });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .errors.map((e: { field: string; message: string }) => `${e.field}: ${e.message}`)
        .sort(),
    ).toEqual([
      `counted.MXN.200: ${CLOSING_MESSAGES.count}`,
      `counted.MXN.500: ${CLOSING_MESSAGES.count}`,
      `counted.MXN: ${CLOSING_MESSAGES.denomination}`,
      `counted.USD: ${CLOSING_MESSAGES.denomination}`,
    ]);
    const missing = await close(recepcion, { branchId: TIJUANA, date: '' });
    expect(
      missing
        .json()
        .errors.map((e: { field: string }) => e.field)
        .sort(),
    ).toEqual(['counted', 'date']);
    const future = await close(recepcion, { branchId: TIJUANA, date: nextDay(day), counted: {} });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors).toEqual([{ field: 'date', message: CLOSING_MESSAGES.futureDate }]);
  });

  it('refuses another branch, a distribution centre, an unknown branch and roles without the privilege', async () => {
    expect((await close(recepcion, { branchId: MEXICALI, date: today(MEXICALI), counted: {} })).statusCode).toBe(403);
    const dc = await close(admin, { branchId: CEDIS, date: today(CEDIS), counted: {} });
    expect(dc.statusCode).toBe(400);
    expect(dc.json().errors).toEqual([{ field: 'branchId', message: CLOSING_MESSAGES.distributionCenter }]);
    expect((await close(admin, { branchId: demoId('branch:none'), date: day, counted: {} })).statusCode).toBe(404);
    expect((await close(operativo, { branchId: TIJUANA, date: day, counted: {} })).statusCode).toBe(403);
    expect((await close(medico, { branchId: TIJUANA, date: day, counted: {} })).statusCode).toBe(403);
  });

  it('closes blind: stores the count, who and when, and answers expected, counted and the difference per currency', async () => {
    const expected = byHand();
    const res = await close(recepcion, {
      branchId: TIJUANA,
      date: day,
      counted: { MXN: { '500': 2, '20': 1, '0.5': 3, '100': 0 }, USD: { '20': 1, '1': 2 } },
      comments: 'Corte de la tarde',
    });
    expect(res.statusCode, res.body).toBe(201);
    const c = res.json();
    expect(c.dailyCashClosingNumber).toMatch(/^CC-\d{6}$/);
    expect(c).toMatchObject({
      branchId: TIJUANA,
      date: day,
      automatic: false,
      userName: 'Paola Serrano Beltrán',
      counted: { MXN: { '500': 2, '20': 1, '0.5': 3 }, USD: { '20': 1, '1': 2 } },
      countedTotals: { MXN: 1021.5, USD: 22 },
      comments: 'Corte de la tarde',
    });
    const drawer = FLOAT + expected.cashTotal - expected.refundCash;
    expect(c.openingFloat).toBe(FLOAT / 100);
    expect(c.expected).toEqual({ MXN: drawer / 100, USD: c.cashTotalDollars });
    expect(cents(c.difference.MXN)).toBe(102_150 - drawer);
    expect(cents(c.difference.USD)).toBe(2200 - cents(c.cashTotalDollars));
    expect(cents(c.total)).toBe(expected.total);
    const [stored] = await rows<{ user_id: string; created_at: Date; counted_cash: string; difference_cash: string; opening_float: string }>(
      sql`select user_id, created_at, counted_cash, difference_cash, opening_float from daily_cash_closings where id = ${c.id}`,
    );
    expect(cents(stored!.opening_float)).toBe(FLOAT);
    expect(stored!.user_id).toBe(demoId('user:recepcion.tijuana@demo.mx'));
    expect(Date.now() - new Date(stored!.created_at).getTime()).toBeLessThan(60_000);
    expect(cents(stored!.difference_cash)).toBe(102_150 - drawer);
    const log = await rows<{ module: string; action: string; order_number: string; user_id: string }>(
      sql`select module, action, order_number, user_id from change_log where entity_id = ${c.id}`,
    );
    expect(log).toEqual([
      { module: 'cash_closing', action: 'cerrar', order_number: c.dailyCashClosingNumber, user_id: demoId('user:recepcion.tijuana@demo.mx') },
    ]);
    // the X report of a closed day is the closing
    const x = (await preview(operativo, TIJUANA, day)).json();
    expect(x).toMatchObject({ closedBy: 'Paola Serrano Beltrán', total: c.total, cashTotal: c.cashTotal });
  });

  it('keeps the float a closed day counted when the setting changes; an open day takes the new one', async () => {
    const settings = (await admin({ method: 'GET', url: '/v1/setting' })).json();
    const put = (openingFloat: Record<string, number>) =>
      admin({
        method: 'PUT',
        url: `/v1/setting/${settings.id}/update`,
        payload: { exchangeRate: settings.exchangeRate, paymentProcessType: settings.paymentProcessType, openingFloat },
      });
    expect((await put({ [TIJUANA]: 1500.55 })).statusCode).toBe(200);
    try {
      const closed = (await preview(operativo, TIJUANA, day)).json();
      expect(closed.openingFloat).toBe(FLOAT / 100);
      const open = (await preview(operativo, TIJUANA, nextDay(day))).json();
      expect(open.openingFloat).toBe(1500.55);
      expect(open.expected.MXN).toBe(Math.round((1500.55 + open.cashTotal - open.refundCash) * 100) / 100);
    } finally {
      expect((await put({ [TIJUANA]: FLOAT / 100 })).statusCode).toBe(200);
    }
  });

  it('says whether the day is closed to whoever counts, before the count, with no amounts', async () => {
    const status = (caller: Caller, branchId: string, date: string) =>
      caller({ method: 'GET', url: `/v1/daily-cash-closing/status?branchId=${branchId}&date=${date}` });
    const closed = await status(recepcion, TIJUANA, day);
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await rows<{ closing_number: string; created_at: Date }>(
      sql`select closing_number, created_at from daily_cash_closings where branch_id = ${TIJUANA} and business_date = ${day} and deleted_at is null`,
    );
    expect(closed.json()).toEqual({
      branchId: TIJUANA,
      date: day,
      closed: true,
      dailyCashClosingNumber: row!.closing_number,
      closedBy: 'Paola Serrano Beltrán',
      closedAt: new Date(row!.created_at).toISOString(),
    });
    expect((await status(gerente, TIJUANA, nextDay(day))).json()).toMatchObject({
      closed: false,
      dailyCashClosingNumber: null,
      closedBy: null,
      closedAt: null,
    });
    // an automatic closing of the demo
    const [auto] = await rows<{ business_date: string }>(
      sql`select business_date::text from daily_cash_closings where branch_id = ${TIJUANA} and user_id is null and deleted_at is null limit 1`,
    );
    expect((await status(recepcion, TIJUANA, auto!.business_date)).json()).toMatchObject({ closed: true, closedBy: AUTOMATIC_LABEL });
    expect((await status(recepcion, MEXICALI, day)).statusCode).toBe(403);
    expect((await status(operativo, TIJUANA, day)).statusCode).toBe(403);
    expect((await status(medico, TIJUANA, day)).statusCode).toBe(403);
    expect((await status(recepcion, TIJUANA, 'ayer')).statusCode).toBe(400);
    expect((await status(admin, CEDIS, day)).json().errors).toEqual([{ field: 'branchId', message: CLOSING_MESSAGES.distributionCenter }]);
  });

  it('refuses a second closing of the branch-day with 409', async () => {
    const again = await close(gerente, { branchId: TIJUANA, date: day, counted: {} });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CLOSING_EXISTS');
  });

  it("puts a sale made after the close on the next day's closing, leaving the closed day as it was", async () => {
    const before = (await preview(operativo, TIJUANA, day)).json();
    const late = await sellProduct(TIJUANA, [{ method: 'Efectivo', amount: Number(product.sale_price) + 0.5, currency: 'MXN' }], recepcion);
    expect(await paymentDays(late.id)).toEqual([nextDay(day)]);
    const next = (await preview(operativo, TIJUANA, nextDay(day))).json();
    expect(next).toMatchObject({ cashTotal: Number(product.sale_price), productCashTotal: Number(product.sale_price), total: late.total, closedBy: null });
    expect((await preview(operativo, TIJUANA, day)).json()).toEqual(before);
    const [recomputed] = await closingInputsByDay(t.ctx.db, { branchId: TIJUANA, date: day });
    expect(closingTotals(recomputed!.rows, recomputed!.changes).total).toBe(cents(before.total));
  });
});

describe('two closings of one branch-day at once', () => {
  it('leaves one closing (the lock and the unique index), the others 409', async () => {
    await sellTreatment(MEXICALI, [{ method: 'Efectivo', amount: Number(treatment.price), currency: 'MXN' }]);
    const day = today(MEXICALI);
    const answers = await Promise.all(Array.from({ length: 5 }, () => close(admin, { branchId: MEXICALI, date: day, counted: { MXN: { '1000': 1 } } })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const live = await rows(sql`select id from daily_cash_closings where branch_id = ${MEXICALI} and business_date = ${day} and deleted_at is null`);
    expect(live).toHaveLength(1);
  });
});

describe('the closing stamped once it holds the branch lock', () => {
  it('is later than a sale that committed while it waited, and counts that sale', async () => {
    const sale = await sellTreatment(GUADALAJARA, [{ method: 'Efectivo', amount: Number(treatment.price), currency: 'MXN' }]);
    const day = today(GUADALAJARA);
    const actor = await actorOfUsername(t.ctx.db, 'admin@demo.mx');
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let holding = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    // a sale in progress at the branch holds its lock shared, as the intake does, and commits while the closing waits
    const inProgress = t.ctx.db.transaction(async (tx) => {
      await lockBranchDay(tx, GUADALAJARA, 'shared');
      holding();
      await gate;
      const [row] = (
        (await tx.execute(sql`insert into sale_payments (order_kind, order_id, branch_id, business_date, kind, method, currency, amount, amount_mxn, created_at)
          values ('order', ${sale.id}, ${GUADALAJARA}, ${day}, 'payment', 'Efectivo', 'MXN', 123.45, 123.45, clock_timestamp()) returning created_at`)) as unknown as {
          rows: { created_at: Date | string }[];
        }
      ).rows;
      return new Date(row!.created_at);
    });
    await held;
    // the service itself, past the sign-in check (on PGlite that check would wait for the sale too): the closing starts now
    const closing = createClosing(t.ctx, actor, { branchId: GUADALAJARA, date: day, counted: { MXN: { '1000': 1 }, USD: {} } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    const paidAt = await inProgress;
    const c = await closing;
    expect(c.cashTotal).toBe((cents(sale.total) + 12_345) / 100);
    expect(c.created_at.getTime()).toBeGreaterThanOrEqual(paidAt.getTime());
    const [stored] = await rows<{ created_at: Date | string }>(sql`select created_at from daily_cash_closings where id = ${c.id}`);
    expect(new Date(stored!.created_at).getTime()).toBeGreaterThanOrEqual(paidAt.getTime());
  });
});

describe('the nightly job', () => {
  it("closes after the branch's midnight, as Automático, only the days with payments or refunds nobody closed", async () => {
    const sale = await sellProduct(ENSENADA, [{ method: 'Efectivo', amount: Number(product.sale_price), currency: 'MXN' }]);
    const day = today(ENSENADA);
    const zone = zones.get(ENSENADA)!;
    const closingsOf = (branchId: string) =>
      rows<{ user_id: string | null; counted: unknown; cash_total: string; product_total: string; business_date: string }>(
        sql`select user_id, counted, cash_total, product_total, business_date::text from daily_cash_closings where branch_id = ${branchId} and business_date >= ${day}`,
      );
    // still the same day at the branch: nothing to close
    await closeUnclosedDays(t.ctx.db, zonedInstant(zone, day, 23 * 60 + 59));
    expect(await closingsOf(ENSENADA)).toEqual([]);
    const afterMidnight = zonedInstant(zone, nextDay(day), 30);
    await closeUnclosedDays(t.ctx.db, afterMidnight);
    // the day's X report as the job found it: this sale, and the demo's own sales of the day when it was loaded late enough
    const xReport = await previewClosing(t.ctx, await actorOfUsername(t.ctx.db, 'admin@demo.mx'), { branchId: ENSENADA, date: day });
    expect(cents(xReport.productTotal)).toBeGreaterThanOrEqual(cents(sale.total));
    expect(await closingsOf(ENSENADA)).toEqual([
      { user_id: null, counted: null, cash_total: xReport.cashTotal.toFixed(2), product_total: xReport.productTotal.toFixed(2), business_date: day },
    ]);
    // CDMX, an hour or two ahead: its day is closed once (by the demo when it was loaded after CDMX's midnight, else by
    // the job) when the demo, loaded late enough in the day, already sold there that day
    const [cdmxPaid] = await rows<{ n: number }>(sql`select count(*)::int as n from sale_payments where branch_id = ${CDMX} and business_date = ${day}`);
    const cdmxClosed = (await closingsOf(CDMX)).filter((c) => c.business_date === day);
    expect(cdmxClosed).toHaveLength(cdmxPaid!.n ? 1 : 0);
    // run again: nothing more
    expect(await closeUnclosedDays(t.ctx.db, afterMidnight)).toBe(0);
    const [log] = await rows<{ action: string; user_id: string | null }>(
      sql`select l.action, l.user_id from change_log l join daily_cash_closings c on c.id = l.entity_id where c.branch_id = ${ENSENADA} and c.business_date = ${day}`,
    );
    expect(log).toEqual({ action: 'cerrar automáticamente', user_id: null });
    // a person can no longer close it
    expect((await close(admin, { branchId: ENSENADA, date: day, counted: {} })).statusCode).toBe(409);
  });
});

describe('the closings lists', () => {
  it('lists the closings with the user or Automático, filtered by branch and dates, and exports CSV', async () => {
    const day = today(ENSENADA);
    const res = await admin({ method: 'GET', url: `/v1/daily-cash-closing?branchId=${ENSENADA}&startDate=${day}&endDate=${day}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(1);
    expect(res.json().items[0]).toMatchObject({ userName: AUTOMATIC_LABEL, user: null, counted: null, difference: null, branch: { id: ENSENADA } });
    const tj = (await admin({ method: 'GET', url: `/v1/daily-cash-closing?branchId=${TIJUANA}&startDate=${today(TIJUANA)}&endDate=${today(TIJUANA)}` })).json();
    expect(tj.items.map((c: { userName: string }) => c.userName)).toEqual(['Paola Serrano Beltrán']);
    const demo = (
      await admin({ method: 'GET', url: `/v1/daily-cash-closing?branchId=${TIJUANA}&startDate=${THREE_WEEKS_AGO}&endDate=${YESTERDAY}&take=all` })
    ).json();
    // every closing the demo wrote for those three weeks, and some there are (how many days had sales moves with the hour
    // the demo is loaded at: its history runs up to that moment)
    const [stored] = await rows<{ n: number }>(
      sql`select count(*)::int as n from daily_cash_closings where branch_id = ${TIJUANA} and business_date between ${THREE_WEEKS_AGO} and ${YESTERDAY}`,
    );
    expect(stored!.n).toBeGreaterThan(0);
    expect(demo.items).toHaveLength(stored!.n);
    expect(demo.items.every((c: { date: string }) => c.date >= THREE_WEEKS_AGO && c.date <= YESTERDAY)).toBe(true);
    const csv = await admin({ method: 'GET', url: `/v1/daily-cash-closing?format=csv&branchId=${ENSENADA}&startDate=${day}&endDate=${day}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(
      'Número,Sucursal,Usuario,Efectivo,Dólares,Diferencia,Diferencia en dólares,Tarjeta de crédito,Tarjeta de débito,Puntos,Devoluciones,Total,Fecha',
    );
    expect(csv.body).toContain(AUTOMATIC_LABEL);
  });

  it("carries each closing's difference and sorts and exports by it", async () => {
    const query = `branchId=${TIJUANA}&startDate=${THREE_WEEKS_AGO}&endDate=${today(TIJUANA)}&take=all`;
    const all = (await admin({ method: 'GET', url: `/v1/daily-cash-closing?${query}` })).json().items as {
      dailyCashClosingNumber: string;
      automatic: boolean;
      difference: { MXN: number; USD: number } | null;
      expected: { MXN: number };
      countedTotals: { MXN: number } | null;
    }[];
    for (const c of all) {
      if (c.automatic) expect(c.difference).toBeNull();
      else expect(cents(c.difference!.MXN)).toBe(cents(c.countedTotals!.MXN) - cents(c.expected.MXN));
    }
    const counted = all.filter((c) => c.difference);
    expect(counted.some((c) => c.difference!.MXN !== 0)).toBe(true);
    const sorted = await admin({ method: 'GET', url: `/v1/daily-cash-closing?${query}&field=difference&order=ASC` });
    expect(sorted.statusCode, sorted.body).toBe(200);
    const pesos = (sorted.json().items as typeof all).filter((c) => c.difference).map((c) => c.difference!.MXN);
    expect(pesos).toEqual([...pesos].sort((a, b) => a - b));
    const shortest = counted.reduce((a, b) => (b.difference!.MXN < a.difference!.MXN ? b : a));
    const csv = (await admin({ method: 'GET', url: `/v1/daily-cash-closing?format=csv&${query}&field=difference&order=ASC` })).body;
    const line = csv.split('\n').find((l) => l.startsWith(shortest.dailyCashClosingNumber))!;
    expect(line).toContain(formatMoney(shortest.difference!.MXN));
  });

  it('lists the product part and the detail of a branch and date', async () => {
    const day = today(TIJUANA);
    const products = (await admin({ method: 'GET', url: `/v1/daily-cash-closing-cash?branchId=${TIJUANA}&startDate=${day}&endDate=${day}` })).json();
    expect(products.items).toHaveLength(1);
    const x = (await operativo({ method: 'GET', url: `/v1/daily-cash-closing/preview?branchId=${TIJUANA}&date=${day}` })).json();
    expect(products.items[0]).toMatchObject({
      cashTotal: x.productCashTotal,
      cashTotalDollars: x.productCashTotalDollars,
      refundCash: x.productRefundCash,
      total: x.productTotal,
      userName: 'Paola Serrano Beltrán',
    });
    expect(products.items[0].dailyCashClosignCashNumber).toMatch(/^CC-/);
    const csv = await admin({ method: 'GET', url: `/v1/daily-cash-closing-cash?format=csv&branchId=${TIJUANA}&startDate=${day}&endDate=${day}` });
    expect(csv.body).toContain('Sucursal,Efectivo,Devoluciones,Total,Fecha,Usuario');
    const detail = (await admin({ method: 'GET', url: `/v1/daily-cash-closing/branch?branchId=${TIJUANA}&date=${day}&take=5` })).json();
    expect(detail.meta).toMatchObject({ itemCount: 1, take: 5 });
    expect(detail.items[0]).toMatchObject({
      branchId: TIJUANA,
      date: day,
      cashTotal: x.cashTotal,
      cashTotalDollars: x.cashTotalDollars,
      refundCash: x.refundCash,
      total: x.total,
      userName: 'Paola',
      userLastName: 'Serrano',
      userFullName: 'Paola Serrano Beltrán',
    });
    expect((await admin({ method: 'GET', url: `/v1/daily-cash-closing/branch?branchId=${TIJUANA}` })).statusCode).toBe(400);
  });

  it('keeps a branch-bound reader to its own branch and refuses roles without cash_closing', async () => {
    const mine = (await gerente({ method: 'GET', url: `/v1/daily-cash-closing?startDate=${THREE_WEEKS_AGO}&endDate=${YESTERDAY}&take=all` })).json();
    expect(new Set(mine.items.map((c: { branchId: string }) => c.branchId))).toEqual(new Set([TIJUANA]));
    expect((await gerente({ method: 'GET', url: `/v1/daily-cash-closing?branchId=${MEXICALI}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/daily-cash-closing-cash?branchId=${MEXICALI}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/daily-cash-closing/branch?branchId=${MEXICALI}&date=${YESTERDAY}` })).statusCode).toBe(403);
    expect((await recepcion({ method: 'GET', url: '/v1/daily-cash-closing-cash' })).statusCode).toBe(200);
    for (const url of ['/v1/daily-cash-closing', '/v1/daily-cash-closing-cash', `/v1/daily-cash-closing/branch?branchId=${TIJUANA}&date=${YESTERDAY}`])
      expect((await medico({ method: 'GET', url })).statusCode).toBe(403);
  });
});
