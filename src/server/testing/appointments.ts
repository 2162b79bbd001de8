import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { appointments } from '../db/schema';
import type { TestApp } from './harness';

export interface RawAppointment {
  /** Unique per test file: a prefix and a counter ('CITA-T00001'). */
  appointmentNumber: string;
  branchId: string;
  cabin: { id: string; treatmentTypeId: string };
  customerId: string;
  date: string;
  start: string;
  end: string;
  status?: string;
}

/**
 * Writes an appointment row directly, past the booking rules: for tests that need the agenda in a given state
 * (a cancelled one under a lock, two at once in a cabin) rather than a booking.
 */
export async function insertAppointment(db: DbOrTx, a: RawAppointment): Promise<{ id: string; appointmentNumber: string }> {
  const [row] = await db
    .insert(appointments)
    .values({
      appointmentNumber: a.appointmentNumber,
      status: a.status ?? 'scheduled',
      branchId: a.branchId,
      cabinId: a.cabin.id,
      customerId: a.customerId,
      treatmentTypeId: a.cabin.treatmentTypeId,
      date: a.date,
      startTime: a.start,
      endTime: a.end,
      term: 30,
      appointmentMethod: 'inPerson',
      appointmentOption: 'newTreatments',
    })
    .returning({ id: appointments.id, appointmentNumber: appointments.appointmentNumber });
  return row;
}

type Signed = Pick<TestApp, 'signIn' | 'as' | 'ctx'>;

async function asAdmin(t: Signed) {
  return t.as((await t.signIn('admin@demo.mx')).token);
}

/**
 * Frees the slots `where` picks (a condition on the appointments table) of the live bookings there, the demo's
 * included, as the reception would: each is cancelled through the API, with its cancellation row and its log. Nothing
 * is deleted, so whatever the demo hangs on an appointment (cancellations, consumed lots, commissions) stays whole.
 */
export async function cancelBookings(t: Signed, where: SQL): Promise<number> {
  const found = await t.ctx.db.execute(
    sql`select id from appointments where deleted_at is null and status in ('scheduled', 'inProcess') and (${where}) order by id`,
  );
  const ids = ((found as unknown as { rows: { id: string }[] }).rows ?? []).map((r) => r.id);
  if (!ids.length) return 0;
  const admin = await asAdmin(t);
  for (const id of ids) {
    const res = await admin({ method: 'POST', url: `/v1/appointment/${id}/cancel`, payload: { cancellationReason: 'Unspecified' } });
    if (res.statusCode !== 200) throw new Error(`cancelar la cita ${id} → ${res.statusCode} ${res.body}`);
  }
  return ids.length;
}

/** Lifts a branch's live locks, the demo's included, through the API (as an administrator deletes them), so a test meets only its own. */
export async function liftLocks(t: Signed, branchId: string): Promise<number> {
  const found = await t.ctx.db.execute(sql`select id from locks where deleted_at is null and branch_id = ${branchId} order by id`);
  const ids = ((found as unknown as { rows: { id: string }[] }).rows ?? []).map((r) => r.id);
  if (!ids.length) return 0;
  const admin = await asAdmin(t);
  for (const id of ids) {
    const res = await admin({ method: 'DELETE', url: `/v1/lock/${id}/delete` });
    if (res.statusCode !== 200) throw new Error(`quitar el bloqueo ${id} → ${res.statusCode} ${res.body}`);
  }
  return ids.length;
}
