import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weekDay } from '../../../domain/agenda';
import { appointments, branchSchedules, cabinSchedules, cabinTypes, cabins, changeLog, customers, locks, packages, treatments, users } from '../../db/schema';
import { demoId } from '../../db/demo/random';
import { insertAppointment } from '../../testing/appointments';
import { createTestApp, type TestApp } from '../../testing/harness';
import { diaryResponse } from '../../../domain/agenda.contract';

type Caller = ReturnType<TestApp['as']>;
let t: TestApp;
let admin: Caller;
let gerente: Caller;
let medico: Caller;
let logistica: Caller;

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
/**
 * The dates below were written for March–June 2031; they are shifted by whole weeks (weekdays kept) to the
 * first Monday half a year after today, far from the demo appointments and within the two years ahead that
 * appointments and locks may be written.
 */
const WRITTEN_MON = '2031-03-03';
const BASE_MON = (() => {
  const x = new Date();
  x.setUTCHours(12, 0, 0, 0);
  x.setUTCDate(x.getUTCDate() + 182);
  while (x.getUTCDay() !== 1) x.setUTCDate(x.getUTCDate() + 1);
  return x;
})();
const SHIFT_DAYS = Math.round((Date.parse(WRITTEN_MON + 'T12:00:00Z') - BASE_MON.getTime()) / 86_400_000);
/** A date of the 2031 script, moved by the same whole weeks. */
function d(written: string): string {
  const x = new Date(written + 'T12:00:00Z');
  x.setUTCDate(x.getUTCDate() - SHIFT_DAYS);
  return x.toISOString().slice(0, 10);
}
const MON = d('2031-03-03');
const TUE = d('2031-03-04');
const WED = d('2031-03-05');
let tj: { id: string; name: string; typeId: string; order: number; treatmentTypeId: string }[];
let mxCabin: string;
let customerId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  gerente = t.as((await t.signIn('gerente@demo.mx')).token);
  medico = t.as((await t.signIn('medico@demo.mx')).token);
  logistica = t.as((await t.signIn('logistica@demo.mx')).token);
  tj = await t.ctx.db
    .select({ id: cabins.id, name: cabins.name, typeId: cabins.typeId, order: cabinTypes.order, treatmentTypeId: cabinTypes.treatmentTypeId })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .where(and(eq(cabins.branchId, TIJUANA), eq(cabins.active, true), isNull(cabins.deletedAt)))
    .orderBy(asc(cabinTypes.order), asc(cabins.name));
  [{ id: mxCabin }] = await t.ctx.db.select({ id: cabins.id }).from(cabins).where(eq(cabins.branchId, MEXICALI)).limit(1);
  [{ id: customerId }] = await t.ctx.db.select({ id: customers.id }).from(customers).where(isNull(customers.deletedAt)).limit(1);
  expect(weekDay(MON)).toBe(1);
  expect(tj.length).toBeGreaterThanOrEqual(3);
});
afterAll(() => t.close());

let seq = 0;
const book = async (cabin: (typeof tj)[number], date: string, start: string, end: string, status = 'scheduled') =>
  (
    await insertAppointment(t.ctx.db, {
      appointmentNumber: `CITA-T${String(++seq).padStart(5, '0')}`,
      branchId: TIJUANA,
      cabin,
      customerId,
      date,
      start,
      end,
      status,
    })
  ).id;

const diary = (who: Caller, date: string, branchId = TIJUANA) => who({ method: 'GET', url: `/v1/diary?branchId=${branchId}&date=${date}` });
const lockBody = (over: Record<string, unknown> = {}) => ({
  branchId: TIJUANA,
  cabainId: tj[0].id,
  type: 'hour',
  reason: 'comida',
  time: ['14:00'],
  date: MON,
  ...over,
});
const create = (who: Caller, over: Record<string, unknown> = {}) => who({ method: 'POST', url: '/v1/lock/create', payload: lockBody(over) });

describe('GET /v1/diary', () => {
  it('answers the day: branch, cabins in type order then name, cards sorted by start, cancelled left out', async () => {
    const [a, b] = tj;
    const late = await book(a, MON, '12:00', '12:30');
    const early = await book(a, MON, '09:00', '10:00', 'finished');
    const cancelled = await book(a, MON, '09:00', '09:30', 'cancelled');
    const other = await book(b, MON, '10:00', '10:30', 'absence');
    const res = await diary(gerente, MON);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.branch).toEqual({ id: TIJUANA, name: 'Tijuana', timeZone: 'America/Tijuana' });
    expect(body.date).toBe(MON);
    expect(body.cabins.map((c: { id: string }) => c.id)).toEqual(tj.map((c) => c.id));
    const orders = body.cabins.map((c: { type: { order: number } }) => c.type.order);
    expect(orders).toEqual([...orders].sort((x, y) => x - y));
    const first = body.cabins[0];
    expect(first.appointments.map((x: { id: string }) => x.id)).toEqual([early, late]);
    expect(first.appointments.map((x: { id: string }) => x.id)).not.toContain(cancelled);
    expect(body.cabins[1].appointments.map((x: { id: string }) => x.id)).toEqual([other]);
    expect(first.appointments[0]).toMatchObject({
      status: 'finished',
      date: MON,
      startTime: '09:00',
      endTime: '10:00',
      appointmentOption: 'newTreatments',
      confirmMethod: null,
      customer: { id: customerId },
      treatmentType: { id: a.treatmentTypeId },
      treatment: null,
      package: null,
      promotion: null,
      attendedBy: null,
    });
    expect(typeof first.appointments[0].customer.customerId).toBe('number');
    expect(first.type).toMatchObject({ id: a.typeId, treatmentType: { id: a.treatmentTypeId } });
    expect(Object.keys(first).sort()).toEqual(['appointments', 'closing', 'description', 'id', 'locks', 'name', 'opening', 'type']);
  });

  it('answers exactly the documented shape (diaryResponse): every field, no other', async () => {
    const [a] = tj;
    // a status outside the no-overlap constraint (as this row's was before statuses were checked), any other test's booking may share the slot
    const id = await book(a, MON, '15:00', '15:30', 'absence');
    const [treatment] = await t.ctx.db.select({ id: treatments.id }).from(treatments).where(eq(treatments.treatmentTypeId, a.treatmentTypeId)).limit(1);
    const [pack] = await t.ctx.db.select({ id: packages.id }).from(packages).limit(1);
    const [medic] = await t.ctx.db.select({ id: users.id }).from(users).limit(1);
    await t.ctx.db
      .update(appointments)
      .set({ treatmentId: treatment.id, packageId: pack.id, attendedById: medic.id, confirmMethod: 'whatsapp' })
      .where(eq(appointments.id, id));
    await t.ctx.db.insert(locks).values({ branchId: TIJUANA, cabinId: a.id, type: 'hour', reason: 'comida', time: ['16:00'], date: MON });
    // the cards are JSON written by SQL: quotes, backslashes and accents in names must arrive intact
    const [patient] = await t.ctx.db.select({ motherLastName: customers.motherLastName }).from(customers).where(eq(customers.id, customerId));
    const awkward = 'Ñúñez "La Güera" \\ O\'Neil';
    await t.ctx.db.update(customers).set({ motherLastName: awkward }).where(eq(customers.id, customerId));
    const body = (await diary(admin, MON)).json();
    await t.ctx.db.update(customers).set({ motherLastName: patient.motherLastName }).where(eq(customers.id, customerId));
    expect(body.cabins[0].appointments[0].customer.motherLastName).toBe(awkward);
    expect(body.cabins[0].appointments.length).toBeGreaterThan(0);
    expect(body.cabins[0].locks.length).toBeGreaterThan(0);
    expect(body.cabins[0].appointments.find((x: { id: string }) => x.id === id)).toMatchObject({
      treatment: { id: treatment.id },
      package: { id: pack.id },
      attendedBy: { id: medic.id },
    });
    // the lock's created_at travels as ISO text; the schema describes it as the Date it serializes
    const revive = (l: { created_at: string }) => ({ ...l, created_at: new Date(l.created_at) });
    const revived = {
      ...body,
      locks: body.locks.map(revive),
      cabins: body.cabins.map((c: { locks: { created_at: string }[] }) => ({ ...c, locks: c.locks.map(revive) })),
    };
    expect(diaryResponse.parse(revived)).toEqual(revived);
    // the locks are JSON written by SQL too: exactly what GET /lock/:branchId answers for the day
    expect(body.locks).toEqual((await admin({ method: 'GET', url: `/v1/lock/${TIJUANA}?date=${MON}` })).json());
    expect(body.locks.length).toBeGreaterThan(0);
  });

  it('leaves out inactive and deleted cabins', async () => {
    const last = tj[tj.length - 1];
    await t.ctx.db.update(cabins).set({ active: false }).where(eq(cabins.id, last.id));
    const ids = (await diary(admin, MON)).json().cabins.map((c: { id: string }) => c.id);
    await t.ctx.db.update(cabins).set({ active: true }).where(eq(cabins.id, last.id));
    expect(ids).not.toContain(last.id);
    expect(ids).toHaveLength(tj.length - 1);
  });

  it("gives each cabin the booking's hours (cabinDayHours): its own within the branch's, closed on days its schedule lacks", async () => {
    const [a, b, c] = tj;
    const wed = weekDay(WED);
    const mon = weekDay(MON);
    // the branch opens 09:00–20:00 on Wednesday
    await t.ctx.db
      .update(branchSchedules)
      .set({ deletedAt: new Date() })
      .where(and(eq(branchSchedules.branchId, TIJUANA), eq(branchSchedules.day, wed)));
    await t.ctx.db.insert(branchSchedules).values({ branchId: TIJUANA, day: wed, opening: '09:00', closing: '20:00' });
    // a: narrower than the branch on Wednesday; b: wider than the branch; c: a Monday-only schedule
    for (const cabin of [a, b, c])
      await t.ctx.db
        .update(cabinSchedules)
        .set({ deletedAt: new Date() })
        .where(and(eq(cabinSchedules.cabinId, cabin.id), isNull(cabinSchedules.deletedAt)));
    await t.ctx.db.insert(cabinSchedules).values([
      { cabinId: a.id, day: wed, opening: '10:00', closing: '14:00' },
      { cabinId: a.id, day: mon, opening: '10:00', closing: '14:00' },
      { cabinId: b.id, day: wed, opening: '07:00', closing: '23:00' },
      { cabinId: c.id, day: mon, opening: '11:00', closing: '18:00' },
    ]);
    const body = (await diary(admin, WED)).json();
    expect([body.opening, body.closing]).toEqual(['09:00', '20:00']);
    const hoursOf = (day: { cabins: { id: string; opening: string | null; closing: string | null }[] }, id: string) => {
      const cabin = day.cabins.find((x) => x.id === id)!;
      return [cabin.opening, cabin.closing];
    };
    expect(hoursOf(body, a.id)).toEqual(['10:00', '14:00']);
    expect(hoursOf(body, b.id)).toEqual(['09:00', '20:00']);
    // c lists Monday only: closed on Wednesday, as the booking sees it
    expect(hoursOf(body, c.id)).toEqual([null, null]);
    const monday = (await diary(admin, MON)).json();
    expect(hoursOf(monday, c.id)).toEqual(['11:00', '18:00']);
    // Tuesday: c and a have no Tuesday row → closed; b has no Tuesday row either
    const tuesday = (await diary(admin, TUE)).json();
    for (const cabin of [a, b, c]) expect(hoursOf(tuesday, cabin.id)).toEqual([null, null]);

    // a cabin without any schedule follows the branch
    await t.ctx.db
      .update(cabinSchedules)
      .set({ deletedAt: new Date() })
      .where(and(eq(cabinSchedules.cabinId, b.id), isNull(cabinSchedules.deletedAt)));
    expect(hoursOf((await diary(admin, WED)).json(), b.id)).toEqual(['09:00', '20:00']);
    // a branch with schedules is closed on a weekday it does not list, whatever its cabins say
    await t.ctx.db
      .update(branchSchedules)
      .set({ deletedAt: new Date() })
      .where(and(eq(branchSchedules.branchId, TIJUANA), eq(branchSchedules.day, mon)));
    const closed = (await diary(admin, MON)).json();
    expect([closed.opening, closed.closing]).toEqual([null, null]);
    for (const cabin of closed.cabins) expect([cabin.opening, cabin.closing]).toEqual([null, null]);
    // a branch without any schedule is open 0–24, and so is a cabin without one
    await t.ctx.db.update(branchSchedules).set({ deletedAt: new Date() }).where(eq(branchSchedules.branchId, TIJUANA));
    const open = (await diary(admin, MON)).json();
    expect([open.opening, open.closing]).toEqual(['00:00', '24:00']);
    expect(hoursOf(open, b.id)).toEqual(['00:00', '24:00']);
    expect(hoursOf(open, c.id)).toEqual(['11:00', '18:00']);
  });

  it('attaches a day lock to every cabin and a recurrent hour lock to its cabin on its weekdays', async () => {
    const day = (await create(admin, { type: 'day', cabainId: null, date: TUE, time: [] })).json();
    const hour = (await create(admin, { cabainId: tj[1].id, time: ['15:00', '15:30'], recurrent: true, days: [1], date: d('2031-02-24') })).json();
    const range = (await create(admin, { cabainId: tj[2].id, type: 'days_range', time: ['10:00', '12:00'], date: d('2031-03-01'), endDate: TUE })).json();
    const tue = (await diary(gerente, TUE)).json();
    for (const cabin of tue.cabins) expect(cabin.locks.map((l: { id: string }) => l.id)).toContain(day.id);
    const ids = (l: { id: string }[]) => l.map((x) => x.id);
    expect(ids(tue.cabins[1].locks)).not.toContain(hour.id);
    expect(ids(tue.cabins[2].locks)).toContain(range.id);
    expect(ids(tue.cabins[0].locks)).not.toContain(range.id);
    expect(ids(tue.locks)).toEqual(expect.arrayContaining([day.id, range.id]));
    expect(ids(tue.locks)).not.toContain(hour.id);
    const mon = (await diary(gerente, d('2031-03-10'))).json();
    expect(ids(mon.cabins[1].locks)).toEqual([hour.id]);
    expect(ids(mon.cabins[0].locks)).toEqual([]);
    expect(ids(mon.locks)).toEqual([hour.id]);
    expect(mon.locks[0]).toMatchObject({
      cabainId: tj[1].id,
      cabain: { id: tj[1].id, name: tj[1].name },
      time: ['15:00', '15:30'],
      days: [1],
      recurrent: true,
      user: { name: 'Alejandra' },
    });
    expect(ids((await diary(gerente, d('2031-03-11'))).json().cabins[1].locks)).toEqual([]);
    // before its start date the recurrent lock blocks nothing
    expect(ids((await diary(gerente, d('2031-02-17'))).json().cabins[1].locks)).toEqual([]);
  });

  it('keeps branch-bound roles on their branch and refuses roles without the agenda', async () => {
    expect((await diary(medico, MON)).statusCode).toBe(200);
    const other = await diary(gerente, MON, MEXICALI);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    expect((await diary(admin, MON, MEXICALI)).statusCode).toBe(200);
    expect((await diary(logistica, MON)).statusCode).toBe(403);
  });

  it('validates the query and answers 404 for an unknown branch', async () => {
    expect((await admin({ method: 'GET', url: `/v1/diary?branchId=${TIJUANA}&date=2031-13-40` })).statusCode).toBe(400);
    expect((await admin({ method: 'GET', url: `/v1/diary?date=${MON}` })).statusCode).toBe(400);
    expect((await diary(admin, MON, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('locks', () => {
  const fieldsOf = (res: { json(): { errors?: { field: string }[] } }) => (res.json().errors ?? []).map((e) => e.field);

  it('creates a lock (201), logs it, and refuses an identical one with 409', async () => {
    const res = await create(gerente, { time: ['18:30', '18:00'], date: d('2031-04-07') });
    expect(res.statusCode).toBe(201);
    const lock = res.json();
    expect(lock).toMatchObject({
      branchId: TIJUANA,
      cabainId: tj[0].id,
      type: 'hour',
      reason: 'comida',
      time: ['18:00', '18:30'],
      date: d('2031-04-07'),
      endDate: null,
      days: [],
      recurrent: false,
      user: { name: 'Gabriela' },
    });
    const [log] = await t.ctx.db
      .select()
      .from(changeLog)
      .where(and(eq(changeLog.module, 'blockers'), eq(changeLog.entityId, lock.id)));
    expect(log.action).toBe('create');
    const dup = await create(admin, { time: ['18:00', '18:30'], date: d('2031-04-07') });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'LOCK_EXISTS', message: 'El bloqueo ya existe' });
    // another time set is another lock
    expect((await create(admin, { time: ['18:00'], date: d('2031-04-07') })).statusCode).toBe(201);
  });

  it('refuses each invalid payload with the field at fault', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reason: 'otro' }, 'reasonDescription'],
      [{ cabainId: null }, 'cabainId'],
      [{ time: [] }, 'time'],
      [{ type: 'hours_range', time: ['10:00', '12:00'], days: [] }, 'days'],
      [{ type: 'day', cabainId: null, time: [], recurrent: true }, 'recurrent'],
      [{ type: 'days_range', time: ['10:00', '12:00'], endDate: d('2031-04-09'), recurrent: true }, 'recurrent'],
    ];
    for (const [over, field] of cases) {
      const res = await create(admin, over);
      expect(res.statusCode, field).toBe(400);
      expect(fieldsOf(res)).toContain(field);
    }
    const withDescription = await create(admin, { reason: 'otro', reasonDescription: 'Fumigación', date: d('2031-04-08') });
    expect(withDescription.statusCode).toBe(201);
    expect(withDescription.json().reasonDescription).toBe('Fumigación');
  });

  it('refuses a cabin of another branch and another branch for branch-bound roles', async () => {
    const foreign = await create(admin, { cabainId: mxCabin });
    expect(foreign.statusCode).toBe(400);
    expect(fieldsOf(foreign)).toEqual(['cabainId']);
    expect((await create(admin, { cabainId: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await create(gerente, { branchId: MEXICALI, cabainId: mxCabin })).statusCode).toBe(403);
    expect((await create(medico, { date: d('2031-04-10') })).statusCode).toBe(403);
    expect((await create(logistica, { date: d('2031-04-10') })).statusCode).toBe(403);
  });

  it('updates, reads one and soft-deletes a lock', async () => {
    const lock = (await create(admin, { date: d('2031-05-05'), time: ['09:00'] })).json();
    const up = await gerente({
      method: 'PUT',
      url: `/v1/lock/${lock.id}/update`,
      payload: lockBody({ date: d('2031-05-05'), type: 'cabain', reason: 'capacitación', time: ['09:00'] }),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ id: lock.id, type: 'cabain', reason: 'capacitación', time: [] });
    // updating into a copy of another live lock is refused
    const twin = (await create(admin, { date: d('2031-05-06'), time: ['09:00'] })).json();
    const clash = await admin({
      method: 'PUT',
      url: `/v1/lock/${twin.id}/update`,
      payload: lockBody({ date: d('2031-05-05'), type: 'cabain', reason: 'comida' }),
    });
    expect(clash.statusCode).toBe(409);
    // saving a lock unchanged is not a duplicate of itself
    expect((await admin({ method: 'PUT', url: `/v1/lock/${twin.id}/update`, payload: lockBody({ date: d('2031-05-06'), time: ['09:00'] }) })).statusCode).toBe(
      200,
    );
    const one = await gerente({ method: 'GET', url: `/v1/lock/${lock.id}/single` });
    expect(one.json()).toMatchObject({ id: lock.id, cabain: { id: tj[0].id } });
    expect((await medico({ method: 'GET', url: `/v1/lock/${lock.id}/single` })).statusCode).toBe(403);
    expect((await medico({ method: 'POST', url: `/v1/lock/${lock.id}/delete` })).statusCode).toBe(403);
    const del = await gerente({ method: 'POST', url: `/v1/lock/${lock.id}/delete` });
    expect(del.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(locks).where(eq(locks.id, lock.id));
    expect(row.deletedAt).not.toBeNull();
    expect((await gerente({ method: 'GET', url: `/v1/lock/${lock.id}/single` })).statusCode).toBe(404);
    expect((await gerente({ method: 'POST', url: `/v1/lock/${lock.id}/delete` })).json().code).toBe('LOCK_NOT_FOUND');
    // once deleted, the same lock may be created again
    expect((await create(admin, { date: d('2031-05-05'), type: 'cabain', reason: 'capacitación' })).statusCode).toBe(201);
    const actions = await t.ctx.db
      .select({ action: changeLog.action })
      .from(changeLog)
      .where(eq(changeLog.entityId, lock.id))
      .orderBy(asc(changeLog.createdAt));
    expect(actions.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('does not touch the appointments already booked', async () => {
    const id = await book(tj[0], d('2031-05-12'), '10:00', '10:30');
    expect((await create(admin, { type: 'day', cabainId: null, time: [], date: d('2031-05-12') })).statusCode).toBe(201);
    const [row] = await t.ctx.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, id));
    expect(row.status).toBe('scheduled');
    expect((await diary(admin, d('2031-05-12'))).json().cabins[0].appointments.map((a: { id: string }) => a.id)).toEqual([id]);
  });

  it('lists the locks of a branch, all or those of one day (dairy.show is enough)', async () => {
    const all = await medico({ method: 'GET', url: `/v1/lock/${TIJUANA}` });
    expect(all.statusCode).toBe(200);
    const live = await t.ctx.db
      .select({ id: locks.id })
      .from(locks)
      .where(and(eq(locks.branchId, TIJUANA), isNull(locks.deletedAt)));
    expect(all.json()).toHaveLength(live.length);
    const day = (await medico({ method: 'GET', url: `/v1/lock/${TIJUANA}?date=${d('2031-05-12')}` })).json();
    // d('2031-05-12') is a Monday: the recurrent Monday hour lock touches it too
    expect(day.map((l: { type: string; date: string }) => [l.type, l.date])).toEqual([
      ['hour', d('2031-02-24')],
      ['day', d('2031-05-12')],
    ]);
    expect((await medico({ method: 'GET', url: `/v1/lock/${MEXICALI}` })).statusCode).toBe(403);
    expect((await logistica({ method: 'GET', url: `/v1/lock/${TIJUANA}` })).statusCode).toBe(403);
  });

  it('pages and filters the lock list', async () => {
    await create(admin, { branchId: MEXICALI, cabainId: mxCabin, date: d('2031-06-02'), reason: 'otro', reasonDescription: 'Mantenimiento del láser' });
    const list = async (who: Caller, qs: string) => {
      const res = await who({ method: 'GET', url: `/v1/lock?take=all&${qs}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { id: string; branchId: string; type: string; reason: string; date: string }[]; meta: { itemCount: number } };
    };
    const everything = await list(admin, '');
    expect(new Set(everything.items.map((l) => l.branchId))).toEqual(new Set([TIJUANA, MEXICALI]));
    const mine = await list(gerente, '');
    expect(mine.items.every((l) => l.branchId === TIJUANA)).toBe(true);
    expect(mine.meta.itemCount).toBe(everything.meta.itemCount - 1);
    expect((await gerente({ method: 'GET', url: `/v1/lock?branchId=${MEXICALI}` })).statusCode).toBe(403);
    expect((await medico({ method: 'GET', url: '/v1/lock' })).statusCode).toBe(403);
    expect((await list(admin, `branchId=${MEXICALI}`)).items).toHaveLength(1);
    expect((await list(admin, 'type=day')).items.every((l) => l.type === 'day')).toBe(true);
    expect((await list(admin, 'reason=capacitación')).items.every((l) => l.reason === 'capacitación')).toBe(true);
    const search = encodeURIComponent(JSON.stringify({ filter: 'reasonDescription', value: 'LASER' }));
    expect((await list(admin, `search=${search}`)).items.map((l) => l.branchId)).toEqual([MEXICALI]);
    const may = await list(admin, `startDate=${d('2031-05-01')}&endDate=${d('2031-05-31')}`);
    expect(may.items.length).toBeGreaterThan(0);
    // recurrent locks that started earlier still fall in the range
    expect(may.items.every((l) => l.date <= d('2031-05-31'))).toBe(true);
    expect(may.items.some((l) => l.date < d('2031-05-01'))).toBe(true);
    const page = (await admin({ method: 'GET', url: '/v1/lock?take=2&page=1' })).json();
    expect(page.items).toHaveLength(2);
    expect(page.meta).toMatchObject({ take: 2, itemCount: everything.meta.itemCount });
    expect((await admin({ method: 'GET', url: '/v1/lock?type=semana' })).statusCode).toBe(400);
  });
});
