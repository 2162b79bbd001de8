import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../db/demo/random';
import { useTestApp } from '../../testing/harness';
import { cosmeticBooking, futureDate, loadFixtures, newCustomer, plusMinutes, rows, type Fixtures } from './fixtures';

/**
 * Booking checks the treatment's equipment (issue 30): a treatment that needs an appliance is booked only while a
 * working unit (Funcionando) of it at the branch is free then; competing bookings never share the last unit.
 */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });
let f: Fixtures;
/** Depilación láser axilas (30 min): needs the Láser diodo, of which Tijuana has one working unit. */
let laser: { treatmentId: string; applianceId: string };
/** Cosmetology cabins of Tijuana made for this file (they follow the branch's hours). */
let cabins: string[] = [];
const MISSING = 'No hay un equipo «Láser diodo» funcionando y libre en la sucursal a esa hora';
const REFUSED = { statusCode: 409, code: 'APPLIANCE_UNAVAILABLE', message: MISSING, errors: [{ field: 'startTime', message: MISSING }] };

beforeAll(async () => {
  f = await loadFixtures(t);
  laser = { treatmentId: demoId('treatment:COS-DEP-01'), applianceId: demoId('appliance:laser-diodo') };
  cabins = (
    await rows<{ id: string }>(
      t,
      sql`insert into cabins (name, type_id, branch_id)
          select 'Equipo ' || n, ct.id, ${f.branchId} from generate_series(1, 16) n,
            (select id from cabin_types where treatment_type_id = ${f.cos.treatmentTypeId} and deleted_at is null order by id limit 1) ct
          returning id`,
    )
  ).map((r) => r.id);
});

let week = 60;
const nextDate = () => futureDate(week++);
const create = (payload: object) => gerente({ method: 'POST', url: '/v1/appointment/create', payload });
/** A laser booking in one of the file's cabins, an hour after the cosmetology cabin opens (within the branch's hours). */
const laserBooking = (customerId: string, date: string, cabin: string, over: Record<string, unknown> = {}) =>
  cosmeticBooking(f, customerId, date, { cabainId: cabin, treatmentId: laser.treatmentId, startTime: plusMinutes(f.cos.opening(date), 60), ...over });
async function cancelOf(id: string) {
  const res = await gerente({ method: 'POST', url: `/v1/appointment/${id}/cancel`, payload: { cancellationReason: 'Unspecified' } });
  expect(res.statusCode, res.body).toBe(200);
}
const units = () =>
  rows<{ id: string; status: string }>(
    t,
    sql`select id, status from branch_appliances where appliance_id = ${laser.applianceId} and branch_id = ${f.branchId} and deleted_at is null`,
  );
async function withUnits<T>(extra: number, work: () => Promise<T>): Promise<T> {
  const added = await rows<{ id: string }>(
    t,
    sql`insert into branch_appliances (appliance_id, branch_id, sku, status)
        select ${laser.applianceId}, ${f.branchId}, 'TIJ-LAS-T' || n, 'Funcionando' from generate_series(1, ${extra}::int) n returning id`,
  );
  try {
    return await work();
  } finally {
    if (added.length) await t.ctx.db.execute(sql`delete from branch_appliances where id in ${sql.raw(`('${added.map((a) => a.id).join("','")}')`)}`);
  }
}

describe('a treatment that needs an appliance', () => {
  it('starts from one working Láser diodo at Tijuana', async () => {
    expect((await units()).map((u) => u.status)).toEqual(['Funcionando']);
  });

  it('books the only unit once; a second overlapping booking in another cabin is refused naming the appliance', async () => {
    const date = nextDate();
    const [c1, c2, c3] = await Promise.all([newCustomer(admin), newCustomer(admin), newCustomer(admin)]);
    const first = await create(laserBooking(c1, date, cabins[0]!));
    expect(first.statusCode, first.body).toBe(201);
    const second = await create(laserBooking(c2, date, cabins[1]!));
    expect(second.json()).toEqual(REFUSED);
    // right after the first one ends the unit is free again
    const after = await create(laserBooking(c3, date, cabins[1]!, { startTime: plusMinutes(f.cos.opening(date), 90) }));
    expect(after.statusCode, after.body).toBe(201);
    // a treatment without equipment in the same slot is not held back
    const plain = await create(
      cosmeticBooking(f, c2, date, { cabainId: cabins[2]!, treatmentId: demoId('treatment:COS-COR-03'), startTime: plusMinutes(f.cos.opening(date), 60) }),
    );
    expect(plain.statusCode, plain.body).toBe(201);
  });

  it('books a second overlapping one when a second unit works, and a cancelled booking frees its unit', async () => {
    const date = nextDate();
    const [c1, c2, c3] = await Promise.all([newCustomer(admin), newCustomer(admin), newCustomer(admin)]);
    const first = await create(laserBooking(c1, date, cabins[0]!));
    expect(first.statusCode).toBe(201);
    const second = await withUnits(1, async () => {
      const booked = await create(laserBooking(c2, date, cabins[1]!));
      expect((await create(laserBooking(c3, date, cabins[2]!))).json().code).toBe('APPLIANCE_UNAVAILABLE');
      return booked;
    });
    expect(second.statusCode).toBe(201);
    await cancelOf(first.json().id);
    // one unit again, held by c2's booking: c3 still waits for it, and takes it once c2 cancels
    expect((await create(laserBooking(c3, date, cabins[2]!))).json().code).toBe('APPLIANCE_UNAVAILABLE');
    await cancelOf(second.json().id);
    expect((await create(laserBooking(c3, date, cabins[2]!))).statusCode).toBe(201);
  });

  it('refuses when the branch has no working unit (En reparación), and books again once it works', async () => {
    const [unit] = await units();
    const c = await newCustomer(admin);
    const date = nextDate();
    await t.ctx.db.execute(sql`update branch_appliances set status = 'En reparación' where id = ${unit!.id}`);
    try {
      expect((await create(laserBooking(c, date, cabins[3]!))).json()).toEqual(REFUSED);
    } finally {
      await t.ctx.db.execute(sql`update branch_appliances set status = 'Funcionando' where id = ${unit!.id}`);
    }
    expect((await create(laserBooking(c, date, cabins[3]!))).statusCode).toBe(201);
  });

  it('refuses a reschedule onto a time the unit is taken, and moves within its own time freely', async () => {
    const date = nextDate();
    const [c1, c2] = await Promise.all([newCustomer(admin), newCustomer(admin)]);
    const open = plusMinutes(f.cos.opening(date), 60);
    const held = await create(laserBooking(c1, date, cabins[0]!));
    const moving = await create(laserBooking(c2, date, cabins[1]!, { startTime: plusMinutes(open, 60) }));
    expect([held.statusCode, moving.statusCode]).toEqual([201, 201]);
    const update = (startTime: string, cabainId = cabins[1]!) =>
      gerente({ method: 'PUT', url: `/v1/appointment/${moving.json().id}/update`, payload: laserBooking(c2, date, cabainId, { startTime }) });
    const onto = await update(open);
    expect(onto.json()).toEqual(REFUSED);
    // to another cabin at its own time: the booking does not compete with itself
    const ownTime = await update(plusMinutes(open, 60), cabins[2]!);
    expect(ownTime.statusCode, ownTime.body).toBe(200);
  });
});

describe('bookings competing for the last units', () => {
  it.each([1, 2])('of 16 bookings at once in 16 cabins for the same time, exactly as many as the %i working units succeed', async (working) => {
    const date = nextDate();
    const customers = await Promise.all(Array.from({ length: 16 }, () => newCustomer(admin)));
    const results = await withUnits(working - 1, () => Promise.all(customers.map((c, i) => create(laserBooking(c, date, cabins[i]!)))));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(working);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused).toHaveLength(16 - working);
    expect(refused.every((r) => r.statusCode === 409 && r.json().code === 'APPLIANCE_UNAVAILABLE')).toBe(true);
    const [booked] = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from appointments where branch_id = ${f.branchId} and date = ${date} and treatment_id = ${laser.treatmentId} and status = 'scheduled'`,
    );
    expect(booked!.n).toBe(working);
  });
});
