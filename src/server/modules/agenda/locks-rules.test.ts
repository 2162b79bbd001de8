import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_IN_PAST, weekDay } from '../../../domain/agenda';
import { nowIn } from '../../../domain/appointment-rules';
import { appointments, cabinTypes, cabins, customers, locks } from '../../db/schema';
import { demoId } from '../../db/demo/random';
import { cancelBookings, insertAppointment, liftLocks } from '../../testing/appointments';
import { createTestApp, type TestApp } from '../../testing/harness';

/** Issue 14: the appointments a lock would cover (POST /v1/lock/overlaps) and locks that have already ended (422). */

type Caller = ReturnType<TestApp['as']>;
let t: TestApp;
let admin: Caller;
let gerente: Caller;
let medico: Caller;

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');

const addDays = (date: string, n: number) => {
  const x = new Date(date + 'T12:00:00Z');
  x.setUTCDate(x.getUTCDate() + n);
  return x.toISOString().slice(0, 10);
};
const today = () => nowIn('America/Tijuana').date;
/** A Wednesday some 300 days ahead: far from the demo appointments, within the two years locks may be written. */
const DAY = (() => {
  let d = addDays(today(), 300);
  while (weekDay(d) !== 3) d = addDays(d, 1);
  return d;
})();

let tj: { id: string; name: string; treatmentTypeId: string }[];
let people: { id: string; name: string; lastName: string }[];

let seq = 0;
const book = (cabin: (typeof tj)[number], customerId: string, date: string, start: string, end: string, status = 'scheduled') =>
  insertAppointment(t.ctx.db, { appointmentNumber: `CITA-L${String(++seq).padStart(5, '0')}`, branchId: TIJUANA, cabin, customerId, date, start, end, status });

const lockBody = (over: Record<string, unknown> = {}) => ({
  branchId: TIJUANA,
  cabainId: tj[0].id,
  type: 'hour',
  reason: 'comida',
  time: ['10:00'],
  date: DAY,
  ...over,
});
const overlaps = (who: Caller, over: Record<string, unknown> = {}) => who({ method: 'POST', url: '/v1/lock/overlaps', payload: lockBody(over) });
const numbers = (res: { json(): { items: { appointmentNumber: string }[] } }) => res.json().items.map((a) => a.appointmentNumber);

let inFirst: { id: string; appointmentNumber: string };
let inSecond: { id: string; appointmentNumber: string };
let afternoon: { id: string; appointmentNumber: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  gerente = t.as((await t.signIn('gerente@demo.mx')).token);
  medico = t.as((await t.signIn('medico@demo.mx')).token);
  tj = await t.ctx.db
    .select({ id: cabins.id, name: cabins.name, treatmentTypeId: cabinTypes.treatmentTypeId })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .where(and(eq(cabins.branchId, TIJUANA), eq(cabins.active, true), isNull(cabins.deletedAt)))
    .orderBy(asc(cabinTypes.order), asc(cabins.name));
  people = await t.ctx.db
    .select({ id: customers.id, name: customers.name, lastName: customers.lastName })
    .from(customers)
    .where(isNull(customers.deletedAt))
    .orderBy(asc(customers.id))
    .limit(4);
  await cancelBookings(t, sql`branch_id = ${TIJUANA} and date = ${DAY}`);
  await liftLocks(t, TIJUANA);
  // 10:00–11:00 in the first cabin, 10:30–11:00 in the second, 15:00 in the first; a cancelled one and a finished one at 10:00
  inFirst = await book(tj[0], people[0].id, DAY, '10:00', '11:00');
  inSecond = await book(tj[1], people[1].id, DAY, '10:30', '11:00', 'inProcess');
  afternoon = await book(tj[0], people[0].id, DAY, '15:00', '15:30');
  await book(tj[2], people[2].id, DAY, '10:00', '10:30', 'cancelled');
  await book(tj[2], people[3].id, DAY, '10:00', '10:30', 'finished');
}, 120_000);
afterAll(() => t.close());

describe('POST /v1/lock/overlaps', () => {
  it('lists the live appointments an hour lock covers in its cabin, with patient, time and cabin', async () => {
    const res = await overlaps(gerente);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 1,
      items: [
        {
          id: inFirst.id,
          appointmentNumber: inFirst.appointmentNumber,
          status: 'scheduled',
          date: DAY,
          startTime: '10:00',
          endTime: '11:00',
          cabain: { id: tj[0].id, name: tj[0].name },
          customer: expect.objectContaining({ id: people[0].id, name: people[0].name, lastName: people[0].lastName }),
        },
      ],
    });
    // the half hour after the appointment, or another day, covers nothing
    expect((await overlaps(gerente, { time: ['11:00'] })).json()).toEqual({ items: [], total: 0 });
    expect((await overlaps(gerente, { date: addDays(DAY, 1) })).json()).toEqual({ items: [], total: 0 });
  });

  it('covers every cabin with a day lock, leaving out cancelled and finished appointments', async () => {
    const res = await overlaps(admin, { type: 'day', cabainId: null, time: [] });
    expect(numbers(res)).toEqual([inFirst.appointmentNumber, inSecond.appointmentNumber, afternoon.appointmentNumber]);
    expect(res.json().total).toBe(3);
  });

  it('follows ranges and weekly locks the way the booking does', async () => {
    const range = await overlaps(admin, { type: 'days_range', cabainId: tj[1].id, time: ['10:00', '10:30'], endDate: addDays(DAY, 3) });
    expect(numbers(range)).toEqual([]);
    const wider = await overlaps(admin, { type: 'days_range', cabainId: tj[1].id, time: ['10:00', '11:00'], date: addDays(DAY, -2), endDate: DAY });
    expect(numbers(wider)).toEqual([inSecond.appointmentNumber]);
    const weekly = await overlaps(admin, { type: 'hours_range', time: ['14:30', '16:00'], days: [3], date: addDays(DAY, -7) });
    expect(numbers(weekly)).toContain(afternoon.appointmentNumber);
    expect(numbers(weekly)).not.toContain(inFirst.appointmentNumber);
    const otherDays = await overlaps(admin, { type: 'hours_range', time: ['14:30', '16:00'], days: [1, 2], date: addDays(DAY, -7) });
    expect(numbers(otherDays)).not.toContain(afternoon.appointmentNumber);
  });

  it('needs blockers.create or blockers.edit and the own branch, and validates the payload', async () => {
    expect((await overlaps(medico)).statusCode).toBe(403);
    expect((await overlaps(gerente, { branchId: MEXICALI, cabainId: null, type: 'day' })).statusCode).toBe(403);
    const bad = await overlaps(admin, { type: 'hours_range', days: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toContain('days');
  });

  it('saves nothing: the lock is created only by /lock/create, and the appointments stay booked', async () => {
    expect(
      await t.ctx.db
        .select()
        .from(locks)
        .where(and(eq(locks.branchId, TIJUANA), isNull(locks.deletedAt))),
    ).toHaveLength(0);
    expect((await admin({ method: 'POST', url: '/v1/lock/create', payload: lockBody() })).statusCode).toBe(201);
    const [row] = await t.ctx.db.select({ status: appointments.status }).from(appointments).where(eq(appointments.id, inFirst.id));
    expect(row.status).toBe('scheduled');
  });
});

describe('a lock that has already ended', () => {
  const yesterday = () => addDays(today(), -1);
  const refused = (res: { statusCode: number; json(): unknown }) => {
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ statusCode: 422, code: 'LOCK_IN_PAST', message: LOCK_IN_PAST, errors: [{ field: 'date', message: LOCK_IN_PAST }] });
  };

  it('is refused on create with 422 and a Spanish message, for each kind that can end', async () => {
    const create = (over: Record<string, unknown>) => admin({ method: 'POST', url: '/v1/lock/create', payload: lockBody({ date: yesterday(), ...over }) });
    refused(await create({}));
    refused(await create({ type: 'day', cabainId: null, time: [] }));
    refused(await create({ type: 'cabain', time: [] }));
    refused(await create({ type: 'days_range', time: ['09:00', '12:00'], date: addDays(today(), -5), endDate: yesterday() }));
    expect(
      await t.ctx.db
        .select()
        .from(locks)
        .where(and(eq(locks.branchId, TIJUANA), eq(locks.date, yesterday()), isNull(locks.deletedAt))),
    ).toHaveLength(0);
  });

  it('accepts what still blocks something: a range ending today or later, a recurrent or weekly lock that started before', async () => {
    const create = (over: Record<string, unknown>) => admin({ method: 'POST', url: '/v1/lock/create', payload: lockBody(over) });
    expect((await create({ type: 'days_range', time: ['06:00', '22:00'], date: addDays(today(), -5), endDate: addDays(today(), 1) })).statusCode).toBe(201);
    expect((await create({ date: yesterday(), recurrent: true, time: ['07:00'] })).statusCode).toBe(201);
    expect((await create({ type: 'hours_range', time: ['07:00', '08:00'], days: [1], date: yesterday() })).statusCode).toBe(201);
  });

  it('is refused on update and by the overlaps listing too', async () => {
    const lock = (await admin({ method: 'POST', url: '/v1/lock/create', payload: lockBody({ date: addDays(DAY, 7), time: ['12:00'] }) })).json();
    refused(await admin({ method: 'PUT', url: `/v1/lock/${lock.id}/update`, payload: lockBody({ date: yesterday(), time: ['12:00'] }) }));
    const [row] = await t.ctx.db.select({ date: locks.date }).from(locks).where(eq(locks.id, lock.id));
    expect(row.date).toBe(addDays(DAY, 7));
    refused(await overlaps(admin, { date: yesterday() }));
  });
});
