import type { Actor } from '../../platform/auth/actor';
import { and, count, eq } from 'drizzle-orm';
import { CABIN_TYPE_IN_USE, type CabinTypeInput } from '../../../domain/cabins.schemas';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cabinTypes, cabins, treatmentTypes } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { stamps } from '../dto';
import { live, softDelete } from '../../db/live';

type CabinTypeRow = typeof cabinTypes.$inferSelect;
type TreatmentTypeRow = Pick<typeof treatmentTypes.$inferSelect, 'id' | 'name' | 'appointmentName'>;

export function toCabinTypeDto(row: CabinTypeRow, type: TreatmentTypeRow) {
  return {
    id: row.id,
    name: row.name,
    order: row.order,
    color: row.color,
    treatmentType: { id: type.id, appointmentName: type.appointmentName, name: type.name },
    ...stamps(row),
  };
}
export type CabinTypeDto = ReturnType<typeof toCabinTypeDto>;

const treatmentTypeColumns = { id: treatmentTypes.id, name: treatmentTypes.name, appointmentName: treatmentTypes.appointmentName };

export interface CabinTypeFilters extends ListQuery {
  treatmentTypeId?: string;
}

export function cabinTypeListSpec(db: DbOrTx, q: CabinTypeFilters): ListSpec<CabinTypeDto> {
  return {
    sortable: { name: cabinTypes.name, order: cabinTypes.order, treatmentType: treatmentTypes.name, created_at: cabinTypes.createdAt },
    defaultSort: { field: 'order', order: 'ASC' },
    searchable: { name: cabinTypes.name },
    filters: [isTruthyFlag(q.withDeleted) ? undefined : live(cabinTypes), q.treatmentTypeId ? eq(cabinTypes.treatmentTypeId, q.treatmentTypeId) : undefined],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db
        .select({ row: cabinTypes, type: treatmentTypeColumns })
        .from(cabinTypes)
        .innerJoin(treatmentTypes, eq(treatmentTypes.id, cabinTypes.treatmentTypeId))
        .where(where)
        .orderBy(...orderBy, cabinTypes.name, cabinTypes.id)
        .offset(offset);
      return (limit ? await base.limit(limit) : await base).map((r) => toCabinTypeDto(r.row, r.type));
    },
    count: async (where) =>
      (await db.select({ n: count() }).from(cabinTypes).innerJoin(treatmentTypes, eq(treatmentTypes.id, cabinTypes.treatmentTypeId)).where(where))[0].n,
  };
}

async function findCabinType(db: DbOrTx, id: string, lock = false): Promise<CabinTypeDto> {
  const q = db
    .select({ row: cabinTypes, type: treatmentTypeColumns })
    .from(cabinTypes)
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, cabinTypes.treatmentTypeId))
    .where(and(eq(cabinTypes.id, id), live(cabinTypes)))
    .limit(1);
  // locked while deleting, so a cabin cannot take this type in between
  const [found] = lock ? await q.for('update', { of: cabinTypes }) : await q;
  if (!found) throw new AppError('CABIN_TYPE_NOT_FOUND');
  return toCabinTypeDto(found.row, found.type);
}

export function getCabinType(ctx: AppContext, id: string) {
  return findCabinType(ctx.db, id);
}

async function treatmentTypeOf(db: DbOrTx, id: string): Promise<TreatmentTypeRow> {
  const [type] = await db
    .select(treatmentTypeColumns)
    .from(treatmentTypes)
    .where(and(eq(treatmentTypes.id, id), live(treatmentTypes)))
    .limit(1);
  if (!type) throw new AppError('TREATMENT_TYPE_NOT_FOUND');
  return type;
}

const columns = (input: CabinTypeInput) => ({ name: input.name, order: input.order, color: input.color, treatmentTypeId: input.treatmentTypeId });

export async function createCabinType(ctx: AppContext, actor: Actor, input: CabinTypeInput) {
  return ctx.db.transaction(async (tx) => {
    const type = await treatmentTypeOf(tx, input.treatmentTypeId);
    const [row] = await tx.insert(cabinTypes).values(columns(input)).returning();
    const dto = toCabinTypeDto(row, type);
    await recordChange(tx, actor, { module: 'cabain_types', action: 'crear', entityId: row.id, after: dto });
    return dto;
  });
}

export async function updateCabinType(ctx: AppContext, actor: Actor, id: string, input: CabinTypeInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCabinType(tx, id);
    const type = await treatmentTypeOf(tx, input.treatmentTypeId);
    const [row] = await tx
      .update(cabinTypes)
      .set({ ...columns(input) })
      .where(eq(cabinTypes.id, id))
      .returning();
    const after = toCabinTypeDto(row, type);
    await recordChange(tx, actor, { module: 'cabain_types', action: 'editar', entityId: id, before, after });
    return after;
  });
}

export async function deleteCabinType(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCabinType(tx, id, true);
    const [used] = await tx
      .select({ id: cabins.id })
      .from(cabins)
      .where(and(eq(cabins.typeId, id), live(cabins)))
      .limit(1);
    if (used) throw new AppError('CANNOT_DELETE', CABIN_TYPE_IN_USE);
    const [row] = await softDelete(tx, cabinTypes, eq(cabinTypes.id, id));
    await recordChange(tx, actor, { module: 'cabain_types', action: 'eliminar', entityId: id, before });
    return { ...before, ...stamps(row) };
  });
}
