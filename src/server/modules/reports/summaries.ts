import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Job } from '../../platform/jobs';

/*
 * The report summaries (migration 0028): report_money (a branch-day's money by sale kind, channel, kind, method and
 * currency) and report_cabin_day (a cabin-day's appointments by channel, confirmation and booked minutes by hour). The
 * detail's triggers only insert signed deltas; these two calls are the only writers of the day rows.
 */

/** Moves the pending deltas into the day rows (a second runner at the same time returns at once). */
export async function foldReportSummaries(db: DbOrTx): Promise<void> {
  await db.execute(sql`select report_summaries_fold()`);
}

/** Makes the summaries again from the detail: after a load that wrote rows with the triggers off (the demo's agenda, the volume data). */
export async function rebuildReportSummaries(db: DbOrTx): Promise<void> {
  await db.execute(sql`select report_summaries_rebuild()`);
}

export const summaryJobs: Job[] = [
  {
    name: 'resumir los reportes',
    everyMs: 60_000,
    atStart: true,
    run: async ({ db }) => {
      await foldReportSummaries(db);
    },
  },
];
