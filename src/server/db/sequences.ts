import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** After rows were written with their own CITA- numbers (demo and volume data): the sequence goes on from the largest. */
export async function syncAppointmentNumbers(db: DbOrTx): Promise<void> {
  await db.execute(
    sql`select setval('appointment_number_seq', coalesce((select max(substring(appointment_number from 6)::bigint) from appointments where appointment_number ~ '^CITA-[0-9]+$'), 0) + 1, false)`,
  );
}

/** The next CITA- sequence number. */
export async function nextAppointmentNumber(db: DbOrTx): Promise<number> {
  const result = (await db.execute(sql`select nextval('appointment_number_seq')::text as n`)) as unknown as { rows: { n: string }[] };
  return Number(result.rows[0].n);
}
