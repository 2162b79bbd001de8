import { and, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ENGLISH_ACTIONS, logActionLabel, storedActions } from '../../../domain/change-labels';
import type { ListQuery } from '../../../domain/list';
import { isModuleKey, MODULES } from '../../../domain/privileges';
import type { DbOrTx } from '../../db/client';
import { branches, changeLog, users } from '../../db/schema';
import { branchScope, type Actor } from '../../platform/auth/actor';
import { businessDaysFilter } from '../../platform/business-day';
import type { ListSpec } from '../../platform/list';
import { selectRows } from '../../platform/records';

export interface LogFilters extends ListQuery {
  module?: string;
  action?: string;
  userId?: string;
  branchId?: string;
  startDate?: string;
  endDate?: string;
}

const source = alias(branches, 'source_branch');
const affected = alias(branches, 'affected_branch');

export function selectLog(db: DbOrTx) {
  return db
    .select({
      log: changeLog,
      userName: users.name,
      userLastName: users.lastName,
      userMotherLastName: users.motherLastName,
      sourceName: source.name,
      affectedName: affected.name,
    })
    .from(changeLog)
    .leftJoin(users, eq(users.id, changeLog.userId))
    .leftJoin(source, eq(source.id, changeLog.branchId))
    .leftJoin(affected, eq(affected.id, changeLog.affectedBranchId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectLog>['execute']>>[number];

export function toLogDto(r: Joined) {
  const l = r.log;
  return {
    id: l.id,
    module: { name: l.module, alias: isModuleKey(l.module) ? MODULES[l.module] : l.module },
    action: logActionLabel(l.action),
    entityId: l.entityId,
    order: l.orderNumber,
    sourceBranch: l.branchId ? { id: l.branchId, name: r.sourceName ?? '' } : null,
    affectedBranch: l.affectedBranchId ? { id: l.affectedBranchId, name: r.affectedName ?? '' } : null,
    user: l.userId ? { id: l.userId, name: r.userName ?? '', lastName: r.userLastName ?? '', motherLastName: r.userMotherLastName ?? '' } : null,
    changes: { before: l.before ?? null, after: l.after ?? null, metadata: l.metadata ?? null },
    created_at: l.createdAt,
  };
}
export type LogDto = ReturnType<typeof toLogDto>;

/** The action as shown: rows recorded in English ('create', the agenda's locks) read, sort and search in Spanish. */
const spanishAction = sql`(case ${changeLog.action} ${sql.join(
  ENGLISH_ACTIONS.map(([stored, spanish]) => sql`when ${stored} then ${spanish}`),
  sql` `,
)} else ${changeLog.action} end)`;

/** A branch-bound user reads the rows written at or about their branch. */
export function branchCondition(scope: string | undefined): SQL | undefined {
  return scope ? or(eq(changeLog.branchId, scope), eq(changeLog.affectedBranchId, scope)) : undefined;
}

export function logListSpec(db: DbOrTx, actor: Actor, q: LogFilters): ListSpec<LogDto> {
  const scope = branchScope(actor, q.branchId);
  const userName = sql`concat_ws(' ', ${users.name}, ${users.lastName}, ${users.motherLastName})`;
  return {
    sortable: { created_at: changeLog.createdAt, module: changeLog.module, action: spanishAction, user: userName },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: { module: changeLog.module, action: spanishAction, user: userName },
    filters: [
      q.module ? eq(changeLog.module, q.module) : undefined,
      q.action ? inArray(changeLog.action, storedActions(q.action)) : undefined,
      q.userId ? eq(changeLog.userId, q.userId) : undefined,
      branchCondition(scope),
      // whole business days of the branch read (the actor's own when it reads every branch)
      businessDaysFilter(db, changeLog.createdAt, scope ?? actor.branchId, q),
    ],
    rows: selectRows(
      () => selectLog(db).$dynamic(),
      [changeLog.id],
      (rows) => rows.map(toLogDto),
    ),
    count: async (where) => (await db.select({ n: count() }).from(changeLog).leftJoin(users, eq(users.id, changeLog.userId)).where(and(where)))[0].n,
  };
}
