import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { errorCatalogue, type ErrorCode } from '../../../../domain/errors';
import { INVENTORY_MESSAGES } from '../../../../domain/inventory';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp } from '../../../testing/harness';
import { BRANCH, ORDER_TEST_USERS } from '../order-testing';
import { putIntoLot } from '../steps';

const { t, admin, logistica, gerente, operativo, franquicia } = useTestApp(ORDER_TEST_USERS);

const { tijuana: TIJUANA, mexicali: MEXICALI, ensenada: ENSENADA } = BRANCH;

let product: { id: string; sku: string; name: string };
let lotSeq = 0;

/** A fresh lot of the test product at a branch, put in through the inventory step (so its movements add up). */
async function lot(branchId: string, quantity: number, expiresAt: string | null = '2030-06-30') {
  const l = await putIntoLot(t.ctx.db, null, { productId: product.id, branchId, allotment: `TRT-${++lotSeq}`, expiresAt, price: null }, quantity, {
    cause: 'adjustment_registration',
  });
  return l.id;
}

async function quantityOf(stockId: string) {
  const [row] = await queryRows<{ quantity: number; moved: number }>(
    t,
    sql`select s.quantity, (select coalesce(sum(m.quantity), 0)::int from stock_movements m where m.stock_id = s.id) as moved from product_stocks s where s.id = ${stockId}`,
  );
  // the ledger invariant: a lot's quantity is the sum of its movements
  expect(row!.moved).toBe(row!.quantity);
  return row!.quantity;
}

const movements = (transferId: string) =>
  queryRows<{ cause: string; quantity: number; stock_id: string; branch_id: string }>(
    t,
    sql`select cause, quantity, stock_id, branch_id from stock_movements where document_id = ${transferId} order by seq`,
  );

type Caller = typeof admin;
interface Line {
  id: string;
  stockId: string;
  stockedQuantity: number;
}
interface TransferAnswer {
  id: string;
  transferNumber: string;
  status: string;
  transferProducts: Line[];
}

async function create(who: Caller, body: Record<string, unknown>) {
  return who({ method: 'POST', url: '/v1/transfer/create', payload: body });
}
async function created(who: Caller, originBranchId: string, destinyBranchId: string, lines: [string, number][]): Promise<TransferAnswer> {
  const res = await create(who, {
    originBranchId,
    destinyBranchId,
    transferProducts: lines.map(([stockId, stockedQuantity]) => ({ stockId, stockedQuantity })),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}
const approve = (who: Caller, tr: TransferAnswer, quantities?: number[]) =>
  who({
    method: 'PUT',
    url: `/v1/transfer/${tr.id}/approve`,
    payload: { transferProducts: tr.transferProducts.map((l, i) => ({ id: l.id, stockedQuantity: quantities?.[i] ?? l.stockedQuantity })) },
  });
const confirm = (who: Caller, tr: TransferAnswer, received: number[]) =>
  who({
    method: 'PUT',
    url: `/v1/transfer/${tr.id}/confirm`,
    payload: { transferProducts: tr.transferProducts.map((l, i) => ({ id: l.id, receivedQuantity: received[i] })) },
  });
const reject = (who: Caller, tr: TransferAnswer) => who({ method: 'PATCH', url: `/v1/transfer/${tr.id}/reject` });
const remove = (who: Caller, tr: TransferAnswer) => who({ method: 'POST', url: `/v1/transfer/${tr.id}/delete` });

beforeAll(async () => {
  [product] = await queryRows<{ id: string; sku: string; name: string }>(
    t,
    sql`select id, sku, name from products where deleted_at is null order by sku limit 1`,
  );
});

describe('POST /v1/transfer/create', () => {
  it('refuses bad input with Spanish field errors', async () => {
    const stockId = await lot(MEXICALI, 5);
    const ok = { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [{ stockId, stockedQuantity: 2 }] };
    const same = await create(admin, { ...ok, destinyBranchId: MEXICALI });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toContainEqual({ field: 'destinyBranchId', message: INVENTORY_MESSAGES.sameBranch });
    const noOrigin = await create(admin, { ...ok, originBranchId: undefined });
    expect(noOrigin.statusCode).toBe(400);
    expect(noOrigin.json().errors[0].field).toBe('originBranchId');
    expect((await create(admin, { ...ok, transferProducts: [] })).json().errors[0]).toMatchObject({
      field: 'transferProducts',
      message: 'El campo productos es requerido',
    });
    const zero = await create(admin, { ...ok, transferProducts: [{ stockId, stockedQuantity: 0 }] });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().errors[0].field).toBe('transferProducts.0.stockedQuantity');
    const twice = await create(admin, { ...ok, transferProducts: [ok.transferProducts[0], { stockId, stockedQuantity: 1 }] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toContainEqual({ field: 'transferProducts.1.stockId', message: INVENTORY_MESSAGES.duplicateStock });
  });

  it('refuses a lot of another branch, more units than the lot holds and an expired lot', async () => {
    const other = await lot(TIJUANA, 5);
    const foreign = await create(admin, { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [{ stockId: other, stockedQuantity: 1 }] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors[0]).toEqual({ field: 'transferProducts.0.stockId', message: 'El lote no pertenece a la sucursal de origen' });
    const small = await lot(MEXICALI, 3);
    const tooMany = await create(admin, { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [{ stockId: small, stockedQuantity: 4 }] });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({ code: 'INSUFFICIENT_INVENTORY', message: 'Inventario insuficiente' });
    const expired = await lot(MEXICALI, 3, '2020-01-31');
    const old = await create(admin, { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [{ stockId: expired, stockedQuantity: 1 }] });
    expect(old.statusCode).toBe(409);
    expect(old.json().code).toBe('LOT_EXPIRED');
    expect(old.json().message).toContain('31/01/2020');
    const unknown = await create(admin, {
      originBranchId: MEXICALI,
      destinyBranchId: TIJUANA,
      transferProducts: [{ stockId: demoId('nada'), stockedQuantity: 1 }],
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('creates En proceso with a TR- number without moving units; branch-bound users only from their branch', async () => {
    const stockId = await lot(TIJUANA, 6);
    const tr = await created(gerente, TIJUANA, MEXICALI, [[stockId, 4]]);
    expect(tr).toMatchObject({
      status: 'En proceso',
      transferNumber: expect.stringMatching(/^TR-\d{6}$/),
      originBranch: { id: TIJUANA },
      destinyBranch: { id: MEXICALI },
    });
    expect(tr.transferProducts[0]).toMatchObject({ stockId, stockedQuantity: 4, receivedQuantity: null, stock: 6 });
    expect(await quantityOf(stockId)).toBe(6);
    const mexicaliLot = await lot(MEXICALI, 2);
    const foreign = await create(gerente, {
      originBranchId: MEXICALI,
      destinyBranchId: TIJUANA,
      transferProducts: [{ stockId: mexicaliLot, stockedQuantity: 1 }],
    });
    expect(foreign.statusCode).toBe(403);
    expect((await create(franquicia, { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [] })).statusCode).toBe(403);
    expect((await create(operativo, { originBranchId: MEXICALI, destinyBranchId: TIJUANA, transferProducts: [] })).statusCode).toBe(403);
    const logs = await queryRows<{ module: string; action: string; order_number: string }>(
      t,
      sql`select module, action, order_number from change_log where entity_id = ${tr.id}`,
    );
    expect(logs).toEqual([{ module: 'transfers', action: 'crear', order_number: tr.transferNumber }]);
  });
});

describe('PUT /v1/transfer/:id/approve', () => {
  it('only the super administrator approves, never the creator; refuses a quantity above the lot; sends the units once', async () => {
    const stockId = await lot(MEXICALI, 10);
    const mine = await created(admin, MEXICALI, TIJUANA, [[stockId, 1]]);
    const own = await approve(admin, mine);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toMatchObject({ code: 'CREATOR_CANNOT_APPROVE', message: INVENTORY_MESSAGES.creatorCannotApprove });
    const tr = await created(logistica, MEXICALI, TIJUANA, [[stockId, 4]]);
    // section 4: the Logística Gerente no longer approves or rejects pending transfers
    for (const who of [gerente, logistica, operativo]) expect((await approve(who, tr)).statusCode).toBe(403);
    expect((await reject(logistica, tr)).statusCode).toBe(403);
    const tooMany = await approve(admin, tr, [11]);
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json()).toMatchObject({
      message: 'Inventario insuficiente',
      errors: [{ field: 'transferProducts.0.stockedQuantity', message: 'Inventario insuficiente' }],
    });
    const missing = await admin({ method: 'PUT', url: `/v1/transfer/${tr.id}/approve`, payload: { transferProducts: [] } });
    expect(missing.statusCode).toBe(400);
    const res = await approve(admin, tr, [6]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'En tránsito',
      approvedBy: { name: expect.stringContaining('Alejandra') },
      transferProducts: [{ stockedQuantity: 6 }],
    });
    expect(await quantityOf(stockId)).toBe(4);
    expect((await approve(admin, tr, [1])).json().code).toBe('ORDER_ALREADY_APPROVED');
    expect(await movements(tr.id)).toEqual([{ cause: 'transfer_sent', quantity: -6, stock_id: stockId, branch_id: MEXICALI }]);
  });

  it('two approvals that together exceed a lot, in parallel: one refused with 422, the lot never below zero', async () => {
    const stockId = await lot(MEXICALI, 10);
    const a = await created(logistica, MEXICALI, TIJUANA, [[stockId, 7]]);
    const b = await created(logistica, MEXICALI, ENSENADA, [[stockId, 7]]);
    const answers = await Promise.all([approve(admin, a), approve(admin, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    expect(answers.find((r) => r.statusCode === 422)!.json().message).toBe('Inventario insuficiente');
    expect(await quantityOf(stockId)).toBe(3);
  });

  it('the same approval twice in parallel moves the stock once', async () => {
    const stockId = await lot(MEXICALI, 10);
    const tr = await created(logistica, MEXICALI, TIJUANA, [[stockId, 5]]);
    const answers = await Promise.all([approve(admin, tr), approve(admin, tr)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await quantityOf(stockId)).toBe(5);
    expect(await movements(tr.id)).toHaveLength(1);
  });
});

describe('PUT /v1/transfer/:id/confirm', () => {
  it('only after sending, by the destination, never above what was sent; a difference is its own movement', async () => {
    const stockId = await lot(MEXICALI, 10);
    const tr = await created(logistica, MEXICALI, TIJUANA, [[stockId, 8]]);
    expect((await confirm(gerente, tr, [8])).json().code).toBe('ORDER_NOT_APPROVED');
    expect((await approve(admin, tr)).statusCode).toBe(200);
    expect((await confirm(franquicia, tr, [8])).statusCode).toBe(403);
    const above = await confirm(gerente, tr, [9]);
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual([{ field: 'transferProducts.0.receivedQuantity', message: INVENTORY_MESSAGES.receivedAboveSent }]);
    const missing = await gerente({ method: 'PUT', url: `/v1/transfer/${tr.id}/confirm`, payload: { transferProducts: [{ id: tr.transferProducts[0]!.id }] } });
    expect(missing.statusCode).toBe(400);
    const [done, again] = await Promise.all([confirm(gerente, tr, [6]), confirm(gerente, tr, [6])]);
    expect([done.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    expect((done.statusCode === 409 ? done : again).json().code).toBe('ORDER_FINISHED');
    const answer = (done.statusCode === 200 ? done : again).json();
    expect(answer).toMatchObject({ status: 'Terminada', hasDifference: true, acceptedBy: { name: expect.stringContaining('Gabriela') } });
    const destination = answer.transferProducts[0].destinationStockId as string;
    expect(answer.transferProducts[0]).toMatchObject({ stockedQuantity: 8, receivedQuantity: 6 });
    expect(await quantityOf(destination)).toBe(6);
    expect(await quantityOf(stockId)).toBe(2);
    const [dest] = await queryRows<{ allotment: string; expires_at: string; branch_id: string }>(
      t,
      sql`select d.allotment, d.expires_at::text, d.branch_id from product_stocks d where d.id = ${destination}`,
    );
    const [src] = await queryRows<{ allotment: string; expires_at: string }>(
      t,
      sql`select allotment, expires_at::text from product_stocks where id = ${stockId}`,
    );
    expect(dest).toEqual({ ...src, branch_id: TIJUANA });
    expect((await movements(tr.id)).map((m) => [m.cause, m.quantity, m.branch_id])).toEqual([
      ['transfer_sent', -8, MEXICALI],
      ['transfer_received', 8, TIJUANA],
      ['receipt_difference', -2, TIJUANA],
    ]);
    const list = (await admin({ method: 'GET', url: `/v1/transfer?status=Terminada&originBranchId=${MEXICALI}&take=all` })).json();
    expect(list.items.find((i: { id: string }) => i.id === tr.id)).toMatchObject({ hasDifference: true, status: 'Terminada' });
    expect((await remove(admin, tr)).json().code).toBe('ORDER_FINISHED');
  });
});

describe('PATCH /v1/transfer/:id/reject', () => {
  it('rejects a pending transfer without moving units; a sent one is not rejected (409) and its units stay sent', async () => {
    const stockId = await lot(MEXICALI, 10);
    const pending = await created(logistica, MEXICALI, TIJUANA, [[stockId, 3]]);
    expect((await reject(gerente, pending)).statusCode).toBe(403);
    const res = await reject(admin, pending);
    expect(res.json()).toMatchObject({ status: 'Rechazada', rejectedBy: { name: expect.stringContaining('Alejandra') } });
    expect(await movements(pending.id)).toEqual([]);
    expect((await approve(admin, pending)).json().code).toBe('ORDER_ALREADY_CANCELLED');
    const sent = await created(logistica, MEXICALI, TIJUANA, [[stockId, 4]]);
    expect((await approve(admin, sent)).statusCode).toBe(200);
    expect(await quantityOf(stockId)).toBe(6);
    const refused = await reject(admin, sent);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ORDER_CANNOT_BE_CANCELLED', message: errorCatalogue.ORDER_CANNOT_BE_CANCELLED.message });
    expect((await admin({ method: 'GET', url: `/v1/transfer/${sent.id}` })).json()).toMatchObject({ status: 'En tránsito', rejectedAt: null });
    expect(await quantityOf(stockId)).toBe(6);
    expect((await movements(sent.id)).map((m) => [m.cause, m.quantity])).toEqual([['transfer_sent', -4]]);
  });
});

describe('POST /v1/transfer/:id/delete', () => {
  it('deletes pending transfers; only the super administrator deletes sent (units return) or rejected ones', async () => {
    const stockId = await lot(MEXICALI, 10);
    const pending = await created(logistica, MEXICALI, TIJUANA, [[stockId, 2]]);
    expect((await remove(gerente, pending)).statusCode).toBe(403);
    const gone = await remove(logistica, pending);
    expect(gone.json()).toMatchObject({ status: 'Eliminada', deleted_at: expect.any(String) });
    expect((await remove(admin, pending)).json().code).toBe('ORDER_ALREADY_CANCELLED');
    expect((await admin({ method: 'GET', url: `/v1/transfer/${pending.id}` })).json().status).toBe('Eliminada');

    const sent = await created(logistica, MEXICALI, TIJUANA, [[stockId, 5]]);
    expect((await approve(admin, sent)).statusCode).toBe(200);
    expect((await remove(logistica, sent)).json().code).toBe('ORDER_CANNOT_BE_CANCELLED');
    expect((await remove(admin, sent)).json().status).toBe('Eliminada');
    expect(await quantityOf(stockId)).toBe(10);

    const rejected = await created(gerente, TIJUANA, MEXICALI, [[await lot(TIJUANA, 2), 1]]);
    expect((await reject(admin, rejected)).statusCode).toBe(200);
    expect((await remove(logistica, rejected)).json().code).toBe('ORDER_ALREADY_CANCELLED');
    expect((await remove(admin, rejected)).statusCode).toBe(200);
    const logs = await queryRows<{ action: string }>(t, sql`select action from change_log where entity_id = ${sent.id} order by created_at`);
    expect(logs.map((l) => l.action)).toEqual(['crear', 'aprobar', 'eliminar']);
  });
});

describe('an action on a transfer in a state that does not allow it', () => {
  it('answers the 409 of the catalogue that names the state, with its Spanish message', async () => {
    const refusal = (code: ErrorCode) => ({ statusCode: 409, code, message: errorCatalogue[code].message });
    const answer = (res: Awaited<ReturnType<Caller>>) => ({ statusCode: res.statusCode, code: res.json().code, message: res.json().message });
    const stockId = await lot(MEXICALI, 10);
    const finished = await created(logistica, MEXICALI, TIJUANA, [[stockId, 1]]);
    await approve(admin, finished);
    await confirm(admin, finished, [1]);
    for (const res of [await approve(admin, finished), await confirm(admin, finished, [1]), await reject(admin, finished), await remove(admin, finished)])
      expect(answer(res)).toEqual(refusal('ORDER_FINISHED'));
    const rejected = await created(logistica, MEXICALI, TIJUANA, [[stockId, 1]]);
    await reject(admin, rejected);
    for (const res of [await approve(admin, rejected), await confirm(admin, rejected, [1]), await reject(admin, rejected)])
      expect(answer(res)).toEqual(refusal('ORDER_ALREADY_CANCELLED'));
    const deleted = await created(logistica, MEXICALI, TIJUANA, [[stockId, 1]]);
    await remove(admin, deleted);
    for (const res of [await approve(admin, deleted), await confirm(admin, deleted, [1]), await reject(admin, deleted), await remove(admin, deleted)])
      expect(answer(res)).toEqual(refusal('ORDER_ALREADY_CANCELLED'));
  });
});

describe('GET /v1/transfer', () => {
  it('filters, scopes branch-bound users to their branch and exports CSV', async () => {
    const tr = await created(admin, MEXICALI, ENSENADA, [[await lot(MEXICALI, 2), 1]]);
    const mine = (await gerente({ method: 'GET', url: '/v1/transfer?take=all' })).json();
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i: { originBranchId: string; destinyBranchId: string }) => i.originBranchId === TIJUANA || i.destinyBranchId === TIJUANA)).toBe(
      true,
    );
    expect((await gerente({ method: 'GET', url: `/v1/transfer/${tr.id}` })).statusCode).toBe(403);
    const byDestiny = (await admin({ method: 'GET', url: `/v1/transfer?destinyBranchId=${ENSENADA}&status=En%20proceso` })).json();
    expect(byDestiny.items.map((i: { id: string }) => i.id)).toContain(tr.id);
    const today = new Date().toISOString().slice(0, 10);
    expect((await admin({ method: 'GET', url: `/v1/transfer?startDate=2001-01-01&endDate=2001-01-02` })).json().items).toEqual([]);
    expect((await admin({ method: 'GET', url: `/v1/transfer?startDate=${today}&field=originBranch&order=ASC` })).statusCode).toBe(200);
    const csv = await admin({ method: 'GET', url: `/v1/transfer?format=csv&destinyBranchId=${ENSENADA}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Número,Sucursal origen,Fecha de creación,Sucursal destino,Estatus');
    expect(csv.body).toContain(tr.transferNumber);
    expect((await franquicia({ method: 'GET', url: '/v1/transfer' })).statusCode).toBe(200);
  });
});

describe('GET /v1/transfer/:id/download', () => {
  it('answers a PDF with the number, the branches, the lines and the signatures', async () => {
    const stockId = await lot(MEXICALI, 4, '2029-03-31');
    const tr = await created(admin, MEXICALI, TIJUANA, [[stockId, 3]]);
    const res = await operativo({ method: 'GET', url: `/v1/transfer/${tr.id}/download` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tr-')), 'tr.pdf');
    writeFileSync(file, res.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(tr.transferNumber);
    expect(text).toContain(product.sku);
    expect(text).toContain('31/03/2029');
    for (const s of ['Mexicali', 'Tijuana', 'Entregó', 'Transportó', 'Recibió']) expect(text).toContain(s);
    expect((await franquicia({ method: 'GET', url: `/v1/transfer/${tr.id}/download` })).statusCode).toBe(403);
  });
});
