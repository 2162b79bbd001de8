import { and, eq, sql } from 'drizzle-orm';
import { dateInZone } from '../../../../domain/dates';
import { fromCents, type Cents } from '../../../../domain/money';
import { medicalCommission } from '../../../../domain/sales';
import type { DbOrTx } from '../../../db/client';
import { live } from '../../../db/live';
import { branches, commissions, departments, jobPositions, staffFiles, users } from '../../../db/schema';

/** What a finished appointment tells the commissions: who attended, where, when and the medical fee it earned. */
export interface FinishedAppointment {
  appointmentId: string;
  branchId: string;
  customerId: string;
  doctorId: string;
  /** The treatment's medical fee × sessions; null for a treatment that is not medical. */
  medicalFee: Cents | null;
  finishedAt: Date;
}

/** The ISR percent of a user's staff file (0 without one): the file keeps it as a money column of percent points. */
export async function staffIsrPercent(db: DbOrTx, userId: string): Promise<number> {
  const [file] = await db
    .select({ isr: staffFiles.isr })
    .from(staffFiles)
    .where(and(eq(staffFiles.userId, userId), live(staffFiles)))
    .limit(1);
  return file?.isr ? fromCents(file.isr) : 0;
}

/** A medical line's amounts for a doctor's ISR: commission = the fee, ISR amount and payable by section 9. */
export function medicalAmounts(fee: Cents, isrPercent: number) {
  const { isrAmount, payable } = medicalCommission(fee, isrPercent);
  return { base: fee, commission: fee, isrPercent, isrAmount, payable };
}

/**
 * Writes the medical commission line of a finished appointment, in the finish's transaction: the attending doctor's,
 * dated on the branch's own day of the finish, with the ISR of the doctor's staff file stored on the line (a later
 * change of the file does not rewrite it). A treatment without a medical fee earns no line.
 */
export async function recordMedicalCommission(tx: DbOrTx, finished: FinishedAppointment): Promise<void> {
  if (!finished.medicalFee || finished.medicalFee <= 0) return;
  const [branch] = await tx.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, finished.branchId)).limit(1);
  const isrPercent = await staffIsrPercent(tx, finished.doctorId);
  await tx
    .insert(commissions)
    .values({
      kind: 'medical',
      type: 'medical_sale',
      userId: finished.doctorId,
      branchId: finished.branchId,
      businessDate: dateInZone(branch!.timeZone, finished.finishedAt),
      appointmentId: finished.appointmentId,
      customerId: finished.customerId,
      ...medicalAmounts(finished.medicalFee, isrPercent),
      createdAt: finished.finishedAt,
      updatedAt: finished.finishedAt,
    });
}

/** Whether the user is an active doctor of the branch (staff in the Médica department, as GET /user/doctors lists them). */
export async function isBranchDoctor(db: DbOrTx, userId: string, branchId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(staffFiles, and(eq(staffFiles.userId, users.id), live(staffFiles)))
    .innerJoin(jobPositions, eq(jobPositions.id, staffFiles.jobPositionId))
    .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
    .where(
      and(
        eq(users.id, userId),
        eq(users.mainBranchId, branchId),
        eq(users.status, 'activo'),
        live(users),
        sql`immutable_unaccent(lower(${departments.name})) = 'medica'`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Whether the user is an active user of the branch (who may sell there and be named on a cosmetology line). */
export async function isBranchUser(db: DbOrTx, userId: string, branchId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.mainBranchId, branchId), eq(users.status, 'activo'), live(users)))
    .limit(1);
  return Boolean(row);
}
