import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { nowIn } from '../../../domain/appointment-rules';
import type { DbOrTx } from '../../db/client';
import { appointments, branches, changeLog } from '../../db/schema';

/**
 * The absence job: scheduled or in-process appointments whose day has ended in their branch's time zone
 * become 'absence' (Inasistencia), each with a change-log row, branch by branch in one transaction each.
 * Returns how many appointments changed.
 */
export async function markAbsences(db: DbOrTx, now = new Date()): Promise<number> {
  const list = await db.select({ id: branches.id, timeZone: branches.timeZone }).from(branches);
  let total = 0;
  for (const branch of list) {
    const today = nowIn(branch.timeZone, now).date;
    total += await db.transaction(async (tx) => {
      const changed = await tx
        .update(appointments)
        .set({ status: 'absence', updatedAt: now })
        .where(
          and(
            eq(appointments.branchId, branch.id),
            inArray(appointments.status, ['scheduled', 'inProcess']),
            lt(appointments.date, today),
            isNull(appointments.deletedAt),
          ),
        )
        .returning({ id: appointments.id, appointmentNumber: appointments.appointmentNumber });
      if (!changed.length) return 0;
      // the previous status is not returned by UPDATE; both live statuses end the same way
      for (let i = 0; i < changed.length; i += 1000) {
        await tx.insert(changeLog).values(
          changed.slice(i, i + 1000).map((a) => ({
            module: 'appointment',
            action: 'inasistencia',
            entityId: a.id,
            orderNumber: a.appointmentNumber,
            before: null,
            after: { status: 'absence' },
            userId: null,
            branchId: null,
            affectedBranchId: branch.id,
            metadata: { source: 'sistema' },
          })),
        );
      }
      return changed.length;
    });
  }
  return total;
}
