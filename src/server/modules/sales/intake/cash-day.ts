import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';

/**
 * A sale and a closing of the same branch exclude each other: sales take the branch's lock shared (they run side by
 * side), a closing takes it alone, so no payment lands in a day while that day is being closed.
 */
export async function lockBranchDay(tx: DbOrTx, branchId: string, mode: 'shared' | 'exclusive'): Promise<void> {
  const fn = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await tx.execute(sql`select ${fn}(hashtextextended(${`cash-day:${branchId}`}, 0))`);
}

/** The day whose closing counts a payment made today: today, or the day after the last one already closed. */
export async function cashDayOf(tx: DbOrTx, branchId: string, today: string): Promise<string> {
  const result = (await tx.execute(
    sql`select greatest(${today}::date, coalesce(max(business_date) + 1, ${today}::date))::text as day
        from daily_cash_closings where branch_id = ${branchId} and deleted_at is null`,
  )) as unknown as { rows: { day: string }[] };
  return result.rows[0]!.day;
}
