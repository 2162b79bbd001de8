import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hhmm } from '../../../domain/appointment-rules';
import { minutes } from '../../../domain/schedules';
import { createTestApp, type TestApp } from '../../testing/harness';
import { futureDate, loadFixtures, newCustomer, rows, type Fixtures } from './fixtures';

let t: TestApp;
let f: Fixtures;
let admin: ReturnType<TestApp['as']>;

beforeAll(async () => {
  t = await createTestApp();
  f = await loadFixtures(t);
  admin = t.as((await t.signIn('admin@demo.mx')).token);
});
afterAll(() => t.close());

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
  const booked = await rows<{ n: number }>(t, sql`select count(*)::int as n from appointments where cabin_id = ${f.med.id} and date = ${date} and deleted_at is null`);
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
