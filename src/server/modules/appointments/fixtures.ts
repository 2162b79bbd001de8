import { sql } from 'drizzle-orm';
import { cabinDayHours, hhmm, nowIn } from '../../../domain/appointment-rules';
import { weekDay } from '../../../domain/agenda';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { minutes } from '../../../domain/schedules';
import { demoId } from '../../db/demo/random';
import type { DbOrTx } from '../../db/client';
import type { TestApp } from '../../testing/harness';
import { putIntoLot } from '../inventory';
import { dbErrorOf } from '../../platform/db-errors';

/** Test fixtures of the appointment suites: real demo rows, a fresh customer, future dates on open weekdays. */

export async function rows<T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.ctx.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** A date `weeks` weeks ahead of today in the business zone (the demo branches'), moved forward to the given weekday (default Wednesday). */
export function futureDate(weeks: number, day = 3): string {
  const today = nowIn(BUSINESS_TIME_ZONE).date;
  const d = new Date(today + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + weeks * 7);
  while (d.getUTCDay() !== day) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export interface CabinFixture {
  id: string;
  treatmentTypeId: string;
  /** 'HH:mm' of the first slot on a date. */
  opening(date: string): string;
}

async function cabinOf(t: TestApp, branchId: string, typeName: string): Promise<CabinFixture> {
  const [cabin] = await rows<{ id: string; treatment_type_id: string }>(
    t,
    sql`select c.id, ct.treatment_type_id from cabins c join cabin_types ct on ct.id = c.type_id join treatment_types tt on tt.id = ct.treatment_type_id
        where c.branch_id = ${branchId} and c.active and c.deleted_at is null and tt.name = ${typeName} order by c.name limit 1`,
  );
  const branch = await rows<{ day: number; opening: string; closing: string }>(
    t,
    sql`select day, opening, closing from branch_schedules where branch_id = ${branchId} and deleted_at is null`,
  );
  const own = await rows<{ day: number; opening: string; closing: string }>(
    t,
    sql`select day, opening, closing from cabin_schedules where cabin_id = ${cabin.id} and deleted_at is null`,
  );
  const hm = (l: typeof branch) => l.map((e) => ({ day: e.day, opening: e.opening.slice(0, 5), closing: e.closing.slice(0, 5) }));
  return {
    id: cabin.id,
    treatmentTypeId: cabin.treatment_type_id,
    opening: (date) => {
      const hours = cabinDayHours(hm(branch), hm(own), weekDay(date));
      if (!hours) throw new Error(`cabin closed on ${date}`);
      return hhmm(hours[0]);
    },
  };
}

export interface Fixtures {
  branchId: string;
  otherBranchId: string;
  med: CabinFixture;
  cos: CabinFixture;
  medTreatment: { id: string; durationMinutes: number; medicalFee: number; products: { productId: string; quantity: number }[]; areas: string[] };
  cosTreatment: { id: string; durationMinutes: number };
  /** A valuation cabin and treatment (type without areas, treatment without products). */
  val: CabinFixture;
  valTreatment: { id: string };
  doctorId: string;
  cosmetologistId: string;
  otherCabinId: string;
}

/**
 * Sets aside the own schedules of a branch's cabins (of these treatment types, or all), so they take the branch's
 * hours: the demo staffs its cabins a few hours a day (catalogue-branches.ts), and suites book across the day. The
 * appointment suites keep the cosmetology cabins' own hours (narrower than the branch's, which a suite relies on).
 */
export async function openCabinsAllDay(db: DbOrTx, branchId: string, typeNames?: string[]): Promise<void> {
  await db.execute(sql`update cabin_schedules s set deleted_at = now()
    from cabins c join cabin_types ct on ct.id = c.type_id join treatment_types tt on tt.id = ct.treatment_type_id
    where s.cabin_id = c.id and s.deleted_at is null and c.branch_id = ${branchId} and ${typeNames ? sql`tt.name in ${typeNames}` : sql`true`}`);
}

export async function loadFixtures(t: TestApp): Promise<Fixtures> {
  const branchId = demoId('branch:tijuana');
  const otherBranchId = demoId('branch:mexicali');
  await openCabinsAllDay(t.ctx.db, branchId, ['Medico', 'Valoracion']);
  const med = await cabinOf(t, branchId, 'Medico');
  const cos = await cabinOf(t, branchId, 'Cosmetologico');
  const [other] = await rows<{ id: string }>(t, sql`select id from cabins where branch_id = ${otherBranchId} and active and deleted_at is null limit 1`);
  const [mt] = await rows<{ id: string; duration_minutes: number; medical_fee: string | null }>(
    t,
    sql`select t.id, t.duration_minutes, t.medical_fee from treatments t join treatment_types tt on tt.id = t.treatment_type_id
        where tt.name = 'Medico' and t.deleted_at is null and t.active
          and exists (select 1 from treatment_products tp where tp.treatment_id = t.id)
          and exists (select 1 from treatment_areas ta where ta.treatment_id = t.id)
        order by t.sku limit 1`,
  );
  // a known fee, consent required, and fresh lots so the finish has stock to take
  await t.ctx.db.execute(sql`update treatments set medical_fee = 350.50, consent = true where id = ${mt.id}`);
  const products = await rows<{ product_id: string; quantity: number }>(
    t,
    sql`select product_id, quantity from treatment_products where treatment_id = ${mt.id} order by product_id`,
  );
  for (const p of products)
    for (const [allotment, units] of [
      ['LOTE-PRUEBA-1', 10],
      ['LOTE-PRUEBA-2', 1],
    ] as const)
      await putIntoLot(t.ctx.db, null, { productId: p.product_id, branchId, allotment, expiresAt: null, price: null }, units, {
        cause: 'adjustment_registration',
        note: 'prueba',
      });
  const areas = await rows<{ area_id: string }>(t, sql`select area_id from treatment_areas where treatment_id = ${mt.id}`);
  const [ct] = await rows<{ id: string; duration_minutes: number }>(
    t,
    sql`select t.id, t.duration_minutes from treatments t join treatment_types tt on tt.id = t.treatment_type_id
        where tt.name = 'Cosmetologico' and t.deleted_at is null and t.active
        order by t.sku limit 1`,
  );
  const val = await cabinOf(t, branchId, 'Valoracion');
  const [vt] = await rows<{ id: string }>(
    t,
    sql`select t.id from treatments t join treatment_types tt on tt.id = t.treatment_type_id
        where tt.name = 'Valoracion' and t.deleted_at is null and t.active and not t.consent
          and not exists (select 1 from treatment_products tp where tp.treatment_id = t.id) order by t.sku limit 1`,
  );
  const professional = async (dept: string) =>
    (
      await rows<{ id: string }>(
        t,
        sql`select u.id from users u join staff_files s on s.user_id = u.id and s.deleted_at is null join job_positions j on j.id = s.job_position_id
            join departments d on d.id = j.department_id where u.main_branch_id = ${branchId} and u.status = 'activo' and u.deleted_at is null and d.name = ${dept} order by u.username limit 1`,
      )
    )[0].id;
  return {
    branchId,
    otherBranchId,
    med,
    cos,
    otherCabinId: other.id,
    medTreatment: {
      id: mt.id,
      durationMinutes: mt.duration_minutes,
      medicalFee: 350.5,
      products: products.map((p) => ({ productId: p.product_id, quantity: p.quantity })),
      areas: areas.map((a) => a.area_id),
    },
    cosTreatment: { id: ct.id, durationMinutes: ct.duration_minutes },
    val,
    valTreatment: { id: vt.id },
    doctorId: await professional('Médica'),
    cosmetologistId: await professional('Cosmetológica'),
  };
}

/** The create payload of a new medical treatment in the fixtures' medical cabin at its opening hour; `over` replaces fields. */
export function medicalBooking(f: Fixtures, customerId: string, date: string, over: Record<string, unknown> = {}) {
  return {
    branchId: f.branchId,
    cabainId: f.med.id,
    treatmentTypeId: f.med.treatmentTypeId,
    customerId,
    date,
    // a start time given by the test (a day the cabin may be closed, to test the date's own rules) is not computed
    startTime: typeof over.startTime === 'string' ? over.startTime : f.med.opening(date),
    appointmentMethod: 'phoneCall',
    appointmentOption: 'newTreatments',
    treatmentId: f.medTreatment.id,
    ...over,
  };
}
/** The same in the cosmetology cabin with the cosmetology treatment. */
export function cosmeticBooking(f: Fixtures, customerId: string, date: string, over: Record<string, unknown> = {}) {
  return {
    ...medicalBooking(f, customerId, date),
    cabainId: f.cos.id,
    treatmentTypeId: f.cos.treatmentTypeId,
    treatmentId: f.cosTreatment.id,
    startTime: f.cos.opening(date),
    ...over,
  };
}
/** 'HH:mm' plus `m` minutes. */
export const plusMinutes = (time: string, m: number) => hhmm(minutes(time) + m);

// numbers no demo customer has (Tijuana's demo mobiles start at 664 200 0000, its landlines at 664 500 0000) and no
// other test's (664 910 0000 on): a clash was a 409 DUPLICATE_PHONE in an unrelated test
let phone = 6646000000 + Math.floor(Math.random() * 2_900_000);
/** A fresh active adult customer. */
export async function newCustomer(admin: ReturnType<TestApp['as']>): Promise<string> {
  phone += 1;
  const res = await admin({
    method: 'POST',
    url: '/v1/customer/create',
    payload: { name: 'Paciente', lastName: 'Prueba<b>', motherLastName: 'Cita', gender: 'Femenino', birthday: '1990-05-10', mobilePhone: String(phone) },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

export async function purchased(t: TestApp, customerId: string, treatmentId: string, sessions = 3, currentSession = 0): Promise<string> {
  const [row] = await rows<{ id: string }>(
    t,
    sql`insert into purchased_products (customer_id, branch_id, treatment_id, sessions, current_session, status) values (${customerId}, ${demoId('branch:tijuana')}, ${treatmentId}, ${sessions}, ${currentSession}, 'onProcess') returning id`,
  );
  return row.id;
}

/** The test lots of the medical treatment's products at the branch (allotment LOTE-PRUEBA-1: 10 units, LOTE-PRUEBA-2: 1 unit). */
export async function testLots(t: TestApp, branchId: string, allotment: 'LOTE-PRUEBA-1' | 'LOTE-PRUEBA-2') {
  return rows<{ id: string; product_id: string; quantity: number }>(
    t,
    sql`select id, product_id, quantity from product_stocks where branch_id = ${branchId} and allotment = ${allotment} and deleted_at is null order by product_id`,
  );
}

/** One stock id per unit a finish of `sessions` sessions of the medical treatment takes, all from the given lots. */
export function unitsFrom(f: Fixtures, lots: { id: string; product_id: string }[], sessions = 1): string[] {
  return f.medTreatment.products.flatMap((p) => Array.from({ length: p.quantity * sessions }, () => lots.find((l) => l.product_id === p.productId)!.id));
}

/** The PostgreSQL code of a (Drizzle-wrapped) database error. */
export const pgCodeOf = (err: unknown): string | undefined => dbErrorOf(err)?.code;
