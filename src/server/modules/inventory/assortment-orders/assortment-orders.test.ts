import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorCode } from '../../../../domain/errors';
import { INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { queryRows, useTestApp } from '../../../testing/harness';
import { BRANCH, ORDER_TEST_USERS } from '../order-testing';
import { putIntoLot, takeFromLot } from '../steps';

const { t, admin, logistica, gerente, operativo, franquicia } = useTestApp(ORDER_TEST_USERS);

const { tijuana: TIJUANA, mexicali: MEXICALI, cedis: CEDIS } = BRANCH;
const URL = '/v1/assortment-order';

/** Approved products whose stock at the distribution centre and at Tijuana is written off first: each test owns its lots. */
let free: string[] = [];
let next = 0;
const product = () => free[next++]!;

beforeAll(async () => {
  // the demo gives every product a max/min at every clinic: these tests set their own on twenty-four products
  const rows = await queryRows<{ id: string }>(
    t,
    sql`select p.id from products p where p.deleted_at is null and p.active and p.approved_at is not null order by p.sku limit 24`,
  );
  await queryRows(t, sql`update max_mins set deleted_at = now() where branch_id = ${TIJUANA} and product_id in ${rows.map((r) => r.id)}`);
  free = rows.map((r) => r.id);
  expect(free.length).toBe(24);
  const lots = await queryRows<{ id: string; quantity: number }>(
    t,
    sql`select id, quantity from product_stocks where product_id in ${free} and branch_id in (${CEDIS}, ${TIJUANA}) and quantity > 0`,
  );
  for (const lot of lots) await takeFromLot(t.ctx.db, null, lot.id, lot.quantity, { cause: 'expiry_write_off', note: 'prueba' });
});

async function dcLot(productId: string, units: number, allotment = 'LT-' + Math.random().toString(36).slice(2, 8), expiresAt: string | null = '2030-06-30') {
  return putIntoLot(t.ctx.db, null, { productId, branchId: CEDIS, allotment, expiresAt, price: null }, units, { cause: 'purchase_received' });
}

async function lotState(stockId: string) {
  const [row] = await queryRows<{ quantity: number; moved: number }>(
    t,
    sql`select s.quantity, (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.stock_id = s.id) as moved from product_stocks s where s.id = ${stockId}`,
  );
  return row!;
}

const body = (lines: { productId: string; orderedQuantity: unknown }[], extra: Record<string, unknown> = {}) => ({
  orderType: 'ordinary_general',
  branchId: TIJUANA,
  assortmentOrderProducts: lines,
  ...extra,
});

async function create(caller = admin, lines: { productId: string; orderedQuantity: number }[]) {
  const res = await caller({ method: 'POST', url: `${URL}/create`, payload: body(lines) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; orderNumber: string; assortmentOrderProducts: { id: string; productId: string }[] };
}

const approveBody = (order: { assortmentOrderProducts: { id: string }[] }, stockedQuantity: number, stockId?: string) => ({
  assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity, stockId })),
});
const approve = (order: { id: string; assortmentOrderProducts: { id: string }[] }, units: number, stockId?: string, caller = logistica) =>
  caller({ method: 'PUT', url: `${URL}/${order.id}/approve`, payload: approveBody(order, units, stockId) });
const confirm = (order: { id: string; assortmentOrderProducts: { id: string }[] }, receivedQuantity: number, caller = gerente) =>
  caller({
    method: 'PUT',
    url: `${URL}/${order.id}/confirm`,
    payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, receivedQuantity })) },
  });

describe('POST /v1/assortment-order/create', () => {
  it('validates every field with Spanish messages', async () => {
    const p = product();
    const cases: [unknown, string, string][] = [
      [{ ...body([{ productId: p, orderedQuantity: 1 }]), orderType: undefined }, 'orderType', 'El campo tipo de orden es requerido'],
      [{ ...body([{ productId: p, orderedQuantity: 1 }]), orderType: 'weekly' }, 'orderType', 'El campo tipo de orden es requerido'],
      [{ ...body([{ productId: p, orderedQuantity: 1 }]), branchId: undefined }, 'branchId', 'El campo sucursal es requerido'],
      [body([{ productId: p, orderedQuantity: -1 }]), 'assortmentOrderProducts.0.orderedQuantity', 'El campo cantidad debe ser al menos 0'],
      [body([{ productId: p, orderedQuantity: null }]), 'assortmentOrderProducts.0.orderedQuantity', 'El campo cantidad es requerido'],
      [body([{ productId: '', orderedQuantity: 1 }]), 'assortmentOrderProducts.0.productId', 'El campo producto es requerido'],
      [body([]), 'assortmentOrderProducts', 'Agregue al menos un producto'],
      [
        body([
          { productId: p, orderedQuantity: 1 },
          { productId: p, orderedQuantity: 2 },
        ]),
        'assortmentOrderProducts.1.productId',
        INVENTORY_MESSAGES.duplicateProduct,
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await admin({ method: 'POST', url: `${URL}/create`, payload: payload as Record<string, unknown> });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    const dc = await admin({ method: 'POST', url: `${URL}/create`, payload: body([{ productId: p, orderedQuantity: 1 }], { branchId: CEDIS }) });
    expect(dc.statusCode).toBe(400);
  });

  it('refuses a quantity above the max at the branch (max 0 is no limit) and accepts 0', async () => {
    const [capped, unlimited] = [product(), product()];
    await t.ctx.db.execute(sql`insert into max_mins (product_id, branch_id, max, min) values (${capped}, ${TIJUANA}, 5, 1), (${unlimited}, ${TIJUANA}, 0, 0)`);
    const above = await admin({ method: 'POST', url: `${URL}/create`, payload: body([{ productId: capped, orderedQuantity: 6 }]) });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual([{ field: 'assortmentOrderProducts.0.orderedQuantity', message: 'La cantidad excede el límite permitido' }]);
    const ok = await create(admin, [
      { productId: capped, orderedQuantity: 5 },
      { productId: unlimited, orderedQuantity: 500 },
    ]);
    expect(ok.orderNumber).toMatch(/^OR-\d{6}$/);
    const zero = await create(admin, [{ productId: capped, orderedQuantity: 0 }]);
    const read = (await admin({ method: 'GET', url: `${URL}/${zero.id}` })).json();
    expect(read).toMatchObject({ status: 'En proceso', orderTypeLabel: 'Ordinaria general', branch: { id: TIJUANA } });
    expect(read.assortmentOrderProducts[0]).toMatchObject({ orderedQuantity: 0, max: 5, stock: 0, stockedQuantity: null });
    const log = await queryRows(t, sql`select action, order_number from change_log where entity_id = ${zero.id}`);
    expect(log).toEqual([{ action: 'crear', order_number: read.orderNumber }]);
  });

  it('fixes the branch of branch and operational managers', async () => {
    const p = product();
    expect(
      (await gerente({ method: 'POST', url: `${URL}/create`, payload: body([{ productId: p, orderedQuantity: 1 }], { branchId: MEXICALI }) })).statusCode,
    ).toBe(403);
    expect(
      (await operativo({ method: 'POST', url: `${URL}/create`, payload: body([{ productId: p, orderedQuantity: 1 }], { branchId: MEXICALI }) })).statusCode,
    ).toBe(403);
    await create(gerente, [{ productId: p, orderedQuantity: 1 }]);
    const list = (await gerente({ method: 'GET', url: `${URL}?take=all` })).json();
    expect(list.items.every((o: { branchId: string }) => o.branchId === TIJUANA)).toBe(true);
    expect((await gerente({ method: 'GET', url: `${URL}?branchId=${MEXICALI}` })).statusCode).toBe(403);
  });
});

describe('approve, reject and confirm', () => {
  it('lets only an approver who did not create the order approve it, within the distribution centre stock', async () => {
    const p = product();
    const lot = await dcLot(p, 10);
    const own = await create(logistica, [{ productId: p, orderedQuantity: 3 }]);
    const mine = await approve(own, 3);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().code).toBe('CREATOR_CANNOT_APPROVE');
    const order = await create(gerente, [{ productId: p, orderedQuantity: 3 }]);
    expect((await approve(order, 3, undefined, gerente)).statusCode).toBe(403);
    const short = await approve(order, 11);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', message: 'Inventarío insuficiente' });
    expect(short.json().errors).toEqual([{ field: 'assortmentOrderProducts.0.stockedQuantity', message: 'Inventarío insuficiente' }]);
    const missing = await logistica({
      method: 'PUT',
      url: `${URL}/${order.id}/approve`,
      payload: { assortmentOrderProducts: [{ id: order.assortmentOrderProducts[0]!.id }] },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toEqual({ field: 'assortmentOrderProducts.0.stockedQuantity', message: 'El campo cantidad a enviar es requerido' });
    const res = await approve(order, 3);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'En tránsito', originBranch: { id: CEDIS }, approvedBy: expect.any(String) });
    expect(res.json().assortmentOrderProducts[0]).toMatchObject({ stockedQuantity: 3, lots: [{ stockId: lot.id, quantity: 3 }] });
    expect(await lotState(lot.id)).toEqual({ quantity: 7, moved: 7 });
    expect((await approve(order, 3)).json().code).toBe('ORDER_ALREADY_APPROVED');
  });

  it('sends nothing for a line of 0', async () => {
    const [a, b] = [product(), product()];
    const lot = await dcLot(a, 4);
    const order = await create(admin, [
      { productId: a, orderedQuantity: 2 },
      { productId: b, orderedQuantity: 2 },
    ]);
    const res = await logistica({
      method: 'PUT',
      url: `${URL}/${order.id}/approve`,
      payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: l.productId === a ? 2 : 0 })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const byProduct = Object.fromEntries(res.json().assortmentOrderProducts.map((l: { productId: string }) => [l.productId, l]));
    expect(byProduct[b]).toMatchObject({ stockedQuantity: 0, lots: [] });
    expect(await lotState(lot.id)).toEqual({ quantity: 2, moved: 2 });
  });

  it('answers the approved order as it reads back, and logs it so (the answer is built before the lots are locked)', async () => {
    const [p, q] = [product(), product()];
    // two lots of the same expiry: the lots of a line show by expiry, then lot number
    await dcLot(p, 2, 'ZZ-TARDE', '2031-01-01');
    await dcLot(p, 2, 'AA-TEMPRANO', '2031-01-01');
    await dcLot(q, 5);
    const order = await create(admin, [
      { productId: p, orderedQuantity: 3 },
      { productId: q, orderedQuantity: 2 },
    ]);
    const units = (id: string) => (order.assortmentOrderProducts.find((l) => l.id === id)!.productId === p ? 3 : 0);
    const res = await logistica({
      method: 'PUT',
      url: `${URL}/${order.id}/approve`,
      payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: units(l.id) })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const read = (await admin({ method: 'GET', url: `${URL}/${order.id}` })).json();
    expect(res.json()).toEqual(read);
    const line = read.assortmentOrderProducts.find((l: { productId: string }) => l.productId === p);
    expect(line.lots.map((l: { allotment: string; quantity: number }) => [l.allotment, l.quantity])).toEqual([
      ['AA-TEMPRANO', 2],
      ['ZZ-TARDE', 1],
    ]);
    const [log] = await queryRows<{ after: unknown }>(t, sql`select after from change_log where entity_id = ${order.id} and action = 'aprobar'`);
    const { assortmentOrderProducts: lines, ...header } = read;
    expect(log!.after).toEqual({ ...header, assortmentOrderProducts: lines.map(({ dcLots: _, ...l }: { dcLots: unknown }) => l) });
  });

  it('refuses one of two parallel approvals that together need more than the distribution centre holds', async () => {
    const p = product();
    const lot = await dcLot(p, 10);
    const one = await create(admin, [{ productId: p, orderedQuantity: 6 }]);
    const two = await create(gerente, [{ productId: p, orderedQuantity: 6 }]);
    const answers = await Promise.all([approve(one, 6), approve(two, 6)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe('Inventarío insuficiente');
    expect(await lotState(lot.id)).toEqual({ quantity: 4, moved: 4 });
  });

  it('moves stock once when the same approval is sent twice at once', async () => {
    const p = product();
    const lot = await dcLot(p, 10);
    const order = await create(admin, [{ productId: p, orderedQuantity: 4 }]);
    const answers = await Promise.all([approve(order, 4), approve(order, 4)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)!.json().code).toBe('ORDER_ALREADY_APPROVED');
    expect(await lotState(lot.id)).toEqual({ quantity: 6, moved: 6 });
    const sent = await queryRows(t, sql`select count(*)::int as n from stock_movements where document_id = ${order.id} and cause = 'restock_sent'`);
    expect(sent).toEqual([{ n: 1 }]);
  });

  it('skips an expired lot first expiry first and refuses choosing it', async () => {
    const p = product();
    const expired = await dcLot(p, 5, 'VENCIDO', '2020-01-31');
    const valid = await dcLot(p, 5, 'VIGENTE', '2031-01-31');
    const order = await create(admin, [{ productId: p, orderedQuantity: 3 }]);
    const read = (await logistica({ method: 'GET', url: `${URL}/${order.id}` })).json();
    expect(read.assortmentOrderProducts[0]).toMatchObject({ dcStock: 5, dcLots: [{ stockId: valid.id, allotment: 'VIGENTE', quantity: 5 }] });
    const chosen = await approve(order, 3, expired.id);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().code).toBe('LOT_EXPIRED');
    expect((await approve(order, 6)).statusCode).toBe(422);
    const res = await approve(order, 3);
    expect(res.json().assortmentOrderProducts[0].lots).toMatchObject([{ stockId: valid.id, quantity: 3 }]);
    expect(await lotState(expired.id)).toEqual({ quantity: 5, moved: 5 });
  });

  it('sends first expiry first across lots, the lots without expiry last, for each product of the order', async () => {
    const [p, q] = [product(), product()];
    const [expired, later, sooner, none] = [
      await dcLot(p, 9, 'P-VENCIDO', '2020-01-31'),
      await dcLot(p, 5, 'P-DESPUES', '2032-01-31'),
      await dcLot(p, 2, 'P-ANTES', '2031-01-31'),
      await dcLot(p, 50, 'P-SIN', null),
    ];
    const [q1, q2] = [await dcLot(q, 1, 'Q-1', '2031-05-31'), await dcLot(q, 1, 'Q-2', '2031-06-30')];
    const qNone = await dcLot(q, 10, 'Q-SIN', null);
    const order = await create(admin, [
      { productId: p, orderedQuantity: 10 },
      { productId: q, orderedQuantity: 3 },
    ]);
    const units = (productId: string) => (productId === p ? 10 : 3);
    const res = await logistica({
      method: 'PUT',
      url: `${URL}/${order.id}/approve`,
      payload: { assortmentOrderProducts: order.assortmentOrderProducts.map((l) => ({ id: l.id, stockedQuantity: units(l.productId) })) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = Object.fromEntries(
      res
        .json()
        .assortmentOrderProducts.map((l: { productId: string; lots: { allotment: string; quantity: number }[] }) => [
          l.productId === p ? 'p' : 'q',
          l.lots.map((x) => [x.allotment, x.quantity]),
        ]),
    );
    expect(sent).toEqual({
      p: [
        ['P-ANTES', 2],
        ['P-DESPUES', 5],
        ['P-SIN', 3],
      ],
      q: [
        ['Q-1', 1],
        ['Q-2', 1],
        ['Q-SIN', 1],
      ],
    });
    expect(await lotState(expired.id)).toEqual({ quantity: 9, moved: 9 });
    for (const [lot, left] of [
      [sooner, 0],
      [later, 0],
      [none, 47],
      [q1, 0],
      [q2, 0],
      [qNone, 9],
    ] as const)
      expect(await lotState(lot.id)).toEqual({ quantity: left, moved: left });
  });

  it('takes a chosen lot and refuses one of another branch or product', async () => {
    const [p, other] = [product(), product()];
    const early = await dcLot(p, 5, 'TEMPRANO', '2029-01-31');
    const late = await dcLot(p, 5, 'TARDIO', '2032-01-31');
    const foreign = await dcLot(other, 5);
    const order = await create(admin, [{ productId: p, orderedQuantity: 2 }]);
    const wrong = await approve(order, 2, foreign.id);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('assortmentOrderProducts.0.stockedQuantity');
    expect((await approve(order, 2, late.id)).statusCode).toBe(200);
    expect(await lotState(late.id)).toEqual({ quantity: 3, moved: 3 });
    expect(await lotState(early.id)).toEqual({ quantity: 5, moved: 5 });
  });

  it('rejects while in process; once sent it is not rejected (409) and its units stay sent', async () => {
    const p = product();
    const lot = await dcLot(p, 8);
    const pending = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    expect((await gerente({ method: 'PATCH', url: `${URL}/${pending.id}/reject` })).statusCode).toBe(403);
    expect((await logistica({ method: 'PATCH', url: `${URL}/${pending.id}/reject` })).json().status).toBe('Rechazada');
    expect((await approve(pending, 1)).json().code).toBe('ORDER_ALREADY_CANCELLED');
    const sent = await create(admin, [{ productId: p, orderedQuantity: 5 }]);
    await approve(sent, 5);
    expect(await lotState(lot.id)).toEqual({ quantity: 3, moved: 3 });
    for (const method of ['PUT', 'PATCH'] as const) {
      const res = await logistica({ method, url: `${URL}/${sent.id}/reject` });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ORDER_CANNOT_BE_CANCELLED', message: errorCatalogue.ORDER_CANNOT_BE_CANCELLED.message });
    }
    expect((await admin({ method: 'GET', url: `${URL}/${sent.id}` })).json()).toMatchObject({ status: 'En tránsito', rejectedAt: null });
    expect(await lotState(lot.id)).toEqual({ quantity: 3, moved: 3 });
    const causes = await queryRows(t, sql`select cause, quantity from stock_movements where document_id = ${sent.id} order by seq`);
    expect(causes).toEqual([{ cause: 'restock_sent', quantity: -5 }]);
  });

  it('confirms at the branch: the units enter with the same lot and the difference is a movement', async () => {
    const p = product();
    const first = await dcLot(p, 3, 'PRIMERO', '2029-03-31');
    const second = await dcLot(p, 10, 'SEGUNDO', '2030-03-31');
    const order = await create(gerente, [{ productId: p, orderedQuantity: 6 }]);
    expect((await confirm(order, 6)).json().code).toBe('ORDER_NOT_APPROVED');
    await approve(order, 6);
    const above = await confirm(order, 7);
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual([{ field: 'assortmentOrderProducts.0.receivedQuantity', message: INVENTORY_MESSAGES.receivedAboveSent }]);
    const missing = await gerente({
      method: 'PUT',
      url: `${URL}/${order.id}/confirm`,
      payload: { assortmentOrderProducts: [{ id: order.assortmentOrderProducts[0]!.id }] },
    });
    expect(missing.json().errors[0]).toEqual({ field: 'assortmentOrderProducts.0.receivedQuantity', message: 'El campo cantidad recibida es requerido' });
    expect((await franquicia({ method: 'PUT', url: `${URL}/${order.id}/confirm`, payload: { assortmentOrderProducts: [] } })).statusCode).toBe(403);
    const res = await confirm(order, 4);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Terminada', hasDifference: true, finishedBy: expect.any(String) });
    const lots = res.json().assortmentOrderProducts[0].lots;
    expect(lots).toMatchObject([
      { allotment: 'PRIMERO', quantity: 3, receivedQuantity: 3 },
      { allotment: 'SEGUNDO', quantity: 3, receivedQuantity: 1 },
    ]);
    const dest = await queryRows<{ allotment: string; quantity: number; expires_at: string; branch_id: string }>(
      t,
      sql`select allotment, quantity, expires_at::text, branch_id from product_stocks where product_id = ${p} and branch_id = ${TIJUANA} and quantity > 0 order by allotment`,
    );
    expect(dest).toEqual([
      { allotment: 'PRIMERO', quantity: 3, expires_at: '2029-03-31', branch_id: TIJUANA },
      { allotment: 'SEGUNDO', quantity: 1, expires_at: '2030-03-31', branch_id: TIJUANA },
    ]);
    for (const l of lots) expect(await lotState(l.destinationStockId)).toEqual({ quantity: l.receivedQuantity, moved: l.receivedQuantity });
    expect(await lotState(first.id)).toEqual({ quantity: 0, moved: 0 });
    expect(await lotState(second.id)).toEqual({ quantity: 7, moved: 7 });
    const moves = await queryRows(t, sql`select cause, quantity from stock_movements where document_id = ${order.id} and branch_id = ${TIJUANA} order by seq`);
    expect(moves).toEqual([
      { cause: 'restock_received', quantity: 3 },
      { cause: 'restock_received', quantity: 3 },
      { cause: 'receipt_difference', quantity: -2 },
    ]);
    expect((await confirm(order, 4)).json().code).toBe('ORDER_FINISHED');
    const listed = (await gerente({ method: 'GET', url: `${URL}?status=Terminada&take=all` })).json().items.find((o: { id: string }) => o.id === order.id);
    expect(listed).toMatchObject({ hasDifference: true, status: 'Terminada' });
  });
});

describe('an action on an order in a state that does not allow it', () => {
  const refusal = (code: ErrorCode) => ({ statusCode: 409, code, message: errorCatalogue[code].message });
  const answer = (res: Awaited<ReturnType<typeof admin>>) => ({ statusCode: res.statusCode, code: res.json().code, message: res.json().message });
  const reject = (order: { id: string }) => logistica({ method: 'PATCH', url: `${URL}/${order.id}/reject` });
  const remove = (order: { id: string }) => admin({ method: 'POST', url: `${URL}/${order.id}/delete` });

  it('answers the 409 of the catalogue that names the state: not approved, approved, finished, cancelled before, not cancellable', async () => {
    const p = product();
    await dcLot(p, 20);
    const pending = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    expect(answer(await confirm(pending, 1))).toEqual(refusal('ORDER_NOT_APPROVED'));

    const sent = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    await approve(sent, 1);
    expect(answer(await approve(sent, 1))).toEqual(refusal('ORDER_ALREADY_APPROVED'));
    expect(answer(await reject(sent))).toEqual(refusal('ORDER_CANNOT_BE_CANCELLED'));

    await confirm(sent, 1);
    for (const res of [await approve(sent, 1), await confirm(sent, 1), await reject(sent), await remove(sent)])
      expect(answer(res)).toEqual(refusal('ORDER_FINISHED'));

    const rejected = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    await reject(rejected);
    for (const res of [await approve(rejected, 1), await confirm(rejected, 1), await reject(rejected)])
      expect(answer(res)).toEqual(refusal('ORDER_ALREADY_CANCELLED'));

    const deleted = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    await remove(deleted);
    for (const res of [await approve(deleted, 1), await confirm(deleted, 1), await reject(deleted), await remove(deleted)])
      expect(answer(res)).toEqual(refusal('ORDER_ALREADY_CANCELLED'));
  });
});

describe('units in transit', () => {
  it('shows the units sent and not received on the stock row and counts them in the suggestion, until confirmed', async () => {
    const p = product();
    await dcLot(p, 10);
    await queryRows(t, sql`insert into max_mins (product_id, branch_id, max, min) values (${p}, ${TIJUANA}, 20, 10)`);
    const transit = async () => {
      const row = (await gerente({ method: 'GET', url: `/v1/stock?branchId=${TIJUANA}&productId=${p}` })).json().items[0];
      const suggested = (await gerente({ method: 'GET', url: `/v1/stock/suggestion?branchId=${TIJUANA}` }))
        .json()
        .items.find((i: { productId: string }) => i.productId === p);
      return { row: row.inTransit, suggested: suggested ? { inTransit: suggested.inTransit, orderedQuantity: suggested.orderedQuantity } : null };
    };
    expect(await transit()).toEqual({ row: 0, suggested: { inTransit: 0, orderedQuantity: 20 } });
    const order = await create(gerente, [{ productId: p, orderedQuantity: 5 }]);
    expect((await approve(order, 5)).statusCode).toBe(200);
    // max 20 − (0 on hand + 5 in transit)
    expect(await transit()).toEqual({ row: 5, suggested: { inTransit: 5, orderedQuantity: 15 } });
    expect((await confirm(order, 5)).statusCode).toBe(200);
    expect(await transit()).toEqual({ row: 0, suggested: { inTransit: 0, orderedQuantity: 15 } });
  });
});

describe('delete, list and PDF', () => {
  it('deletes in process or in transit (units back), never finished or deleted', async () => {
    const p = product();
    const lot = await dcLot(p, 6);
    const sent = await create(admin, [{ productId: p, orderedQuantity: 2 }]);
    await approve(sent, 2);
    const res = await admin({ method: 'POST', url: `${URL}/${sent.id}/delete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'Eliminada', deleted_at: expect.any(String) });
    expect(await lotState(lot.id)).toEqual({ quantity: 6, moved: 6 });
    expect((await admin({ method: 'POST', url: `${URL}/${sent.id}/delete` })).json().code).toBe('ORDER_ALREADY_CANCELLED');
    const done = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    await approve(done, 1);
    await confirm(done, 1);
    expect((await admin({ method: 'DELETE', url: `${URL}/${done.id}/delete` })).statusCode).toBe(409);
    expect((await gerente({ method: 'POST', url: `${URL}/${done.id}/delete` })).statusCode).toBe(403);
    const live = (await admin({ method: 'GET', url: `${URL}?take=all` })).json().items.map((o: { id: string }) => o.id);
    expect(live).not.toContain(sent.id);
    const deleted = (await admin({ method: 'GET', url: `${URL}?status=Eliminada&take=all` })).json().items.map((o: { id: string }) => o.id);
    expect(deleted).toContain(sent.id);
  });

  it('filters the list and exports CSV', async () => {
    const p = product();
    const order = await create(admin, [{ productId: p, orderedQuantity: 1 }]);
    const q = `branchId=${TIJUANA}&orderType=ordinary_general&status=${encodeURIComponent('En proceso')}&startDate=2020-01-01&endDate=2099-12-31`;
    const found = (await admin({ method: 'GET', url: `${URL}?${q}&take=all` })).json();
    expect(found.items.map((o: { id: string }) => o.id)).toContain(order.id);
    expect((await admin({ method: 'GET', url: `${URL}?branchId=${MEXICALI}&take=all` })).json().items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect((await admin({ method: 'GET', url: `${URL}?orderType=opening&take=all` })).json().items.map((o: { id: string }) => o.id)).not.toContain(order.id);
    expect((await admin({ method: 'GET', url: `${URL}?startDate=2020-02-30` })).statusCode).toBe(400);
    const csv = await admin({ method: 'GET', url: `${URL}?format=csv&${q}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Número de orden,Tipo de orden,Fecha de creación,Sucursal,Estatus');
    expect(csv.body).toContain(`${order.orderNumber},Ordinaria general`);
    expect((await franquicia({ method: 'GET', url: `${URL}/${order.id}` })).statusCode).toBe(403);
  });

  it('lists the products a branch may order with its stock and max', async () => {
    const res = await gerente({ method: 'GET', url: `${URL}/products?branchId=${TIJUANA}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ productId: expect.any(String), sku: expect.any(String), stock: expect.any(Number) });
    expect((await gerente({ method: 'GET', url: `${URL}/products?branchId=${MEXICALI}` })).statusCode).toBe(403);
  });

  it('answers a PDF with the number, the people, the lots and the signature lines', async () => {
    const p = product();
    await dcLot(p, 5, 'PDF-LOTE-1', '2031-05-31');
    const order = await create(gerente, [{ productId: p, orderedQuantity: 2 }]);
    await approve(order, 2);
    await confirm(order, 2);
    const res = await gerente({ method: 'GET', url: `${URL}/${order.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'restock-pdf-')), 'order.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    const [prod] = await queryRows<{ sku: string }>(t, sql`select sku from products where id = ${p}`);
    expect(text).toContain(order.orderNumber);
    expect(text).toContain('Orden de resurtido');
    expect(text).toMatch(new RegExp(`${prod!.sku}.*PDF-LOTE-1\\s+31/05/2031\\s+2\\s+2\\s+2`));
    for (const word of ['Entregó', 'Transportó', 'Recibió', 'Aprobó', 'Solicitó']) expect(text).toContain(word);
    expect((await franquicia({ method: 'GET', url: `${URL}/${order.id}/download` })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: `${URL}/00000000-0000-4000-8000-000000000000/download` })).statusCode).toBe(404);
  });
});
