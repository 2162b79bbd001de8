import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { toCents } from '../../../../domain/money';
import { demoId } from '../../../db/demo/random';
import { queryRows, searchParam, useTestApp, type Caller } from '../../../testing/harness';
import { putIntoLot } from '../steps';

const { t, admin, logistica, operativo } = useTestApp({ admin: 'admin@demo.mx', logistica: 'logistica@demo.mx', operativo: 'operativo@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
let productId = '';
let productName = '';
let lotSeq = 0;

/** A fresh lot made through the inventory steps, so its quantity is the sum of its movements. */
async function newLot(units: number, opts: { branchId?: string; expiresAt?: string } = {}): Promise<string> {
  lotSeq += 1;
  const lot = await t.ctx.db.transaction((tx) =>
    putIntoLot(
      tx,
      null,
      { productId, branchId: opts.branchId ?? TIJUANA, allotment: `SO-T-${lotSeq}`, expiresAt: opts.expiresAt ?? '2099-12-31', price: toCents(100) },
      units,
      { cause: 'adjustment_registration' },
    ),
  );
  return lot.id;
}

async function lotState(stockId: string) {
  const [row] = await queryRows<{ quantity: number; moved: number }>(
    t,
    sql`select quantity, (select coalesce(sum(quantity), 0)::int from stock_movements where stock_id = ${stockId}) as moved from product_stocks where id = ${stockId}`,
  );
  return row!;
}

const body = (lines: { stockId: string; quantity: number; price?: number }[], extra: Record<string, unknown> = {}) => ({
  name: 'Spa Las Palmas',
  rfc: 'SPA010203AB4',
  phone: '(664) 555-1234',
  note: 'N-1001',
  comments: 'Entrega en mostrador',
  branchId: TIJUANA,
  saleOrderProducts: lines.map((l) => ({ price: 250.5, ...l })),
  ...extra,
});

const create = (caller: Caller, payload: Record<string, unknown>) => caller({ method: 'POST', url: '/v1/sale-order/create', payload });

beforeAll(async () => {
  const [p] = await queryRows<{ id: string; name: string }>(
    t,
    sql`select id, name from products where deleted_at is null and approved_at is not null and active order by sku limit 1`,
  );
  productId = p!.id;
  productName = p!.name;
});

describe('POST /v1/sale-order/create', () => {
  it('takes the units, computes the total in cents and writes the movement and the change log', async () => {
    const a = await newLot(10);
    const b = await newLot(5);
    const res = await create(
      admin,
      body([
        { stockId: a, quantity: 3, price: 0.1 },
        { stockId: b, quantity: 2, price: 1234.56 },
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json();
    expect(order).toMatchObject({
      orderNumber: expect.stringMatching(/^SO-\d{6}$/),
      name: 'Spa Las Palmas',
      rfc: 'SPA010203AB4',
      phone: '6645551234',
      totalAmount: 2469.42,
    });
    expect(order.branch).toMatchObject({ id: TIJUANA });
    expect(order.saleOrderProducts).toHaveLength(2);
    expect(order.saleOrderProducts.find((l: { stockId: string }) => l.stockId === b)).toMatchObject({
      quantity: 2,
      price: 1234.56,
      subtotal: 2469.12,
      productId,
    });
    expect(await lotState(a)).toEqual({ quantity: 7, moved: 7 });
    expect(await lotState(b)).toEqual({ quantity: 3, moved: 3 });
    const moves = await queryRows(
      t,
      sql`select cause, quantity, document_type, document_number from stock_movements where document_id = ${order.id} order by stock_id`,
    );
    expect(moves).toHaveLength(2);
    expect(moves.every((m) => m.cause === 'sale_order' && m.document_type === 'sale' && m.document_number === order.orderNumber)).toBe(true);
    const log = await queryRows(t, sql`select module, action, order_number, affected_branch_id from change_log where entity_id = ${order.id}`);
    expect(log).toEqual([{ module: 'saleOrder', action: 'crear', order_number: order.orderNumber, affected_branch_id: TIJUANA }]);
  });

  it('refuses bad bodies with 400 and Spanish field errors', async () => {
    const a = await newLot(3);
    const bad = await create(admin, body([{ stockId: a, quantity: 0 }], { name: '', rfc: 'BAD', note: '' }));
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'rfc', 'note', 'saleOrderProducts.0.quantity']));
    const dup = await create(
      admin,
      body([
        { stockId: a, quantity: 1 },
        { stockId: a, quantity: 1 },
      ]),
    );
    expect(dup.statusCode).toBe(400);
    expect(dup.json().errors).toEqual([{ field: 'saleOrderProducts.1.stockId', message: INVENTORY_MESSAGES.duplicateStock }]);
    expect(await lotState(a)).toEqual({ quantity: 3, moved: 3 });
  });

  it('refuses more units than the lot holds with 422 on the line, and moves nothing', async () => {
    const a = await newLot(4);
    const b = await newLot(2);
    const res = await create(
      admin,
      body([
        { stockId: a, quantity: 1 },
        { stockId: b, quantity: 3 },
      ]),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'INSUFFICIENT_INVENTORY',
      message: INVENTORY_MESSAGES.saleOrderStock,
      errors: [{ field: 'saleOrderProducts.1.quantity', message: INVENTORY_MESSAGES.saleOrderStock }],
    });
    expect(await lotState(a)).toEqual({ quantity: 4, moved: 4 });
    expect(await lotState(b)).toEqual({ quantity: 2, moved: 2 });
  });

  it('refuses an expired lot (409 LOT_EXPIRED) and a lot of another branch (400)', async () => {
    const old = await newLot(5, { expiresAt: '2020-01-31' });
    const expired = await create(admin, body([{ stockId: old, quantity: 1 }]));
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({ code: 'LOT_EXPIRED', message: expect.stringContaining('31/01/2020') });
    const elsewhere = await newLot(5, { branchId: MEXICALI });
    const wrong = await create(admin, body([{ stockId: elsewhere, quantity: 1 }]));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'saleOrderProducts.0.stockId', message: 'El lote no pertenece a la sucursal de la orden' }]);
  });

  it('lets one of two parallel orders that together exceed the lot through: one 422, never below zero', async () => {
    const a = await newLot(10);
    const results = await Promise.all([create(admin, body([{ stockId: a, quantity: 6 }])), create(logistica, body([{ stockId: a, quantity: 6 }]))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().message).toBe(INVENTORY_MESSAGES.saleOrderStock);
    expect(await lotState(a)).toEqual({ quantity: 4, moved: 4 });
  });
});

describe('update and delete', () => {
  it('update moves only the difference per lot and keeps the ledger', async () => {
    const a = await newLot(10);
    const b = await newLot(10);
    const c = await newLot(10);
    const order = (
      await create(
        admin,
        body([
          { stockId: a, quantity: 4 },
          { stockId: b, quantity: 2 },
        ]),
      )
    ).json();
    const res = await admin({
      method: 'PUT',
      url: `/v1/sale-order/${order.id}/update`,
      payload: body(
        [
          { stockId: a, quantity: 1 },
          { stockId: c, quantity: 5, price: 10 },
        ],
        { name: 'Spa Las Palmas Centro', rfc: '' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Spa Las Palmas Centro', rfc: null, totalAmount: 300.5 });
    expect(
      res
        .json()
        .saleOrderProducts.map((l: { stockId: string }) => l.stockId)
        .sort(),
    ).toEqual([a, c].sort());
    expect(await lotState(a)).toEqual({ quantity: 9, moved: 9 });
    expect(await lotState(b)).toEqual({ quantity: 10, moved: 10 });
    expect(await lotState(c)).toEqual({ quantity: 5, moved: 5 });
    const returned = await queryRows(
      t,
      sql`select stock_id, quantity from stock_movements where document_id = ${order.id} and cause = 'sale_order_returned' order by quantity`,
    );
    expect(returned).toEqual(
      expect.arrayContaining([
        { stock_id: a, quantity: 3 },
        { stock_id: b, quantity: 2 },
      ]),
    );
    // more than the lot plus what the order holds: refused, nothing moves
    const tooMany = await admin({ method: 'POST', url: `/v1/sale-order/${order.id}/update`, payload: body([{ stockId: a, quantity: 11 }]) });
    expect(tooMany.statusCode).toBe(422);
    expect(await lotState(a)).toEqual({ quantity: 9, moved: 9 });
    expect(await lotState(c)).toEqual({ quantity: 5, moved: 5 });
    const log = await queryRows(t, sql`select action from change_log where entity_id = ${order.id} order by created_at`);
    expect(log.map((l) => l.action)).toEqual(['crear', 'editar']);
  });

  it('delete returns every unit once; a second delete or an edit of the deleted order answers 409 (cancelled before) and moves nothing', async () => {
    const a = await newLot(8);
    const order = (await create(admin, body([{ stockId: a, quantity: 5 }]))).json();
    expect(await lotState(a)).toEqual({ quantity: 3, moved: 3 });
    const [first, second] = await Promise.all([
      admin({ method: 'POST', url: `/v1/sale-order/${order.id}/delete` }),
      admin({ method: 'DELETE', url: `/v1/sale-order/${order.id}/delete` }),
    ]);
    const cancelled = { statusCode: 409, code: 'ORDER_ALREADY_CANCELLED', message: 'La orden fue cancelada previamente' };
    const refusal = (res: typeof first) => ({ statusCode: res.statusCode, code: res.json().code, message: res.json().message });
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(refusal([first, second].find((r) => r.statusCode === 409)!)).toEqual(cancelled);
    expect(await lotState(a)).toEqual({ quantity: 8, moved: 8 });
    expect(refusal(await admin({ method: 'POST', url: `/v1/sale-order/${order.id}/delete` }))).toEqual(cancelled);
    expect(refusal(await admin({ method: 'PUT', url: `/v1/sale-order/${order.id}/update`, payload: body([{ stockId: a, quantity: 1 }]) }))).toEqual(cancelled);
    expect((await admin({ method: 'POST', url: '/v1/sale-order/00000000-0000-4000-8000-000000000000/delete' })).statusCode).toBe(404);
    expect(await lotState(a)).toEqual({ quantity: 8, moved: 8 });
    // a deleted order is still readable, and listed with withDeleted
    expect((await admin({ method: 'GET', url: `/v1/sale-order/${order.id}` })).json().deleted_at).not.toBeNull();
    const listed = (await admin({ method: 'GET', url: `/v1/sale-order?take=all&search=${searchParam(order.orderNumber, 'orderNumber')}` })).json();
    expect(listed.items).toEqual([]);
    const withDeleted = (await admin({ method: 'GET', url: `/v1/sale-order?withDeleted=true&search=${searchParam(order.orderNumber, 'orderNumber')}` })).json();
    expect(withDeleted.items).toHaveLength(1);
  });
});

describe('GET /v1/sale-order', () => {
  it('lists with search, branch and date filters, and exports CSV', async () => {
    const a = await newLot(5);
    const order = (await create(admin, body([{ stockId: a, quantity: 1, price: 1500 }], { name: 'Clínica Ávila', note: 'NOTA-77' }))).json();
    const found = (await admin({ method: 'GET', url: `/v1/sale-order?search=${searchParam('clinica avila')}` })).json();
    expect(found.items.map((o: { id: string }) => o.id)).toEqual([order.id]);
    expect(found.items[0]).toMatchObject({ orderNumber: order.orderNumber, note: 'NOTA-77', totalAmount: 1500, branch: { name: expect.any(String) } });
    expect((await admin({ method: 'GET', url: `/v1/sale-order?branchId=${MEXICALI}&search=${searchParam('clinica avila')}` })).json().items).toEqual([]);
    expect((await admin({ method: 'GET', url: `/v1/sale-order?startDate=2020-01-01&endDate=2020-01-31` })).json().items).toEqual([]);
    expect((await admin({ method: 'GET', url: `/v1/sale-order?startDate=2020-02-30` })).statusCode).toBe(400);
    const csv = await admin({ method: 'GET', url: `/v1/sale-order?format=csv&search=${searchParam('clinica avila')}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Orden,Nombre,RFC,Teléfono,Número de nota,Sucursal,Total,Fecha de creación');
    expect(csv.body).toContain(`${order.orderNumber},Clínica Ávila,SPA010203AB4,(664)555-1234,NOTA-77`);
    expect(csv.body).toContain('"$1,500.00"');
  });

  it('offers the form the branch lots with units, not expired, with the units the edited order holds', async () => {
    const a = await newLot(6);
    const old = await newLot(6, { expiresAt: '2020-01-31' });
    const lots = (await admin({ method: 'GET', url: `/v1/sale-order/lots?branchId=${TIJUANA}` })).json();
    expect(lots.find((l: { stockId: string }) => l.stockId === a)).toMatchObject({ quantity: 6, name: productName, expiresAt: '2099-12-31' });
    expect(lots.some((l: { stockId: string }) => l.stockId === old)).toBe(false);
    const order = (await create(admin, body([{ stockId: a, quantity: 6 }]))).json();
    const after = (await admin({ method: 'GET', url: `/v1/sale-order/lots?branchId=${TIJUANA}` })).json();
    expect(after.some((l: { stockId: string }) => l.stockId === a)).toBe(false);
    const editing = (await admin({ method: 'GET', url: `/v1/sale-order/lots?branchId=${TIJUANA}&saleOrderId=${order.id}` })).json();
    expect(editing.find((l: { stockId: string }) => l.stockId === a)).toMatchObject({ quantity: 6 });
  });
});

describe('privileges and branches', () => {
  it('refuses a role without saleOrder (403) and a branch-bound role outside its branch (403)', async () => {
    const a = await newLot(5);
    expect((await create(operativo, body([{ stockId: a, quantity: 1 }]))).statusCode).toBe(403);
    expect((await operativo({ method: 'GET', url: '/v1/sale-order' })).statusCode).toBe(403);
    // the branch manager's role (bound to Tijuana) given the sale order privileges
    await t.ctx.db.execute(
      sql`insert into role_privileges (role_id, module, actions)
          select role_id, 'saleOrder', array['show','create','edit','delete']::text[] from users where username = 'gerente@demo.mx'`,
    );
    const gerente = t.as((await t.signIn('gerente@demo.mx')).token);
    const other = await newLot(5, { branchId: MEXICALI });
    const res = await create(gerente, body([{ stockId: other, quantity: 1 }], { branchId: MEXICALI }));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BRANCH_FORBIDDEN');
    expect((await gerente({ method: 'GET', url: `/v1/sale-order?branchId=${MEXICALI}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/sale-order/lots?branchId=${MEXICALI}` })).statusCode).toBe(403);
    const own = await create(gerente, body([{ stockId: a, quantity: 1 }]));
    expect(own.statusCode).toBe(201);
    const elsewhere = (await create(admin, body([{ stockId: other, quantity: 1 }], { branchId: MEXICALI }))).json();
    expect((await gerente({ method: 'GET', url: `/v1/sale-order/${elsewhere.id}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'POST', url: `/v1/sale-order/${elsewhere.id}/delete` })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: `/v1/sale-order/${elsewhere.id}/download` })).statusCode).toBe(403);
    const mine = (await gerente({ method: 'GET', url: '/v1/sale-order?take=all' })).json();
    expect(mine.items.every((o: { branchId: string }) => o.branchId === TIJUANA)).toBe(true);
  });
});

describe('GET /v1/sale-order/:id/download', () => {
  it('answers the PDF with the number, customer, lines with lot and expiry, total and signatures', async () => {
    const a = await newLot(9);
    const order = (await create(admin, body([{ stockId: a, quantity: 2, price: 1234.56 }]))).json();
    const res = await admin({ method: 'GET', url: `/v1/sale-order/${order.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sale-order-pdf-'));
    try {
      const file = path.join(dir, 'so.pdf');
      writeFileSync(file, res.rawPayload);
      const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
      expect(text).toContain(order.orderNumber);
      expect(text).toContain('Spa Las Palmas');
      expect(text).toContain('SPA010203AB4');
      expect(text).toContain('N-1001');
      expect(text).toContain(order.saleOrderProducts[0].allotment);
      expect(text).toContain('31/12/2099');
      expect(text).toContain('$2,469.12');
      expect(text).toContain('Entregó');
      expect(text).toContain('Recibió');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await admin({ method: 'GET', url: `/v1/sale-order/00000000-0000-4000-8000-000000000000/download` })).statusCode).toBe(404);
    expect((await operativo({ method: 'GET', url: `/v1/sale-order/${order.id}/download` })).statusCode).toBe(403);
  });
});
