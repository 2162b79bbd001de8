import { sql } from 'drizzle-orm';
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
      // the previous status comes from the locked rows of the FROM list: the log says scheduled or inProcess → absence
      const changed = (
        (await tx.execute(sql`
          update ${appointments} a set status = 'absence', updated_at = ${now.toISOString()}::timestamptz
          from (
            select id, status from ${appointments}
            where branch_id = ${branch.id} and status in ('scheduled', 'inProcess') and date < ${today} and deleted_at is null
            for update
          ) old
          where a.id = old.id
          returning a.id, a.appointment_number as "appointmentNumber", old.status as "before"`)) as unknown as {
          rows: { id: string; appointmentNumber: string; before: string }[];
        }
      ).rows;
      if (!changed.length) return 0;
      for (let i = 0; i < changed.length; i += 1000) {
        await tx
          .insert(changeLog)
          .values(
            changed
              .slice(i, i + 1000)
              .map((a) => ({
                module: 'appointment',
                action: 'inasistencia',
                entityId: a.id,
                orderNumber: a.appointmentNumber,
                before: { status: a.before },
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
