import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/harness';
import { expirePurchasedTreatments } from './expiry';
import { futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, testLots, unitsFrom, type Fixtures } from './fixtures';

/** Issue 14: sessions of a purchased treatment booked at most once, expiry cancels its bookings, finishing without lots at the branch. */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

let week = 12;
const nextDate = () => futureDate(week++);
const addDays = (date: string, n: number) => new Date(Date.parse(date + 'T12:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
const create = (payload: object) => gerente({ method: 'POST', url: '/v1/appointment/create', payload });
const update = (id: string, payload: object) => gerente({ method: 'PUT', url: `/v1/appointment/${id}/update`, payload });
const usingPurchased = (c: string, pp: string, date: string, over: Record<string, unknown> = {}) =>
  medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null, ...over });
const statusOf = async (id: string) => (await rows<{ status: string }>(t, sql`select status from appointments where id = ${id}`))[0].status;

describe('the sessions left of a purchased treatment are booked once', () => {
  it('refuses a booking of sessions already booked and counts them again once cancelled', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 3, 1);
    const first = await create(usingPurchased(c, pp, nextDate()));
    expect(first.statusCode, first.body).toBe(201);
    // two sessions were left: one is booked, one more fits, a third does not
    const two = await create(usingPurchased(c, pp, nextDate(), { sessions: 2 }));
    expect(two.json()).toMatchObject({
      statusCode: 409,
      code: 'PURCHASED_SESSIONS_BOOKED',
      message: 'Quedan 2 sesiones del tratamiento adquirido y 1 ya está agendada: solo puede agendar 1',
      errors: [{ field: 'sessions' }],
    });
    const second = await create(usingPurchased(c, pp, nextDate()));
    expect(second.statusCode, second.body).toBe(201);
    const third = await create(usingPurchased(c, pp, nextDate()));
    expect(third.json()).toMatchObject({
      statusCode: 409,
      code: 'PURCHASED_SESSIONS_BOOKED',
      message: 'Quedan 2 sesiones del tratamiento adquirido y 2 ya están agendadas: no hay sesiones por agendar',
    });

    // an edit of a booked appointment does not count itself; asking for more sessions than are free is refused
    const secondDate = second.json().date as string;
    const moved = await update(second.json().id, usingPurchased(c, pp, secondDate, { startTime: plusMinutes(f.med.opening(secondDate), 60) }));
    expect(moved.statusCode, moved.body).toBe(200);
    const more = await update(second.json().id, usingPurchased(c, pp, secondDate, { startTime: plusMinutes(f.med.opening(secondDate), 60), sessions: 2 }));
    expect(more.json()).toMatchObject({ statusCode: 409, code: 'PURCHASED_SESSIONS_BOOKED' });

    // a cancelled booking frees its session
    await gerente({ method: 'POST', url: `/v1/appointment/${first.json().id}/cancel`, payload: { cancellationReason: 'Work' } });
    expect((await create(usingPurchased(c, pp, nextDate()))).statusCode).toBe(201);
  });

  it('books the last session once when two bookings of it arrive together', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 2, 1);
    const results = await Promise.all([create(usingPurchased(c, pp, nextDate())), create(usingPurchased(c, pp, nextDate()))]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'PURCHASED_SESSIONS_BOOKED' });
    const [{ n }] = await rows<{ n: number }>(t, sql`select count(*)::int as n from appointments where purchased_product_id = ${pp} and status = 'scheduled'`);
    expect(n).toBe(1);
  });

  it('finishes outside an appointment only the sessions no booking holds', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 2, 0);
    const a = (await create(usingPurchased(c, pp, nextDate()))).json();
    expect((await create(usingPurchased(c, pp, nextDate()))).statusCode).toBe(201);
    const finish = {
      attendedById: f.doctorId,
      sessions: 1,
      sessionAreas: [f.medTreatment.areas[0]],
      stockIds: unitsFrom(f, await testLots(t, f.branchId, 'LOTE-PRUEBA-1')),
      consent: true,
    };
    const outside = () => gerente({ method: 'PUT', url: `/v1/purchased-product/${pp}/finish`, payload: finish });
    const held = await outside();
    expect(held.json()).toMatchObject({
      statusCode: 409,
      code: 'PURCHASED_SESSIONS_BOOKED',
      message: 'Quedan 2 sesiones del tratamiento adquirido y 2 ya están agendadas: termínelas desde sus citas',
    });
    await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Work' } });
    const done = await outside();
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ currentSession: 1, status: 'onProcess' });
  });

  it('refuses to book an expired purchased treatment, marked so or past its limit date', async () => {
    const c = await newCustomer(admin);
    const marked = await purchased(t, c, f.medTreatment.id);
    await t.ctx.db.execute(sql`update purchased_products set status = 'expired', expired_at = '2025-06-01' where id = ${marked}`);
    const lapsed = await purchased(t, c, f.medTreatment.id);
    await t.ctx.db.execute(sql`update purchased_products set expired_at = '2025-06-01' where id = ${lapsed}`);
    for (const pp of [marked, lapsed]) {
      expect((await create(usingPurchased(c, pp, nextDate()))).json()).toMatchObject({
        statusCode: 409,
        code: 'PURCHASED_TREATMENT_EXPIRED',
        message: 'El tratamiento adquirido está vencido',
      });
    }
  });
});

describe('an expired purchased treatment leaves no bookings behind', () => {
  it('the job cancels the bookings from the day it runs on, with reason and change log, once', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 5, 0);
    const d1 = nextDate();
    const d2 = nextDate();
    const early = (await create(usingPurchased(c, pp, d1))).json();
    const late = (await create(usingPurchased(c, pp, d2))).json();
    // the limit date falls between the two bookings; the job runs the day after it
    const limit = addDays(d1, 2);
    await t.ctx.db.execute(sql`update purchased_products set expired_at = ${limit} where id = ${pp}`);
    const runDay = new Date(`${addDays(limit, 1)}T18:00:00Z`);
    expect(await expirePurchasedTreatments(t.ctx.db, new Date(`${limit}T18:00:00Z`))).toBe(0);
    expect(await expirePurchasedTreatments(t.ctx.db, runDay)).toBe(1);
    expect(await expirePurchasedTreatments(t.ctx.db, runDay)).toBe(0);

    // the one before the run is left to the absence job; the later one is cancelled like a manual cancellation
    expect(await statusOf(early.id)).toBe('scheduled');
    const detail = (await gerente({ method: 'GET', url: `/v1/appointment/${late.id}` })).json();
    expect(detail).toMatchObject({ status: 'cancelled', cancellations: [{ type: 'cancellation', cancellationReason: 'Tratamiento vencido' }] });
    const logs = await rows<{
      action: string;
      user_id: string | null;
      after: { status: string; cancellation: { cancellationReason: string; customerCancellation: boolean } };
    }>(t, sql`select action, user_id, after from change_log where entity_id = ${late.id} and action = 'cancelar'`);
    expect(logs).toEqual([
      {
        action: 'cancelar',
        user_id: null,
        after: expect.objectContaining({
          status: 'cancelled',
          cancellation: expect.objectContaining({ cancellationReason: 'Tratamiento vencido', customerCancellation: false }),
        }),
      },
    ]);
    const [customer] = await rows<{ cancellations: number }>(t, sql`select cancellations from customers where id = ${c}`);
    expect(customer.cancellations).toBe(0);
  });

  it('the third change of a treatment cancels its other bookings at once', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 5, 0);
    const a = (await create(usingPurchased(c, pp, nextDate()))).json();
    const b = (await create(usingPurchased(c, pp, nextDate()))).json();
    await t.ctx.db.execute(sql`update purchased_products set changes = 2 where id = ${pp}`);
    const cancelled = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Work' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rows<{ status: string }>(t, sql`select status from purchased_products where id = ${pp}`))[0].status).toBe('expired');
    const other = (await gerente({ method: 'GET', url: `/v1/appointment/${b.id}` })).json();
    expect(other).toMatchObject({ status: 'cancelled', cancellations: [{ cancellationReason: 'Tratamiento vencido' }] });
    const [log] = await rows<{ user_id: string | null }>(t, sql`select user_id from change_log where entity_id = ${b.id} and action = 'cancelar'`);
    expect(log.user_id).not.toBeNull();
  });
});

describe('every demo clinic can finish its upcoming appointments', () => {
  interface Upcoming {
    id: string;
    branch: string;
    treatment_id: string;
    type_name: string;
    sessions: number;
    remaining: number | null;
  }

  it('holds a lot with stock and a future expiry of every supply its booked treatments consume', async () => {
    const missing = await rows<{ branch: string; product: string }>(
      t,
      sql`select distinct b.name as branch, p.name as product
          from appointments a join branches b on b.id = a.branch_id
          join treatment_products tp on tp.treatment_id = a.treatment_id join products p on p.id = tp.product_id
          where a.status in ('scheduled', 'inProcess') and a.deleted_at is null and a.date >= current_date
            and not exists (select 1 from product_stocks s where s.branch_id = a.branch_id and s.product_id = tp.product_id and s.deleted_at is null
                              and s.quantity > 0 and (s.expires_at is null or s.expires_at > current_date))`,
    );
    expect(missing).toEqual([]);
  });

  it('finishes one upcoming appointment of each treatment that consumes supplies, at every clinic', async () => {
    // what the server does when it starts: the bookings of expired treatments are cancelled first
    await expirePurchasedTreatments(t.ctx.db);
    const upcoming = await rows<Upcoming>(
      t,
      sql`select distinct on (a.branch_id, a.treatment_id) a.id, b.name as branch, a.treatment_id, tt.name as type_name, a.sessions,
            case when pp.id is null then null else pp.sessions - pp.current_session end as remaining
          from appointments a join branches b on b.id = a.branch_id join treatment_types tt on tt.id = a.treatment_type_id
          left join purchased_products pp on pp.id = a.purchased_product_id
          where a.status = 'scheduled' and a.deleted_at is null and a.date >= current_date
            and exists (select 1 from treatment_products tp where tp.treatment_id = a.treatment_id)
            and (pp.id is null or pp.current_session < pp.sessions)
          order by a.branch_id, a.treatment_id, a.date, a.start_time`,
    );
    const clinics = await rows<{ name: string }>(t, sql`select name from branches where not distribution_center and deleted_at is null`);
    expect(new Set(upcoming.map((u) => u.branch))).toEqual(new Set(clinics.map((c) => c.name)));
    const failures: string[] = [];
    for (const u of upcoming) {
      const res = await finishDemo(u);
      if (res.statusCode !== 200) failures.push(`${u.branch} ${u.id}: ${res.body}`);
    }
    expect(failures).toEqual([]);
  });

  async function finishDemo(u: Upcoming) {
    const started = await admin({ method: 'PATCH', url: `/v1/appointment/${u.id}/set-on-process` });
    if (started.statusCode !== 200) return started;
    const a = started.json() as { branch: { id: string }; treatmentType: { id: string } };
    const department = u.type_name === 'Medico' ? 'Médica' : 'Cosmetológica';
    const [pro] = await rows<{ id: string }>(
      t,
      sql`select u.id from users u join staff_files s on s.user_id = u.id and s.deleted_at is null join job_positions j on j.id = s.job_position_id
          join departments d on d.id = j.department_id where u.main_branch_id = ${a.branch.id} and u.status = 'activo' and u.deleted_at is null and d.name = ${department} order by u.username limit 1`,
    );
    const sessions = u.remaining === null ? u.sessions : Math.min(u.sessions, u.remaining);
    const own = await rows<{ id: string }>(t, sql`select area_id as id from treatment_areas where treatment_id = ${u.treatment_id}`);
    const areas = own.length
      ? own
      : await rows<{ id: string }>(
          t,
          sql`select ar.id from areas ar join treatment_types tt on tt.id = ar.treatment_type_id where tt.has_areas and ar.treatment_type_id = ${a.treatmentType.id} and ar.deleted_at is null`,
        );
    const needs = await rows<{ product_id: string; quantity: number }>(
      t,
      sql`select product_id, quantity from treatment_products where treatment_id = ${u.treatment_id}`,
    );
    const stock = (
      await admin({ method: 'GET', url: `/v1/stock/get-stock-by-branch-and-treatment?branchId=${a.branch.id}&treatmentId=${u.treatment_id}` })
    ).json() as { stockId: string; productId: string; stock: number }[];
    const units = needs.flatMap((n) => {
      const lots = stock.filter((s) => s.productId === n.product_id).flatMap((s) => Array.from({ length: s.stock }, () => s.stockId));
      return lots.slice(0, n.quantity * sessions);
    });
    return admin({
      method: 'POST',
      url: `/v1/appointment/${u.id}/finish`,
      payload: {
        attendedById: pro.id,
        sessions,
        sessionAreas: areas.length ? Array.from({ length: sessions }, () => areas[0].id) : [],
        treatmentProducts: units,
        consent: true,
      },
    });
  }
});

describe('finishing without a lot of a supply at the branch', () => {
  it('names the product, the branch and what to do, for an appointment and for a purchased treatment', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 3, 0);
    const a = (await create(usingPurchased(c, pp, nextDate()))).json();
    await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/set-on-process` });
    const lots = await testLots(t, f.branchId, 'LOTE-PRUEBA-1');
    const [product] = f.medTreatment.products;
    const [{ name }] = await rows<{ name: string }>(t, sql`select name from products where id = ${product.productId}`);
    await t.ctx.db.execute(sql`update product_stocks set quantity = 0 where branch_id = ${f.branchId} and product_id = ${product.productId}`);
    const message = `No hay lotes con existencia de «${name}» en la sucursal Tijuana: registre una entrada de inventario o pida un traspaso`;
    const finish = { attendedById: f.doctorId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]], consent: true };

    const byAppointment = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/finish`,
      payload: { ...finish, treatmentProducts: unitsFrom(f, lots).filter((id) => !lots.some((l) => l.id === id && l.product_id === product.productId)) },
    });
    expect(byAppointment.json()).toMatchObject({ statusCode: 422, code: 'NO_LOT_AT_BRANCH', message, errors: [{ field: 'treatmentProducts', message }] });
    const outside = await gerente({ method: 'PUT', url: `/v1/purchased-product/${pp}/finish`, payload: { ...finish, stockIds: [] } });
    expect(outside.json()).toMatchObject({ statusCode: 422, code: 'NO_LOT_AT_BRANCH', message, errors: [{ field: 'stockIds', message }] });
    expect(await statusOf(a.id)).toBe('inProcess');
  });
});
