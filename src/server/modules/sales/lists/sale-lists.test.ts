import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { saleListMessages } from '../../../../domain/sale-lists.contract';
import { toCents } from '../../../../domain/money';
import { demoId } from '../../../db/demo/random';
import { cashOrderDetails, cashOrders, orderDetails, orders, salePayments } from '../../../db/schema';
import { queryRows, searchParam, useTestApp, type Caller } from '../../../testing/harness';

const { t, admin, gerente, franquicia, operativo, cosmetologa, logistica } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  franquicia: 'franquicia@demo.mx',
  operativo: 'operativo@demo.mx',
  cosmetologa: 'cosmetologa@demo.mx',
  logistica: 'logistica@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
/** A business day no demo sale has: every sale on it is one of this file's. */
const DAY = '2031-03-14';
const days = `startDate=${DAY}&endDate=${DAY}`;
const c = (pesos: number) => toCents(pesos);

interface Fixture {
  customer: string;
  otherCustomer: string;
  sellerTij: string;
  sellerTij2: string;
  sellerMxl: string;
  coupon: { id: string; name: string };
  treatment: string;
  product: string;
}
const f = {} as Fixture;
const ids: Record<string, string> = {};

type SaleInsert = typeof orders.$inferInsert;

function head(orderNumber: string, extra: Partial<SaleInsert>): SaleInsert {
  return {
    orderNumber,
    branchId: TIJUANA,
    customerId: f.customer,
    sellerId: f.sellerTij,
    channel: 'pos',
    subtotal: c(100),
    total: c(100),
    paymentMethod: 'Efectivo',
    paymentStatus: 'paid',
    businessDate: DAY,
    createdAt: new Date(`${DAY}T18:30:00Z`),
    ...extra,
  };
}

interface Tender {
  method: string;
  amount: number;
  currency?: 'MXN' | 'USD';
  rate?: number;
  mxn?: number;
  kind?: 'payment' | 'refund';
  reference?: string;
}

async function pay(orderKind: 'order' | 'cashOrder', orderId: string, branchId: string, tenders: Tender[]) {
  await t.ctx.db
    .insert(salePayments)
    .values(
      tenders.map((p) => ({
        orderKind,
        orderId,
        branchId,
        businessDate: DAY,
        kind: p.kind ?? 'payment',
        method: p.method,
        currency: p.currency ?? 'MXN',
        amount: c(p.amount),
        exchangeRate: p.rate ?? 1,
        amountMxn: c(p.mxn ?? p.amount),
        reference: p.reference ?? null,
      })),
    );
}

async function insertOrder(key: string, row: SaleInsert, tenders: Tender[] = []) {
  const [o] = await t.ctx.db.insert(orders).values(row).returning({ id: orders.id });
  ids[key] = o!.id;
  await t.ctx.db.insert(orderDetails).values({ orderId: o!.id, treatmentId: f.treatment, quantity: 2, salePrice: c(580.25), price: c(650) });
  if (tenders.length) await pay('order', o!.id, row.branchId, tenders);
}

async function insertCashOrder(key: string, row: SaleInsert, tenders: Tender[] = []) {
  const [o] = await t.ctx.db.insert(cashOrders).values(row).returning({ id: cashOrders.id });
  ids[key] = o!.id;
  await t.ctx.db.insert(cashOrderDetails).values({ cashOrderId: o!.id, productId: f.product, quantity: 1, salePrice: row.total, price: row.subtotal });
  if (tenders.length) await pay('cashOrder', o!.id, row.branchId, tenders);
}

const one = <T>(rows: T[]) => rows[0]!;

beforeAll(async () => {
  const customers = await queryRows<{ id: string }>(t, sql`select id from customers where deleted_at is null order by customer_number limit 2`);
  f.customer = customers[0]!.id;
  f.otherCustomer = customers[1]!.id;
  const seller = (branchId: string, offset = 0) =>
    queryRows<{ id: string }>(
      t,
      sql`select id from users where main_branch_id = ${branchId} and status = 'activo' and deleted_at is null order by username offset ${offset} limit 1`,
    ).then((r) => one(r).id);
  f.sellerTij = await seller(TIJUANA);
  f.sellerTij2 = await seller(TIJUANA, 1);
  f.sellerMxl = await seller(MEXICALI);
  f.coupon = one(await queryRows<{ id: string; name: string }>(t, sql`select id, name from coupons order by code limit 1`));
  f.treatment = one(await queryRows<{ id: string }>(t, sql`select id from treatments order by sku limit 1`)).id;
  f.product = one(await queryRows<{ id: string }>(t, sql`select id from products order by sku limit 1`)).id;

  // a split payment (cash and card) with a coupon and points
  await insertOrder(
    'split',
    head('POS-TST-000001', {
      subtotal: c(1300),
      discountTotal: c(139.5),
      taxes: c(160.07),
      total: c(1160.5),
      couponId: f.coupon.id,
      points: 11,
      pointsRedeemed: 5,
      paymentMethod: 'Mixto',
    }),
    [
      { method: 'Efectivo', amount: 500 },
      { method: 'Tarjeta de crédito', amount: 660.5, reference: 'AUT123456' },
    ],
  );
  // paid in dollars with change, then refunded in cash
  await insertOrder(
    'dollars',
    head('POS-TST-000002', {
      subtotal: c(99.99),
      total: c(99.99),
      taxes: c(13.79),
      change: c(75.01),
      points: 1,
      sellerId: f.sellerTij2,
      customerId: f.otherCustomer,
      refundedAt: new Date(`${DAY}T20:00:00Z`),
      refundBusinessDate: DAY,
      refundMethod: 'Efectivo',
      refundReason: 'El cliente cambió de opinión',
    }),
    [
      { method: 'Efectivo', currency: 'USD', amount: 10, rate: 17.5, mxn: 175 },
      { method: 'Efectivo', amount: -99.99, kind: 'refund' },
    ],
  );
  await insertOrder(
    'app',
    head('APP-TST-000003', {
      channel: 'app',
      total: c(500),
      subtotal: c(500),
      paymentMethod: 'Tarjeta de débito',
      paymentStatus: 'pending_payment',
      sellerId: null,
    }),
  );
  await insertOrder('mexicali', head('POS-TST-000004', { branchId: MEXICALI, sellerId: f.sellerMxl, total: c(200), subtotal: c(200) }), [
    { method: 'Efectivo', amount: 200 },
  ]);

  await insertCashOrder('cash', head('CAJ-TST-000005', { subtotal: c(348), taxes: c(48), total: c(348), paymentMethod: 'Tarjeta de débito' }), [
    { method: 'Tarjeta de débito', amount: 348 },
  ]);
  await insertCashOrder(
    'cashRefunded',
    head('CAJ-TST-000006', {
      total: c(50),
      subtotal: c(50),
      refundedAt: new Date(`${DAY}T21:00:00Z`),
      refundMethod: 'Puntos',
      refundReason: 'Producto dañado',
    }),
    [
      { method: 'Efectivo', amount: 50 },
      { method: 'Puntos', amount: -50, kind: 'refund' },
    ],
  );
  await insertCashOrder('cashOnline', head('WEB-TST-000007', { channel: 'online', total: c(75), subtotal: c(75), paymentMethod: 'Tarjeta de crédito' }), [
    { method: 'Tarjeta de crédito', amount: 75 },
  ]);
});

const get = (caller: Caller, url: string) => caller({ method: 'GET', url });
const numbers = (res: { json(): { items: { orderNumber: string }[] } }) =>
  res
    .json()
    .items.map((i) => i.orderNumber)
    .sort();

describe('GET /v1/order and /v1/cash-order', () => {
  it('lists a channel with the Order fields and the totals of every filtered row', async () => {
    const res = await get(admin, `/v1/order?saleType=POS&${days}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(numbers(res)).toEqual(['POS-TST-000001', 'POS-TST-000002', 'POS-TST-000004']);
    expect(body.totals).toEqual({ total: 1460.49, subtotal: 1599.99, taxes: 173.86, discountTotal: 139.5, points: 12, pointsRedeemed: 5 });
    const split = body.items.find((i: { orderNumber: string }) => i.orderNumber === 'POS-TST-000001');
    expect(split).toMatchObject({
      channel: 'pos',
      branch: { id: TIJUANA },
      seller: { id: f.sellerTij },
      customer: { id: f.customer },
      coupon: f.coupon,
      discountTotal: 139.5,
      points: 11,
      total: 1160.5,
      paymentMethod: 'Mixto',
      paymentStatus: 'paid',
      refundedAt: null,
      status: 'Venta',
      businessDate: DAY,
    });
    const refunded = body.items.find((i: { orderNumber: string }) => i.orderNumber === 'POS-TST-000002');
    expect(refunded).toMatchObject({ status: 'Devolución', refundMethod: 'Efectivo', refundReason: 'El cliente cambió de opinión' });
  });

  it('keeps the totals of all rows when the page shows one', async () => {
    const res = await get(admin, `/v1/order?saleType=POS&${days}&take=1&page=2&field=total&order=DESC`);
    const body = res.json();
    expect(body.items.map((i: { total: number }) => i.total)).toEqual([200]);
    expect(body.meta).toMatchObject({ itemCount: 3, page: 2, take: 1 });
    expect(body.totals.total).toBe(1460.49);
  });

  it('filters by branch, payment method (any tender), payment status, seller, customer, status and search', async () => {
    expect(numbers(await get(admin, `/v1/order?saleType=POS&${days}&branchId=${TIJUANA}`))).toEqual(['POS-TST-000001', 'POS-TST-000002']);
    expect(numbers(await get(admin, `/v1/order?${days}&paymentMethod=${encodeURIComponent('Tarjeta de crédito')}`))).toEqual(['POS-TST-000001']);
    // the split sale paid part in cash: it matches Efectivo too
    expect(numbers(await get(admin, `/v1/order?${days}&paymentMethod=Efectivo`))).toEqual(['POS-TST-000001', 'POS-TST-000002', 'POS-TST-000004']);
    // an unpaid app sale has no tender yet: its own method tells
    expect(numbers(await get(admin, `/v1/order?${days}&paymentMethod=${encodeURIComponent('Tarjeta de débito')}`))).toEqual(['APP-TST-000003']);
    expect(numbers(await get(admin, `/v1/order?saleType=App&${days}&paymentStatus=pending_payment`))).toEqual(['APP-TST-000003']);
    expect(numbers(await get(admin, `/v1/order?${days}&sellerId=${f.sellerTij2}`))).toEqual(['POS-TST-000002']);
    expect(numbers(await get(admin, `/v1/order?${days}&customerId=${f.otherCustomer}`))).toEqual(['POS-TST-000002']);
    expect(numbers(await get(admin, `/v1/order?${days}&status=${encodeURIComponent('Devolución')}`))).toEqual(['POS-TST-000002']);
    expect(numbers(await get(admin, `/v1/order?${days}&search=${searchParam('tst-000004', 'orderNumber')}`))).toEqual(['POS-TST-000004']);
    const filtered = await get(admin, `/v1/order?${days}&sellerId=${f.sellerTij2}`);
    expect(filtered.json().totals).toMatchObject({ total: 99.99, points: 1 });
  });

  it("with a branch and days, finds a method among those days' tenders, a tender on the next cash day included", async () => {
    const card = encodeURIComponent('Tarjeta de crédito');
    const cardTender = sql`order_id = ${ids.split} and method = 'Tarjeta de crédito'`;
    expect(numbers(await get(admin, `/v1/order?${days}&branchId=${TIJUANA}&paymentMethod=${card}`))).toEqual(['POS-TST-000001']);
    expect(numbers(await get(admin, `/v1/order?${days}&branchId=${TIJUANA}&paymentMethod=Efectivo`))).toEqual(['POS-TST-000001', 'POS-TST-000002']);
    // a sale made after its day was closed: its tenders count on the next cash day, and the sale still on its own day
    await t.ctx.db.execute(sql`update sale_payments set business_date = ${DAY}::date + 1 where ${cardTender}`);
    try {
      expect(numbers(await get(admin, `/v1/order?${days}&branchId=${TIJUANA}&paymentMethod=${card}`))).toEqual(['POS-TST-000001']);
    } finally {
      await t.ctx.db.execute(sql`update sale_payments set business_date = ${DAY}::date where ${cardTender}`);
    }
  });

  it('reads the business day range, not the instant', async () => {
    expect(numbers(await get(admin, `/v1/order?saleType=POS&startDate=2031-03-15&endDate=2031-03-20`))).toEqual([]);
    expect(numbers(await get(admin, `/v1/order?saleType=POS&startDate=2031-03-10&endDate=${DAY}`))).toHaveLength(3);
  });

  it('lists product sales with subtotal and IVA', async () => {
    const res = await get(admin, `/v1/cash-order?saleType=POS&${days}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(numbers(res)).toEqual(['CAJ-TST-000005', 'CAJ-TST-000006']);
    expect(res.json().items.find((i: { orderNumber: string }) => i.orderNumber === 'CAJ-TST-000005')).toMatchObject({ subtotal: 348, taxes: 48, total: 348 });
    expect(res.json().totals).toMatchObject({ total: 398, taxes: 48 });
    expect(numbers(await get(admin, `/v1/cash-order?${days}&saleType=online`))).toEqual(['WEB-TST-000007']);
  });

  it('refuses bad filters with 400', async () => {
    for (const q of ['saleType=Tienda', 'paymentMethod=Cheque', 'paymentStatus=paid2', 'branchId=nope', 'startDate=2031-02-30', 'status=Otro']) {
      const res = await get(admin, `/v1/order?${q}`);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it('exports the filtered rows as CSV', async () => {
    const res = await get(admin, `/v1/cash-order?saleType=POS&${days}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toContain('Orden,Vendedor,Cliente,Sucursal,Fecha,Subtotal,IVA,Descuento');
    expect(lines).toHaveLength(3);
    expect(res.body).toContain('Devolución');
    expect(res.body).toContain(',$348.00,$48.00,');
  });

  it('reads the demo sales with their totals', async () => {
    const res = await get(admin, `/v1/order?saleType=POS&startDate=2026-01-01&endDate=2026-03-31&take=5`);
    const body = res.json();
    expect(body.meta.itemCount).toBeGreaterThan(5);
    expect(body.totals.total).toBeGreaterThan(0);
    for (const s of body.items) expect(s.status).toBe(s.refundedAt ? 'Devolución' : 'Venta');
  });
});

describe('privileges and branches', () => {
  it('limits a branch-bound role to its own branch', async () => {
    expect(numbers(await get(gerente, `/v1/order?saleType=POS&${days}`))).toEqual(['POS-TST-000001', 'POS-TST-000002']);
    expect((await get(gerente, `/v1/order?${days}`)).json().totals.total).toBe(1760.49);
    expect((await get(gerente, `/v1/order?branchId=${MEXICALI}`)).statusCode).toBe(403);
    expect((await get(gerente, `/v1/order/${ids.mexicali}`)).statusCode).toBe(403);
    expect((await get(gerente, `/v1/order/${ids.split}`)).statusCode).toBe(200);
    // a franchisee of Monterrey sees none of them
    expect(numbers(await get(franquicia, `/v1/order?${days}`))).toEqual([]);
    expect((await get(franquicia, `/v1/cash-order/${ids.cash}`)).statusCode).toBe(403);
    // a role not bound to a branch sees every branch
    expect(numbers(await get(operativo, `/v1/order?saleType=POS&${days}`))).toHaveLength(3);
  });

  it('needs sales.show for lists and details and sales.view for tickets', async () => {
    for (const caller of [cosmetologa, logistica]) {
      expect((await get(caller, `/v1/order?saleType=POS`)).statusCode).toBe(403);
      expect((await get(caller, `/v1/cash-order/${ids.cash}`)).statusCode).toBe(403);
      expect((await get(caller, `/v1/order/${ids.split}/ticket`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/order/${ids.split}/ticket` })).statusCode).toBe(401);
  });
});

describe('GET /v1/{order|cash-order}/{id}', () => {
  it('answers the lines, the payments with their rate and the refunds', async () => {
    const res = await get(admin, `/v1/order/${ids.dollars}`);
    expect(res.statusCode, res.body).toBe(200);
    const sale = res.json();
    expect(sale.details).toEqual([
      expect.objectContaining({ kind: 'treatment', itemId: f.treatment, quantity: 2, salePrice: 580.25, price: 650, amount: 1160.5 }),
    ]);
    expect(sale.payments).toEqual([
      expect.objectContaining({ kind: 'payment', method: 'Efectivo', currency: 'USD', amount: 10, exchangeRate: 17.5, amountMxn: 175 }),
    ]);
    expect(sale.refunds).toEqual([expect.objectContaining({ kind: 'refund', method: 'Efectivo', amount: -99.99, amountMxn: -99.99 })]);
    expect(sale).toMatchObject({ change: 75.01, status: 'Devolución' });
    const cash = (await get(admin, `/v1/cash-order/${ids.cash}`)).json();
    expect(cash.details).toEqual([expect.objectContaining({ kind: 'product', itemId: f.product, quantity: 1, salePrice: 348 })]);
  });

  it('answers 404 for an unknown sale or one of the other kind', async () => {
    expect((await get(admin, `/v1/order/${ids.cash}`)).statusCode).toBe(404);
    const res = await get(admin, `/v1/cash-order/00000000-0000-4000-8000-000000000000`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Venta no encontrada');
  });
});

describe('tickets', () => {
  it('prints an 80 mm receipt of a branch sale', async () => {
    const res = await get(gerente, `/v1/order/${ids.split}/ticket`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const [branch] = await queryRows<{ rfc: string; business_name: string; name: string }>(
      t,
      sql`select rfc, business_name, name from branches where id = ${TIJUANA}`,
    );
    for (const text of [
      '@page{size:80mm 297mm',
      branch!.name,
      branch!.rfc,
      'POS-TST-000001',
      // 18:30 UTC is 11:30 in Tijuana (PDT in March 2031)
      '14/03/2031, 11:30',
      '$1,160.50',
      '$1,300.00',
      '-$139.50',
      'Tarjeta de crédito',
      '$660.50',
      'Ref. AUT123456',
      f.coupon.name,
      'Puntos ganados: 11',
      'Puntos canjeados',
    ])
      expect(res.body, text).toContain(text.replace(/&/g, '&amp;'));
  });

  it('shows dollars with their rate and the change', async () => {
    const body = (await get(admin, `/v1/order/${ids.dollars}/ticket`)).body;
    expect(body).toContain('$10.00 USD');
    expect(body).toContain('T.C. $17.50 = $175.00');
    expect(body).toContain('Cambio');
    expect(body).toContain('$75.01');
  });

  it('prints the refund of a refunded sale', async () => {
    const res = await get(admin, `/v1/cash-order/${ids.cashRefunded}/ticket/refund`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).toContain('Ticket de devolución');
    expect(res.body).toContain('Producto dañado');
    expect(res.body).toContain('Puntos');
    expect(res.body).toContain('$50.00');
  });

  it('refuses app and online sales and the refund ticket of a sale not refunded', async () => {
    for (const url of [`/v1/order/${ids.app}/ticket`, `/v1/cash-order/${ids.cashOnline}/ticket`, `/v1/cash-order/${ids.cashOnline}/ticket/refund`]) {
      const res = await get(admin, url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(saleListMessages.ticketChannel);
    }
    const res = await get(admin, `/v1/order/${ids.split}/ticket/refund`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(saleListMessages.notRefunded);
    expect((await get(gerente, `/v1/order/${ids.mexicali}/ticket`)).statusCode).toBe(403);
  });
});

describe('PUT /v1/cash-order/{id}/update-seller', () => {
  const update = (caller: Caller, id: string, userId: string) => caller({ method: 'PUT', url: `/v1/cash-order/${id}/update-seller`, payload: { userId } });

  it('changes the seller to an active user of the branch and records the change', async () => {
    const res = await update(admin, ids.cash!, f.sellerTij2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().seller.id).toBe(f.sellerTij2);
    const log = await queryRows(t, sql`select module, action, order_number, before, after from change_log where entity_id = ${ids.cash}`);
    expect(log).toEqual([
      { module: 'sales', action: 'cambiar vendedor', order_number: 'CAJ-TST-000005', before: { sellerId: f.sellerTij }, after: { sellerId: f.sellerTij2 } },
    ]);
  });

  it('refuses a refunded sale with 409, a user of another branch with 400 and an unknown sale with 404', async () => {
    const refunded = await update(admin, ids.cashRefunded!, f.sellerTij2);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe(saleListMessages.sellerOnRefunded);
    const other = await update(admin, ids.cash!, f.sellerMxl);
    expect(other.statusCode).toBe(400);
    expect(other.json().errors).toEqual([{ field: 'userId', message: saleListMessages.sellerNotOfBranch }]);
    expect((await update(admin, '00000000-0000-4000-8000-000000000000', f.sellerTij)).statusCode).toBe(404);
    expect((await admin({ method: 'PUT', url: `/v1/cash-order/${ids.cash}/update-seller`, payload: {} })).statusCode).toBe(400);
  });

  it('needs sales.edit', async () => {
    // the franchisee and the cosmetologist do not hold it (the branch and operations managers do)
    expect((await update(franquicia, ids.cash!, f.sellerTij)).statusCode).toBe(403);
    expect((await update(cosmetologa, ids.cash!, f.sellerTij)).statusCode).toBe(403);
  });
});
