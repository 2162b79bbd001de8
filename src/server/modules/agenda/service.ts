import { and, eq, sql } from 'drizzle-orm';
import { lockBlocks, lockEnded, lockWindow, LOCK_IN_PAST, weekDay, type LockInput, type LockLike } from '../../../domain/agenda';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import { cabinDayHours, endMinutes, hhmm as hhmmOf, nowIn } from '../../../domain/appointment-rules';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { cabins, locks } from '../../db/schema';
import { assertBranchAccess, branchScope, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { withRawJson } from '../../platform/json';
import type { ListSpec } from '../../platform/list';
import { selectRows } from '../../platform/records';
import {
  asLockLike,
  branchLocks,
  countLocks,
  agendaDay,
  appointmentsUnderLock,
  findLock,
  hhmm,
  loadBranch,
  lockTouches,
  sameLockCandidates,
  selectLocks,
  toLockDto,
  type LockDto,
} from './queries';
import { live } from '../../db/live';

/** [open, close) minutes → 'HH:mm' hours, nulls when closed. */
const asHours = (h: [number, number] | null) => (h ? { opening: hhmmOf(h[0]), closing: hhmmOf(h[1]) } : { opening: null, closing: null });

/** Whether a lock blocks anything on the day (a cabin lock in its cabin, a day lock anywhere). */
export const lockTouchesDay = (l: Parameters<typeof asLockLike>[0], date: string) => lockWindow(asLockLike(l), l.cabainId ?? '', date) !== null;

/**
 * The agenda day as JSON text: one prepared statement (agendaDay) assembled in memory — this is the screen the
 * clinics keep open all day. The cards arrive as JSON built by PostgreSQL and are spliced in unparsed. Each
 * cabin's hours come from cabinDayHours, the very function the booking checks, so the grid never offers a
 * slot the booking refuses.
 */
export async function diaryDay(ctx: AppContext, actor: Actor, branchId: string, date: string): Promise<string> {
  assertBranchAccess(actor, branchId);
  const day = weekDay(date);
  const { setting, cards, locks: lockRows } = await agendaDay(ctx.db, branchId, date);
  if (!setting) throw new AppError('BRANCH_NOT_FOUND');
  const dayLocks = lockRows.filter((l) => lockTouchesDay(l, date));
  const likes = dayLocks.map((l) => [l, asLockLike(l)] as const);
  const cabins = setting.cabins.map(({ schedule, ...cabin }) =>
    withRawJson(
      {
        ...cabin,
        ...asHours(cabinDayHours(setting.schedule, schedule, day)),
        locks: likes.filter(([, like]) => lockWindow(like, cabin.id, date) !== null).map(([l]) => l),
      },
      'appointments',
      cards.get(cabin.id) ?? '[]',
    ),
  );
  const branch = { id: setting.id, name: setting.name, timeZone: setting.timeZone };
  return withRawJson({ branch, date, ...asHours(cabinDayHours(setting.schedule, [], day)), locks: dayLocks }, 'cabins', `[${cabins.join(',')}]`);
}

/** GET /lock/:branchId — every live lock of the branch, or those touching one day. */
export async function locksOfBranch(ctx: AppContext, actor: Actor, branchId: string, date?: string) {
  assertBranchAccess(actor, branchId);
  const rows = await branchLocks(ctx.db, branchId, date);
  return date ? rows.filter((l) => lockTouchesDay(l, date)) : rows;
}

export interface LockFilters extends ListQuery {
  branchId?: string;
  type?: string;
  reason?: string;
  startDate?: string;
  endDate?: string;
}

export function lockListSpec(db: DbOrTx, actor: Actor, q: LockFilters): ListSpec<LockDto> {
  const branchId = branchScope(actor, q.branchId);
  const from = q.startDate ?? '0001-01-01';
  const to = q.endDate ?? '9999-12-31';
  return {
    sortable: { date: locks.date, type: locks.type, reason: locks.reason, created_at: locks.createdAt },
    defaultSort: { field: 'date', order: 'DESC' },
    searchable: { reason: locks.reason, reasonDescription: sql`coalesce(${locks.reasonDescription}, '')` },
    filters: [
      isTruthyFlag(q.withDeleted) ? undefined : live(locks),
      branchId ? eq(locks.branchId, branchId) : undefined,
      q.type ? eq(locks.type, q.type) : undefined,
      q.reason ? eq(locks.reason, q.reason) : undefined,
      q.startDate || q.endDate ? lockTouches(from, to) : undefined,
    ],
    rows: selectRows(
      () => selectLocks(db).$dynamic(),
      [locks.id],
      (rows) => rows.map(toLockDto),
    ),
    count: async (where) => (await countLocks(db).where(where))[0].n,
  };
}

async function liveLock(db: DbOrTx, actor: Actor, id: string): Promise<LockDto> {
  const found = await findLock(db, id);
  if (!found) throw new AppError('LOCK_NOT_FOUND');
  assertBranchAccess(actor, found.branchId);
  return found;
}

export const getLock = (ctx: AppContext, actor: Actor, id: string) => liveLock(ctx.db, actor, id);

const uniqueSorted = <T extends string | number>(xs: T[]) => [...new Set(xs)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

/**
 * The columns of a lock, keeping only what its type uses (a day lock covers every cabin, an end date
 * belongs to a days range, days to weekly or recurrent locks), so identical locks compare equal.
 */
function lockColumns(input: LockInput) {
  const type = input.type;
  const weekly = type === 'hours_range' || ((type === 'hour' || type === 'cabain') && input.recurrent);
  return {
    branchId: input.branchId,
    cabinId: type === 'day' ? null : (input.cabainId ?? null),
    type,
    reason: input.reason,
    reasonDescription: input.reasonDescription ?? null,
    time: type === 'day' || type === 'cabain' ? [] : type === 'hour' ? uniqueSorted(input.time) : input.time,
    date: input.date,
    endDate: type === 'days_range' ? (input.endDate ?? null) : null,
    days: weekly ? uniqueSorted(input.days) : [],
    recurrent: (type === 'hour' || type === 'cabain') && input.recurrent,
  };
}
type LockColumns = ReturnType<typeof lockColumns>;

const asLike = (cols: LockColumns): LockLike => ({
  type: cols.type,
  cabinId: cols.cabinId,
  time: cols.time,
  date: cols.date,
  endDate: cols.endDate,
  days: cols.days,
  recurrent: cols.recurrent,
});

/** The lock's branch (its zone): 404 without it, 403 for another branch of a branch-bound role, 422 LOCK_IN_PAST when it has already ended there. */
async function lockBranch(tx: DbOrTx, actor: Actor, cols: LockColumns) {
  assertBranchAccess(actor, cols.branchId);
  const branch = await loadBranch(tx, cols.branchId);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  const now = nowIn(branch.timeZone);
  if (lockEnded(asLike(cols), now)) throw new AppError('LOCK_IN_PAST', LOCK_IN_PAST, [{ field: 'date', message: LOCK_IN_PAST }]);
  return { ...branch, now };
}

async function assertLockAllowed(tx: DbOrTx, actor: Actor, cols: LockColumns, exceptId?: string) {
  await lockBranch(tx, actor, cols);
  if (cols.cabinId) {
    const [cabin] = await tx
      .select({ branchId: cabins.branchId })
      .from(cabins)
      .where(and(eq(cabins.id, cols.cabinId), live(cabins)))
      .limit(1);
    if (!cabin) throw new AppError('CABIN_NOT_FOUND');
    if (cabin.branchId !== cols.branchId) {
      const message = 'La cabina no pertenece a la sucursal';
      throw new AppError('VALIDATION_FAILED', message, [{ field: 'cabainId', message }]);
    }
  }
  // two requests creating the same lock at once: serialise the branch's lock writes
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${'locks:' + cols.branchId}))`);
  const same = (a: (string | number)[], b: (string | number)[]) => a.length === b.length && a.every((x, i) => x === b[i]);
  const candidates = await sameLockCandidates(tx, cols, exceptId);
  const time = uniqueSorted(cols.time);
  if (candidates.some((c) => same(uniqueSorted(c.time.map(hhmm)), time) && same(uniqueSorted(c.days), cols.days))) throw new AppError('LOCK_EXISTS');
}

/** Overlapped appointments listed in full; the answer's total counts them all. */
export const LOCK_OVERLAPS_SHOWN = 100;

/**
 * POST /lock/overlaps: the scheduled and in-process appointments, not yet ended in the branch's zone, that a lock
 * payload covers (lockBlocks, the booking's own rule). The forms list them and ask before saving.
 */
export async function lockOverlaps(ctx: AppContext, actor: Actor, input: LockInput) {
  const cols = lockColumns(input);
  const { now } = await lockBranch(ctx.db, actor, cols);
  const like = asLike(cols);
  const from = cols.date > now.date ? cols.date : now.date;
  const rows = await appointmentsUnderLock(ctx.db, cols, from);
  const covered = rows.filter((a) => {
    const [start, end] = [hhmm(a.startTime), hhmm(a.endTime)];
    if (a.date === now.date && endMinutes(end) <= now.minutes) return false;
    return lockBlocks(like, a.cabinId, a.date, start, end);
  });
  const items = covered
    .slice(0, LOCK_OVERLAPS_SHOWN)
    .map((a) => ({
      id: a.id,
      appointmentNumber: a.appointmentNumber,
      status: a.status,
      date: a.date,
      startTime: hhmm(a.startTime),
      endTime: hhmm(a.endTime),
      cabain: { id: a.cabinId, name: a.cabinName },
      customer: { id: a.customerId, name: a.name, lastName: a.lastName, motherLastName: a.motherLastName },
    }));
  return { items, total: covered.length };
}

/** Locks never remove booked appointments: the appointments module refuses new bookings on blocked slots. */
export async function createLock(ctx: AppContext, actor: Actor, input: LockInput) {
  const cols = lockColumns(input);
  const id = await ctx.db.transaction(async (tx) => {
    await assertLockAllowed(tx, actor, cols);
    const [row] = await tx
      .insert(locks)
      .values({ ...cols, userId: actor.id })
      .returning();
    await recordChange(tx, actor, { module: 'blockers', action: 'create', entityId: row.id, after: cols, affectedBranchId: cols.branchId });
    return row.id;
  });
  return (await findLock(ctx.db, id))!;
}

export async function updateLock(ctx: AppContext, actor: Actor, id: string, input: LockInput) {
  const cols = lockColumns(input);
  await ctx.db.transaction(async (tx) => {
    const before = await liveLock(tx, actor, id);
    await assertLockAllowed(tx, actor, cols, id);
    await tx
      .update(locks)
      .set({ ...cols })
      .where(eq(locks.id, id));
    await recordChange(tx, actor, { module: 'blockers', action: 'update', entityId: id, before, after: cols, affectedBranchId: cols.branchId });
  });
  return (await findLock(ctx.db, id))!;
}

export async function deleteLock(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await liveLock(tx, actor, id);
    const deletedAt = new Date();
    await tx.update(locks).set({ deletedAt, updatedAt: deletedAt }).where(eq(locks.id, id));
    await recordChange(tx, actor, { module: 'blockers', action: 'delete', entityId: id, before, affectedBranchId: before.branchId });
    return { id, deleted_at: deletedAt };
  });
}
