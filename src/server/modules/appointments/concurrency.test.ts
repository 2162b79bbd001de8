import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { hhmm } from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { type TestApp, useTestApp } from '../../testing/harness';
import { futureDate, loadFixtures, newCustomer, pgCodeOf, rows, type Fixtures } from './fixtures';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

async function race(date: string, n: number) {
  const customers = await Promise.all(Array.from({ length: n }, () => newCustomer(admin)));
  const open = f.med.opening(date);
  const results = await Promise.all(
    customers.map((customerId, i) =>
      admin({
        method: 'POST',
        url: '/v1/appointment/create',
        payload: {
          branchId: f.branchId,
          cabainId: f.med.id,
          treatmentTypeId: f.med.treatmentTypeId,
          customerId,
          date,
          // overlapping windows: every one covers open+30
          startTime: hhmm(minutes(open) + (i % 2) * 30),
          term: 60,
          appointmentMethod: 'inPerson',
          appointmentOption: 'newTreatments',
          treatmentId: f.medTreatment.id,
        },
      }),
    ),
  );
  const booked = await rows<{ n: number }>(
    t,
    sql`select count(*)::int as n from appointments where cabin_id = ${f.med.id} and date = ${date} and deleted_at is null`,
  );
  return { results, booked: booked[0].n };
}

describe('one cabin slot, many requests at once', () => {
  it('books exactly one of two overlapping requests', async () => {
    const { results, booked } = await race(futureDate(30), 2);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json()).toMatchObject({ code: 'APPOINTMENT_SLOT_TAKEN', message: 'El horario no está disponible' });
    expect(booked).toBe(1);
  });

  it('books exactly one of eight overlapping requests', async () => {
    const { results, booked } = await race(futureDate(31), 8);
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 'APPOINTMENT_SLOT_TAKEN')).toBe(true);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect(booked).toBe(1);
  });
});

describe('the exclusion constraint is the real guard', () => {
  /** A live appointment written straight to the table, bypassing the service and its locks. */
  const insertRow = (
    tx: Pick<TestApp['ctx']['db'], 'execute'>,
    number: string,
    customerId: string,
    date: string,
    start: string,
    end: string,
    status = 'scheduled',
  ) =>
    tx.execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
      values (${number}, ${status}, ${f.branchId}, ${f.med.id}, ${customerId}, ${f.med.treatmentTypeId}, ${date}, ${start}, ${end}, 60, 'inPerson', 'newTreatments')`);

  it('refuses the second of two concurrent transactions inserting overlapping live appointments in one cabin (23P01)', async () => {
    const date = futureDate(32);
    const open = f.med.opening(date);
    const [c1, c2] = await Promise.all([newCustomer(admin), newCustomer(admin)]);
    const attempt = (number: string, customerId: string, start: number) =>
      t.ctx.db.transaction(async (tx) => {
        await insertRow(tx, number, customerId, date, hhmm(start), hhmm(start + 60));
        // keep the row uncommitted a moment: on PostgreSQL the other transaction inserts meanwhile and waits for this one
        await tx.execute(sql`select pg_sleep(0.3)`);
      });
    const results = await Promise.allSettled([attempt('CITA-900001', c1, minutes(open)), attempt('CITA-900002', c2, minutes(open) + 30)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    // the overlap refused: PostgreSQL may find the two inserts waiting on each other's index entry first and
    // break that deadlock (40P01) instead of reporting the violation (23P01); either way one row stays
    expect(['23P01', '40P01']).toContain(pgCodeOf(refused.reason));
    // a cancelled appointment does not hold the cabin
    await insertRow(t.ctx.db, 'CITA-900003', c2, date, open, hhmm(minutes(open) + 60), 'cancelled');
    const live = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from appointments where cabin_id = ${f.med.id} and date = ${date} and status = 'scheduled'`,
    );
    expect(live[0].n).toBe(1);
    await t.ctx.db.execute(sql`delete from appointments where appointment_number like 'CITA-9000%'`);
  });

  it('answers 409 El horario no está disponible when the overlap appears between the service’s check and its insert', async () => {
    const date = futureDate(33);
    const c = await newCustomer(admin);
    // a row that slips in after the in-code check: inserted by a trigger just before the service's own row
    await t.ctx.db.execute(
      sql.raw(`create or replace function test_overlap_race() returns trigger language plpgsql as $$
      begin
        if new.observations = 'carrera' then
          insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
          values ('CITA-999999', 'scheduled', new.branch_id, new.cabin_id, new.customer_id, new.treatment_type_id, new.date, new.start_time, new.end_time, new.term, new.appointment_method, new.appointment_option);
        end if;
        return new;
      end $$`),
    );
    await t.ctx.db.execute(sql.raw('create trigger test_overlap_race before insert on appointments for each row execute function test_overlap_race()'));
    try {
      const payload = {
        branchId: f.branchId,
        cabainId: f.med.id,
        treatmentTypeId: f.med.treatmentTypeId,
        customerId: c,
        date,
        startTime: f.med.opening(date),
        appointmentMethod: 'inPerson',
        appointmentOption: 'newTreatments',
        treatmentId: f.medTreatment.id,
      };
      const res = await admin({ method: 'POST', url: '/v1/appointment/create', payload: { ...payload, observations: 'carrera' } });
      expect(res.json()).toEqual({ statusCode: 409, code: 'APPOINTMENT_SLOT_TAKEN', message: 'El horario no está disponible' });
      // nothing of the refused booking stays: neither its row, the intruder written in its transaction, nor a log row
      expect(await rows(t, sql`select 1 from appointments where cabin_id = ${f.med.id} and date = ${date}`)).toEqual([]);
      const ok = await admin({ method: 'POST', url: '/v1/appointment/create', payload });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger if exists test_overlap_race on appointments'));
      await t.ctx.db.execute(sql.raw('drop function if exists test_overlap_race()'));
    }
  });

  it('books different cabins and days at once, each with its own CITA- number', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => newCustomer(admin)));
    const results = await Promise.all(
      customers.map((customerId, i) => {
        const date = futureDate(40 + i);
        const cabin = i % 2 ? f.cos : f.med;
        return admin({
          method: 'POST',
          url: '/v1/appointment/create',
          payload: {
            branchId: f.branchId,
            cabainId: cabin.id,
            treatmentTypeId: cabin.treatmentTypeId,
            customerId,
            date,
            startTime: cabin.opening(date),
            appointmentMethod: 'inPerson',
            appointmentOption: 'newTreatments',
            treatmentId: i % 2 ? f.cosTreatment.id : f.medTreatment.id,
          },
        });
      }),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(new Set(results.map((r) => r.json().appointmentNumber)).size).toBe(8);
  });
});
