import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authFailures } from '../../db/schema';
import { AppError } from '../../platform/errors';

/** Per account and address: 5 attempts that did not succeed in a 15-minute window. */
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Per account across addresses: 10 free attempts a day; from the 10th on, each one must wait a delay after
 * the previous one, doubling from 30 seconds up to 15 minutes. A stranger guessing from many addresses gets
 * a few guesses an hour; the real user, at worst, waits minutes.
 */
export const ACCOUNT_FREE_FAILURES = 10;
export const ACCOUNT_FIRST_DELAY_MS = 30 * 1000;
export const ACCOUNT_MAX_DELAY_MS = 15 * 60 * 1000;
export const ACCOUNT_WINDOW_MS = 24 * 3600 * 1000;

export type FailureKind = 'sign-in' | 'pin' | 'password' | 'recovery' | 'recovery-code' | 'check-in';

/** The kinds whose account is a person, limited across addresses too ('recovery-code' counts per address only). */
const ACCOUNT_WIDE: ReadonlySet<FailureKind> = new Set(['sign-in', 'pin', 'password', 'check-in']);

/** The address of an account's row across addresses (no client address looks like it). */
export const ANY_ADDRESS = '*';

const ms = (n: number) => sql.raw(`interval '${n} milliseconds'`);
const int = (n: number) => sql.raw(String(n));
const key = [authFailures.account, authFailures.address, authFailures.kind];
const { failures, createdAt, lockedUntil } = authFailures;

/** Within the window that started at created_at: its count goes on, else a new window starts. */
function counted(window: SQL) {
  const open = sql`${createdAt} > now() - ${window}`;
  const next = sql`(case when ${open} then ${failures} + 1 else 1 end)`;
  return { open, next, start: sql`case when ${open} then ${createdAt} else now() end` };
}

/**
 * Takes this attempt's place in the counters before its secret is checked, or refuses it with 429. One row per
 * account, address and kind (and one per account and kind across addresses) is incremented by a single
 * INSERT … ON CONFLICT DO UPDATE … WHERE below-the-limit: PostgreSQL locks the row and judges the condition
 * on its latest version, so of 300 attempts sent at once exactly 5 get a place, however they interleave,
 * and the slow argon2 check runs after the lock is released. Both rows change in one transaction, taken in
 * the same order by everyone: an attempt the account refuses does not count against its address.
 * A success gives the places back (clearAttempts); a failure keeps its place: nothing else to record.
 */
export async function takeAttempt(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  await db.transaction(async (tx) => {
    const perAddress = counted(ms(FAILURE_WINDOW_MS));
    const placed = await tx
      .insert(authFailures)
      .values({ account, address, kind, failures: 1 })
      .onConflictDoUpdate({
        target: key,
        set: { failures: perAddress.next, createdAt: perAddress.start, updatedAt: sql`now()` },
        setWhere: sql`not (${perAddress.open}) or ${failures} < ${int(MAX_FAILURES)}`,
      })
      .returning({ failures });
    if (!placed.length) throw new AppError('TOO_MANY_ATTEMPTS');
    if (!ACCOUNT_WIDE.has(kind)) return;
    const perAccount = counted(ms(ACCOUNT_WINDOW_MS));
    // the delay after this attempt, set before it is judged: the next one waits whatever this one's outcome
    const exponent = sql`least(${perAccount.next} - ${int(ACCOUNT_FREE_FAILURES)}, 16)`;
    const delay = sql`least(${int(ACCOUNT_FIRST_DELAY_MS)} * power(2, ${exponent}), ${int(ACCOUNT_MAX_DELAY_MS)}) * interval '1 millisecond'`;
    const accountPlaced = await tx
      .insert(authFailures)
      .values({ account, address: ANY_ADDRESS, kind, failures: 1 })
      .onConflictDoUpdate({
        target: key,
        set: {
          failures: perAccount.next,
          createdAt: perAccount.start,
          lockedUntil: sql`case when ${perAccount.next} >= ${int(ACCOUNT_FREE_FAILURES)} then now() + ${delay} else null end`,
          updatedAt: sql`now()`,
        },
        setWhere: sql`${lockedUntil} is null or ${lockedUntil} <= now()`,
      })
      .returning({ failures });
    if (!accountPlaced.length) throw new AppError('TOO_MANY_ATTEMPTS');
  });
}

/**
 * The two rows of an attempt, one statement each, the address's first: the order takeAttempt locks them in
 * (one statement over both could lock the account's row first and deadlock with an attempt in flight).
 */
async function eachRow(account: string, address: string, kind: FailureKind, change: (where: SQL) => Promise<unknown>): Promise<void> {
  const of = (a: string) => and(eq(authFailures.account, account), eq(authFailures.address, a), eq(authFailures.kind, kind))!;
  await change(of(address));
  if (ACCOUNT_WIDE.has(kind)) await change(of(ANY_ADDRESS));
}

/** The secret was right: the address and the account start again. */
export async function clearAttempts(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  await eachRow(account, address, kind, (where) => db.delete(authFailures).where(where));
}

/** Gives back this attempt's place without forgiving the others (a right answer that proves less than the account). */
export async function releaseAttempt(db: DbOrTx, account: string, address: string, kind: FailureKind): Promise<void> {
  await eachRow(account, address, kind, (where) =>
    db
      .update(authFailures)
      .set({ failures: sql`greatest(${failures} - 1, 0)`, updatedAt: sql`now()` })
      .where(where),
  );
}
