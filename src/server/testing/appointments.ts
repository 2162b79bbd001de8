import type { DbOrTx } from '../db/client';
import { appointments } from '../db/schema';

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
