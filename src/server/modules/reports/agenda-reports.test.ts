import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { zonedInstant } from '../../../domain/dates';
import { round2 } from '../../../domain/reports';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp } from '../../testing/harness';

/**
 * The agenda reports (appointments by channel, confirmation, scheduled appointments, occupation) and customers, on a
 * week of 2031 the demo never reaches: cabins created through the API, appointments, locks and sales written as the
 * services store them (the API refuses dates more than two years ahead), customers moved to their registration instant.
 */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const CDMX = demoId('branch:cdmx');
const FROM = '2031-03-10'; // a Monday
const TO = '2031-03-16';
const PERIOD = `startDate=${FROM}&endDate=${TO}`;
const CONFIRMATION_COLUMNS = ['yes', 'no', 'voicemail', 'whatsapp', 'email', 'app', 'ecommerce'];

type Row = Record<string, string | number | null>;
interface Report {
  rows: Row[];
  totals: Row | null;
  columns: { key: string; type: string }[];
  period: { from: string; to: string };
}
const report = async (name: string, query: string, caller = admin) => {
  const res = await caller({ method: 'GET', url: `/v1/report/${name}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
};
const drill = async (name: string, key: string, query: string) => report(`${name}/drill`, `${query}&key=${encodeURIComponent(key)}`);

let cabinA: string;
let cabinB: string;
let cdmxCabin: string;
const customers: string[] = [];
let phone = 6_640_310_000;

async function newCustomer(): Promise<string> {
  phone += 1;
  const res = await admin({
    method: 'POST',
    url: '/v1/customer/create',
    payload: { name: 'Reporte', lastName: `Agenda${phone}`, motherLastName: 'Prueba', gender: 'Femenino', birthday: '1990-05-10', mobilePhone: String(phone) },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

let number = 0;
async function appointment(a: {
  cabin: string;
  customer: number;
  date: string;
  start: string;
  end: string;
  status: string;
  method: string;
  confirm: string | null;
  branch?: string;
}) {
  number += 1;
  const [cabin] = await queryRows<{ treatment_type_id: string }>(
    t,
    sql`select ct.treatment_type_id from cabins c join cabin_types ct on ct.id = c.type_id where c.id = ${a.cabin}`,
  );
  await t.ctx.db.execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date,
      start_time, end_time, term, appointment_method, appointment_option, confirm_method)
    values (${'CITA-R' + String(number).padStart(6, '0')}, ${a.status}, ${a.branch ?? TIJUANA}, ${a.cabin}, ${customers[a.customer]}, ${cabin!.treatment_type_id},
      ${a.date}, ${a.start}, ${a.end}, 30, ${a.method}, 'newTreatments', ${a.confirm})`);
}

async function lock(l: { cabin: string | null; type: string; time: string[]; date: string; days?: number[] }) {
  const time = sql`array[${sql.join(
    l.time.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
  const days = sql`array[${sql.join(
    (l.days ?? []).map((d) => sql`${d}`),
    sql`, `,
  )}]::smallint[]`;
  await t.ctx.db.execute(sql`insert into locks (branch_id, cabin_id, type, reason, time, date, days)
    values (${TIJUANA}, ${l.cabin}, ${l.type}, 'capacitación', ${l.time.length ? time : sql`'{}'::text[]`}, ${l.date}, ${l.days?.length ? days : sql`'{}'::smallint[]`})`);
}

beforeAll(async () => {
  const [med] = await queryRows<{ type_id: string }>(
    t,
    sql`select c.type_id from cabins c join cabin_types ct on ct.id = c.type_id join treatment_types tt on tt.id = ct.treatment_type_id
        where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null and tt.name = 'Medico' limit 1`,
  );
  const newCabin = async (name: string) => {
    const res = await admin({
      method: 'POST',
      url: '/v1/cabain/create',
      payload: { name, typeId: med!.type_id, branchId: TIJUANA, schedule: [1, 2, 3, 4, 5].map((day) => ({ day, opening: '10:00', closing: '18:00' })) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  cabinA = await newCabin('Cabina reporte A');
  cabinB = await newCabin('Cabina reporte B');
  [{ id: cdmxCabin }] = (await queryRows<{ id: string }>(
    t,
    sql`select id from cabins where branch_id = ${CDMX} and active and deleted_at is null order by name limit 1`,
  )) as [{ id: string }];
  for (let i = 0; i < 4; i++) customers.push(await newCustomer());

  // cabin A: 5 weekdays × 480 min − Wednesday's two half hours (an 'hour' lock) − Thursday (a branch 'day' lock) = 1860
  // cabin B: 2400 − Thursday − Fridays 10:00–12:00 (a weekly 'hours_range' lock) = 1800
  await lock({ cabin: cabinA, type: 'hour', time: ['12:00', '12:30'], date: '2031-03-12' });
  await lock({ cabin: null, type: 'day', time: [], date: '2031-03-13' });
  await lock({ cabin: cabinB, type: 'hours_range', time: ['10:00', '12:00'], date: '2031-03-01', days: [5] });

  // cabin A: booked 60 + 30 + 60 = 150 (the cancellation and the absence hold nothing)
  await appointment({ cabin: cabinA, customer: 0, date: '2031-03-10', start: '10:00', end: '11:00', status: 'finished', method: 'inPerson', confirm: 'si' });
  await appointment({
    cabin: cabinA,
    customer: 0,
    date: '2031-03-10',
    start: '11:00',
    end: '11:30',
    status: 'scheduled',
    method: 'phoneCall',
    confirm: 'buzón',
  });
  await appointment({
    cabin: cabinA,
    customer: 0,
    date: '2031-03-11',
    start: '10:00',
    end: '10:30',
    status: 'cancelled',
    method: 'socialNetworks',
    confirm: 'no',
  });
  await appointment({ cabin: cabinA, customer: 0, date: '2031-03-11', start: '10:30', end: '11:30', status: 'absence', method: 'app', confirm: null });
  await appointment({
    cabin: cabinA,
    customer: 0,
    date: '2031-03-12',
    start: '17:00',
    end: '18:00',
    status: 'inProcess',
    method: 'ecommerce',
    confirm: 'whatsapp',
  });
  // cabin B: 120 + 90 = 210
  await appointment({
    cabin: cabinB,
    customer: 1,
    date: '2031-03-10',
    start: '10:00',
    end: '12:00',
    status: 'scheduled',
    method: 'inPerson',
    confirm: 'email',
  });
  await appointment({ cabin: cabinB, customer: 1, date: '2031-03-14', start: '12:00', end: '13:30', status: 'finished', method: 'app', confirm: 'app' });
  // outside the period: counted nowhere
  await appointment({ cabin: cabinB, customer: 1, date: '2031-03-17', start: '10:00', end: '11:00', status: 'scheduled', method: 'app', confirm: 'si' });
  // another branch
  await appointment({
    cabin: cdmxCabin,
    branch: CDMX,
    customer: 2,
    date: '2031-03-11',
    start: '12:00',
    end: '13:00',
    status: 'scheduled',
    method: 'phoneCall',
    confirm: 'no',
  });
});

describe('appointments by channel', () => {
  it('counts each branch by channel without the cancelled ones, and the drill lists exactly the total', async () => {
    const r = await report('appointments', PERIOD);
    const tijuana = r.rows.find((x) => x.branchId === TIJUANA)!;
    expect(tijuana).toMatchObject({ branch: 'Tijuana', inPerson: 2, call: 1, socialMedia: 0, app: 2, ecommerce: 1, fullOperation: 2, total: 6 });
    expect(r.rows.find((x) => x.branchId === CDMX)).toMatchObject({ call: 1, total: 1 });
    const [sqlCount] = await queryRows<{ n: number }>(
      t,
      sql`select count(*)::int n from appointments where branch_id = ${TIJUANA} and date between ${FROM} and ${TO} and status <> 'cancelled' and deleted_at is null`,
    );
    expect(tijuana.total).toBe(sqlCount!.n);
    expect(r.totals).toMatchObject({ total: 7 });

    const d = await drill('appointments', TIJUANA, PERIOD);
    expect(d.rows).toHaveLength(tijuana.total as number);
    expect(d.rows.map((x) => x.status)).not.toContain('Cancelada');
    expect(d.columns.map((c) => c.key)).toContain('appointmentNumber');
  });
});

describe('confirmation', () => {
  it('counts each confirm method (si → Sí, buzón → Buzón) and the percentage of those that confirmed', async () => {
    const r = await report('confirmation', `${PERIOD}&branchId=${TIJUANA}`);
    expect(r.rows).toHaveLength(1);
    // contacted 6: si, buzón, no (then cancelled), whatsapp, email, app; confirmed 4 → 66.67 %
    expect(r.rows[0]).toMatchObject({ yes: 1, no: 1, voicemail: 1, whatsapp: 1, email: 1, app: 1, ecommerce: 0, confirmed: 4, percentage: 66.67 });
    const byMethod = await queryRows<{ confirm_method: string; n: number }>(
      t,
      sql`select confirm_method, count(*)::int n from appointments where branch_id = ${TIJUANA} and date between ${FROM} and ${TO}
          and deleted_at is null and confirm_method is not null group by 1`,
    );
    const column: Record<string, string> = { si: 'yes', buzón: 'voicemail' };
    for (const m of byMethod) expect([m.confirm_method, r.rows[0]![column[m.confirm_method] ?? m.confirm_method]]).toEqual([m.confirm_method, m.n]);
    const all = await report('confirmation', PERIOD);
    // the chain's percentage is its own ratio: 4 confirmed of 7 contacted
    expect(all.totals).toMatchObject({ no: 2, confirmed: 4, percentage: 57.14 });
  });
});

describe('scheduled appointments', () => {
  it('lists every appointment of the period with its labels in Spanish', async () => {
    const r = await report('scheduled-appointments', `${PERIOD}&branchId=${TIJUANA}`);
    expect(r.rows).toHaveLength(7);
    expect(r.rows[0]!.date).toBe('2031-03-10');
    const call = r.rows.find((x) => x.channel === 'Llamada telefónica')!;
    expect(call).toMatchObject({ cabin: 'Cabina reporte A', date: '2031-03-10', time: '11:00', confirmation: 'Buzón', status: 'Agendada' });
    expect(call.customer).toMatch(/^Reporte Agenda\d+ Prueba$/);
    expect(typeof call.treatment).toBe('string');
    expect(r.rows.find((x) => x.status === 'Inasistencia')).toMatchObject({ confirmation: 'Sin confirmar', channel: 'App' });
    expect(r.rows.map((x) => x.status)).toContain('Cancelada');
  });
});

describe('occupation', () => {
  it("is booked ÷ open minutes, the schedule less every kind of lock, and booked agrees with the appointments' minutes", async () => {
    const r = await report('occupation', `${PERIOD}&branchId=${TIJUANA}`);
    const a = r.rows.find((x) => x.cabinId === cabinA)!;
    const b = r.rows.find((x) => x.cabinId === cabinB)!;
    expect(a).toMatchObject({ cabin: 'Cabina reporte A', openMinutes: 1860, bookedMinutes: 150, occupation: 8.06, band: 'red' });
    expect(b).toMatchObject({ openMinutes: 1800, bookedMinutes: 210, occupation: 11.67, band: 'red' });
    const booked = await queryRows<{ cabin_id: string; minutes: number }>(
      t,
      sql`select cabin_id, sum(extract(epoch from end_time - start_time) / 60)::int minutes from appointments
          where branch_id = ${TIJUANA} and date between ${FROM} and ${TO} and deleted_at is null and status in ('scheduled', 'inProcess', 'finished')
          group by 1`,
    );
    for (const c of booked) expect([c.cabin_id, r.rows.find((x) => x.cabinId === c.cabin_id)?.bookedMinutes]).toEqual([c.cabin_id, c.minutes]);
    const open = r.rows.reduce((s, x) => s + Number(x.openMinutes), 0);
    expect(r.totals).toMatchObject({ openMinutes: open, bookedMinutes: 360 });
    expect(r.totals!.occupation).toBeCloseTo((360 / open) * 100, 2);
  });

  it("drills into a cabin's hours of the day, which add up to its row", async () => {
    const d = await drill('occupation', cabinA, `${PERIOD}&branchId=${TIJUANA}`);
    expect(d.rows.reduce((s, x) => s + Number(x.openMinutes), 0)).toBe(1860);
    expect(d.rows.reduce((s, x) => s + Number(x.bookedMinutes), 0)).toBe(150);
    // 10:00 open Mon, Tue, Wed, Fri; booked Monday's hour
    expect(d.rows.find((x) => x.hour === '10:00')).toMatchObject({ openMinutes: 240, bookedMinutes: 60, occupation: 25 });
    // 12:00 closed on Wednesday by the hour lock
    expect(d.rows.find((x) => x.hour === '12:00')).toMatchObject({ openMinutes: 180, bookedMinutes: 0 });
    expect(d.rows.map((x) => x.hour)).toEqual(['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00']);

    const heat = await drill('occupation', 'all', `${PERIOD}&branchId=${TIJUANA}`);
    const ofB = heat.rows.filter((x) => x.cabinId === cabinB);
    expect(ofB.reduce((s, x) => s + Number(x.bookedMinutes), 0)).toBe(210);
    expect(ofB.reduce((s, x) => s + Number(x.openMinutes), 0)).toBe(1800);
  });

  it('is worked out again once a lock or a schedule changes, written by any server (the memo follows the database)', async () => {
    const openOfA = async () => (await report('occupation', `${PERIOD}&branchId=${TIJUANA}`)).rows.find((x) => x.cabinId === cabinA)!.openMinutes;
    expect(await openOfA()).toBe(1860);
    // written in the database, past the services (as another server would): Monday's 15:00 and 15:30 locked
    await lock({ cabin: cabinA, type: 'hour', time: ['15:00', '15:30'], date: '2031-03-10' });
    expect(await openOfA()).toBe(1800);
    await t.ctx.db.execute(sql`update locks set deleted_at = now() where cabin_id = ${cabinA} and date = '2031-03-10' and deleted_at is null`);
    expect(await openOfA()).toBe(1860);
    const tuesdayCloses = (closing: string) =>
      t.ctx.db.execute(sql`update cabin_schedules set closing = ${closing} where cabin_id = ${cabinA} and day = 2 and deleted_at is null`);
    await tuesdayCloses('17:00');
    try {
      expect(await openOfA()).toBe(1800);
    } finally {
      await tuesdayCloses('18:00');
    }
    expect(await openOfA()).toBe(1860);
  });

  it('keeps a cabin switched off after its bookings (no booked minute goes missing) and leaves out one without any', async () => {
    const [idle] = await queryRows<{ id: string }>(
      t,
      sql`select id from cabins c where branch_id = ${TIJUANA} and active and deleted_at is null and id not in (${cabinA}, ${cabinB})
          and not exists (select 1 from appointments a where a.cabin_id = c.id and a.date between ${FROM} and ${TO}) order by name limit 1`,
    );
    const cabinIds = async () => (await report('occupation', `${PERIOD}&branchId=${TIJUANA}`)).rows.map((x) => x.cabinId);
    expect(await cabinIds()).toEqual(expect.arrayContaining([cabinB, idle!.id]));
    const off = (id: string, active: boolean) => queryRows(t, sql`update cabins set active = ${active} where id = ${id}`);
    await off(cabinB, false);
    await off(idle!.id, false);
    try {
      const r = await report('occupation', `${PERIOD}&branchId=${TIJUANA}`);
      expect(r.rows.find((x) => x.cabinId === cabinB)).toMatchObject({ bookedMinutes: 210 });
      expect(r.rows.map((x) => x.cabinId)).not.toContain(idle!.id);
      const heat = await drill('occupation', 'all', `${PERIOD}&branchId=${TIJUANA}`);
      expect(heat.rows.filter((x) => x.cabinId === cabinB).reduce((s, x) => s + Number(x.bookedMinutes), 0)).toBe(210);
      expect(heat.rows.map((x) => x.cabinId)).not.toContain(idle!.id);
    } finally {
      await off(cabinB, true);
      await off(idle!.id, true);
    }
  });

  it('agrees with the appointments of a past month of the demo, and an unknown cabin is a 404', async () => {
    const [month] = await queryRows<{ from: string; to: string }>(
      t,
      sql`select to_char(date_trunc('month', max(business_date)) - interval '1 month', 'YYYY-MM-DD') as from,
          to_char(date_trunc('month', max(business_date)) - interval '1 day', 'YYYY-MM-DD') as to from daily_cash_closings`,
    );
    const past = `startDate=${month!.from}&endDate=${month!.to}&branchId=${TIJUANA}`;
    const r = await report('occupation', past);
    const booked = await queryRows<{ cabin_id: string; minutes: number }>(
      t,
      sql`select cabin_id, sum(extract(epoch from (case when end_time = '00:00' then '24:00'::time else end_time end) - start_time) / 60)::int minutes
          from appointments where branch_id = ${TIJUANA} and date between ${month!.from} and ${month!.to} and deleted_at is null
            and status in ('scheduled', 'inProcess', 'finished') group by 1`,
    );
    expect(booked.length).toBeGreaterThan(0);
    for (const c of booked) expect([c.cabin_id, r.rows.find((x) => x.cabinId === c.cabin_id)?.bookedMinutes]).toEqual([c.cabin_id, c.minutes]);
    const opened = r.rows.filter((x) => Number(x.openMinutes) > 0);
    expect(opened.length).toBeGreaterThan(0);
    for (const row of opened) expect(row.occupation).toBe(round2((Number(row.bookedMinutes) / Number(row.openMinutes)) * 100));
    const [confirmed] = await queryRows<{ contacted: number; confirmed: number }>(
      t,
      sql`select count(*)::int contacted, count(*) filter (where confirm_method in ('si', 'whatsapp', 'email', 'app', 'ecommerce'))::int confirmed
          from appointments where branch_id = ${TIJUANA} and date between ${month!.from} and ${month!.to} and deleted_at is null and confirm_method is not null`,
    );
    const c = await report('confirmation', past);
    expect(c.totals).toMatchObject({ confirmed: confirmed!.confirmed });
    expect(CONFIRMATION_COLUMNS.reduce((s, k) => s + Number(c.totals![k]), 0)).toBe(confirmed!.contacted);

    const res = await admin({ method: 'GET', url: `/v1/report/occupation/drill?${PERIOD}&key=${demoId('nothing')}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CABIN_NOT_FOUND' });
  });
});

describe('branch-bound roles', () => {
  it('refuse another branch (403) and read their own', async () => {
    for (const url of [
      `/v1/report/occupation?${PERIOD}&branchId=${CDMX}`,
      `/v1/report/confirmation?${PERIOD}&branchId=${CDMX}`,
      `/v1/report/customers?${PERIOD}&branchId=${CDMX}`,
      `/v1/report/appointments/drill?${PERIOD}&key=${CDMX}`,
      `/v1/report/occupation/drill?${PERIOD}&key=${cdmxCabin}`,
    ])
      expect([url, (await gerente({ method: 'GET', url })).statusCode]).toEqual([url, 403]);
    const own = await report('appointments', PERIOD, gerente);
    expect(own.rows.map((x) => x.branchId)).toEqual([TIJUANA]);
  });
});

describe('customers', () => {
  it("registers each customer on their branch's own day and adds their paid sales of the period", async () => {
    const zone = 'America/Mexico_City';
    const at = (date: string, minutes: number) => zonedInstant(zone, date, minutes);
    const moments = {
      before: at('2031-03-09', 24 * 60 - 1 / 60), // 23:59:59 of the day before: 05:59:59 UTC on the 10th
      first: at('2031-03-10', 0), // 00:00:00
      last: at('2031-03-16', 24 * 60 - 1 / 60), // 23:59:59 of the last day: the 17th in UTC
      after: at('2031-03-17', 0),
    };
    expect(moments.before.toISOString().slice(0, 10)).toBe('2031-03-10');
    expect(moments.last.toISOString().slice(0, 10)).toBe('2031-03-17');
    const ids: Record<string, string> = {};
    for (const [name, moment] of Object.entries(moments)) {
      ids[name] = await newCustomer();
      await t.ctx.db.execute(sql`update customers set registry_branch_id = ${CDMX}, created_at = ${moment.toISOString()}::timestamptz where id = ${ids[name]}`);
    }
    let n = 0;
    const sale = async (table: 'orders' | 'cash_orders', customer: string, total: string, day: string, status = 'paid', refunded = false) => {
      n += 1;
      await t.ctx.db
        .execute(sql`insert into ${sql.identifier(table)} (order_number, branch_id, customer_id, subtotal, total, payment_method, payment_status, business_date, refunded_at)
        values (${'RPT-2031-' + n}, ${TIJUANA}, ${customer}, ${total}, ${total}, 'Efectivo', ${status}, ${day}, ${refunded ? sql`now()` : null})`);
    };
    await sale('orders', ids.first!, '1000.00', '2031-03-11');
    await sale('cash_orders', ids.first!, '250.50', '2031-03-16');
    await sale('orders', ids.first!, '300.00', '2031-03-12', 'paid', true); // refunded
    await sale('orders', ids.first!, '400.00', '2031-03-12', 'pending_payment');
    await sale('orders', ids.first!, '500.00', '2031-03-20'); // after the period

    const r = await report('customers', `${PERIOD}&branchId=${CDMX}`);
    expect(r.rows.map((x) => x.customerId).sort()).toEqual([ids.first, ids.last].sort());
    expect(r.rows.find((x) => x.customerId === ids.first)).toMatchObject({ branch: 'Ciudad de México', registeredAt: '2031-03-10', sales: 2, total: 1250.5 });
    expect(r.rows.find((x) => x.customerId === ids.last)).toMatchObject({ registeredAt: '2031-03-16', sales: 0, total: 0 });
    expect(r.totals).toMatchObject({ sales: 2, total: 1250.5 });
    const before = await report('customers', `startDate=2031-03-09&endDate=2031-03-09&branchId=${CDMX}`);
    expect(before.rows.map((x) => x.customerId)).toEqual([ids.before]);
  });
});
