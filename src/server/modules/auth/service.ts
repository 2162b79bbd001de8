import { and, eq, gt, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { changePasswordSchema, checkInSchema, quickLoginSchema, recoveryChangeSchema, resetPinSchema, signInSchema } from '../../../domain/auth.schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branches, checkIns, passwordResetCodes, roles, systemLog, users } from '../../db/schema';
import { hashSecret, verifySecret } from '../../platform/auth/passwords';
import { newRecoveryCode, sha256 } from '../../platform/auth/tokens';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import type { Actor } from '../../platform/auth/actor';
import { clearAttempts, releaseAttempt, takeAttempt } from './rate-limit';
import { findUserByUsername, fullName, loadProfile, type UserRow } from './session';
import { consumeRefreshToken, findRefreshToken, issueSession, revokeFamily, revokeUserSessions } from './tokens.service';
import { live } from '../../db/live';

export interface ClientMeta {
  address: string;
  userAgent?: string;
}

export const RECOVERY_TTL_MS = 15 * 60 * 1000;

async function logEvent(
  db: DbOrTx,
  event: string,
  meta: ClientMeta,
  data: { userId?: string; username?: string; branchId?: string | null; details?: unknown },
) {
  await db
    .insert(systemLog)
    .values({
      event,
      userId: data.userId ?? null,
      username: data.username ?? null,
      branchId: data.branchId ?? null,
      address: meta.address,
      userAgent: meta.userAgent ?? null,
      details: data.details ?? null,
    });
}

async function activeBranch(db: DbOrTx, branchId: string) {
  const [branch] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  return branch;
}

/** A branch-bound role signs in only at its own branch. */
async function resolveSignInBranch(db: DbOrTx, user: UserRow, input: z.infer<typeof signInSchema>): Promise<string | null> {
  const [role] = await db.select().from(roles).where(eq(roles.id, user.roleId)).limit(1);
  const branchId = input.branchId ?? user.mainBranchId;
  if (!branchId) return null;
  const branch = await activeBranch(db, branchId);
  if (!branch || !branch.active) throw new AppError('BRANCH_NOT_FOUND');
  if (role.branchBound && user.mainBranchId !== branch.id) throw new AppError('BRANCH_FORBIDDEN');
  if (input.code && input.code.trim().toUpperCase() !== branch.code.toUpperCase()) throw new AppError('LOGIN_FAILED');
  return branch.id;
}

export async function signIn(ctx: AppContext, input: z.infer<typeof signInSchema>, meta: ClientMeta) {
  const { db } = ctx;
  const account = input.username.toLowerCase();
  await takeAttempt(db, account, meta.address, 'sign-in');
  const user = await findUserByUsername(db, account);
  const ok = await verifySecret(user?.passwordHash, input.password);
  if (!user || !ok || user.status !== 'activo') {
    await logEvent(db, 'inicio de sesión fallido', meta, { username: account, userId: user?.id });
    throw new AppError('WRONG_CREDENTIALS');
  }
  const branchId = await resolveSignInBranch(db, user, input);
  await clearAttempts(db, account, meta.address, 'sign-in');
  const profile = await loadProfile(db, user, branchId);
  const session = await issueSession(db, ctx.config, profile, { remember: input.remember });
  await logEvent(db, 'inicio de sesión', meta, { userId: user.id, username: account, branchId });
  return { token: session.token, refresh_token: session.refresh_token };
}

function refreshRefused(): AppError {
  return new AppError('REFRESH_TOKEN_INVALID');
}

export async function quickLogin(ctx: AppContext, input: z.output<typeof quickLoginSchema>, meta: ClientMeta) {
  const { db } = ctx;
  // the PIN is checked before the token is consumed, so a typo does not cost the device its session
  const found = await findRefreshToken(db, input.refreshToken);
  if (!found) throw refreshRefused();
  if ('reused' in found) {
    await revokeFamily(db, found.familyId);
    throw refreshRefused();
  }
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, found.userId), live(users)))
    .limit(1);
  if (!user || user.status !== 'activo') throw refreshRefused();
  const account = user.username;
  await takeAttempt(db, account, meta.address, 'pin');
  if (!(await verifySecret(user.pinHash, input.pin))) {
    await logEvent(db, 'PIN incorrecto', meta, { userId: user.id, username: account });
    throw new AppError('WRONG_PIN');
  }
  await clearAttempts(db, account, meta.address, 'pin');
  const session = await db.transaction(async (tx) => {
    const row = await consumeRefreshToken(tx, input.refreshToken);
    if (!row || 'reused' in row) {
      if (row) await revokeFamily(tx, row.familyId);
      return null;
    }
    const profile = await loadProfile(tx, user, row.branchId);
    return issueSession(tx, ctx.config, profile, { familyId: row.familyId, expiresAt: row.expiresAt, quick: true });
  });
  if (!session) throw refreshRefused();
  await logEvent(db, 'inicio rápido con PIN', meta, { userId: user.id, username: account, branchId: found.branchId });
  return { userId: user.id, payload: { token: session.token }, refresh_token: session.refresh_token };
}

export async function refresh(ctx: AppContext, token: string) {
  const { db } = ctx;
  const result = await db.transaction(async (tx) => {
    const consumed = await consumeRefreshToken(tx, token);
    if (!consumed) return null;
    if ('reused' in consumed) {
      await revokeFamily(tx, consumed.familyId);
      return null;
    }
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(users.id, consumed.userId), live(users)))
      .limit(1);
    if (!user || user.status !== 'activo') {
      await revokeFamily(tx, consumed.familyId);
      return null;
    }
    const profile = await loadProfile(tx, user, consumed.branchId);
    const session = await issueSession(tx, ctx.config, profile, { familyId: consumed.familyId, expiresAt: consumed.expiresAt });
    return { token: session.token, refresh_token: session.refresh_token };
  });
  if (!result) throw refreshRefused();
  return result;
}

export async function signOut(ctx: AppContext, actor: Actor, refreshToken: string | undefined, meta: ClientMeta) {
  await revokeFamily(ctx.db, actor.family);
  if (refreshToken) {
    const found = await findRefreshToken(ctx.db, refreshToken);
    if (found) await revokeFamily(ctx.db, found.familyId);
  }
  await logEvent(ctx.db, 'cierre de sesión', meta, { userId: actor.id, username: actor.username, branchId: actor.branchId });
}

async function currentUser(db: DbOrTx, id: string): Promise<UserRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), live(users)))
    .limit(1);
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user;
}

/**
 * The signed-in user's current password, judged within the attempt limit of sign-in (5 per account and address,
 * then 429): it guards account changes and refunds, and the same password signs in anywhere.
 */
async function currentPasswordMatches(ctx: AppContext, actor: Actor, user: UserRow, password: string): Promise<boolean> {
  const ip = actor.address?.ip ?? 'sistema';
  await takeAttempt(ctx.db, user.username, ip, 'password');
  if (!(await verifySecret(user.passwordHash, password))) return false;
  await clearAttempts(ctx.db, user.username, ip, 'password');
  return true;
}

async function assertCurrentPassword(ctx: AppContext, actor: Actor, user: UserRow, password: string) {
  if (!(await currentPasswordMatches(ctx, actor, user, password))) throw new AppError('PASSWORD_MISMATCH');
}

/** For other areas (a refund): the actor's password, limited like sign-in; a wrong one throws `wrong`. */
export async function assertActorPassword(ctx: AppContext, actor: Actor, password: string, wrong: AppError): Promise<void> {
  if (!(await currentPasswordMatches(ctx, actor, await currentUser(ctx.db, actor.id), password))) throw wrong;
}

export async function changePassword(ctx: AppContext, actor: Actor, input: z.infer<typeof changePasswordSchema>) {
  const user = await currentUser(ctx.db, actor.id);
  await assertCurrentPassword(ctx, actor, user, input.currentPassword);
  const passwordHash = await hashSecret(input.password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, actor.family);
    await recordChange(tx, actor, { module: 'users', action: 'cambiar contraseña', entityId: user.id, after: { password: 'cambiada' } });
  });
  return { message: 'Contraseña actualizada' };
}

export async function resetPin(ctx: AppContext, actor: Actor, input: z.infer<typeof resetPinSchema>) {
  const user = await currentUser(ctx.db, actor.id);
  await assertCurrentPassword(ctx, actor, user, input.currentPassword);
  const pinHash = await hashSecret(input.newPin);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ pinHash }).where(eq(users.id, user.id));
    await recordChange(tx, actor, { module: 'users', action: 'cambiar PIN', entityId: user.id, after: { pin: 'cambiado' } });
  });
  return { message: 'PIN actualizado' };
}

export const WELCOME_TTL_MS = 72 * 3600 * 1000;

/**
 * Stores a one-use code (hashed) for the user and mails it: the recovery request, and the welcome mail of
 * new staff, who set their first password with it through PUT /v1/user/change-password-code.
 */
export async function mailPasswordCode(
  ctx: Pick<AppContext, 'db' | 'mailer'>,
  user: Pick<UserRow, 'id' | 'name' | 'username'>,
  purpose: 'recovery' | 'welcome' = 'recovery',
) {
  const code = newRecoveryCode();
  const ttl = purpose === 'welcome' ? WELCOME_TTL_MS : RECOVERY_TTL_MS;
  await ctx.db.insert(passwordResetCodes).values({ userId: user.id, codeHash: sha256(code), expiresAt: new Date(Date.now() + ttl) });
  await ctx.mailer.send(
    purpose === 'welcome'
      ? {
          to: user.username,
          subject: 'Bienvenido: establezca su contraseña',
          text: `Hola ${user.name}:\n\nSe creó su usuario ${user.username}. Su código para establecer la contraseña es ${code}.\nÚselo en la opción «¿Olvidó su contraseña?» de la pantalla de inicio de sesión. Vence en 72 horas y sólo puede usarse una vez.`,
        }
      : {
          to: user.username,
          subject: 'Código para restablecer su contraseña',
          text: `Hola ${user.name}:\n\nSu código para restablecer la contraseña es ${code}.\nVence en 15 minutos y sólo puede usarse una vez.\n\nSi no lo solicitó, ignore este mensaje.`,
        },
  );
}

export async function requestRecovery(ctx: AppContext, email: string, meta: ClientMeta) {
  const { db } = ctx;
  const account = email.toLowerCase();
  // counted on every request (and never given back) so the address cannot flood a mailbox
  await takeAttempt(db, account, meta.address, 'recovery');
  const user = await findUserByUsername(db, account);
  if (user && user.status === 'activo') {
    await mailPasswordCode(ctx, user);
    await logEvent(db, 'código de recuperación enviado', meta, { userId: user.id, username: account });
  }
  // same answer whether or not the account exists
  return { message: 'Si el correo está registrado, recibirá un código para restablecer su contraseña' };
}

export async function changePasswordWithCode(ctx: AppContext, input: z.output<typeof recoveryChangeSchema>, meta: ClientMeta) {
  const { db } = ctx;
  await takeAttempt(db, 'recovery-code', meta.address, 'recovery-code');
  const [row] = await db
    .select()
    .from(passwordResetCodes)
    .where(and(eq(passwordResetCodes.codeHash, sha256(input.code)), isNull(passwordResetCodes.usedAt), gt(passwordResetCodes.expiresAt, new Date())))
    .limit(1);
  if (!row) throw new AppError('CODE_NOT_FOUND');
  // a right code proves its own e-mail only: it gives back its place, not the address's earlier guesses
  await releaseAttempt(db, 'recovery-code', meta.address, 'recovery-code');
  const passwordHash = await hashSecret(input.password);
  await db.transaction(async (tx) => {
    const used = await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.id, row.id), isNull(passwordResetCodes.usedAt)))
      .returning({ id: passwordResetCodes.id });
    if (!used.length) throw new AppError('CODE_NOT_FOUND');
    // one code used: the user's other pending codes are void too
    await tx
      .update(passwordResetCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetCodes.userId, row.userId), isNull(passwordResetCodes.usedAt)));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await revokeUserSessions(tx, row.userId);
    await recordChange(tx, null, { module: 'users', action: 'restablecer contraseña', entityId: row.userId, after: { password: 'restablecida' } });
  });
  await logEvent(db, 'contraseña restablecida con código', meta, { userId: row.userId });
  return { message: 'Contraseña actualizada' };
}

export async function checkIn(ctx: AppContext, actor: Actor, branchId: string, input: z.infer<typeof checkInSchema>, meta: ClientMeta) {
  const { db } = ctx;
  if (actor.branchBound && actor.branchId !== branchId) throw new AppError('BRANCH_FORBIDDEN');
  const branch = await activeBranch(db, branchId);
  if (!branch || !branch.active) throw new AppError('BRANCH_NOT_FOUND');
  const account = input.username.toLowerCase();
  await takeAttempt(db, account, meta.address, 'check-in');
  const staff = await findUserByUsername(db, account);
  if (!staff || !(await verifySecret(staff.passwordHash, input.password))) throw new AppError('INVALID_CREDENTIALS');
  const [role] = await db.select().from(roles).where(eq(roles.id, staff.roleId)).limit(1);
  if (staff.status !== 'activo' || (role.branchBound && staff.mainBranchId !== branch.id)) throw new AppError('CHECKIN_NOT_AUTHORIZED');
  await clearAttempts(db, account, meta.address, 'check-in');
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(checkIns).values({ userId: staff.id, branchId: branch.id, recordedById: actor.id }).returning();
    await recordChange(tx, actor, {
      module: 'users',
      action: 'registro de asistencia',
      entityId: staff.id,
      after: { branch: branch.name, checkedAt: row.checkedAt },
      affectedBranchId: branch.id,
    });
    return { id: row.id, userId: staff.id, fullname: fullName(staff), branchId: branch.id, branchName: branch.name, checkedAt: row.checkedAt };
  });
}
