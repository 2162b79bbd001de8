import { and, eq } from 'drizzle-orm';
import { normalisePrivileges, type PrivilegeMap } from '../../../domain/privileges';
import type { DbOrTx } from '../../db/client';
import { branches, rolePrivileges, roles, users } from '../../db/schema';
import { live } from '../../db/live';
import type { Actor } from '../../platform/auth/actor';

export type UserRow = typeof users.$inferSelect;

export interface SessionProfile {
  user: UserRow;
  role: { id: string; name: string; branchBound: boolean; extendedCancellationLimit: boolean };
  privileges: PrivilegeMap;
  branch: { id: string; name: string; timeZone: string } | null;
}

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, username.trim().toLowerCase()), live(users)))
    .limit(1);
  return row;
}

export async function rolePrivilegeMap(db: DbOrTx, roleId: string): Promise<PrivilegeMap> {
  const rows = await db
    .select()
    .from(rolePrivileges)
    .where(and(eq(rolePrivileges.roleId, roleId), live(rolePrivileges)));
  return normalisePrivileges(Object.fromEntries(rows.map((r) => [r.module, r.actions])));
}

/** Everything the token claims need, read fresh (privileges apply at the next token refresh). */
export async function loadProfile(db: DbOrTx, user: UserRow, branchId: string | null): Promise<SessionProfile> {
  const [role] = await db.select().from(roles).where(eq(roles.id, user.roleId)).limit(1);
  const privileges = await rolePrivilegeMap(db, user.roleId);
  const id = branchId ?? user.mainBranchId;
  const [branch] = id
    ? await db.select({ id: branches.id, name: branches.name, timeZone: branches.timeZone }).from(branches).where(eq(branches.id, id)).limit(1)
    : [];
  return {
    user,
    role: { id: role.id, name: role.name, branchBound: role.branchBound, extendedCancellationLimit: role.extendedCancellationLimit },
    privileges,
    branch: branch ?? null,
  };
}

export function fullName(u: Pick<UserRow, 'name' | 'lastName' | 'motherLastName'>): string {
  return [u.name, u.lastName, u.motherLastName].filter(Boolean).join(' ');
}

/** The actor of a known user outside a request (the demo data acting as its staff): their role, privileges and main branch. */
export async function actorOfUsername(db: DbOrTx, username: string): Promise<Actor> {
  const user = await findUserByUsername(db, username);
  if (!user) throw new Error(`Usuario desconocido: ${username}`);
  return actorOfUser(db, user);
}

/**
 * The actor of a live, active user by id, with the privileges their role holds now (a job acting for its owner,
 * the scheduled delivery of a report); null when the account is deleted or inactive.
 */
export async function activeActorOf(db: DbOrTx, userId: string): Promise<Actor | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), live(users), eq(users.status, 'activo')))
    .limit(1);
  return user ? actorOfUser(db, user) : null;
}

async function actorOfUser(db: DbOrTx, user: UserRow): Promise<Actor> {
  const profile = await loadProfile(db, user, null);
  return {
    id: user.id,
    username: user.username,
    fullname: fullName(user),
    role: profile.role.name,
    roleId: profile.role.id,
    branchId: profile.branch?.id ?? null,
    branchBound: profile.role.branchBound,
    privileges: profile.privileges,
    family: '',
    address: null,
  };
}
