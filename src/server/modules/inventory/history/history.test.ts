import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUSINESS_TIME_ZONE, dateInZone } from '../../../../domain/dates';
import { HISTORY_MODULES } from '../../../../domain/inventory.contract';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp } from '../../../testing/harness';

/** /dashboard/historial: the change log of the inventory modules, with product, stock and branches, per role. */

const { t, admin, logistica, gerente, medico, franquicia } = useTestApp({
  admin: 'admin@demo.mx',
  logistica: 'logistica@demo.mx',
  gerente: 'gerente@demo.mx',
  medico: 'medico@demo.mx',
  franquicia: 'franquicia@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const ENSENADA = demoId('branch:ensenada');
const CEDIS = demoId('branch:cedis');

interface Row {
  id: string;
  module: { name: string; alias: string };
  action: string;
  order: string | null;
  stock: number | null;
  product: string | null;
  originBranch: string | null;
  destinationBranch: string | null;
  user: { name: string; lastName: string; motherLastName: string } | null;
  changes: string | null;
}

// the business day of the readers' branches (Tijuana), not the UTC date: from 16:00 to midnight there they differ
const today = dateInZone(BUSINESS_TIME_ZONE);
let names: Record<string, string> = {};
let product: { id: string; name: string };
/** The change-log rows these tests wrote. */
const ids = { tijuanaAdjustment: '', mexicaliAdjustment: '', transfer: '', restock: '' };

async function logId(entityId: string, action?: string) {
  const [row] = await queryRows<{ id: string }>(
    t,
    sql`select id from change_log where entity_id = ${entityId} ${action ? sql`and action = ${action}` : sql``} order by created_at desc limit 1`,
  );
  return row!.id;
}

const list = async (caller: typeof admin, query: string) => {
  const res = await caller({ method: 'GET', url: `/v1/log?take=all&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Row[];
};

beforeAll(async () => {
  const branches = await queryRows<{ id: string; name: string }>(t, sql`select id, name from branches`);
  names = Object.fromEntries(branches.map((b) => [b.id, b.name]));
  [product] = await queryRows<{ id: string; name: string }>(
    t,
    sql`select id, name from products where deleted_at is null and active and approved_at is not null order by sku limit 1`,
  );
  await t.ctx.db.execute(sql`update max_mins set max = 0, min = 0 where product_id = ${product.id}`);
  const adjust = async (branchId: string, allotment: string) => {
    const res = await admin({
      method: 'PATCH',
      url: '/v1/stock/adjustment',
      payload: { productId: product.id, branchId, type: 'registration', quantity: 9, allotment, expiresIn: '2030-01-31', justification: 'Conteo físico' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().stockId as string;
  };
  ids.tijuanaAdjustment = await logId(await adjust(TIJUANA, 'HIST-TJ'));
  const mexicaliLot = await adjust(MEXICALI, 'HIST-MX');
  ids.mexicaliAdjustment = await logId(mexicaliLot);
  const tr = await admin({
    method: 'POST',
    url: '/v1/transfer/create',
    payload: { originBranchId: MEXICALI, destinyBranchId: ENSENADA, transferProducts: [{ stockId: mexicaliLot, stockedQuantity: 2 }] },
  });
  expect(tr.statusCode, tr.body).toBe(201);
  ids.transfer = await logId(tr.json().id);
  const ro = await gerente({
    method: 'POST',
    url: '/v1/assortment-order/create',
    payload: { orderType: 'ordinary_general', branchId: TIJUANA, assortmentOrderProducts: [{ productId: product.id, orderedQuantity: 1 }] },
  });
  expect(ro.statusCode, ro.body).toBe(201);
  ids.restock = await logId(ro.json().id);
});

describe('GET /v1/log', () => {
  it('lists the inventory modules only, never e.g. clients', async () => {
    const [other] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from change_log where module not in ${[...HISTORY_MODULES]}`);
    expect(other!.n).toBeGreaterThan(0);
    const res = await admin({ method: 'GET', url: '/v1/log?take=100' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.length).toBeGreaterThan(0);
    for (const r of body.items as Row[]) expect(HISTORY_MODULES as readonly string[]).toContain(r.module.name);
    const [inventory] = await queryRows<{ n: number }>(t, sql`select count(*)::int as n from change_log where module in ${[...HISTORY_MODULES]}`);
    expect(body.total ?? body.count ?? inventory!.n).toBe(inventory!.n);
    const clients = await admin({ method: 'GET', url: '/v1/log?module=clients' });
    expect(clients.statusCode).toBe(400);
  });

  it('shows product and stock for an adjustment, origin and destination for a transfer and a restock', async () => {
    const rows = await list(admin, `startDate=${today}&endDate=${today}`);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids.tijuanaAdjustment)).toMatchObject({
      module: { name: 'inventory' },
      product: product.name,
      stock: 9,
      destinationBranch: names[TIJUANA],
      user: { name: 'Alejandra', lastName: 'Ramírez', motherLastName: 'Soto' },
    });
    expect(byId.get(ids.transfer)).toMatchObject({
      module: { name: 'transfers' },
      order: expect.stringMatching(/^TR-/),
      originBranch: names[MEXICALI],
      destinationBranch: names[ENSENADA],
    });
    expect(byId.get(ids.restock)).toMatchObject({
      module: { name: 'assortmentOrder' },
      order: expect.stringMatching(/^OR-/),
      destinationBranch: names[TIJUANA],
    });
    // a restock comes from the distribution centre once approved; before, its origin is the centre or not yet known
    expect([names[CEDIS], null]).toContain(byId.get(ids.restock)!.originBranch);
  });

  it("carries the Log entity's changes (JSON text of each changed field's before and after) and its user { name, lastName, motherLastName }", async () => {
    const rows = await list(admin, `startDate=${today}&endDate=${today}`);
    const adjustment = rows.find((r) => r.id === ids.tijuanaAdjustment)!;
    expect(adjustment.user).toEqual({ name: 'Alejandra', lastName: 'Ramírez', motherLastName: 'Soto' });
    expect(typeof adjustment.changes).toBe('string');
    const changes = JSON.parse(adjustment.changes!) as Record<string, { before: unknown; after: unknown }>;
    expect(changes.quantity).toEqual({ before: 0, after: 9 });
    for (const change of Object.values(changes)) {
      expect(Object.keys(change).sort()).toEqual(['after', 'before']);
      expect(change.before).not.toEqual(change.after);
    }
    // a creation has no before: every field it wrote is a change from null
    const created = JSON.parse(rows.find((r) => r.id === ids.transfer)!.changes!) as Record<string, { before: unknown; after: unknown }>;
    expect(created.transferNumber).toEqual({ before: null, after: expect.stringMatching(/^TR-/) });
    const csv = await admin({ method: 'GET', url: `/v1/log?format=csv&startDate=${today}&endDate=${today}&module=inventory` });
    expect(csv.body).toContain('Alejandra Ramírez Soto');
  });

  it('filters by module and by dates, and answers CSV', async () => {
    const transfers = await list(admin, `module=transfers&startDate=${today}&endDate=${today}`);
    expect(transfers.map((r) => r.id)).toContain(ids.transfer);
    for (const r of transfers) expect(r.module.name).toBe('transfers');
    const old = await list(admin, 'startDate=2000-01-01&endDate=2000-01-02');
    expect(old).toEqual([]);
    const ranged = await list(admin, `startDate=2000-01-01&endDate=${today}&module=inventory`);
    expect(ranged.map((r) => r.id)).toEqual(expect.arrayContaining([ids.tijuanaAdjustment, ids.mexicaliAdjustment]));
    expect((await admin({ method: 'GET', url: '/v1/log?startDate=2025-02-30' })).statusCode).toBe(400);
    const csv = await admin({ method: 'GET', url: `/v1/log?format=csv&startDate=${today}&endDate=${today}` });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Módulo,Acción,Número de orden,Stock,Producto,Sucursal origen,Sucursal destino,Usuario,Fecha');
    expect(csv.body).toContain(product.name);
  });

  it('shows a branch manager only the rows about their branch', async () => {
    const rows = await list(gerente, `startDate=${today}&endDate=${today}`);
    const seen = rows.map((r) => r.id);
    expect(seen).toEqual(expect.arrayContaining([ids.tijuanaAdjustment, ids.restock]));
    // written by the super administrator (whose own branch is Tijuana) about Mexicali and Ensenada only
    expect(seen).not.toContain(ids.mexicaliAdjustment);
    expect(seen).not.toContain(ids.transfer);
    for (const r of rows) expect([r.originBranch, r.destinationBranch]).toContain(names[TIJUANA]);
    expect((await gerente({ method: 'GET', url: `/v1/log?branchId=${MEXICALI}` })).statusCode).toBe(403);
    // the logistics manager (not bound to a branch) sees them all
    const all = (await list(logistica, `startDate=${today}&endDate=${today}`)).map((r) => r.id);
    expect(all).toEqual(expect.arrayContaining(Object.values(ids)));
  });

  it('refuses a role without history.show', async () => {
    expect((await medico({ method: 'GET', url: '/v1/log' })).statusCode).toBe(403);
    expect((await medico({ method: 'GET', url: `/v1/log/${ids.transfer}` })).statusCode).toBe(403);
    expect((await franquicia({ method: 'GET', url: '/v1/log' })).statusCode).toBe(403);
  });
});

describe('GET /v1/log/:id', () => {
  it("answers the 'Cambios' fields of an inventory row", async () => {
    const res = await admin({ method: 'GET', url: `/v1/log/${ids.tijuanaAdjustment}` });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json();
    expect(detail.module.name).toBe('inventory');
    expect(detail.fields.length).toBeGreaterThan(0);
    for (const f of detail.fields)
      expect(f).toEqual({
        key: expect.any(String),
        label: expect.any(String),
        before: expect.anything(),
        after: expect.anything(),
        changed: expect.any(Boolean),
      });
    const quantity = detail.fields.find((f: { key: string }) => f.key === 'quantity');
    expect(quantity).toMatchObject({ before: '0', after: '9', changed: true });
  });

  it('answers 404 for a row of another module and for an unknown id', async () => {
    const [clients] = await queryRows<{ id: string }>(t, sql`select id from change_log where module not in ${[...HISTORY_MODULES]} limit 1`);
    const other = await admin({ method: 'GET', url: `/v1/log/${clients!.id}` });
    expect(other.statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: '/v1/log/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});
