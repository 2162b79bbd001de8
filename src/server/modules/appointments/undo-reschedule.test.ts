import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTHING_TO_UNDO, UNDO_ENDED_TREATMENT, UNDO_OTHER_USER, UNDO_TOO_LATE } from '../../../domain/appointment-rules';
import { useTestApp } from '../../testing/harness';
import { futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, type Fixtures } from './fixtures';

/**
 * The agenda's 'Deshacer' after a drag (POST /appointment/:id/undo-reschedule): the last reschedule, by the same user,
 * within UNDO_RESCHEDULE_SECONDS, moves the appointment back and gives back the change it counted.
 */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

let week = 30;
const nextDate = () => futureDate(week++, 2);
const book = (payload: object) => admin({ method: 'POST', url: '/v1/appointment/create', payload });
const move = (id: string, payload: object, as = admin) => as({ method: 'PUT', url: `/v1/appointment/${id}/update`, payload });
const undo = (id: string, as = admin) => as({ method: 'POST', url: `/v1/appointment/${id}/undo-reschedule` });
const stored = async (id: string) =>
  (
    await rows<{ start_time: string; cabin_id: string; reschedules: number }>(
      t,
      sql`select start_time, cabin_id, reschedules from appointments where id = ${id}`,
    )
  )[0];
const liveReschedules = async (id: string) =>
  (
    await rows<{ n: number }>(
      t,
      sql`select count(*)::int n from appointment_cancellations where appointment_id = ${id} and type = 'reschedule' and deleted_at is null`,
    )
  )[0].n;

/** A booking at the cabin's opening and its move an hour later (one reschedule). */
async function bookedAndMoved(over: Record<string, unknown> = {}) {
  const customerId = await newCustomer(admin);
  const date = nextDate();
  const payload = medicalBooking(f, customerId, date, { term: 30, ...over });
  const created = await book(payload);
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const start = payload.startTime;
  const later = { ...payload, startTime: plusMinutes(start, 60) };
  const moved = await move(id, later);
  expect(moved.statusCode, moved.body).toBe(200);
  expect(moved.json().reschedules).toBe(1);
  return { id, customerId, date, start, payload, later };
}

describe('undo of the last reschedule', () => {
  it('moves the appointment back, gives the change back and logs it; a second undo has nothing to undo', async () => {
    const { id, start, later } = await bookedAndMoved();
    expect(await liveReschedules(id)).toBe(1);
    const res = await undo(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startTime: start, reschedules: 0, cancellations: [] });
    expect(await stored(id)).toMatchObject({ start_time: `${start}:00`, reschedules: 0 });
    expect(await liveReschedules(id)).toBe(0);
    const log = await rows<{ action: string; before: { startTime: string }; after: { startTime: string } }>(
      t,
      sql`select action, before, after from change_log where entity_id = ${id} order by created_at desc limit 1`,
    );
    expect(log[0]).toMatchObject({ action: 'deshacer reagenda', before: { startTime: later.startTime }, after: { startTime: start } });

    const again = await undo(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(NOTHING_TO_UNDO);
  });

  it('the undone change does not count: two more reschedules are still allowed, a third is refused', async () => {
    const { id, payload } = await bookedAndMoved();
    expect((await undo(id)).statusCode).toBe(200);
    for (const m of [30, 90]) expect((await move(id, { ...payload, startTime: plusMinutes(payload.startTime, m) })).statusCode).toBe(200);
    const third = await move(id, { ...payload, startTime: plusMinutes(payload.startTime, 120) });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe('APPOINTMENT_TOO_MANY_CHANGES');
  });

  it('is refused to another user, after the window, and after another change', async () => {
    const one = await bookedAndMoved();
    const other = await undo(one.id, gerente);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(UNDO_OTHER_USER);

    await t.ctx.db.execute(sql`update change_log set created_at = created_at - interval '2 minutes' where entity_id = ${one.id}`);
    const late = await undo(one.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(UNDO_TOO_LATE);
    expect(await stored(one.id)).toMatchObject({ start_time: `${one.later.startTime}:00`, reschedules: 1 });

    const two = await bookedAndMoved();
    const confirm = await admin({ method: 'PATCH', url: `/v1/appointment/${two.id}/confirm`, payload: { confirmMethod: 'whatsapp' } });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const after = await undo(two.id);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe(NOTHING_TO_UNDO);
  });

  it('checks the slot it goes back to: taken meanwhile by another booking, it stays where it was moved', async () => {
    const { id, date, start, later } = await bookedAndMoved();
    const someone = await newCustomer(admin);
    const taker = await book(medicalBooking(f, someone, date, { startTime: start, term: 30 }));
    expect(taker.statusCode, taker.body).toBe(201);
    const res = await undo(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APPOINTMENT_SLOT_TAKEN');
    expect(await stored(id)).toMatchObject({ start_time: `${later.startTime}:00`, reschedules: 1 });
    expect(await liveReschedules(id)).toBe(1);
  });

  it("gives the purchased treatment's change back, but not one that ended the treatment", async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 3, 0);
    const usingPurchased = { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null };
    const { id } = await bookedAndMoved({ customerId: c, ...usingPurchased });
    const charged = async () =>
      (
        await rows<{ changes: number; reschedules: number; status: string }>(
          t,
          sql`select changes, reschedules, status from purchased_products where id = ${pp}`,
        )
      )[0];
    expect(await charged()).toMatchObject({ changes: 1, reschedules: 1 });
    expect((await undo(id)).statusCode).toBe(200);
    expect(await charged()).toMatchObject({ changes: 0, reschedules: 0, status: 'onProcess' });

    // two changes already: the drag is the third, which ends the treatment; that one stays
    const c2 = await newCustomer(admin);
    const pp2 = await purchased(t, c2, f.medTreatment.id, 3, 0);
    await t.ctx.db.execute(sql`update purchased_products set changes = 2 where id = ${pp2}`);
    const ended = await bookedAndMoved({ customerId: c2, appointmentOption: 'purchasedProducts', purchasedProductId: pp2, treatmentId: null });
    const res = await undo(ended.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(UNDO_ENDED_TREATMENT);
  });
});
