import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hhmm } from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { toErrorBody } from '../../platform/errors';
import { useTestApp } from '../../testing/harness';
import { cosmeticBooking, futureDate, loadFixtures, medicalBooking, newCustomer, pgCodeOf, rows, type Fixtures } from './fixtures';

/** One patient cannot be in two live appointments at once, in two cabins (service and appointments_customer_no_overlap). */

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

const TAKEN = { statusCode: 409, code: 'PATIENT_SLOT_TAKEN', message: 'El paciente ya tiene una cita en ese horario' };
/** An hour both cabins are open on `date`. */
const bothOpen = (date: string) => hhmm(Math.max(minutes(f.med.opening(date)), minutes(f.cos.opening(date))) + 60);
const book = (payload: Record<string, unknown>) => admin({ method: 'POST', url: '/v1/appointment/create', payload });

describe("a patient's overlapping appointments", () => {
  it('refuses a second cabin at the same time with 409, allows the next free time, and refuses moving onto it', async () => {
    const customerId = await newCustomer(admin);
    const date = futureDate(2);
    const at = bothOpen(date);
    const first = await book(cosmeticBooking(f, customerId, date, { startTime: at, term: 60 }));
    expect(first.statusCode, first.body).toBe(201);

    const before = (await rows<{ n: number }>(t, sql`select count(*)::int n from appointments where customer_id = ${customerId}`))[0].n;
    for (const startTime of [at, hhmm(minutes(at) + 30), hhmm(minutes(at) - 30)]) {
      const res = await book(medicalBooking(f, customerId, date, { startTime, term: 60 }));
      expect(res.statusCode, `${startTime}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual(TAKEN);
    }
    expect((await rows<{ n: number }>(t, sql`select count(*)::int n from appointments where customer_id = ${customerId}`))[0].n).toBe(before);

    // right after the first one ends: free
    const next = await book(medicalBooking(f, customerId, date, { startTime: hhmm(minutes(at) + 60), term: 60 }));
    expect(next.statusCode, next.body).toBe(201);

    // moving the second one back over the first is refused the same way
    const moved = await admin({
      method: 'PUT',
      url: `/v1/appointment/${next.json().id}/update`,
      payload: medicalBooking(f, customerId, date, { startTime: hhmm(minutes(at) + 30), term: 60 }),
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json()).toEqual(TAKEN);

    // a cancelled appointment frees the patient's time
    expect((await admin({ method: 'POST', url: `/v1/appointment/${first.json().id}/cancel`, payload: { cancellationReason: 'Traffic' } })).statusCode).toBe(
      200,
    );
    const again = await book(medicalBooking(f, customerId, date, { startTime: hhmm(minutes(at) - 60), term: 60 }));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('two bookings of one patient in two cabins at once: one 201, one 409', async () => {
    for (let round = 0; round < 3; round++) {
      const customerId = await newCustomer(admin);
      const date = futureDate(3 + round);
      const at = bothOpen(date);
      const results = await Promise.all([
        book(medicalBooking(f, customerId, date, { startTime: at, term: 60 })),
        book(cosmeticBooking(f, customerId, date, { startTime: hhmm(minutes(at) + 30), term: 60 })),
      ]);
      expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([201, 409]);
      expect(results.find((r) => r.statusCode === 409)!.json()).toEqual(TAKEN);
      const live = await rows<{ n: number }>(
        t,
        sql`select count(*)::int n from appointments where customer_id = ${customerId} and deleted_at is null and status = 'scheduled'`,
      );
      expect(live[0].n).toBe(1);
    }
  });

  it('is enforced by the database: a direct overlapping insert fails with 23P01 on the patient constraint, answered PATIENT_SLOT_TAKEN', async () => {
    const customerId = await newCustomer(admin);
    const date = futureDate(6);
    const insert = (cabinId: string, n: number, start: string, end: string) =>
      t.ctx.db
        .execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
        values (${'CITA-P' + String(n).padStart(6, '0')}, 'scheduled', ${f.branchId}, ${cabinId}, ${customerId}, ${f.med.treatmentTypeId}, ${date}, ${start}, ${end}, 60, 'inPerson', 'newTreatments')`);
    await insert(f.med.id, 1, '10:00', '11:00');
    const err = await insert(f.cos.id, 2, '10:30', '11:30').catch((e: unknown) => e);
    expect(pgCodeOf(err)).toBe('23P01');
    expect(toErrorBody(err)).toEqual(TAKEN);
    // the cabin's own constraint keeps its answer
    const other = await newCustomer(admin);
    const cabinErr = await t.ctx.db
      .execute(
        sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
        values ('CITA-P000003', 'scheduled', ${f.branchId}, ${f.med.id}, ${other}, ${f.med.treatmentTypeId}, ${date}, '10:00', '11:00', 60, 'inPerson', 'newTreatments')`,
      )
      .catch((e: unknown) => e);
    expect(toErrorBody(cabinErr)).toMatchObject({ statusCode: 409, code: 'APPOINTMENT_SLOT_TAKEN' });
    // back to back, cancelled or deleted rows do not conflict
    await insert(f.cos.id, 4, '11:00', '12:00');
    await t.ctx.db
      .execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
        values ('CITA-P000005', 'cancelled', ${f.branchId}, ${f.cos.id}, ${customerId}, ${f.med.treatmentTypeId}, ${date}, '09:30', '10:30', 60, 'inPerson', 'newTreatments')`);
  });

  it('two transactions inserting overlapping appointments of one patient at once: one commits', async () => {
    const customerId = await newCustomer(admin);
    const date = futureDate(7);
    const insert = (cabinId: string, n: number) =>
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
          values (${'CITA-Q' + String(n).padStart(6, '0')}, 'scheduled', ${f.branchId}, ${cabinId}, ${customerId}, ${f.med.treatmentTypeId}, ${date}, '12:00', '13:00', 60, 'inPerson', 'newTreatments')`);
        await tx.execute(sql`select pg_sleep(0.2)`);
      });
    const results = await Promise.allSettled([insert(f.med.id, 1), insert(f.cos.id, 2)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(pgCodeOf(failed.reason)).toBe('23P01');
  });
});
