import type { Actor } from '../../platform/auth/actor';
import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { APPLIANCE_IN_USE_MESSAGE, isApplianceStatus, type ApplianceInput, type ApplianceStatus, type ApplianceType } from '../../../domain/appliances.schemas';
import type { ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appliances, branchAppliances, treatmentAppliances, treatments } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { findLive, insertRecord, recordFilters, softDeleteRecord, tableRows, updateRecord } from '../../platform/records';
import { stamps } from '../dto';
import { live } from '../../db/live';

export type ApplianceRow = typeof appliances.$inferSelect;

export const folded = (column: AnyColumn | SQL) => sql`immutable_unaccent(lower(${column}))`;

export function toApplianceDto(row: ApplianceRow) {
  return {
    id: row.id,
    type: row.type as ApplianceType,
    name: row.name,
    brand: row.brand,
    model: row.model,
    description: row.description,
    status: row.status as ApplianceStatus,
    active: row.active,
    ...stamps(row),
  };
}
export type ApplianceDto = ReturnType<typeof toApplianceDto>;

export interface ApplianceFilters extends ListQuery {
  type?: ApplianceType;
  applianceType?: ApplianceType;
}

export function applianceListSpec(db: DbOrTx, q: ApplianceFilters): ListSpec<ApplianceDto> {
  const type = q.type ?? q.applianceType;
  return {
    // Spanish names sort by their letters, not by byte order (Láser next to Laser, not after Luz)
    sortable: {
      name: folded(appliances.name),
      type: appliances.type,
      brand: folded(appliances.brand),
      model: appliances.model,
      status: appliances.status,
      active: appliances.active,
      created_at: appliances.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: appliances.name, brand: appliances.brand, model: appliances.model },
    // `status` is the on/off flag as '1'/'0' (recordFilters) or one of the appliance's states
    filters: [
      ...recordFilters(q, appliances),
      type ? eq(appliances.type, type) : undefined,
      isApplianceStatus(q.status) ? eq(appliances.status, q.status) : undefined,
    ],
    ...tableRows(db, appliances, (rows) => rows.map(toApplianceDto)),
  };
}

export const findAppliance = (db: DbOrTx, id: string): Promise<ApplianceRow> => findLive(db, appliances, id, 'APPLIANCE_NOT_FOUND');
const logged = { table: appliances, module: 'appliances', view: toApplianceDto };

export async function getAppliance(ctx: AppContext, id: string) {
  return toApplianceDto(await findAppliance(ctx.db, id));
}

export async function createAppliance(ctx: AppContext, actor: Actor, input: ApplianceInput) {
  return ctx.db.transaction((tx) =>
    insertRecord(tx, actor, logged, {
      type: input.type,
      name: input.name,
      brand: input.brand,
      model: input.model,
      description: input.description,
      status: input.status ?? 'Funcionando',
      active: true,
    }),
  );
}

export async function updateAppliance(ctx: AppContext, actor: Actor, id: string, input: ApplianceInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await findAppliance(tx, id);
    const { type, name, brand, model, description } = input;
    const status = input.status ?? before.status;
    return updateRecord(tx, actor, logged, id, before, { type, name, brand, model, description, status, active: input.active ?? before.active });
  });
}

/** An appliance installed at a branch or used by a live treatment stays (409). */
async function applianceInUse(db: DbOrTx, id: string): Promise<boolean> {
  const [linked] = await db
    .select({ id: branchAppliances.id })
    .from(branchAppliances)
    .where(and(eq(branchAppliances.applianceId, id), live(branchAppliances)))
    .limit(1);
  if (linked) return true;
  const [used] = await db
    .select({ id: treatments.id })
    .from(treatmentAppliances)
    .innerJoin(treatments, eq(treatments.id, treatmentAppliances.treatmentId))
    .where(and(eq(treatmentAppliances.applianceId, id), live(treatments)))
    .limit(1);
  return Boolean(used);
}

export async function deleteAppliance(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    // lock the row so a concurrent link cannot slip in between the check and the delete
    await tx.execute(sql`select id from appliances where id = ${id} for update`);
    const before = await findAppliance(tx, id);
    if (await applianceInUse(tx, id)) throw new AppError('CANNOT_DELETE', APPLIANCE_IN_USE_MESSAGE);
    return softDeleteRecord(tx, actor, logged, id, before);
  });
}
