import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { PURCHASE_LINES_LOCKED } from '../../../../domain/purchase-orders.schemas';
import { demoId } from '../../../db/demo/random';
import { queryRows, searchParam, useTestApp } from '../../../testing/harness';

const { t, admin, logistica, gerente, operativo } = useTestApp({
  admin: 'admin@demo.mx',
  logistica: 'logistica@demo.mx',
  gerente: 'gerente@demo.mx',
  operativo: 'operativo@demo.mx',
});

const DERMAFARMA = demoId('provider:dermafarma'); // 30 días
const CEDIS = demoId('branch:cedis');

interface Product {
  id: string;
  sku: string;
  name: string;
  barCode: string;
  requiresLot: boolean;
}
let lotProduct: Product;
let plainProduct: Product;

beforeAll(async () => {
  const res = await logistica({ method: 'GET', url: '/v1/purchase-order/products' });
  expect(res.statusCode).toBe(200);
  const products = res.json() as Product[];
  lotProduct = products.find((p) => p.requiresLot)!;
  plainProduct = products.find((p) => !p.requiresLot)!;
  expect(lotProduct && plainProduct).toBeTruthy();
});

let serial = 0;
const body = (over: Record<string, unknown> = {}) => ({
  invoiceNumber: `F-${++serial}`,
  providerId: DERMAFARMA,
  payMethod: 'Transferencia electrónica',
  arrivedAt: '2026-11-20',
  tax: 16,
  amount: 1160,
  comments: 'Entrega parcial',
  purchaseOrderProducts: [
    { productId: lotProduct.id, quantity: 5, price: 150.5, allotment: `L-${serial}A`, expiresAt: '2028-03-31' },
    { productId: plainProduct.id, quantity: 3, price: 40 },
  ],
  ...over,
});

const create = async (over: Record<string, unknown> = {}) => {
  const res = await admin({ method: 'POST', url: '/v1/purchase-order/create', payload: body(over) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    id: string;
    orderNumber: string;
    invoiceNumber: string;
    purchaseOrderProducts: { id: string; productId: string; allotment: string | null; stockId: string | null; quantity: number }[];
  };
};

const fieldErrors = (res: { json: () => unknown }) => (res.json() as { errors?: { field: string; message: string }[] }).errors ?? [];

async function lotSum(stockId: string) {
  const [row] = await queryRows<{ quantity: number; moved: number; count: number }>(
    t,
    sql`select s.quantity, coalesce(sum(m.quantity), 0)::int as moved, count(m.seq)::int as count from product_stocks s left join stock_movements m on m.stock_id = s.id where s.id = ${stockId} group by s.id`,
  );
  return row!;
}

describe('POST /v1/purchase-order/create', () => {
  it('creates an OC- order, computes the credit expiration and logs it', async () => {
    const res = await logistica({ method: 'POST', url: '/v1/purchase-order/create', payload: body({ creditExpiration: '2020-01-01' }) });
    expect(res.statusCode, res.body).toBe(201);
    const o = res.json();
    expect(o.orderNumber).toMatch(/^OC-\d{6}$/);
    // arrival + 1 day + Dermafarma's 30 days, whatever the client sent
    expect(o).toMatchObject({
      creditExpiration: '2026-12-21',
      payStatus: 'Pendiente',
      payedAt: null,
      tax: 16,
      amount: 1160,
      total: 1160,
      subtotal: 872.5,
      assortmentedAt: null,
    });
    expect(o.provider).toMatchObject({ id: DERMAFARMA, name: 'Dermafarma', payConditions: 30 });
    expect(o.purchaseOrderProducts).toHaveLength(2);
    const [log] = await queryRows<{ action: string; order_number: string }>(t, sql`select action, order_number from change_log where entity_id = ${o.id}`);
    expect(log).toMatchObject({ action: 'crear', order_number: o.orderNumber });
  });

  it('accepts the section 5 limits: invoice of 20, taxes 0/8/16, lines without lot for products that need none', async () => {
    for (const tax of [0, 8, 16]) await create({ tax, invoiceNumber: 'X'.repeat(20) });
    await create({ purchaseOrderProducts: [{ productId: plainProduct.id, quantity: 1, price: 0 }] });
  });

  it.each([
    ['invoiceNumber', { invoiceNumber: '' }, 'El campo número de factura es requerido'],
    ['invoiceNumber', { invoiceNumber: 'X'.repeat(21) }, 'El campo número de factura debe tener como máximo 20 caracteres'],
    ['providerId', { providerId: undefined }, 'El campo proveedor no es válido'],
    ['payMethod', { payMethod: 'Cheque' }, 'El campo método de pago es requerido'],
    ['arrivedAt', { arrivedAt: '' }, 'El campo fecha de llegada es requerido'],
    ['arrivedAt', { arrivedAt: '2026-02-30' }, 'El campo fecha de llegada no es válido'],
    ['tax', { tax: 10 }, 'El IVA debe ser 0, 8 o 16 %'],
    ['tax', { tax: undefined }, 'El campo IVA es requerido'],
    ['amount', { amount: undefined }, 'El campo monto es requerido'],
    ['amount', { amount: -1 }, 'El campo monto no puede ser negativo'],
    ['purchaseOrderProducts', { purchaseOrderProducts: [] }, 'El campo productos es requerido'],
  ])('refuses a bad %s with its Spanish message', async (field, over, message) => {
    const res = await admin({ method: 'POST', url: '/v1/purchase-order/create', payload: body(over) });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toContainEqual({ field, message });
  });

  it('refuses bad lines: quantity ≥ 1, price required, product required', async () => {
    const line = { productId: plainProduct.id, quantity: 0, price: undefined };
    const res = await admin({ method: 'POST', url: '/v1/purchase-order/create', payload: body({ purchaseOrderProducts: [line] }) });
    expect(res.statusCode).toBe(400);
    const fields = fieldErrors(res).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['purchaseOrderProducts.0.quantity', 'purchaseOrderProducts.0.price']));
    const noProduct = await admin({ method: 'POST', url: '/v1/purchase-order/create', payload: body({ purchaseOrderProducts: [{ quantity: 1, price: 1 }] }) });
    expect(fieldErrors(noProduct).map((e) => e.field)).toContain('purchaseOrderProducts.0.productId');
    const unknown = await admin({
      method: 'POST',
      url: '/v1/purchase-order/create',
      payload: body({ purchaseOrderProducts: [{ productId: demoId('product:none'), quantity: 1, price: 1 }] }),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('requires lot and expiry on lines whose product type requires a lot', async () => {
    const res = await admin({
      method: 'POST',
      url: '/v1/purchase-order/create',
      payload: body({ purchaseOrderProducts: [{ productId: lotProduct.id, quantity: 1, price: 10 }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual([
      { field: 'purchaseOrderProducts.0.allotment', message: INVENTORY_MESSAGES.lotRequired },
      { field: 'purchaseOrderProducts.0.expiresAt', message: INVENTORY_MESSAGES.expiryRequired },
    ]);
  });

  it('refuses the same product with the same lot twice, and accepts it with another lot', async () => {
    const line = { productId: lotProduct.id, quantity: 1, price: 10, allotment: 'dup-1', expiresAt: '2028-01-31' };
    const res = await admin({
      method: 'POST',
      url: '/v1/purchase-order/create',
      payload: body({ purchaseOrderProducts: [line, { ...line, allotment: 'DUP-1 ' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toContainEqual({ field: 'purchaseOrderProducts.1.allotment', message: INVENTORY_MESSAGES.duplicateLot });
    await create({ purchaseOrderProducts: [line, { ...line, allotment: 'DUP-2' }] });
  });

  it('is refused without purchaseOrder.create (branch and operational managers)', async () => {
    for (const caller of [gerente, operativo]) {
      expect((await caller({ method: 'POST', url: '/v1/purchase-order/create', payload: body() })).statusCode).toBe(403);
      expect((await caller({ method: 'GET', url: '/v1/purchase-order' })).statusCode).toBe(403);
      expect((await caller({ method: 'GET', url: '/v1/purchase-order/products' })).statusCode).toBe(403);
    }
  });
});

describe('GET /v1/purchase-order', () => {
  it('lists with search, provider, pay status and date filters, and exports CSV', async () => {
    const o = await create({ invoiceNumber: 'FILTRO-77', arrivedAt: '2025-06-15' });
    const page = await logistica({
      method: 'GET',
      url: `/v1/purchase-order?startDate=2025-06-15&endDate=2025-06-15&providerId=${DERMAFARMA}&payStatus=Pendiente`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((i: { id: string }) => i.id)).toEqual([o.id]);
    const search = encodeURIComponent(JSON.stringify({ filter: 'invoiceNumber', value: 'filtro-77' }));
    expect((await admin({ method: 'GET', url: `/v1/purchase-order?search=${search}` })).json().items).toHaveLength(1);
    expect((await admin({ method: 'GET', url: '/v1/purchase-order?payStatus=Completado&startDate=2025-06-15&endDate=2025-06-15' })).json().items).toEqual([]);
    const csv = await admin({ method: 'GET', url: '/v1/purchase-order?format=csv&startDate=2025-06-15&endDate=2025-06-15' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Orden,Factura,Proveedor,Método de pago,Total,Estatus de pago,Fecha de pago');
    expect(csv.body).toContain(`${o.orderNumber},FILTRO-77,Dermafarma,Transferencia electrónica,1160.00,Pendiente`);
  });

  it('reads one order (404 for an unknown one)', async () => {
    const o = await create();
    expect((await logistica({ method: 'GET', url: `/v1/purchase-order/${o.id}` })).json()).toMatchObject({ id: o.id, orderNumber: o.orderNumber });
    expect((await admin({ method: 'GET', url: `/v1/purchase-order/${demoId('nothing')}` })).statusCode).toBe(404);
  });

  it("prices the demo's purchases at each product's cost (pesos, not cents)", async () => {
    const demo = (await logistica({ method: 'GET', url: `/v1/purchase-order?search=${searchParam('A-20', 'invoiceNumber')}` })).json();
    const order = (await logistica({ method: 'GET', url: `/v1/purchase-order/${demo.items[0].id}` })).json();
    const costs = await queryRows<{ id: string; cost: string }>(t, sql`select id, cost::text from products`);
    const costOf = new Map(costs.map((p) => [p.id, Number(p.cost)]));
    expect(order.purchaseOrderProducts.length).toBeGreaterThan(0);
    for (const line of order.purchaseOrderProducts) expect(line.price).toBe(costOf.get(line.productId));
  });
});

describe('PUT /v1/purchase-order/:id/receive', () => {
  it('puts every line into the distribution centre lots with one movement each', async () => {
    const o = await create();
    const res = await logistica({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json();
    expect(r.receivedBranch).toMatchObject({ id: CEDIS });
    expect(r.assortmentedAt).toBeTruthy();
    for (const line of r.purchaseOrderProducts as { stockId: string; quantity: number; allotment: string | null; productId: string }[]) {
      expect(line.stockId).toBeTruthy();
      const [lot] = await queryRows<{ branch_id: string; allotment: string; price: string }>(
        t,
        sql`select branch_id, allotment, price from product_stocks where id = ${line.stockId}`,
      );
      expect(lot!.branch_id).toBe(CEDIS);
      // products without lots are received under the order number
      expect(lot!.allotment).toBe(line.allotment ?? o.orderNumber);
      const sums = await lotSum(line.stockId);
      expect(sums.quantity).toBe(sums.moved);
      const moves = await queryRows<{ quantity: number; cause: string; document_number: string; document_type: string }>(
        t,
        sql`select quantity, cause, document_number, document_type from stock_movements where stock_id = ${line.stockId} and document_id = ${o.id}`,
      );
      expect(moves).toEqual([{ quantity: line.quantity, cause: 'purchase_received', document_number: o.orderNumber, document_type: 'purchase' }]);
    }
  });

  it('moves stock once when received twice in parallel', async () => {
    const o = await create();
    const answers = await Promise.all([1, 2].map(() => admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'ORDER_FINISHED', message: INVENTORY_MESSAGES.purchaseNotReceivable });
    const moves = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from stock_movements where document_id = ${o.id}`);
    expect(moves[0]!.n).toBe(2);
  });

  it('then refuses deleting (409) and changing lines (409), but takes the payment', async () => {
    const o = await create();
    await admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` });
    const del = await admin({ method: 'POST', url: `/v1/purchase-order/${o.id}/delete` });
    expect(del.statusCode).toBe(409);
    expect(del.json()).toMatchObject({ code: 'PURCHASE_ORDER_UNDELETABLE', message: INVENTORY_MESSAGES.purchaseReceived });
    const base = { ...body({ invoiceNumber: o.invoiceNumber }), purchaseOrderProducts: undefined };
    const lines = o.purchaseOrderProducts.map((l) => ({
      productId: l.productId,
      quantity: l.quantity,
      price: l.productId === lotProduct.id ? 150.5 : 40,
      allotment: l.allotment,
      expiresAt: l.allotment ? '2028-03-31' : null,
    }));
    const changed = await admin({
      method: 'PUT',
      url: `/v1/purchase-order/${o.id}/update`,
      payload: { ...base, payStatus: 'Pendiente', payedAt: '2026-11-30', purchaseOrderProducts: lines.map((l, i) => (i ? l : { ...l, quantity: 99 })) },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'ORDER_FINISHED', message: PURCHASE_LINES_LOCKED });
    const paid = await admin({
      method: 'PUT',
      url: `/v1/purchase-order/${o.id}/update`,
      payload: { ...base, invoiceNumber: 'F-PAGADA', payStatus: 'Completado', payedAt: '2026-11-30', purchaseOrderProducts: lines },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ payStatus: 'Completado', payedAt: '2026-11-30', invoiceNumber: 'F-PAGADA' });
  });

  it('answers 409 when no distribution centre is active', async () => {
    const o = await create();
    await t.ctx.db.execute(sql`update branches set active = false where id = ${CEDIS}`);
    try {
      const res = await admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` });
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('NO_DISTRIBUTION_CENTER');
    } finally {
      await t.ctx.db.execute(sql`update branches set active = true where id = ${CEDIS}`);
    }
  });

  it('is refused without purchaseOrder.edit', async () => {
    const o = await create();
    expect((await gerente({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` })).statusCode).toBe(403);
  });
});

describe('PUT /v1/purchase-order/:id/update and delete', () => {
  it('requires payStatus and payedAt on edit', async () => {
    const o = await create();
    const res = await admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/update`, payload: body() });
    expect(res.statusCode).toBe(400);
    expect(fieldErrors(res)).toEqual(
      expect.arrayContaining([
        { field: 'payStatus', message: 'El campo estatus de pago es requerido' },
        { field: 'payedAt', message: 'El campo fecha de pago es requerido' },
      ]),
    );
  });

  it('replaces the lines of an unreceived order, recomputes the credit expiration, and locks it once Completado', async () => {
    const o = await create();
    const payload = body({
      providerId: demoId('provider:insumos-baja'), // contado
      arrivedAt: '2026-11-25',
      payStatus: 'Completado',
      payedAt: '2026-11-26',
      purchaseOrderProducts: [{ productId: plainProduct.id, quantity: 7, price: 12.34 }],
    });
    const res = await logistica({ method: 'PUT', url: `/v1/purchase-order/${o.id}/update`, payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditExpiration: '2026-11-26', payStatus: 'Completado', subtotal: 86.38 });
    expect(res.json().purchaseOrderProducts).toHaveLength(1);
    const again = await logistica({ method: 'PUT', url: `/v1/purchase-order/${o.id}/update`, payload: { ...payload, comments: 'otra' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ORDER_FINISHED', message: INVENTORY_MESSAGES.purchaseCompleted });
    expect((await admin({ method: 'POST', url: `/v1/purchase-order/${o.id}/delete` })).json().code).toBe('ORDER_FINISHED');
  });

  it('deletes an unpaid, unreceived order softly and logs it', async () => {
    const o = await create();
    expect((await gerente({ method: 'POST', url: `/v1/purchase-order/${o.id}/delete` })).statusCode).toBe(403);
    const res = await logistica({ method: 'POST', url: `/v1/purchase-order/${o.id}/delete` });
    expect(res.statusCode).toBe(200);
    expect(res.json().deleted_at).toBeTruthy();
    expect((await admin({ method: 'GET', url: `/v1/purchase-order/${o.id}` })).statusCode).toBe(404);
    // a deleted order was cancelled before: deleting, editing or receiving it again is the catalogue's 409
    const again = [
      await logistica({ method: 'POST', url: `/v1/purchase-order/${o.id}/delete` }),
      await admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/update`, payload: { ...body(), payStatus: 'Pendiente', payedAt: '2026-11-30' } }),
      await admin({ method: 'PUT', url: `/v1/purchase-order/${o.id}/receive` }),
    ];
    for (const res of again) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ORDER_ALREADY_CANCELLED', message: 'La orden fue cancelada previamente' });
    }
    const logs = await queryRows<{ action: string }>(t, sql`select action from change_log where entity_id = ${o.id} order by created_at`);
    expect(logs.map((l) => l.action)).toEqual(['crear', 'eliminar']);
  });
});

describe('GET /v1/purchase-order/:id/download', () => {
  it('answers a PDF with the order number, the lines and the totals', async () => {
    const o = await create({ invoiceNumber: 'FAC-PDF-1' });
    const res = await logistica({ method: 'GET', url: `/v1/purchase-order/${o.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'oc-')), 'oc.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(o.orderNumber);
    expect(text).toContain('FAC-PDF-1');
    expect(text).toContain(lotProduct.sku);
    expect(text).toContain('31/03/2028');
    expect(text).toContain('$752.50');
    expect(text).toContain('$1,160.00');
    for (const s of ['Elaboró', 'Recibió', 'Autorizó']) expect(text).toContain(s);
    expect((await gerente({ method: 'GET', url: `/v1/purchase-order/${o.id}/download` })).statusCode).toBe(403);
  });
});

describe('documentation', () => {
  it('describes the purchase order routes in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths as Record<string, unknown>)).toEqual(
      expect.arrayContaining(['/v1/purchase-order', '/v1/purchase-order/{id}/receive', '/v1/purchase-order/{id}/download']),
    );
  });
});
