import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { cabinSchedules, cabinTypes, cabins } from '../../src/server/db/schema';

export interface AgendaCabin {
  id: string;
  name: string;
  treatmentTypeId: string;
}

/** A branch's active cabins in the agenda's column order (cabin type order, then name). */
export function agendaCabins(db: DbOrTx, branchId: string): Promise<AgendaCabin[]> {
  return db
    .select({ id: cabins.id, name: cabins.name, treatmentTypeId: cabinTypes.treatmentTypeId })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .where(and(eq(cabins.branchId, branchId), eq(cabins.active, true), isNull(cabins.deletedAt)))
    .orderBy(asc(cabinTypes.order), asc(cabins.name));
}

/**
 * Opens a branch's cabins for the whole of the branch's hours (their own schedules set aside, so the branch's apply):
 * the demo staffs its cabins a few hours a day (catalogue-branches.ts), and a test that books at the day's edges
 * or in the afternoon needs them open.
 */
export async function openCabinsAllDay(db: DbOrTx, branchId: string): Promise<void> {
  const ids = (await agendaCabins(db, branchId)).map((c) => c.id);
  await db
    .update(cabinSchedules)
    .set({ deletedAt: new Date() })
    .where(and(inArray(cabinSchedules.cabinId, ids), isNull(cabinSchedules.deletedAt)));
}
