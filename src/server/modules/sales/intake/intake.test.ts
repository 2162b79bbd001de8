import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toCents } from '../../../../domain/money';
import { SALE_MESSAGES } from '../../../../domain/sales';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';

const { t, admin, recepcion, medico } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx', medico: 'medico@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let treatment: { id: string; price: string; points: number };
let pkg: { id: string; price: string; points: number };
let customerId = '';
let otherCustomerId = '';
let product: { id: string; sale_price: string; tax: number };
let keySeq = 0;
const key = () => `prueba-${Date.now()}-${++keySeq}`;

const sale = (caller: Caller, url: string, payload: Record<string, unknown>, idempotencyKey: string | null = key()) =>
  caller({ method: 'POST', url, payload, headers: idempotencyKey === null ? {} : { 'idempotency-key': idempotencyKey } });
const orderSale = (payload: Record<string, unknown>, k?: string | null, caller: Caller = recepcion) => sale(caller, '/v1/order/create', payload, k);
const cashSale = (payload: Record<string, unknown>, k?: string | null, caller: Caller = recepcion) => sale(caller, '/v1/cash-order/create', payload, k);
const cash = (amount: number) => ({ method: 'Efectivo', amount, currency: 'MXN' });

async function points(id: string) {
  const [c] = await rows<{ points: number; ledger: number }>(
    sql`select points, (select coalesce(sum(points), 0)::int from point_ledger where customer_id = ${id}) as ledger from customers where id = ${id}`,
  );
  return c!;
}

async function newLot(units: number, allotment: string, expiresAt = '2099-12-31') {
  return (await makeLot(t, { productId: product.id, branchId: TIJUANA, allotment, expiresAt, price: 100 }, units)).id;
}

beforeAll(async () => {
  [treatment] = await rows(sql`select id, price, points from treatments where active and deleted_at is null and price > 1000 order by sku limit 1`);
  [pkg] = await rows(sql`select p.id, p.price, p.points from packages p join package_branches pb on pb.package_id = p.id and pb.branch_id = ${TIJUANA}
    where p.type = 'Package' and p.active and p.deleted_at is null and not p.valid_by_time and (not p.valid_by_schedule or current_date between p.start_date and p.end_date)
      and 'Efectivo' = any(p.payment_type) and 'Tarjeta de débito' = any(p.payment_type) order by p.sku limit 1`);
  const customers = await rows<{ id: string }>(sql`select id from customers where deleted_at is null and active order by customer_number limit 2`);
  [customerId, otherCustomerId] = customers.map((c) => c.id) as [string, string];
  const adjusted = await admin({ method: 'POST', url: `/v1/customer/${customerId}/points/adjust`, payload: { points: 500, reason: 'Saldo para pruebas' } });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  [product] = await rows(
    sql`select id, sale_price, tax from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku limit 1`,
  );
  // this product's lots at Tijuana are only the ones the tests make
  await rows(sql`update product_stocks set deleted_at = now() where product_id = ${product.id} and branch_id = ${TIJUANA}`);
});

describe('POST /v1/order/create', () => {
  it('prices a package and a treatment from the catalogue, applies the coupon and the points, and settles split tenders with change', async () => {
    const coupon = await admin({
      method: 'POST',
      url: '/v1/coupon/create',
      payload: {
        code: `VENTA${keySeq}01`,
        name: 'Cupón venta',
        description: 'Prueba',
        branchesIds: [TIJUANA],
        limit: 5,
        type: 'Treatment',
        treatmentId: treatment.id,
        discount: 10,
        expireDate: '2099-12-31',
      },
    });
    expect(coupon.statusCode, coupon.body).toBe(201);
    const before = await points(customerId);
    const list = toCents(pkg.price) + toCents(treatment.price);
    const discount = Math.round(toCents(treatment.price) * 0.1);
    const due = list - discount - 200 * 100;
    const res = await orderSale({
      branchId: TIJUANA,
      customerId,
      couponCode: coupon.json().code,
      points: 200,
      items: [
        { packageId: pkg.id, quantity: 1, price: 1 },
        { treatmentId: treatment.id, quantity: 1 },
      ],
      payments: [{ method: 'Tarjeta de débito', amount: 1000, currency: 'MXN', reference: 'AUT123' }, cash((due - 100_000) / 100 + 50)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.orderNumber).toMatch(/^POS-\d{6}$/);
    expect(body).toMatchObject({ subtotal: list / 100, discountTotal: discount / 100, total: (list - discount) / 100, pointsRedeemed: 200, change: 50 });
    expect(body.payments.map((p: { method: string }) => p.method).sort()).toEqual(['Efectivo', 'Puntos', 'Tarjeta de débito']);
    expect(body.purchasedProducts.length).toBeGreaterThan(1);
    const after = await points(customerId);
    expect(after.points).toBe(before.points - 200 + body.points);
    expect(after.ledger).toBe(after.points);
    const [stored] = await rows<{ n: number; amount: string }>(
      sql`select count(*)::int as n, sum(amount_mxn)::text as amount from sale_payments where order_id = ${body.id} and kind = 'payment'`,
    );
    // the tenders plus the points add up to the total plus the change
    expect(toCents(stored!.amount)).toBe(list - discount + 50 * 100);
    expect(stored!.n).toBe(3);
    const [used] = await rows<{ used: number }>(sql`select used from coupons where code = ${coupon.json().code}`);
    expect(used!.used).toBe(1);
  });

  it('refuses a payment total that does not match, a card paying beyond the total, and points beyond the balance, writing nothing', async () => {
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    const item = [{ treatmentId: treatment.id, quantity: 1 }];
    const short = await orderSale({ branchId: TIJUANA, customerId, items: item, payments: [cash(Number(treatment.price) - 0.01)] });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([{ field: 'payments', message: SALE_MESSAGES.paymentsMismatch }]);
    const card = await orderSale({
      branchId: TIJUANA,
      customerId,
      items: item,
      payments: [{ method: 'Tarjeta de crédito', amount: Number(treatment.price) + 1, currency: 'MXN' }],
    });
    expect(card.json().errors).toEqual([{ field: 'payments', message: SALE_MESSAGES.cardOverpaid }]);
    const { points: balance } = await points(otherCustomerId);
    const tooMany = await orderSale({
      branchId: TIJUANA,
      customerId: otherCustomerId,
      points: balance + 1,
      items: item,
      payments: [cash(Number(treatment.price))],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('points');
    const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from orders`);
    expect(after!.n).toBe(before!.n);
  });

  it('answers a retried request with the first sale, also when both arrive together; another body with the key is 409', async () => {
    const k = key();
    const body = { branchId: TIJUANA, customerId, items: [{ treatmentId: treatment.id, quantity: 1 }], payments: [cash(Number(treatment.price))] };
    const [a, b] = await Promise.all([orderSale(body, k), orderSale(body, k)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await orderSale(body, k);
    expect(again.json().id).toBe(a.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const [n] = await rows<{ n: number; payments: number; ledger: number }>(
      sql`select count(*)::int as n, (select count(*)::int from sale_payments where order_id = ${a.json().id}) as payments,
        (select count(*)::int from point_ledger where order_number = ${a.json().orderNumber}) as ledger from orders where idempotency_key = ${k}`,
    );
    expect(n).toEqual({ n: 1, payments: 1, ledger: 1 });
    const other = await orderSale({ ...body, items: [{ treatmentId: treatment.id, quantity: 2 }], payments: [cash(Number(treatment.price) * 2)] }, k);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(SALE_MESSAGES.idempotencyReused);
    const missing = await orderSale(body, null);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'Idempotency-Key', message: SALE_MESSAGES.idempotencyKey });
  });

  it('never lets a coupon go beyond its limit under parallel sales', async () => {
    const code = `LIMITE${keySeq}`;
    const created = await admin({
      method: 'POST',
      url: '/v1/coupon/create',
      payload: {
        code,
        name: 'Límite uno',
        description: 'Prueba',
        branchesIds: [TIJUANA],
        limit: 1,
        type: 'Treatment',
        treatmentId: treatment.id,
        discount: 50,
        expireDate: '2099-12-31',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const price = toCents(treatment.price);
    const pay = cash((price - Math.round(price * 0.5)) / 100);
    const results = await Promise.all(
      [customerId, otherCustomerId].map((c) =>
        orderSale({ branchId: TIJUANA, customerId: c, couponCode: code, items: [{ treatmentId: treatment.id, quantity: 1 }], payments: [pay] }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().code).toBe('COUPON_EXHAUSTED');
  });

  it('a treatment coupon applies to a package that includes the treatment: its percent on one session at the package price', async () => {
    // a package or promotion offered now at Tijuana, its first treatment and that treatment's session price inside it
    const [inside] = await rows<{ package_id: string; price: string; name: string; treatment_id: string; treatment: string; session: string }>(
      sql`select p.id package_id, p.price, p.name, t.id treatment_id, t.name treatment, pt.promotion_price session
          from packages p join package_branches pb on pb.package_id = p.id and pb.branch_id = ${TIJUANA}
          join package_treatments pt on pt.package_id = p.id and pt.deleted_at is null join treatments t on t.id = pt.treatment_id
          where p.active and p.deleted_at is null and not p.valid_by_time and (not p.valid_by_schedule or current_date between p.start_date and p.end_date)
            and 'Efectivo' = any(p.payment_type) and pt.promotion_price > 0
          order by p.sku, pt.created_at limit 1`,
    );
    expect(inside, 'a package with a priced treatment at Tijuana').toBeDefined();
    const code = `PAQ${keySeq}CUP`;
    const created = await admin({
      method: 'POST',
      url: '/v1/coupon/create',
      payload: {
        code,
        name: 'Cupón del tratamiento',
        description: 'Prueba',
        branchesIds: [TIJUANA],
        limit: 5,
        type: 'Treatment',
        treatmentId: inside!.treatment_id,
        discount: 10,
        expireDate: '2099-12-31',
      },
    });
    expect(created.statusCode, created.body).toBe(201);

    // the point of sale's check quotes the session, not the treatment's catalogue price
    const quote = await recepcion({
      method: 'POST',
      url: '/v1/coupon/validate',
      payload: { code, customerId: otherCustomerId, branchId: TIJUANA, item: { type: 'Package', id: inside!.package_id } },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    const discount = Math.round(toCents(inside!.session) * 0.1);
    expect(quote.json()).toMatchObject({ price: Number(inside!.session), discountAmount: discount / 100 });

    const total = toCents(inside!.price) * 2 - discount;
    const res = await orderSale({
      branchId: TIJUANA,
      customerId: otherCustomerId,
      couponCode: code.toLowerCase(),
      items: [{ packageId: inside!.package_id, quantity: 2 }],
      payments: [cash(total / 100)],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ discountTotal: discount / 100, total: total / 100 });
    // one unit of the package carries the discount, the other its catalogue price
    expect(body.details.map((d: { quantity: number; salePrice: number }) => [d.quantity, d.salePrice])).toEqual([
      [1, (toCents(inside!.price) - discount) / 100],
      [1, Number(inside!.price)],
    ]);
    const [redeemed] = await rows<{ used: number; order_number: string }>(
      sql`select c.used, r.order_number from coupons c join coupon_redemptions r on r.coupon_id = c.id where c.code = ${code}`,
    );
    expect(redeemed).toEqual({ used: 1, order_number: body.orderNumber });
  });

  it('a coupon whose item is not in the sale is refused naming the item', async () => {
    const [other] = await rows<{ id: string; name: string }>(
      sql`select id, name from treatments where active and deleted_at is null and id <> ${treatment.id} and price > 0 order by sku limit 1`,
    );
    const code = `OTRO${keySeq}CUP`;
    const created = await admin({
      method: 'POST',
      url: '/v1/coupon/create',
      payload: {
        code,
        name: 'Otro',
        description: 'Prueba',
        branchesIds: [TIJUANA],
        limit: 5,
        type: 'Treatment',
        treatmentId: other!.id,
        discount: 10,
        expireDate: '2099-12-31',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const res = await orderSale({
      branchId: TIJUANA,
      customerId,
      couponCode: code,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [cash(Number(treatment.price))],
    });
    expect(res.statusCode).toBe(400);
    const message = SALE_MESSAGES.couponItemMissing(code, other!.name);
    expect(res.json()).toMatchObject({ code: 'COUPON_NOT_APPLICABLE', message, errors: [{ field: 'couponCode', message }] });
  });

  it('refuses roles without the point of sale and another branch for a branch-bound seller', async () => {
    const body = { branchId: TIJUANA, customerId, items: [{ treatmentId: treatment.id, quantity: 1 }], payments: [cash(Number(treatment.price))] };
    expect((await orderSale(body, key(), medico)).statusCode).toBe(403);
    expect((await orderSale({ ...body, branchId: MEXICALI }, key())).statusCode).toBe(403);
  });
});

describe('POST /v1/cash-order/create', () => {
  it('takes the units first expiry first, writes their movements, pays in dollars with change in pesos and records the seller commission', async () => {
    const later = await newLot(5, 'VTA-LATE', '2099-06-30');
    const sooner = await newLot(1, 'VTA-SOON', '2098-01-31');
    const rate = 17.5;
    const [s] = await rows<{ id: string; exchange_rate: Record<string, number> }>(sql`select id, exchange_rate from settings limit 1`);
    await rows(sql`update settings set exchange_rate = ${JSON.stringify({ ...s!.exchange_rate, [TIJUANA]: rate })}::jsonb where id = ${s!.id}`);
    const total = toCents(product.sale_price) * 2;
    const usd = Math.ceil(total / 100 / rate);
    const res = await cashSale({
      branchId: TIJUANA,
      customerId,
      items: [{ productId: product.id, quantity: 2 }],
      payments: [{ method: 'Efectivo', amount: usd, currency: 'USD' }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.details.map((d: { stockId: string }) => d.stockId).sort()).toEqual([later, sooner].sort());
    expect(body.payments[0]).toMatchObject({ currency: 'USD', amount: usd, exchangeRate: rate, amountMxn: Math.round(usd * rate * 100) / 100 });
    expect(body.change).toBe(Math.round(usd * rate * 100 - total) / 100);
    const moved = await rows<{ stock_id: string; quantity: number }>(
      sql`select stock_id, quantity from stock_movements where document_id = ${body.id} and cause = 'product_sale' order by stock_id`,
    );
    expect(moved.reduce((s, m) => s + m.quantity, 0)).toBe(-2);
    const [commission] = await rows<{ base: string; commission: string }>(sql`select base, commission from commissions where cash_order_id = ${body.id}`);
    expect(toCents(commission!.base)).toBe(total - toCents(String(body.taxes)));
  });

  it('sells the last units of a lot once when two sales race for them', async () => {
    await rows(sql`update product_stocks set deleted_at = now() where product_id = ${product.id} and branch_id = ${TIJUANA}`);
    await newLot(1, 'VTA-LAST');
    const body = { branchId: TIJUANA, items: [{ productId: product.id, quantity: 1 }], payments: [cash(Number(product.sale_price))] };
    const results = await Promise.all([cashSale(body), cashSale(body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json()).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', message: 'Inventario insuficiente' });
  });

  it('never sells an expired lot', async () => {
    const expired = await newLot(3, 'VTA-OLD', '2020-01-31');
    const res = await cashSale({
      branchId: TIJUANA,
      items: [{ productId: product.id, quantity: 1, stockId: expired }],
      payments: [cash(Number(product.sale_price))],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('LOT_EXPIRED');
  });
});
