import { count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BUSINESS_TIME_ZONE } from '../../../../domain/dates';
import type { ListQuery } from '../../../../domain/list';
import { deliveryResult, nextOccurrence, SUBSCRIPTION_MESSAGES } from '../../../../domain/report-subscriptions';
import { filtersSummary, type ReportSubscriptionInput, type SubscriptionFilters } from '../../../../domain/report-subscriptions.contract';
import { REPORTS, type ReportName } from '../../../../domain/reports';
import { ROLE_NAMES } from '../../../../domain/roles';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { softDelete } from '../../../db/live';
import { branches, reportDeliveries, reportSubscriptions, users } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { recordChange } from '../../../platform/change-log';
import { AppError } from '../../../platform/errors';
import type { ListSpec } from '../../../platform/list';
import { activeFlag, findLive, liveUnlessWithDeleted, selectRows } from '../../../platform/records';
import { activeActorOf } from '../../auth';
import { stamps } from '../../dto';
import { reportScope, reportsFor } from '../service';

/**
 * Scheduled deliveries of a report (issue 29). A subscription belongs to its owner: they see and change only theirs
 * (a Super Administrador sees everyone's). Its report and filters must be ones the owner may read — the reports
 * service's own rule (reports.view, one's own fees, one's own branch) — when it is saved and again at each send.
 */

const MODULE = 'reports';
const subject = alias(users, 'subject_user');
const owner = alias(users, 'owner_user');

const isSuperAdmin = (actor: Actor) => actor.role === ROLE_NAMES.superAdmin;
const personName = (u: { name: string; lastName: string | null; motherLastName: string | null }) =>
  [u.name, u.lastName, u.motherLastName].filter(Boolean).join(' ');

/** A subscription with the names its summary needs: owner, branch (and its zone), the fee report's user. */
const selectSubscriptions = (db: DbOrTx) =>
  db
    .select({
      sub: reportSubscriptions,
      owner: { id: owner.id, username: owner.username, name: owner.name, lastName: owner.lastName, motherLastName: owner.motherLastName },
      branchName: branches.name,
      timeZone: sql<string>`coalesce(${branches.timeZone}, ${BUSINESS_TIME_ZONE})`,
      subjectName: sql<string | null>`nullif(concat_ws(' ', ${subject.name}, ${subject.lastName}, ${subject.motherLastName}), '')`,
    })
    .from(reportSubscriptions)
    .innerJoin(owner, eq(owner.id, reportSubscriptions.ownerId))
    .leftJoin(branches, sql`${branches.id}::text = ${reportSubscriptions.filters}->>'branchId'`)
    .leftJoin(subject, sql`${subject.id}::text = ${reportSubscriptions.filters}->>'userId'`)
    .$dynamic();

export type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof selectSubscriptions>['execute']>>[number];
type DeliveryRow = typeof reportDeliveries.$inferSelect;

/** The latest delivery of each subscription (by occurrence). */
async function lastDeliveries(db: DbOrTx, ids: string[]): Promise<Map<string, DeliveryRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectDistinctOn([reportDeliveries.subscriptionId])
    .from(reportDeliveries)
    .where(inArray(reportDeliveries.subscriptionId, ids))
    .orderBy(reportDeliveries.subscriptionId, desc(reportDeliveries.occurrence));
  return new Map(rows.map((r) => [r.subscriptionId, r]));
}

function toDto(row: SubscriptionRow, last: DeliveryRow | undefined, now = new Date()) {
  const s = row.sub;
  const meta = REPORTS[s.report];
  return {
    id: s.id,
    report: s.report,
    reportTitle: meta.title,
    filters: s.filters,
    filtersSummary: filtersSummary(meta, s.filters, { branch: row.branchName, user: row.subjectName }),
    frequency: s.frequency,
    hour: s.hour,
    timeZone: row.timeZone,
    owner: { id: row.owner.id, name: personName(row.owner) },
    ownerEmail: row.owner.username,
    recipients: s.recipients,
    active: s.active,
    nextRunAt: s.active && !s.deletedAt ? nextOccurrence({ frequency: s.frequency, hour: s.hour, timeZone: row.timeZone }, now) : null,
    lastDelivery: last
      ? {
          occurrence: last.occurrence,
          period: { from: last.periodFrom, to: last.periodTo },
          status: last.status,
          result: deliveryResult(last),
          tries: last.tries,
          sentAt: last.sentAt,
        }
      : null,
    ...stamps(s),
  };
}
export type ReportSubscriptionDto = ReturnType<typeof toDto>;

async function withDeliveries(db: DbOrTx, rows: SubscriptionRow[]): Promise<ReportSubscriptionDto[]> {
  const last = await lastDeliveries(
    db,
    rows.map((r) => r.sub.id),
  );
  return rows.map((r) => toDto(r, last.get(r.sub.id)));
}

/** One subscription (deleted ones too: a delete answers what it deleted), or 404. */
export async function readSubscription(db: DbOrTx, id: string): Promise<ReportSubscriptionDto> {
  const [row] = await selectSubscriptions(db).where(eq(reportSubscriptions.id, id)).limit(1);
  if (!row) throw new AppError('REPORT_SUBSCRIPTION_NOT_FOUND');
  return (await withDeliveries(db, [row]))[0]!;
}

/** Another user's subscription is theirs alone, unless the actor is a Super Administrador. */
function assertMine(actor: Actor, ownerId: string): void {
  if (ownerId !== actor.id && !isSuperAdmin(actor)) throw new AppError('FORBIDDEN');
}

/** The list: one's own subscriptions (everyone's for a Super Administrador), newest first. */
export function subscriptionListSpec(db: DbOrTx, actor: Actor, q: ListQuery & { report?: ReportName }): ListSpec<ReportSubscriptionDto> {
  const active = activeFlag(q);
  const filters: (SQL | undefined)[] = [
    liveUnlessWithDeleted(q, reportSubscriptions),
    isSuperAdmin(actor) ? undefined : eq(reportSubscriptions.ownerId, actor.id),
    q.report ? eq(reportSubscriptions.report, q.report) : undefined,
    active === undefined ? undefined : eq(reportSubscriptions.active, active),
  ];
  return {
    sortable: {
      created_at: reportSubscriptions.createdAt,
      report: reportSubscriptions.report,
      frequency: reportSubscriptions.frequency,
      hour: reportSubscriptions.hour,
      owner: [owner.name, owner.lastName],
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: { owner: owner.name, branch: branches.name },
    filters,
    rows: selectRows(
      () => selectSubscriptions(db),
      [reportSubscriptions.id],
      (rows) => withDeliveries(db, rows),
    ),
    count: async (where) =>
      (
        await db
          .select({ n: count() })
          .from(reportSubscriptions)
          .innerJoin(owner, eq(owner.id, reportSubscriptions.ownerId))
          .leftJoin(branches, sql`${branches.id}::text = ${reportSubscriptions.filters}->>'branchId'`)
          .where(where)
      )[0]!.n,
  };
}

export async function getSubscription(ctx: AppContext, actor: Actor, id: string): Promise<ReportSubscriptionDto> {
  const row = await findLive(ctx.db, reportSubscriptions, id, 'REPORT_SUBSCRIPTION_NOT_FOUND');
  assertMine(actor, row.ownerId);
  return readSubscription(ctx.db, id);
}

/**
 * The filters the owner may subscribe to, as the reports service would run them: the report must be one they may
 * open, a branch-bound owner's branch is filled in (and another one refused), only the filters the report takes are kept.
 */
export async function checkedFilters(db: DbOrTx, ownerActor: Actor, report: ReportName, asked: SubscriptionFilters): Promise<SubscriptionFilters> {
  if (!reportsFor(ownerActor).includes(report)) throw new AppError('FORBIDDEN');
  const takes = REPORTS[report].filters;
  const kept: SubscriptionFilters = {
    ...(takes.includes('branch') && asked.branchId && { branchId: asked.branchId }),
    ...(takes.includes('user') && asked.userId && { userId: asked.userId }),
    ...(takes.includes('basis') && asked.basis && { basis: asked.basis }),
    ...(takes.includes('profitabilityType') && asked.type && { type: asked.type }),
  };
  const scope = reportScope(db, ownerActor, report, kept);
  if (takes.includes('branch') && scope.branchId) kept.branchId = scope.branchId;
  if (kept.branchId) await findLive(db, branches, kept.branchId, 'BRANCH_NOT_FOUND');
  if (kept.userId) await findLive(db, users, kept.userId, 'USER_NOT_FOUND');
  return kept;
}

const logged = (s: typeof reportSubscriptions.$inferSelect) => ({
  ownerId: s.ownerId,
  report: s.report,
  filters: s.filters,
  frequency: s.frequency,
  hour: s.hour,
  recipients: s.recipients,
  active: s.active,
});

/** The columns a subscription's form writes, with its filters as checked for its owner. */
const subscriptionColumns = (input: ReportSubscriptionInput, filters: SubscriptionFilters) => ({
  report: input.report,
  filters,
  frequency: input.frequency,
  hour: input.hour,
  recipients: input.recipients,
  active: input.active,
});

export async function createSubscription(ctx: AppContext, actor: Actor, input: ReportSubscriptionInput): Promise<ReportSubscriptionDto> {
  const filters = await checkedFilters(ctx.db, actor, input.report, input.filters);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reportSubscriptions)
      .values({ ownerId: actor.id, ...subscriptionColumns(input, filters) })
      .returning();
    await recordChange(tx, actor, { module: MODULE, action: 'crear', entityId: row!.id, affectedBranchId: filters.branchId ?? null, after: logged(row!) });
    return readSubscription(tx, row!.id);
  });
}

/** The live subscription locked for a write, the actor's own (or any for a Super Administrador). */
async function lockSubscription(tx: DbOrTx, actor: Actor, id: string) {
  const row = await findLive(tx, reportSubscriptions, id, 'REPORT_SUBSCRIPTION_NOT_FOUND', 'no key update');
  assertMine(actor, row.ownerId);
  return row;
}

export async function updateSubscription(ctx: AppContext, actor: Actor, id: string, input: ReportSubscriptionInput): Promise<ReportSubscriptionDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, actor, id);
    // the report runs as its owner: their privileges decide what it may hold, not the editor's
    const ownerActor = before.ownerId === actor.id ? actor : await activeActorOf(tx, before.ownerId);
    if (!ownerActor) throw new AppError('CONFLICT', SUBSCRIPTION_MESSAGES.ownerInactive);
    const filters = await checkedFilters(tx, ownerActor, input.report, input.filters);
    const rescheduled =
      (input.active && !before.active) || input.frequency !== before.frequency || input.hour !== before.hour || filters.branchId !== before.filters.branchId;
    const [row] = await tx
      .update(reportSubscriptions)
      .set({ ...subscriptionColumns(input, filters), ...(rescheduled && { scheduleFrom: new Date() }) })
      .where(eq(reportSubscriptions.id, id))
      .returning();
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'editar',
      entityId: id,
      affectedBranchId: filters.branchId ?? null,
      before: logged(before),
      after: logged(row!),
    });
    return readSubscription(tx, id);
  });
}

export async function deleteSubscription(ctx: AppContext, actor: Actor, id: string): Promise<ReportSubscriptionDto> {
  return ctx.db.transaction(async (tx) => {
    const before = await lockSubscription(tx, actor, id);
    await softDelete(tx, reportSubscriptions, eq(reportSubscriptions.id, id));
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'eliminar',
      entityId: id,
      affectedBranchId: before.filters.branchId ?? null,
      before: logged(before),
    });
    return readSubscription(tx, id);
  });
}
