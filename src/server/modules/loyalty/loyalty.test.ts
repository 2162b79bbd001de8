import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { todayIn } from '../../../domain/age';
import { addDays, DEFAULT_TIER_THRESHOLDS } from '../../../domain/loyalty';
import {
  appointmentCancellations,
  appointments,
  branches,
  cabinTypes,
  cabins,
  cashOrderDetails,
  cashOrders,
  customers,
  orderDetails,
  orders,
  packages,
  products,
  purchasedProducts,
  treatments,
  users,
} from '../../db/schema';
import { countRows, createTestApp, type TestApp } from '../../testing/harness';
import { toCents } from '../../../domain/money';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
let gerente: ReturnType<TestApp['as']>;
let medico: ReturnType<TestApp['as']>;
let logistica: ReturnType<TestApp['as']>;
let ids: { branch: string; branchName: string; cabin: string; treatment: string; treatmentType: string; pkg: string; product: string; user: string };

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY);
const search = (value: string) => encodeURIComponent(JSON.stringify({ filter: 'name', value }));
let seq = 0;
const next = () => `${Date.now().toString(36)}${(++seq).toString(36)}`.toUpperCase();

async function customer(name: string, lastName: string) {
  const [row] = await t.ctx.db
    .insert(customers)
    .values({ name, lastName, motherLastName: 'Prueba', gender: 'Femenino', birthday: '1990-01-01', email: `${name.toLowerCase()}@correo.mx` })
    .returning();
  return row;
}

async function sale(kind: 'order' | 'cash', customerId: string, total: number, over: Partial<typeof orders.$inferInsert> = {}) {
  const table = kind === 'cash' ? cashOrders : orders;
  const [row] = await t.ctx.db
    .insert(table)
    .values({
      orderNumber: `LT-${next()}`,
      branchId: ids.branch,
      customerId,
      subtotal: toCents(total),
      total: toCents(total),
      paymentMethod: 'Efectivo',
      paymentStatus: 'paid',
      points: Math.floor(total / 100),
      businessDate: new Date().toISOString().slice(0, 10),
      ...over,
    })
    .returning();
  if (kind === 'cash')
    await t.ctx.db
      .insert(cashOrderDetails)
      .values({ cashOrderId: row.id, productId: ids.product, quantity: 2, salePrice: toCents(total / 2), price: toCents(total / 2) });
  else
    await t.ctx.db.insert(orderDetails).values({ orderId: row.id, treatmentId: ids.treatment, quantity: 1, salePrice: toCents(total), price: toCents(total) });
  return row;
}

let slot = 0;
/** Appointments in the suite's own cabin, each in its own half hour so the no-overlap constraint never bites. */
async function appointment(customerId: string, daysAgo: number, status: string, over: Partial<typeof appointments.$inferInsert> = {}) {
  const n = slot++;
  const hh = String(6 + (Math.floor(n / 2) % 16)).padStart(2, '0');
  const mm = n % 2 ? '30' : '00';
  const endH = n % 2 ? String(Number(hh) + 1).padStart(2, '0') : hh;
  const [row] = await t.ctx.db
    .insert(appointments)
    .values({
      appointmentNumber: `CITA-${next()}`,
      status,
      branchId: ids.branch,
      cabinId: ids.cabin,
      customerId,
      treatmentTypeId: ids.treatmentType,
      treatmentId: ids.treatment,
      date: addDays(todayIn(), -daysAgo - Math.floor(n / 32)),
      startTime: `${hh}:${mm}:00`,
      endTime: `${endH}:${n % 2 ? '00' : '30'}:00`,
      term: 30,
      appointmentMethod: 'inPerson',
      appointmentOption: 'newTreatments',
      ...over,
    })
    .returning();
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  gerente = t.as((await t.signIn('gerente@demo.mx')).token);
  medico = t.as((await t.signIn('medico@demo.mx')).token);
  logistica = t.as((await t.signIn('logistica@demo.mx')).token);
  const db = t.ctx.db;
  const [branch] = await db.select().from(branches).where(eq(branches.distributionCenter, false)).limit(1);
  const [type] = await db.select().from(cabinTypes).limit(1);
  const [cabin] = await db.insert(cabins).values({ name: 'Cabina lealtad', typeId: type.id, branchId: branch.id }).returning();
  const [treatment] = await db.select().from(treatments).where(isNull(treatments.deletedAt)).limit(1);
  const [pkg] = await db.select().from(packages).limit(1);
  const [product] = await db.select().from(products).limit(1);
  const [user] = await db.select().from(users).where(eq(users.username, 'medico@demo.mx')).limit(1);
  ids = {
    branch: branch.id,
    branchName: branch.name,
    cabin: cabin.id,
    treatment: treatment.id,
    treatmentType: treatment.treatmentTypeId,
    pkg: pkg.id,
    product: product.id,
    user: user.id,
  };
});
afterAll(() => t.close());

describe('GET /v1/customer/totals-purchases (miembros)', () => {
  let ana: typeof customers.$inferSelect;
  let beto: typeof customers.$inferSelect;
  let caro: typeof customers.$inferSelect;

  beforeAll(async () => {
    ana = await customer('Anamiembro', 'Lealtad');
    beto = await customer('Betomiembro', 'Lealtad');
    caro = await customer('Caromiembro', 'Lealtad');
    // counted: a paid order and a paid cash order inside the last 365 days
    await sale('order', ana.id, 8_000.5, { createdAt: ago(10) });
    await sale('cash', ana.id, 3_000.25, { createdAt: ago(200) });
    // not counted: refunded, unpaid, deleted, and older than the window
    await sale('order', ana.id, 50_000, { createdAt: ago(5), refundedAt: ago(4), refundMethod: 'Efectivo' });
    await sale('order', ana.id, 50_000, { createdAt: ago(5), paymentStatus: 'pending_payment' });
    await sale('cash', ana.id, 50_000, { createdAt: ago(5), paymentStatus: 'error' });
    await sale('order', ana.id, 50_000, { createdAt: ago(5), deletedAt: ago(1) });
    await sale('order', ana.id, 70_000, { createdAt: ago(400) });
    await sale('cash', caro.id, 35_000, { createdAt: ago(30) });
  });

  const list = async (query = '') => {
    const res = await admin({ method: 'GET', url: `/v1/customer/totals-purchases?search=${search('miembro lealtad')}&take=10${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { id: string; total: number; loyaltyScale: string; lastName: string }[]; meta: { itemCount: number; take: number } };
  };

  it('sums paid, not refunded orders and cash orders of the last 365 days and sorts by total', async () => {
    const body = await list();
    expect(body.meta.itemCount).toBe(3);
    expect(body.items.map((c) => [c.id, c.total, c.loyaltyScale])).toEqual([
      [caro.id, 35_000, 'ORO'],
      [ana.id, 11_000.75, 'PLATA'],
      [beto.id, 0, 'BRONCE'],
    ]);
    const asc = await list('&field=total&order=ASC');
    expect(asc.items.map((c) => c.id)).toEqual([beto.id, ana.id, caro.id]);
  });

  it('reads the asked date range in the business time zone', async () => {
    const start = addDays(todayIn(), -401);
    const body = await list(`&startDate=${start}&endDate=${addDays(todayIn(), -100)}`);
    const byId = Object.fromEntries(body.items.map((c) => [c.id, c]));
    expect(byId[ana.id].total).toBe(73_000.25);
    expect(byId[ana.id].loyaltyScale).toBe('PLATINO');
    expect(byId[caro.id].total).toBe(0);
    const wrong = await admin({ method: 'GET', url: `/v1/customer/totals-purchases?startDate=2026-05-02&endDate=2026-05-01` });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('La fecha inicial no puede ser posterior a la fecha final');
    const bad = await admin({ method: 'GET', url: `/v1/customer/totals-purchases?startDate=2026-02-30` });
    expect(bad.statusCode).toBe(400);
  });

  it('pages 5 rows by default and answers the /v1/members alias the same', async () => {
    const res = await admin({ method: 'GET', url: '/v1/customer/totals-purchases' });
    expect(res.json().meta.take).toBe(5);
    expect(res.json().items).toHaveLength(5);
    const alias = await admin({ method: 'GET', url: `/v1/members?search=${search('miembro lealtad')}` });
    expect(alias.json().items.map((c: { id: string }) => c.id)).toEqual([caro.id, ana.id, beto.id]);
  });

  it('gives the same total and tier for one customer on /v1/customer/{id}/loyalty', async () => {
    const res = await medico({ method: 'GET', url: `/v1/customer/${ana.id}/loyalty` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ customerId: ana.id, total: 11_000.75, loyaltyScale: 'PLATA', endDate: todayIn(), startDate: addDays(todayIn(), -364) });
    expect((await admin({ method: 'GET', url: `/v1/customer/${randomUUID()}/loyalty` })).statusCode).toBe(404);
  });

  it('follows the thresholds saved in settings, validates them and logs the change', async () => {
    const setting = (await admin({ method: 'GET', url: '/v1/setting' })).json();
    expect(setting.loyaltyThresholds).toEqual(DEFAULT_TIER_THRESHOLDS);
    const put = (loyaltyThresholds: unknown) =>
      admin({
        method: 'PUT',
        url: `/v1/setting/${setting.id}/update`,
        payload: { exchangeRate: setting.exchangeRate, paymentProcessType: setting.paymentProcessType, loyaltyThresholds },
      });

    const logs = await countRows(t, 'change_log');
    const disordered = await put({ ...DEFAULT_TIER_THRESHOLDS, ORO: 9_000 });
    expect(disordered.statusCode).toBe(400);
    expect(disordered.json().message).toBe('El monto de ORO debe ser mayor que el de PLATA');
    expect(disordered.json().errors[0].field).toBe('loyaltyThresholds.ORO');
    const floor = await put({ ...DEFAULT_TIER_THRESHOLDS, BRONCE: 100 });
    expect(floor.json().message).toBe('El nivel BRONCE debe iniciar en $0.00');
    const negative = await put({ ...DEFAULT_TIER_THRESHOLDS, PLATA: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().message).toBe('El monto de PLATA no puede ser negativo');
    const missing = await put({ BRONCE: 0, PLATA: 1 });
    expect(missing.statusCode).toBe(400);
    expect(await countRows(t, 'change_log')).toBe(logs);

    const raised = { BRONCE: 0, PLATA: 12_000, ORO: 36_000, PLATINO: 70_000, DIAMANTE: 120_000 };
    const ok = await put(raised);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().loyaltyThresholds).toEqual(raised);
    expect(await countRows(t, 'change_log')).toBe(logs + 1);
    const [log] = (
      (await t.ctx.db.execute(sql`select before, after from change_log where entity_id = ${setting.id} order by created_at desc limit 1`)) as unknown as {
        rows: { before: { loyaltyThresholds: unknown }; after: { loyaltyThresholds: unknown } }[];
      }
    ).rows;
    expect(log.before.loyaltyThresholds).toEqual(DEFAULT_TIER_THRESHOLDS);
    expect(log.after.loyaltyThresholds).toEqual(raised);

    const body = await list();
    expect(body.items.map((c) => c.loyaltyScale)).toEqual(['PLATA', 'BRONCE', 'BRONCE']);
    expect((await medico({ method: 'GET', url: `/v1/customer/${caro.id}/loyalty` })).json().loyaltyScale).toBe('PLATA');

    // a client that does not send thresholds keeps them
    const keep = await admin({
      method: 'PUT',
      url: `/v1/setting/${setting.id}/update`,
      payload: { exchangeRate: setting.exchangeRate, paymentProcessType: setting.paymentProcessType },
    });
    expect(keep.json().loyaltyThresholds).toEqual(raised);
    expect((await put(DEFAULT_TIER_THRESHOLDS)).statusCode).toBe(200);
    expect((await list()).items.map((c) => c.loyaltyScale)).toEqual(['ORO', 'PLATA', 'BRONCE']);
  });

  it('is refused without the members module, and its CSV to all but the Super Administrador', async () => {
    expect((await medico({ method: 'GET', url: '/v1/customer/totals-purchases' })).statusCode).toBe(403);
    expect((await logistica({ method: 'GET', url: '/v1/members' })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/customer/totals-purchases' })).statusCode).toBe(200);
    expect((await gerente({ method: 'GET', url: '/v1/customer/totals-purchases?format=csv' })).statusCode).toBe(403);
    const csv = await admin({ method: 'GET', url: `/v1/customer/totals-purchases?format=csv&search=${search('miembro lealtad')}` });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFNúmero,Nombre,Apellido paterno,Apellido materno,Género,Correo,Celular,Total de compras,Escala de lealtad');
    expect(lines[1]).toContain('Caromiembro,LEALTAD,PRUEBA');
    expect(lines[1]).toContain('35000.00,ORO');
  });
});

describe('GET /v1/customer/we-miss-you', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const c = async (key: string) => (made[key] = (await customer(`${key}extranamos`, 'Ausente')).id);
    // came 60 days ago and not since: missed
    await appointment(await c('Visita'), 60, 'finished');
    // came 60 days ago and bought 5 days ago: not missed
    await appointment(await c('Compro'), 60, 'finished');
    await sale('order', made.Compro, 900, { createdAt: ago(5) });
    // never came (only a cancelled and a scheduled appointment): not missed
    await appointment(await c('Nunca'), 60, 'cancelled');
    await appointment(made.Nunca, 45, 'scheduled');
    // bought 90 days ago, being attended 10 days ago: not missed
    await sale('cash', await c('Atendido'), 450, { createdAt: ago(90) });
    await appointment(made.Atendido, 10, 'inProcess');
    // bought products 90 days ago only: missed
    await sale('cash', await c('Producto'), 300, { createdAt: ago(90) });
    // came 60 days ago, did not show up 10 days ago: missed
    await appointment(await c('Falto'), 60, 'finished');
    await appointment(made.Falto, 10, 'absence');
    // an unpaid sale before the range is no visit: not missed
    await sale('order', await c('Impago'), 450, { createdAt: ago(90), paymentStatus: 'pending_payment' });
    // a refunded sale 3 days ago still means they came: not missed
    await appointment(await c('Devolvio'), 60, 'finished');
    await sale('order', made.Devolvio, 450, { createdAt: ago(3), refundedAt: ago(2) });
  });

  const names = async (query = '') => {
    const res = await gerente({ method: 'GET', url: `/v1/customer/we-miss-you?search=${search('extranamos')}&take=20${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().items as { name: string }[]).map((c) => c.name.replace('extranamos', '')).sort();
  };

  it('lists who came before the last 30 days and neither came nor bought since', async () => {
    expect(await names()).toEqual(['Falto', 'Producto', 'Visita']);
    const [row] = (await gerente({ method: 'GET', url: `/v1/customer/we-miss-you?search=${search('visitaextranamos')}` })).json().items;
    expect(row).toMatchObject({
      id: made.Visita,
      name: 'Visitaextranamos',
      lastName: 'Ausente',
      motherLastName: 'Prueba',
      gender: 'Femenino',
      email: 'visitaextranamos@correo.mx',
    });
    expect(typeof row.customerId).toBe('number');
  });

  it('moves with the asked range', async () => {
    // 100 to 50 days ago: the visits 60 days ago are inside; the purchases 90 days ago too
    const range = `&startDate=${addDays(todayIn(), -100)}&endDate=${addDays(todayIn(), -50)}`;
    expect(await names(range)).toEqual([]);
    // 20 to 0 days ago: 'Atendido' was attended 10 days ago
    const recent = `&startDate=${addDays(todayIn(), -20)}&endDate=${todayIn()}`;
    expect(await names(recent)).toEqual(['Falto', 'Producto', 'Visita']);
    const wide = `&startDate=${addDays(todayIn(), -120)}&endDate=${todayIn()}`;
    expect(await names(wide)).toEqual([]);
  });

  it('answers the /v1/miss-you alias and refuses roles without miss_you', async () => {
    const alias = await admin({ method: 'GET', url: `/v1/miss-you?search=${search('extranamos')}` });
    expect(alias.json().meta.itemCount).toBe(3);
    expect((await medico({ method: 'GET', url: '/v1/customer/we-miss-you' })).statusCode).toBe(403);
    expect((await logistica({ method: 'GET', url: '/v1/miss-you' })).statusCode).toBe(403);
  });
});

describe('a customer history', () => {
  let cliente: typeof customers.$inferSelect;
  let first: typeof orders.$inferSelect;
  let refunded: typeof orders.$inferSelect;

  beforeAll(async () => {
    cliente = await customer('Historial', 'Completo');
    first = await sale('order', cliente.id, 1_500, { createdAt: ago(20), paymentMethod: 'Tarjeta de crédito', channel: 'app' });
    refunded = await sale('order', cliente.id, 2_500, { createdAt: ago(2), refundedAt: ago(1) });
    await sale('cash', cliente.id, 640, { createdAt: ago(3) });
  });

  it('lists orders or cash orders newest first, with branch and lines', async () => {
    const res = await medico({ method: 'GET', url: `/v1/customer/${cliente.id}/orders?kind=order` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta.itemCount).toBe(2);
    expect(body.items.map((o: { id: string }) => o.id)).toEqual([refunded.id, first.id]);
    expect(body.items[0].refundedAt).not.toBeNull();
    expect(body.items[1]).toMatchObject({
      orderNumber: first.orderNumber,
      total: 1_500,
      points: 15,
      paymentStatus: 'paid',
      paymentMethod: 'Tarjeta de crédito',
      origin: 'app',
      refundedAt: null,
      branch: { id: ids.branch, name: ids.branchName },
      details: [{ quantity: 1, salePrice: 1_500, price: 1_500 }],
    });
    expect(body.items[1].details[0].name).toBeTruthy();
    const cash = (await admin({ method: 'GET', url: `/v1/customer/${cliente.id}/orders?kind=cash` })).json();
    expect(cash.items).toHaveLength(1);
    expect(cash.items[0].details[0]).toMatchObject({ quantity: 2, salePrice: 320 });
    const paged = (await admin({ method: 'GET', url: `/v1/customer/${cliente.id}/orders?take=1&page=2` })).json();
    expect(paged.items.map((o: { id: string }) => o.id)).toEqual([first.id]);
    expect(paged.meta).toMatchObject({ page: 2, take: 1, itemCount: 2, pageCount: 2 });
  });

  it('answers 404 for an unknown customer, 400 for a bad kind and 403 without clients, loyalty or members', async () => {
    expect((await admin({ method: 'GET', url: `/v1/customer/${randomUUID()}/orders` })).statusCode).toBe(404);
    expect((await admin({ method: 'GET', url: `/v1/customer/${cliente.id}/orders?kind=otro` })).statusCode).toBe(400);
    expect((await logistica({ method: 'GET', url: `/v1/customer/${cliente.id}/orders` })).statusCode).toBe(403);
  });

  it('lists purchased treatments with package, order and sessions; a lapsed one reads as expired', async () => {
    const [bought] = await t.ctx.db
      .insert(purchasedProducts)
      .values({
        customerId: cliente.id,
        orderId: first.id,
        branchId: ids.branch,
        treatmentId: ids.treatment,
        packageId: ids.pkg,
        sessions: 6,
        currentSession: 2,
        createdAt: ago(20),
      })
      .returning();
    const [lapsed] = await t.ctx.db
      .insert(purchasedProducts)
      .values({ customerId: cliente.id, treatmentId: ids.treatment, sessions: 1, expiredAt: addDays(todayIn(), -1), createdAt: ago(400) })
      .returning();
    const res = await medico({ method: 'GET', url: `/v1/purchased-product/customer/${cliente.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([bought.id, lapsed.id]);
    expect(body.items[0]).toMatchObject({
      sessions: 6,
      currentSession: 2,
      status: 'onProcess',
      order: { orderNumber: first.orderNumber },
      package: { id: ids.pkg },
      treatment: { id: ids.treatment, treatmentType: { id: ids.treatmentType } },
    });
    expect(body.items[1]).toMatchObject({ status: 'expired', order: null, package: null, expiredAt: addDays(todayIn(), -1) });
    // the treatment's areas and its products per session come along (section 3, Purchased product)
    const [areaCount] = (
      (await t.ctx.db.execute(sql`select count(*)::int n from treatment_areas where treatment_id = ${ids.treatment}`)) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(body.items[0].treatment.areas).toHaveLength(areaCount.n);
    expect(Array.isArray(body.items[0].treatment.treatmentProduct)).toBe(true);
    // the customer record embeds them on request only
    const plain = await medico({ method: 'GET', url: `/v1/customer/${cliente.id}/single` });
    expect(plain.json().purchasedProducts).toBeUndefined();
    const withThem = await medico({ method: 'GET', url: `/v1/customer/${cliente.id}/single?purchasedProducts=true` });
    expect(withThem.statusCode).toBe(200);
    expect(withThem.json().purchasedProducts.map((p: { id: string }) => p.id)).toEqual([bought.id, lapsed.id]);
    expect((await logistica({ method: 'GET', url: `/v1/purchased-product/customer/${cliente.id}` })).statusCode).toBe(403);
  });

  it('lists appointments 5 a page, newest first, with who attended and the cancellations', async () => {
    const made = [];
    for (let i = 0; i < 6; i++)
      made.push(await appointment(cliente.id, 40 - i, i === 5 ? 'cancelled' : 'finished', { attendedById: i === 0 ? ids.user : null }));
    await t.ctx.db
      .insert(appointmentCancellations)
      .values({ appointmentId: made[5].id, customerId: cliente.id, type: 'cancellation', cancellationReason: 'Traffic', comment: 'Tráfico en la garita' });
    const res = await medico({ method: 'GET', url: `/v1/appointment/get-by-customer?customerId=${cliente.id}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.meta).toMatchObject({ take: 5, itemCount: 6, pageCount: 2 });
    expect(body.items[0]).toMatchObject({
      id: made[5].id,
      status: 'cancelled',
      branch: { id: ids.branch },
      cabain: { id: ids.cabin, name: 'Cabina lealtad' },
      treatment: { id: ids.treatment },
      cancellations: [{ type: 'cancellation', cancellationReason: 'Traffic', comment: 'Tráfico en la garita' }],
    });
    const last = (await medico({ method: 'GET', url: `/v1/appointment/get-by-customer?customerId=${cliente.id}&page=2` })).json();
    expect(last.items).toHaveLength(1);
    expect(last.items[0]).toMatchObject({ id: made[0].id, attendedBy: { name: expect.any(String) } });
    expect((await logistica({ method: 'GET', url: `/v1/appointment/get-by-customer?customerId=${cliente.id}` })).statusCode).toBe(403);
    expect((await admin({ method: 'GET', url: '/v1/appointment/get-by-customer?customerId=nope' })).statusCode).toBe(400);
  });
});

describe('sistema de lealtad', () => {
  it('reads the customer list with loyalty_system alone, with the blacklist filter', async () => {
    const [role] = ((await t.ctx.db.execute(sql`select id from roles where name = 'Logística Gerente'`)) as unknown as { rows: { id: string }[] }).rows;
    await t.ctx.db.execute(
      sql`insert into role_privileges (role_id, module, actions) values (${role.id}, 'loyalty_system', ${sql.raw(`ARRAY['show']::text[]`)})`,
    );
    const lealtad = t.as((await t.signIn('logistica@demo.mx')).token);
    const bad = await customer('Listanegra', 'Lealtad');
    await t.ctx.db.update(customers).set({ blackList: true }).where(eq(customers.id, bad.id));
    const res = await lealtad({ method: 'GET', url: '/v1/customer?blackList=1&take=60' });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.every((c: { blackList: boolean }) => c.blackList)).toBe(true);
    expect(res.json().items.map((c: { id: string }) => c.id)).toContain(bad.id);
    const alias = await lealtad({ method: 'GET', url: '/v1/loyalty-system?blackList=1' });
    expect(alias.json().meta.take).toBe(5);
    // the loyalty module opens the member's orders, not the rest of the customer record
    expect((await lealtad({ method: 'GET', url: `/v1/customer/${bad.id}/orders` })).statusCode).toBe(200);
    expect((await lealtad({ method: 'GET', url: `/v1/purchased-product/customer/${bad.id}` })).statusCode).toBe(403);
  });
});
