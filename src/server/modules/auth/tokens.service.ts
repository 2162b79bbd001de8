import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { refreshTokens, users } from '../../db/schema';
import { newOpaqueToken, sha256, signAccessToken } from '../../platform/auth/tokens';
import { fullName, type SessionProfile } from './session';
import { live } from '../../db/live';

export const REFRESH_TTL_MS = 12 * 3600 * 1000;
export const REMEMBER_REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export interface IssuedSession {
  token: string;
  refresh_token: string;
  familyId: string;
}

/** Signs an access token with the spec's claims and stores a new hashed refresh token of the family. */
export async function issueSession(
  db: DbOrTx,
  config: AppConfig,
  profile: SessionProfile,
  opts: { familyId?: string; expiresAt?: Date; remember?: boolean; quick?: boolean },
): Promise<IssuedSession> {
  const familyId = opts.familyId ?? randomUUID();
  const refresh = newOpaqueToken();
  const expiresAt = opts.expiresAt ?? new Date(Date.now() + (opts.remember ? REMEMBER_REFRESH_TTL_MS : REFRESH_TTL_MS));
  await db.insert(refreshTokens).values({ userId: profile.user.id, familyId, tokenHash: sha256(refresh), branchId: profile.branch?.id ?? null, expiresAt });
  const token = await signAccessToken(
    {
      sub: profile.user.id,
      username: profile.user.username,
      fullname: fullName(profile.user),
      role: profile.role.name,
      roleId: profile.role.id,
      branch: profile.branch?.id ?? null,
      branchName: profile.branch?.name ?? null,
      branchTimeZone: profile.branch?.timeZone ?? null,
      branchBound: profile.role.branchBound,
      extendedCancellationLimit: profile.role.extendedCancellationLimit,
      path: profile.user.lastPath ?? 'inicio',
      photo: profile.user.photo,
      privileges: profile.privileges as Record<string, string[]>,
      quick: opts.quick || undefined,
      fam: familyId,
    },
    config.jwtSecret,
    config.accessTokenSeconds,
  );
  return { token, refresh_token: refresh, familyId };
}

/**
 * Whether an access token's session is live, asked by the guard on every signed-in request: a live family has
 * exactly one refresh token neither used nor revoked (rotation marks the old one used and adds the next in one
 * transaction; sign-out, reuse detection, a password change and a deactivation revoke them), found through
 * the partial index refresh_tokens_live_family_idx; and its user is neither deleted nor inactive.
 */
export async function isSessionLive(db: DbOrTx, userId: string, familyId: string): Promise<boolean> {
  const statement = prepared(db, 'auth_live_session', (d) =>
    d
      .select({ live: sql<number>`1` })
      .from(refreshTokens)
      .innerJoin(users, eq(users.id, refreshTokens.userId))
      .where(
        and(
          eq(refreshTokens.familyId, sql.placeholder('familyId')),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          eq(refreshTokens.userId, sql.placeholder('userId')),
          live(users),
          eq(users.status, 'activo'),
        ),
      )
      .limit(1)
      .prepare('auth_live_session'),
  );
  return (await statement.execute({ familyId, userId })).length > 0;
}

export async function revokeFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes every session of a user, optionally keeping the one in use. */
export async function revokeUserSessions(db: DbOrTx, userId: string, keepFamily?: string): Promise<void> {
  const conditions = [eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)];
  if (keepFamily) conditions.push(ne(refreshTokens.familyId, keepFamily));
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(...conditions));
}

export type RefreshRow = typeof refreshTokens.$inferSelect;

/** A live refresh token, or the family of one already used (a replay), or null. */
export async function findRefreshToken(db: DbOrTx, token: string): Promise<RefreshRow | { reused: true; familyId: string } | null> {
  const [row] = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)))
    .limit(1);
  if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return null;
  if (row.usedAt) return { reused: true, familyId: row.familyId };
  return row;
}

/**
 * Consumes a refresh token once. A token already used means it was stolen or replayed:
 * its whole family is revoked. Expired, revoked or unknown tokens answer 422.
 */
export async function consumeRefreshToken(db: DbOrTx, token: string): Promise<RefreshRow | { reused: true; familyId: string } | null> {
  const row = await findRefreshToken(db, token);
  if (!row || 'reused' in row) return row;
  const updated = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  // a concurrent request consumed it first: treat as reuse
  if (!updated.length) return { reused: true, familyId: row.familyId };
  return row;
}
