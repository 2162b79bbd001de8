import { and, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { CommissionKind, CommissionQuery } from '../../../../domain/commissions.contract';
import type { ModuleKey } from '../../../../domain/privileges';
import { ROLE_NAMES } from '../../../../domain/roles';
import { live } from '../../../db/live';
import { commissions } from '../../../db/schema';
import { branchScope, userCan, type Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/errors';

export const COMMISSION_MODULE: Record<CommissionKind, ModuleKey> = { medical: 'medic_comission', cosmetology: 'cosmetologic_comission' };

/** Section 6: the medic and cosmetologist roles see only their own commissions. */
export const seesOnlyOwn = (actor: Actor) => actor.role === ROLE_NAMES.medic || actor.role === ROLE_NAMES.cosmetologist;

/**
 * Section 6, enforced here: medics and cosmetologists read only their own lines; with approve on the module every branch
 * (or the one asked for); without approve, a branch-bound role — not at the head office — only its own branch.
 */
export function visibleTo(actor: Actor, kind: CommissionKind, branchId?: string): SQL | undefined {
  if (seesOnlyOwn(actor)) return and(eq(commissions.userId, actor.id), branchId ? eq(commissions.branchId, branchId) : undefined);
  const branch = userCan(actor, COMMISSION_MODULE[kind], 'approve') ? branchId : branchScope(actor, branchId);
  return branch ? eq(commissions.branchId, branch) : undefined;
}

/** Whether the actor may read a line of this user and branch (the per-user details and the reassignment). */
export function assertVisible(actor: Actor, kind: CommissionKind, line: { userId: string; branchId: string }): void {
  if (seesOnlyOwn(actor)) {
    if (line.userId !== actor.id) throw new AppError('FORBIDDEN');
    return;
  }
  if (!userCan(actor, COMMISSION_MODULE[kind], 'approve')) branchScope(actor, line.branchId);
}

/** The lines of a list: live, of the kind, visible to the actor, in the business days and branch asked for. */
export function commissionFilters(actor: Actor, kind: CommissionKind, q: CommissionQuery, userId?: string): (SQL | undefined)[] {
  if (userId && seesOnlyOwn(actor) && userId !== actor.id) throw new AppError('FORBIDDEN');
  return [
    live(commissions),
    eq(commissions.kind, kind),
    visibleTo(actor, kind, q.branchId),
    userId ? eq(commissions.userId, userId) : undefined,
    q.startDate ? gte(commissions.businessDate, q.startDate) : undefined,
    q.endDate ? lte(commissions.businessDate, q.endDate) : undefined,
    q.type ? eq(commissions.type, q.type) : undefined,
  ];
}
