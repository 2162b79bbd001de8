import { and, eq, gte, lt, type AnyColumn, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE, businessDaysRange, isBusinessDate, isIsoDate } from '../../domain/dates';
import { msg } from '../../domain/validation';
import type { DbOrTx } from '../db/client';
import { branches } from '../db/schema';
import { AppError } from './app-error';

/** The zone a branch keeps its business day in: the business one when no branch applies or it is not found. */
export async function branchTimeZone(db: DbOrTx, branchId: string | null | undefined): Promise<string> {
  if (!branchId) return BUSINESS_TIME_ZONE;
  const [branch] = await db.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, branchId)).limit(1);
  return branch?.timeZone ?? BUSINESS_TIME_ZONE;
}

/**
 * A YYYY-MM-DD that is a day of the calendar (2026-02-30 is not) within BUSINESS_DATES: a 400 on its field otherwise.
 * The contracts' optionalDate refuses them first; this keeps a caller that skipped it from a RangeError (a 500).
 */
function calendarDate(value: string, field: string): string {
  if (!isBusinessDate(value)) {
    const message = isIsoDate(value) ? msg.dateRange('fecha') : 'La fecha no es válida';
    throw new AppError('VALIDATION_FAILED', message, [{ field, message }]);
  }
  return value;
}

export interface DateFilter {
  startDate?: string;
  endDate?: string;
}

/** The range [from, to) of the whole business days startDate..endDate (either may be absent) of a zone, the dates checked. */
function daysRange(timeZone: string, q: DateFilter) {
  const start = q.startDate ? calendarDate(q.startDate, 'startDate') : undefined;
  const end = q.endDate ? calendarDate(q.endDate, 'endDate') : undefined;
  if (!start && !end) return undefined;
  const range = businessDaysRange(timeZone, start ?? end!, end ?? start!);
  return { from: start ? range.from : undefined, to: end ? range.to : undefined };
}

/**
 * A timestamptz column within the whole business days startDate..endDate of a zone: the days become one UTC
 * range [from, to), compared with the column itself so its index serves, and a day of a daylight-saving change
 * has its 23 or 25 hours.
 */
export function withinBusinessDays(column: AnyColumn | SQL, timeZone: string, q: DateFilter): SQL | undefined {
  const range = daysRange(timeZone, q);
  // a column and an expression compare alike; the cast only picks drizzle's expression overload
  const at = column as SQL;
  return range && and(range.from && gte(at, range.from), range.to && lt(at, range.to));
}

/**
 * The date filter of a list in the zone of the branch it reads (the branch filtered, else the actor's own; the
 * business zone when neither applies). The dates are checked at once (a bad one throws here, a 400); the zone is
 * read from the database, so the condition is a promise, which a list's filters may hold.
 */
export function businessDaysFilter(
  db: DbOrTx,
  column: AnyColumn | SQL,
  branchId: string | null | undefined,
  q: DateFilter,
): Promise<SQL | undefined> | undefined {
  if (!daysRange(BUSINESS_TIME_ZONE, q)) return undefined;
  return branchTimeZone(db, branchId).then((timeZone) => withinBusinessDays(column, timeZone, q));
}
