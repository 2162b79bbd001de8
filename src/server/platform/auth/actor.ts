import { can, type Action, type ModuleKey, type PrivilegeMap } from '../../../domain/privileges';
import { AppError } from '../app-error';

/** Where a change came from, written with it in the change log. */
export interface ActorAddress {
  ip: string;
  userAgent: string | null;
}

/**
 * Who does something: built once per request by the guard from the session's token, or by a job, a seed or
 * a test for a known user. Services, the change log and the branch rule take it, never the HTTP request.
 */
export interface Actor {
  id: string;
  username: string;
  fullname: string;
  role: string;
  roleId: string;
  branchId: string | null;
  /** A branch-bound role reads and writes only its own branch. */
  branchBound: boolean;
  privileges: PrivilegeMap;
  /** The session's refresh-token family (empty outside a request). */
  family: string;
  /** Null when the system acts (a job, a seed): the change log says 'sistema'. */
  address: ActorAddress | null;
}

/**
 * The branch rule: a branch-bound actor reads and writes only its own branch.
 * Returns the branch a query must be limited to (undefined = every branch).
 */
export function branchScope(actor: Actor, requested?: string | null): string | undefined {
  if (actor.branchBound) {
    if (requested && requested !== actor.branchId) throw new AppError('BRANCH_FORBIDDEN');
    return actor.branchId ?? undefined;
  }
  return requested ?? undefined;
}

export function assertBranchAccess(actor: Actor, branchId: string | null | undefined): void {
  if (actor.branchBound && branchId !== actor.branchId) throw new AppError('BRANCH_FORBIDDEN');
}

export function userCan(actor: Actor, module: ModuleKey, action: Action): boolean {
  return can(actor.privileges, module, action);
}
