import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { AppError } from '../../platform/errors';

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type FailureKind = 'sign-in' | 'pin' | 'password' | 'recovery' | 'recovery-code' | 'check-in';

/** 5 failures per account and address in 15 minutes → 429 until the window passes. */
export async function assertNotLimited(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(authFailures)
    .where(
      and(
        eq(authFailures.account, account),
        eq(authFailures.address, address),
        eq(authFailures.kind, kind),
        gt(authFailures.createdAt, new Date(Date.now() - FAILURE_WINDOW_MS)),
      ),
    );
  if (row.n >= MAX_FAILURES) throw new AppError('TOO_MANY_ATTEMPTS');
}

export async function recordFailure(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  await db.insert(authFailures).values({ account, address, kind });
}

export async function clearFailures(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  await db.delete(authFailures).where(and(eq(authFailures.account, account), eq(authFailures.address, address), eq(authFailures.kind, kind)));
}
