import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { CabinInput } from '../../../domain/cabins.schemas';
import type { ListQuery } from '../../../domain/list';
import { cabinWeekIssues, type ScheduleEntry } from '../../../domain/schedules';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appointments, branches, cabinSchedules, cabinTypes, cabins } from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { recordFilters, selectRows } from '../../platform/records';
import { branchSchedule, diffSchedule } from '../branches';
import { stamps } from '../dto';
import { live, softDelete } from '../../db/live';

type CabinRow = typeof cabins.$inferSelect;
type Joined = { row: CabinRow; type: { id: string; name: string; color: string }; branch: { id: string; name: string } };

const hhmm = (t: string) => t.slice(0, 5);

function toCabinDto(j: Joined, schedules: ScheduleEntry[]) {
  return { id: j.row.id, name: j.row.name, type: j.type, branch: j.branch, status: j.row.active, description: j.row.description, schedules, ...stamps(j.row) };
}
export type CabinDto = ReturnType<typeof toCabinDto>;

const joinedColumns = {
  row: cabins,
  type: { id: cabinTypes.id, name: cabinTypes.name, color: cabinTypes.color },
  branch: { id: branches.id, name: branches.name },
};

function joined(db: DbOrTx) {
  return db.select(joinedColumns).from(cabins).innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId)).innerJoin(branches, eq(branches.id, cabins.branchId));
}

async function withSchedules(db: DbOrTx, rows: Joined[]): Promise<CabinDto[]> {
  if (!rows.length) return [];
  const all = await db
    .select()
    .from(cabinSchedules)
    .where(
      and(
        inArray(
          cabinSchedules.cabinId,
          rows.map((r) => r.row.id),
        ),
        live(cabinSchedules),
      ),
    )
    .orderBy(asc(cabinSchedules.day));
  return rows.map((r) =>
    toCabinDto(
      r,
      all.filter((s) => s.cabinId === r.row.id).map((s) => ({ day: s.day, opening: hhmm(s.opening), closing: hhmm(s.closing) })),
    ),
  );
}

export interface CabinFilters extends ListQuery {
  branchId?: string;
  typeId?: string;
}

export function cabinListSpec(db: DbOrTx, actor: Actor, q: CabinFilters): ListSpec<CabinDto> {
  const scope = branchScope(actor, q.branchId);
  return {
    sortable: { name: cabins.name, type: cabinTypes.name, branch: branches.name, status: cabins.active, created_at: cabins.createdAt },
    defaultSort: { field: 'branch', order: 'ASC' },
    searchable: { name: cabins.name, type: cabinTypes.name, branch: branches.name },
    filters: [...recordFilters(q, cabins), scope ? eq(cabins.branchId, scope) : undefined, q.typeId ? eq(cabins.typeId, q.typeId) : undefined],
    rows: selectRows(
      () => joined(db).$dynamic(),
      [cabins.name, cabins.id],
      (rows) => withSchedules(db, rows),
    ),
    count: async (where) =>
      (
        await db
          .select({ n: count() })
          .from(cabins)
          .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
          .innerJoin(branches, eq(branches.id, cabins.branchId))
          .where(where)
      )[0].n,
  };
}

async function findCabin(db: DbOrTx, id: string, lock = false): Promise<CabinDto> {
  const q = joined(db)
    .where(and(eq(cabins.id, id), live(cabins)))
    .limit(1);
  const [found] = lock ? await q.for('update', { of: cabins }) : await q;
  if (!found) throw new AppError('CABIN_NOT_FOUND');
  return (await withSchedules(db, [found]))[0];
}

export async function getCabin(ctx: AppContext, actor: Actor, id: string) {
  const cabin = await findCabin(ctx.db, id);
  assertBranchAccess(actor, cabin.branch.id);
  return cabin;
}

/** The type and the branch must exist (and stay while this transaction runs). */
async function assertReferences(tx: DbOrTx, input: CabinInput) {
  const [type] = await tx
    .select({ id: cabinTypes.id })
    .from(cabinTypes)
    .where(and(eq(cabinTypes.id, input.typeId), live(cabinTypes)))
    .for('share');
  if (!type) throw new AppError('CABIN_TYPE_NOT_FOUND');
  const [branch] = await tx
    .select({ id: branches.id, active: branches.active, distributionCenter: branches.distributionCenter })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), live(branches)))
    .for('share');
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  // cabins are treatment rooms: only at an active clinic, never at a distribution centre
  if (branch.distributionCenter) throw new AppError('BAD_REQUEST', 'Un centro de distribución no tiene cabinas');
  if (!branch.active) throw new AppError('BAD_REQUEST', 'La sucursal está inactiva');
}

/** Section 5: every cabin day lies within the branch's hours for that day. */
async function assertWithinBranchHours(tx: DbOrTx, branchId: string, schedule: readonly ScheduleEntry[]) {
  const issues = cabinWeekIssues(schedule, await branchSchedule(tx, branchId));
  if (!issues.length) return;
  throw new AppError(
    'VALIDATION_FAILED',
    issues[0].message,
    issues.map((i) => ({ field: `schedule.${i.index}`, message: i.message })),
  );
}

async function saveCabinSchedule(tx: DbOrTx, cabinId: string, schedule: readonly ScheduleEntry[]) {
  const stored = await tx
    .select()
    .from(cabinSchedules)
    .where(and(eq(cabinSchedules.cabinId, cabinId), live(cabinSchedules)));
  const diff = diffSchedule(stored, schedule);
  const now = new Date();
  if (diff.remove.length) await softDelete(tx, cabinSchedules, inArray(cabinSchedules.id, diff.remove), now);
  for (const u of diff.update)
    await tx.update(cabinSchedules).set({ opening: u.opening, closing: u.closing, updatedAt: now }).where(eq(cabinSchedules.id, u.id));
  if (diff.insert.length) await tx.insert(cabinSchedules).values(diff.insert.map((e) => ({ cabinId, ...e })));
}

export async function createCabin(ctx: AppContext, actor: Actor, input: CabinInput) {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    await assertReferences(tx, input);
    const schedule = input.schedule ?? [];
    await assertWithinBranchHours(tx, input.branchId, schedule);
    const [row] = await tx
      .insert(cabins)
      .values({ name: input.name, typeId: input.typeId, branchId: input.branchId, description: input.description ?? null, active: true })
      .returning();
    await saveCabinSchedule(tx, row.id, schedule);
    const after = await findCabin(tx, row.id);
    await recordChange(tx, actor, { module: 'cabains', action: 'crear', entityId: row.id, after, affectedBranchId: input.branchId });
    return after;
  });
}

export async function updateCabin(ctx: AppContext, actor: Actor, id: string, input: CabinInput) {
  assertBranchAccess(actor, input.branchId);
  return ctx.db.transaction(async (tx) => {
    const before = await findCabin(tx, id, true);
    assertBranchAccess(actor, before.branch.id);
    await assertReferences(tx, input);
    // a cabin moved to another branch keeps its week only if it fits the new hours
    const schedule = input.schedule ?? before.schedules;
    await assertWithinBranchHours(tx, input.branchId, schedule);
    await tx
      .update(cabins)
      .set({
        name: input.name,
        typeId: input.typeId,
        branchId: input.branchId,
        description: input.description === undefined ? before.description : input.description,
        active: input.status ?? before.status,
      })
      .where(eq(cabins.id, id));
    await saveCabinSchedule(tx, id, schedule);
    const after = await findCabin(tx, id);
    await recordChange(tx, actor, { module: 'cabains', action: 'editar', entityId: id, before, after, affectedBranchId: input.branchId });
    return after;
  });
}

/** Reasons a cabin may not go (the appointments area registers its check here). */
export type CabinUsageCheck = (db: DbOrTx, cabinId: string) => Promise<boolean>;
export const cabinUsageChecks: CabinUsageCheck[] = [];

/** Live appointments (scheduled, in process or finished, not deleted) today or later in the cabin's branch's zone. */
async function hasLiveAppointments(tx: DbOrTx, cabinId: string): Promise<boolean> {
  const [hit] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .innerJoin(cabins, eq(cabins.id, appointments.cabinId))
    .innerJoin(branches, eq(branches.id, cabins.branchId))
    .where(
      and(
        eq(appointments.cabinId, cabinId),
        live(appointments),
        inArray(appointments.status, ['scheduled', 'inProcess', 'finished']),
        sql`${appointments.date} >= (now() at time zone ${branches.timeZone})::date`,
      ),
    )
    .limit(1);
  return Boolean(hit);
}

export async function deleteCabin(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCabin(tx, id, true);
    assertBranchAccess(actor, before.branch.id);
    // the row lock first: a booking in progress (it holds the cabin FOR SHARE) commits before the check reads
    await tx.select({ id: cabins.id }).from(cabins).where(eq(cabins.id, id)).for('update');
    if (await hasLiveAppointments(tx, id)) throw new AppError('CABIN_HAS_APPOINTMENTS');
    for (const inUse of cabinUsageChecks) if (await inUse(tx, id)) throw new AppError('CABIN_HAS_APPOINTMENTS');
    const [row] = await softDelete(tx, cabins, eq(cabins.id, id));
    await recordChange(tx, actor, { module: 'cabains', action: 'eliminar', entityId: id, before, affectedBranchId: before.branch.id });
    return { ...before, ...stamps(row) };
  });
}
