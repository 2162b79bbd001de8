import { sql } from 'drizzle-orm';
import { medicalFeeOf, treatmentKind } from '../../../domain/appointment-rules';
import { toCents } from '../../../domain/money';
import { recordMedicalCommission, type FinishedAppointment } from '../../modules/sales';
import type { Db } from '../client';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

interface FinishedRow {
  id: string;
  branch_id: string;
  customer_id: string;
  attended_by_id: string;
  medical_fee: string | null;
  sessions: number;
  treatment_fee: string | null;
  type_name: string | null;
  finished_at: string;
}

/** What the finish of each finished appointment tells the commissions: the fee recorded, or the one the finish computes. */
async function medicalLines(db: Db): Promise<FinishedAppointment[]> {
  const rows = await rowsOf<FinishedRow>(
    db,
    sql`select a.id, a.branch_id, a.customer_id, a.attended_by_id, a.medical_fee::text, a.sessions, t.medical_fee::text treatment_fee,
          tt.name type_name, coalesce(a.finished_at, a.updated_at)::text finished_at
        from appointments a
        left join treatments t on t.id = a.treatment_id
        left join treatment_types tt on tt.id = a.treatment_type_id
        where a.status = 'finished' and a.attended_by_id is not null and a.deleted_at is null
          and not exists (select 1 from commissions c where c.appointment_id = a.id)
        order by a.id`,
  );
  return rows.flatMap((r) => {
    const pesos =
      r.medical_fee !== null
        ? Number(r.medical_fee)
        : medicalFeeOf(treatmentKind(r.type_name), r.treatment_fee === null ? null : Number(r.treatment_fee), r.sessions);
    if (!pesos || pesos <= 0) return [];
    return [
      {
        appointmentId: r.id,
        branchId: r.branch_id,
        customerId: r.customer_id,
        doctorId: r.attended_by_id,
        medicalFee: toCents(pesos),
        finishedAt: new Date(r.finished_at),
      },
    ];
  });
}

export async function seedCommissions(db: Db): Promise<void> {
  for (const line of await medicalLines(db)) await recordMedicalCommission(db, line);
  // the fee the finish records on the appointment
  await db.execute(
    sql`update appointments a set medical_fee = c.commission from commissions c
        where c.appointment_id = a.id and c.kind = 'medical' and c.reversal_of is null and a.medical_fee is null`,
  );
}
