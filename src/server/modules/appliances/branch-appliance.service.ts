import { and, count, eq, sql } from 'drizzle-orm';
import {
  APPLIANCE_INACTIVE_MESSAGE,
  APPROVE_NEEDED_MESSAGE,
  type ApplianceType,
  type BranchApplianceInput,
  type BranchApplianceStatus,
} from '../../../domain/appliances.schemas';
import type { ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appliances, branchAppliances, branches } from '../../db/schema';
import { assertBranchAccess, branchScope, userCan, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, liveUnlessWithDeleted, selectRows } from '../../platform/records';
import { stamps } from '../dto';
import { folded } from './appliance.service';
import { live, softDelete } from '../../db/live';

type Row = typeof branchAppliances.$inferSelect;
type Joined = { ba: Row; appliance: typeof appliances.$inferSelect; branch: { id: string; name: string } };

export function toBranchApplianceDto({ ba, appliance, branch }: Joined) {
  return {
    id: ba.id,
    applianceId: ba.applianceId,
    appliance: { id: appliance.id, name: appliance.name, type: appliance.type as ApplianceType, brand: appliance.brand, model: appliance.model },
    branchId: ba.branchId,
    branch: { id: branch.id, name: branch.name },
    sku: ba.sku,
    number: ba.number,
    status: ba.status as BranchApplianceStatus,
    statusDescription: ba.statusDescription,
    lastMaintenance: ba.lastMaintenance,
    comments: ba.comments,
    ...stamps(ba),
  };
}
export type BranchApplianceDto = ReturnType<typeof toBranchApplianceDto>;

/** The plain row as the change log keeps it. */
const snapshot = (ba: Row) => ({
  id: ba.id,
  applianceId: ba.applianceId,
  branchId: ba.branchId,
  sku: ba.sku,
  number: ba.number,
  status: ba.status,
  statusDescription: ba.statusDescription,
  lastMaintenance: ba.lastMaintenance,
  comments: ba.comments,
});

const joined = (db: DbOrTx) =>
  db
    .select({ ba: branchAppliances, appliance: appliances, branch: { id: branches.id, name: branches.name } })
    .from(branchAppliances)
    .innerJoin(appliances, eq(appliances.id, branchAppliances.applianceId))
    .innerJoin(branches, eq(branches.id, branchAppliances.branchId));

export interface BranchApplianceFilters extends ListQuery {
  branchId?: string;
  type?: ApplianceType;
  applianceId?: string;
}

export function branchApplianceListSpec(db: DbOrTx, actor: Actor, q: BranchApplianceFilters): ListSpec<BranchApplianceDto> {
  const scope = branchScope(actor, q.branchId);
  return {
    sortable: {
      sku: branchAppliances.sku,
      number: branchAppliances.number,
      status: branchAppliances.status,
      lastMaintenance: branchAppliances.lastMaintenance,
      appliance: folded(appliances.name),
      type: appliances.type,
      branch: folded(branches.name),
      created_at: branchAppliances.createdAt,
    },
    defaultSort: { field: 'branch', order: 'ASC' },
    searchable: { sku: branchAppliances.sku, number: branchAppliances.number, appliance: appliances.name, branch: branches.name },
    filters: [
      liveUnlessWithDeleted(q, branchAppliances),
      scope ? eq(branchAppliances.branchId, scope) : undefined,
      q.type ? eq(appliances.type, q.type) : undefined,
      q.status ? eq(branchAppliances.status, q.status) : undefined,
      q.applianceId ? eq(branchAppliances.applianceId, q.applianceId) : undefined,
    ],
    rows: selectRows(
      () => joined(db).$dynamic(),
      [branchAppliances.sku, branchAppliances.id],
      (rows) => rows.map(toBranchApplianceDto),
    ),
    count: async (where) =>
      (
        await db
          .select({ n: count() })
          .from(branchAppliances)
          .innerJoin(appliances, eq(appliances.id, branchAppliances.applianceId))
          .innerJoin(branches, eq(branches.id, branchAppliances.branchId))
          .where(where)
      )[0].n,
  };
}

async function findBranchAppliance(db: DbOrTx, actor: Actor, id: string): Promise<Joined> {
  const [row] = await joined(db)
    .where(and(eq(branchAppliances.id, id), live(branchAppliances)))
    .limit(1);
  if (!row) throw new AppError('APPLIANCE_NOT_FOUND');
  assertBranchAccess(actor, row.ba.branchId);
  return row;
}

export async function getBranchAppliance(ctx: AppContext, actor: Actor, id: string) {
  return toBranchApplianceDto(await findBranchAppliance(ctx.db, actor, id));
}

/** A usable appliance: live and switched on; `for share` keeps a concurrent delete out. */
async function assertApplianceUsable(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: appliances.id, active: appliances.active })
    .from(appliances)
    .where(and(eq(appliances.id, id), live(appliances)))
    .for('share')
    .limit(1);
  if (!row) throw new AppError('APPLIANCE_NOT_FOUND');
  if (!row.active) throw new AppError('BAD_REQUEST', APPLIANCE_INACTIVE_MESSAGE);
}

const assertBranchExists = (db: DbOrTx, id: string) => findLive(db, branches, id, 'BRANCH_NOT_FOUND');

/** Device numbers are unique per branch among live rows; the partial unique index settles races. */
async function assertNumberFree(db: DbOrTx, branchId: string, number: string | null, exceptId?: string) {
  if (number)
    await assertFree(db, branchAppliances, [eq(branchAppliances.branchId, branchId), eq(branchAppliances.number, number)], exceptId, 'DEVICE_NUMBER_EXISTS');
}

/** Two requests racing for one device number: the unique index decides. */
const mapDuplicate = <T>(work: Promise<T>): Promise<T> => answerViolations(work, { unique: 'DEVICE_NUMBER_EXISTS' });

/** Branch-bound users always get their own branch; others must name one. */
function targetBranch(actor: Actor, requested: string | undefined, current?: string): string {
  if (actor.branchBound) return branchScope(actor, requested) ?? fail400();
  return requested ?? current ?? fail400();
}
function fail400(): never {
  throw new AppError('VALIDATION_FAILED', 'El campo sucursal es requerido', [{ field: 'branchId', message: 'El campo sucursal es requerido' }]);
}

export async function createBranchAppliance(ctx: AppContext, actor: Actor, input: BranchApplianceInput) {
  const branchId = targetBranch(actor, input.branchId);
  const status = input.status ?? 'Funcionando';
  if (status !== 'Funcionando' && !userCan(actor, 'branch_appliances', 'approve')) throw new AppError('FORBIDDEN', APPROVE_NEEDED_MESSAGE);
  return mapDuplicate(
    ctx.db.transaction(async (tx) => {
      await assertBranchExists(tx, branchId);
      await assertApplianceUsable(tx, input.applianceId);
      await assertNumberFree(tx, branchId, input.number);
      const [row] = await tx
        .insert(branchAppliances)
        .values({
          applianceId: input.applianceId,
          branchId,
          sku: input.sku,
          number: input.number,
          status,
          statusDescription: input.statusDescription,
          lastMaintenance: input.lastMaintenance,
          comments: input.comments,
        })
        .returning();
      await recordChange(tx, actor, { module: 'branch_appliances', action: 'crear', entityId: row.id, after: snapshot(row), affectedBranchId: branchId });
      return toBranchApplianceDto(await findBranchAppliance(tx, actor, row.id));
    }),
  );
}

export async function updateBranchAppliance(ctx: AppContext, actor: Actor, id: string, input: BranchApplianceInput) {
  return mapDuplicate(
    ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from branch_appliances where id = ${id} for update`);
      const before = (await findBranchAppliance(tx, actor, id)).ba;
      const status = input.status ?? before.status;
      const changesGuarded = input.applianceId !== before.applianceId || status !== before.status;
      if (changesGuarded && !userCan(actor, 'branch_appliances', 'approve')) throw new AppError('FORBIDDEN', APPROVE_NEEDED_MESSAGE);
      const branchId = targetBranch(actor, input.branchId, before.branchId);
      if (branchId !== before.branchId) {
        if (!userCan(actor, 'branch_appliances', 'create')) throw new AppError('FORBIDDEN');
        await assertBranchExists(tx, branchId);
      }
      if (input.applianceId !== before.applianceId) await assertApplianceUsable(tx, input.applianceId);
      await assertNumberFree(tx, branchId, input.number, id);
      const [row] = await tx
        .update(branchAppliances)
        .set({
          applianceId: input.applianceId,
          branchId,
          sku: input.sku,
          number: input.number,
          status,
          statusDescription: input.statusDescription,
          lastMaintenance: input.lastMaintenance,
          comments: input.comments,
        })
        .where(eq(branchAppliances.id, id))
        .returning();
      await recordChange(tx, actor, {
        module: 'branch_appliances',
        action: 'editar',
        entityId: id,
        before: snapshot(before),
        after: snapshot(row),
        affectedBranchId: branchId,
      });
      return toBranchApplianceDto(await findBranchAppliance(tx, actor, id));
    }),
  );
}

export async function deleteBranchAppliance(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const found = await findBranchAppliance(tx, actor, id);
    const [row] = await softDelete(tx, branchAppliances, eq(branchAppliances.id, id));
    await recordChange(tx, actor, {
      module: 'branch_appliances',
      action: 'eliminar',
      entityId: id,
      before: snapshot(found.ba),
      affectedBranchId: row.branchId,
    });
    return toBranchApplianceDto({ ...found, ba: row });
  });
}
