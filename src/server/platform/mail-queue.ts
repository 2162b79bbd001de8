import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/** The columns of a queue of mails to send (report deliveries, reminder messages). */
interface QueueColumns {
  id: PgColumn;
  status: PgColumn;
  tries: PgColumn;
  nextTryAt: PgColumn;
  claimedAt: PgColumn;
}

/** A claim older than this (its runner died mid-send) may be taken again. */
const STALE_CLAIM_MS = 30 * 60_000;

/**
 * Takes the queue's next due row for this runner (pending or failed with tries left, or a stale claim), marking it
 * 'sending' with one more try. Another runner's claim is skipped, never waited for (FOR UPDATE SKIP LOCKED): however
 * many API processes run the job, a row is sent once.
 */
export async function claimNextDue<T extends PgTable & QueueColumns>(
  db: DbOrTx,
  queue: T,
  maxTries: number,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  const stale = new Date(now.getTime() - STALE_CLAIM_MS);
  const next = db
    .select({ id: queue.id })
    .from(queue as PgTable)
    .where(
      and(
        lt(queue.tries, maxTries),
        lte(queue.nextTryAt, now),
        or(inArray(queue.status, ['pending', 'failed']), and(eq(queue.status, 'sending'), lt(queue.claimedAt, stale))),
      ),
    )
    .orderBy(asc(queue.nextTryAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(queue as PgTable)
    .set({ status: 'sending', tries: sql`${queue.tries} + 1`, claimedAt: now } as never)
    .where(inArray(queue.id, next))
    .returning();
  return (claimed as T['$inferSelect'][])[0];
}

/** When a failed try is tried again: its try number's delay (the last one for any later try). */
export const retryAt = (tries: number, delaysMs: readonly number[], now: Date): Date =>
  new Date(now.getTime() + (delaysMs[Math.min(tries, delaysMs.length) - 1] ?? 0));
