import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { BRANCH_CODE_EXISTS, timeZoneOf, type BranchInput } from '../../../domain/branches.schemas';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import { DEFAULT_REMINDER_HOUR } from '../../../domain/reminders';
import type { ScheduleEntry } from '../../../domain/schedules';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branchSchedules, branches, cabins, productStocks } from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, recordFilters, tableRows } from '../../platform/records';
import { stamps } from '../dto';
import { diffSchedule } from './schedule-rows';
import { live, softDelete } from '../../db/live';

type BranchRow = typeof branches.$inferSelect;
type ScheduleRow = typeof branchSchedules.$inferSelect;

const hhmm = (t: string) => t.slice(0, 5);

export function toBranchDto(row: BranchRow, schedules: ScheduleRow[]) {
  return {
    id: row.id,
    name: row.name,
    street: row.street,
    extNumber: row.extNumber,
    intNumber: row.intNumber,
    suburb: row.suburb,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    phone: row.phone,
    mobilePhone: row.mobilePhone,
    lat: row.lat,
    lng: row.lng,
    code: row.code,
    zone: row.zone,
    timeZone: row.timeZone,
    active: row.active,
    franchise: row.franchise,
    rfc: row.rfc,
    businessName: row.businessName,
    description: row.description,
    note: row.note,
    googleMapsUrl: row.googleMapsUrl,
    showInClients: row.showInClients,
    distributionCenter: row.distributionCenter,
    reminderHour: row.reminderHour,
    schedules: schedules
      .filter((s) => s.branchId === row.id && !s.deletedAt)
      .sort((a, b) => a.day - b.day)
      .map((s) => ({ day: s.day, opening: hhmm(s.opening), closing: hhmm(s.closing) })),
    ...stamps(row),
  };
}
export type BranchDto = ReturnType<typeof toBranchDto>;

async function withSchedules(db: DbOrTx, rows: BranchRow[]): Promise<BranchDto[]> {
  if (!rows.length) return [];
  const schedules = await db
    .select()
    .from(branchSchedules)
    .where(
      and(
        inArray(
          branchSchedules.branchId,
          rows.map((r) => r.id),
        ),
        live(branchSchedules),
      ),
    );
  return rows.map((r) => toBranchDto(r, schedules));
}

/** The open/closed week of one branch, as the cabin rule reads it. */
export async function branchSchedule(db: DbOrTx, branchId: string): Promise<ScheduleEntry[]> {
  const rows = await db
    .select()
    .from(branchSchedules)
    .where(and(eq(branchSchedules.branchId, branchId), live(branchSchedules)))
    .orderBy(asc(branchSchedules.day));
  return rows.map((s) => ({ day: s.day, opening: hhmm(s.opening), closing: hhmm(s.closing) }));
}

/** Active branches for the sign-in select: names only, no codes. */
export async function publicBranches(ctx: AppContext) {
  return ctx.db
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.active, true), live(branches)))
    .orderBy(asc(branches.name));
}

export interface BranchFilters extends ListQuery {
  franchise?: string;
  distributionCenter?: string;
}

export function branchListSpec(db: DbOrTx, actor: Actor, q: BranchFilters): ListSpec<BranchDto> {
  const scope = branchScope(actor);
  return {
    sortable: {
      name: branches.name,
      code: branches.code,
      city: branches.city,
      franchise: branches.franchise,
      active: branches.active,
      created_at: branches.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: branches.name, code: branches.code, city: branches.city },
    filters: [
      ...recordFilters(q, branches),
      scope ? eq(branches.id, scope) : undefined,
      q.franchise === undefined ? undefined : eq(branches.franchise, isTruthyFlag(q.franchise) ?? false),
      q.distributionCenter === undefined ? undefined : eq(branches.distributionCenter, isTruthyFlag(q.distributionCenter) ?? false),
    ],
    ...tableRows(db, branches, (rows) => withSchedules(db, rows)),
  };
}

const findBranch = (db: DbOrTx, id: string, lock = false): Promise<BranchRow> =>
  findLive(db, branches, id, 'BRANCH_NOT_FOUND', lock ? 'no key update' : undefined);

export async function getBranch(ctx: AppContext, actor: Actor, id: string) {
  branchScope(actor, id);
  return (await withSchedules(ctx.db, [await findBranch(ctx.db, id)]))[0];
}

const codeTaken = () => new AppError('CONFLICT', BRANCH_CODE_EXISTS);
const assertUniqueCode = (db: DbOrTx, code: string, exceptId?: string) =>
  assertFree(db, branches, sql`upper(${branches.code}) = ${code.toUpperCase()}`, exceptId, codeTaken);

/** Replaces the branch's week in place (closed days are stored as 00:00 - 00:00). */
async function saveBranchSchedule(tx: DbOrTx, branchId: string, schedule: readonly ScheduleEntry[]) {
  const stored = await tx
    .select()
    .from(branchSchedules)
    .where(and(eq(branchSchedules.branchId, branchId), live(branchSchedules)));
  const diff = diffSchedule(stored, schedule);
  const now = new Date();
  if (diff.remove.length) await softDelete(tx, branchSchedules, inArray(branchSchedules.id, diff.remove), now);
  for (const u of diff.update)
    await tx.update(branchSchedules).set({ opening: u.opening, closing: u.closing, updatedAt: now }).where(eq(branchSchedules.id, u.id));
  if (diff.insert.length) await tx.insert(branchSchedules).values(diff.insert.map((e) => ({ branchId, ...e })));
}

function columns(input: BranchInput) {
  return {
    name: input.name,
    street: input.street,
    extNumber: input.extNumber,
    intNumber: input.intNumber ?? null,
    suburb: input.suburb,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    phone: input.phone ?? null,
    mobilePhone: input.mobilePhone,
    lat: input.lat ?? null,
    lng: input.lng ?? null,
    code: input.code,
    zone: input.zone,
    rfc: input.rfc,
    businessName: input.businessName,
    description: input.description ?? null,
    note: input.note ?? null,
    googleMapsUrl: input.googleMapsUrl ?? null,
  };
}

/** A code taken by a concurrent request surfaces as the same Spanish 409. */
const guardCode = <T>(work: () => Promise<T>): Promise<T> => answerViolations(work, { unique: { branches_code_unique: codeTaken } });

export async function createBranch(ctx: AppContext, actor: Actor, input: BranchInput) {
  // a branch-bound role works inside its own branch only: it cannot open new ones
  if (actor.branchBound) throw new AppError('BRANCH_FORBIDDEN');
  return guardCode(() =>
    ctx.db.transaction(async (tx) => {
      await assertUniqueCode(tx, input.code);
      const dc = input.distributionCenter ?? false;
      const [row] = await tx
        .insert(branches)
        .values({
          ...columns(input),
          timeZone: timeZoneOf(input.zone),
          // a distribution centre is always active and never a franchise (its toggles are hidden)
          active: dc ? true : (input.active ?? true),
          franchise: dc ? false : (input.franchise ?? false),
          showInClients: input.showInClients ?? !dc,
          distributionCenter: dc,
          reminderHour: input.reminderHour ?? DEFAULT_REMINDER_HOUR,
        })
        .returning();
      await saveBranchSchedule(tx, row.id, input.schedule ?? []);
      const dto = (await withSchedules(tx, [row]))[0];
      await recordChange(tx, actor, { module: 'branch', action: 'crear', entityId: row.id, after: dto, affectedBranchId: row.id });
      return dto;
    }),
  );
}

export async function updateBranch(ctx: AppContext, actor: Actor, id: string, input: BranchInput) {
  assertBranchAccess(actor, id);
  return guardCode(() =>
    ctx.db.transaction(async (tx) => {
      const beforeRow = await findBranch(tx, id, true);
      const before = (await withSchedules(tx, [beforeRow]))[0];
      await assertUniqueCode(tx, input.code, id);
      // the distribution-centre flag is fixed at creation: it is what protects the row from deletion
      const dc = beforeRow.distributionCenter;
      const [row] = await tx
        .update(branches)
        .set({
          ...columns(input),
          timeZone: input.zone === beforeRow.zone ? beforeRow.timeZone : timeZoneOf(input.zone),
          active: dc ? true : (input.active ?? beforeRow.active),
          franchise: dc ? false : (input.franchise ?? beforeRow.franchise),
          showInClients: input.showInClients ?? beforeRow.showInClients,
          reminderHour: input.reminderHour ?? beforeRow.reminderHour,
        })
        .where(eq(branches.id, id))
        .returning();
      if (input.schedule) await saveBranchSchedule(tx, id, input.schedule);
      const after = (await withSchedules(tx, [row]))[0];
      await recordChange(tx, actor, { module: 'branch', action: 'editar', entityId: id, before, after, affectedBranchId: id });
      return after;
    }),
  );
}

export async function deleteBranch(ctx: AppContext, actor: Actor, id: string) {
  assertBranchAccess(actor, id);
  return ctx.db.transaction(async (tx) => {
    const beforeRow = await findBranch(tx, id, true);
    if (beforeRow.distributionCenter) throw new AppError('DISTRIBUTION_CENTER_UNDELETABLE');
    const [stock] = await tx
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(and(eq(productStocks.branchId, id), gt(productStocks.quantity, 0), live(productStocks)))
      .limit(1);
    if (stock) throw new AppError('BRANCH_HAS_INVENTORY');
    const [cabin] = await tx
      .select({ id: cabins.id })
      .from(cabins)
      .where(and(eq(cabins.branchId, id), live(cabins)))
      .limit(1);
    if (cabin) throw new AppError('CANNOT_DELETE', 'No se puede eliminar una sucursal con cabinas; elimine o mueva sus cabinas primero');
    const before = (await withSchedules(tx, [beforeRow]))[0];
    const [row] = await softDelete(tx, branches, eq(branches.id, id));
    await recordChange(tx, actor, { module: 'branch', action: 'eliminar', entityId: id, before, affectedBranchId: id });
    return { ...before, ...stamps(row) };
  });
}
