import { and, asc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../src/server/db/client';
import { cabinTypes, cabins } from '../../src/server/db/schema';

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

export { openCabinsAllDay } from '../../src/server/modules/appointments/fixtures';
