import type { Actor } from '../../platform/auth/actor';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { can, MODULES, MODULE_KEYS, ACTIONS, normalisePrivileges, type PrivilegeMap } from '../../../domain/privileges';
import { ROLE_NAMES } from '../../../domain/roles';
import type { RoleInput } from '../../../domain/roles.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { rolePrivileges, roles, users } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { assertFree, findLive } from '../../platform/records';
import { rolePrivilegeMap } from '../auth';
import { stamps } from '../dto';
import { live } from '../../db/live';

type RoleRow = typeof roles.$inferSelect;

async function toDto(db: DbOrTx, row: RoleRow) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, row.id), live(users)));
  return {
    id: row.id,
    role: row.name,
    name: row.name,
    branchBound: row.branchBound,
    extendedCancellationLimit: row.extendedCancellationLimit,
    privileges: (await rolePrivilegeMap(db, row.id)) as Record<string, string[]>,
    usersCount: n,
    ...stamps(row),
  };
}

export function listModules() {
  return MODULE_KEYS.map((key) => ({ id: key, name: key, alias: MODULES[key], actions: [...ACTIONS] }));
}

export async function listRoles(ctx: AppContext) {
  const rows = await ctx.db.select().from(roles).where(live(roles)).orderBy(asc(roles.name));
  return Promise.all(rows.map((r) => toDto(ctx.db, r)));
}

const findRole = (db: DbOrTx, id: string): Promise<RoleRow> => findLive(db, roles, id, 'ROLE_NOT_FOUND');

export async function getRole(ctx: AppContext, id: string) {
  return toDto(ctx.db, await findRole(ctx.db, id));
}

async function writePrivileges(db: DbOrTx, roleId: string, privileges: PrivilegeMap) {
  await db.delete(rolePrivileges).where(eq(rolePrivileges.roleId, roleId));
  const rows = Object.entries(privileges).map(([module, actions]) => ({ roleId, module, actions: actions as string[] }));
  if (rows.length) await db.insert(rolePrivileges).values(rows);
}

const assertUniqueName = (db: DbOrTx, name: string, exceptId?: string) =>
  assertFree(db, roles, sql`lower(${roles.name}) = lower(${name})`, exceptId, 'ROLE_NAME_EXISTS');

export async function createRole(ctx: AppContext, actor: Actor, input: RoleInput) {
  return ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, input.name);
    const [row] = await tx
      .insert(roles)
      .values({ name: input.name, branchBound: input.branchBound ?? false, extendedCancellationLimit: input.extendedCancellationLimit ?? false })
      .returning();
    const privileges = normalisePrivileges(input.privileges);
    await writePrivileges(tx, row.id, privileges);
    const dto = await toDto(tx, row);
    await recordChange(tx, actor, { module: 'roles', action: 'crear', entityId: row.id, after: dto });
    return dto;
  });
}

export async function updateRole(ctx: AppContext, actor: Actor, id: string, input: RoleInput) {
  return ctx.db.transaction(async (tx) => {
    const before = await findRole(tx, id);
    const beforeDto = await toDto(tx, before);
    await assertUniqueName(tx, input.name, id);
    const privileges = normalisePrivileges(input.privileges);
    // the administrator must keep the way back into this screen
    if (before.name === ROLE_NAMES.superAdmin && (!can(privileges, 'roles', 'show') || !can(privileges, 'roles', 'edit') || input.name !== before.name)) {
      throw new AppError('ROLE_LOCKOUT');
    }
    const [row] = await tx
      .update(roles)
      .set({
        name: input.name,
        branchBound: input.branchBound ?? before.branchBound,
        extendedCancellationLimit: input.extendedCancellationLimit ?? before.extendedCancellationLimit,
      })
      .where(eq(roles.id, id))
      .returning();
    await writePrivileges(tx, id, privileges);
    const dto = await toDto(tx, row);
    await recordChange(tx, actor, { module: 'roles', action: 'editar', entityId: id, before: beforeDto, after: dto });
    return dto;
  });
}
