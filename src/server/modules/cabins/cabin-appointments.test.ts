import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { nowIn } from '../../../domain/appointment-rules';
import { useTestApp } from '../../testing/harness';
import { futureDate, loadFixtures, medicalBooking, newCustomer, pgCodeOf, rows, type Fixtures } from '../appointments/fixtures';

/** A cabin with live appointments today or later cannot be deleted (service and database, migration 0014). */

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });
let f: Fixtures;
let medType: string;
beforeAll(async () => {
  f = await loadFixtures(t);
  medType = (await rows<{ type_id: string }>(t, sql`select type_id from cabins where id = ${f.med.id}`))[0].type_id;
});

const WEEKDAYS = [1, 2, 3, 4, 5].map((day) => ({ day, opening: '10:00', closing: '18:00' }));
let n = 0;
async function newCabin(): Promise<string> {
  n += 1;
  const res = await admin({
    method: 'POST',
    url: '/v1/cabain/create',
    payload: { name: `Cabina citas ${n}`, typeId: medType, branchId: f.branchId, schedule: WEEKDAYS },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

/** Day `days` from today in Tijuana. */
function dayFromToday(days: number): string {
  const d = new Date(nowIn('America/Tijuana').date + 'T12:00:00Z');
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let number = 0;
async function insertAppointment(cabinId: string, customerId: string, date: string, status: string, deleted = false) {
  number += 1;
  await t.ctx.db
    .execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option, deleted_at)
    values (${'CITA-T' + String(number).padStart(6, '0')}, ${status}, ${f.branchId}, ${cabinId}, ${customerId}, ${f.med.treatmentTypeId}, ${date}, '10:00', '10:30', 30, 'inPerson', 'newTreatments', ${deleted ? new Date() : null})`);
}

const liveInDeletedCabins = async () =>
  (
    await rows<{ n: number }>(
      t,
      sql`select count(*)::int n from appointments a join cabins c on c.id = a.cabin_id
          where c.deleted_at is not null and a.deleted_at is null and a.status in ('scheduled', 'inProcess', 'finished') and a.date >= ${dayFromToday(0)}`,
    )
  )[0].n;

describe('deleting a cabin with appointments', () => {
  it('refuses a cabin with a booked appointment with 409 and keeps it', async () => {
    const cabinId = await newCabin();
    const customerId = await newCustomer(admin);
    const date = futureDate(2);
    const booked = await admin({
      method: 'POST',
      url: '/v1/appointment/create',
      payload: medicalBooking(f, customerId, date, { cabainId: cabinId, startTime: '10:00' }),
    });
    expect(booked.statusCode, booked.body).toBe(201);

    const res = await admin({ method: 'POST', url: `/v1/cabain/${cabinId}/delete` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ statusCode: 409, code: 'CABIN_HAS_APPOINTMENTS', message: 'No se puede eliminar una cabina con citas' });
    expect((await admin({ method: 'GET', url: `/v1/cabain/${cabinId}` })).statusCode).toBe(200);
    expect((await rows<{ n: number }>(t, sql`select count(*)::int n from change_log where entity_id = ${cabinId} and action = 'eliminar'`))[0].n).toBe(0);

    // once the appointment is cancelled, the cabin can go
    const cancel = await admin({ method: 'POST', url: `/v1/appointment/${booked.json().id}/cancel`, payload: { cancellationReason: 'Traffic' } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await admin({ method: 'POST', url: `/v1/cabain/${cabinId}/delete` })).statusCode).toBe(200);
  });

  it("refuses an appointment today (finished or in process), in the branch's zone", async () => {
    const cabinId = await newCabin();
    await insertAppointment(cabinId, await newCustomer(admin), dayFromToday(0), 'finished');
    expect((await admin({ method: 'POST', url: `/v1/cabain/${cabinId}/delete` })).json().code).toBe('CABIN_HAS_APPOINTMENTS');
  });

  it('deletes a cabin whose appointments are past, cancelled, absent or deleted', async () => {
    const cabinId = await newCabin();
    const customerId = await newCustomer(admin);
    await insertAppointment(cabinId, customerId, dayFromToday(-1), 'finished');
    await insertAppointment(cabinId, customerId, dayFromToday(-30), 'scheduled');
    await insertAppointment(cabinId, customerId, dayFromToday(7), 'cancelled');
    await insertAppointment(cabinId, customerId, dayFromToday(8), 'absence');
    await insertAppointment(cabinId, customerId, dayFromToday(9), 'scheduled', true);
    const res = await admin({ method: 'POST', url: `/v1/cabain/${cabinId}/delete` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().deleted_at).not.toBeNull();
  });

  it('is enforced by the database too: a direct delete and a booking into a deleted cabin fail', async () => {
    const cabinId = await newCabin();
    const customerId = await newCustomer(admin);
    await insertAppointment(cabinId, customerId, dayFromToday(5), 'scheduled');
    const err = await t.ctx.db.execute(sql`update cabins set deleted_at = now() where id = ${cabinId}`).catch((e: unknown) => e);
    expect(pgCodeOf(err)).toBe('23503');

    const gone = await newCabin();
    await t.ctx.db.execute(sql`update cabins set deleted_at = now() where id = ${gone}`);
    const err2 = await insertAppointment(gone, customerId, dayFromToday(6), 'scheduled').catch((e: unknown) => e);
    expect(pgCodeOf(err2)).toBe('23503');
    // a cancelled row may still be written (history), and moving a live appointment there is refused
    await insertAppointment(gone, customerId, dayFromToday(6), 'cancelled');
    const err3 = await t.ctx.db.execute(sql`update appointments set cabin_id = ${gone} where cabin_id = ${cabinId}`).catch((e: unknown) => e);
    expect(pgCodeOf(err3)).toBe('23503');
    expect(await liveInDeletedCabins()).toBe(0);
  });

  it('a booking racing a delete: one of them wins, never a live appointment in a deleted cabin', async () => {
    for (let round = 0; round < 4; round++) {
      const cabinId = await newCabin();
      const customerId = await newCustomer(admin);
      const [booking, del] = await Promise.all([
        admin({
          method: 'POST',
          url: '/v1/appointment/create',
          payload: medicalBooking(f, customerId, futureDate(3), { cabainId: cabinId, startTime: '10:00' }),
        }),
        admin({ method: 'POST', url: `/v1/cabain/${cabinId}/delete` }),
      ]);
      const outcome = [booking.statusCode, del.statusCode];
      if (booking.statusCode === 201) expect(del.json().code, del.body).toBe('CABIN_HAS_APPOINTMENTS');
      else {
        expect(del.statusCode, del.body).toBe(200);
        expect(booking.statusCode, booking.body).toBe(404);
        expect(booking.json().code).toBe('CABIN_NOT_FOUND');
      }
      expect([
        [201, 409],
        [404, 200],
      ]).toContainEqual(outcome);
    }
    expect(await liveInDeletedCabins()).toBe(0);
  });
});
