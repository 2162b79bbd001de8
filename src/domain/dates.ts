export const BUSINESS_TIME_ZONE = 'America/Tijuana';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** A YYYY-MM-DD day as the user reads it, DD/MM/YYYY ('' for none). */
export const dayMonthYear = (iso: string | null | undefined): string => (iso ? iso.split('-').reverse().join('/') : '');

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export const isIsoDate = (v: unknown): v is string =>
  typeof v === 'string' &&
  /^\d{4}-\d{2}-\d{2}$/.test(v) &&
  !Number.isNaN(Date.parse(v + 'T00:00:00Z')) &&
  new Date(v + 'T00:00:00Z').toISOString().startsWith(v);

/**
 * The days the business day is reckoned for (docs/decisions.md): a date filter or a dated field outside them is
 * refused with a 400 on its field. Beyond them the clock arithmetic breaks (year 10000 has no YYYY-MM-DD, and
 * Date.UTC reads the years 0–99 as 1900–1999), and no clinic record is that old or that far ahead.
 */
export const BUSINESS_DATES = { min: '1900-01-01', max: '2100-12-31' } as const;

/** A real calendar date (isIsoDate) within BUSINESS_DATES. */
export const isBusinessDate = (v: unknown): v is string => isIsoDate(v) && v >= BUSINESS_DATES.min && v <= BUSINESS_DATES.max;

/** Branch time zones by the spec's zone names. */
export const ZONE_TIME_ZONES = { Noroeste: 'America/Tijuana', Pacifico: 'America/Mazatlan', Centro: 'America/Mexico_City', Sureste: 'America/Cancun' } as const;
export type BranchZone = keyof typeof ZONE_TIME_ZONES;

/** Idle guard (section 9): 900000 ms, prompt 60000 ms before, throttle 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_PROMPT_MS = 60_000;
export const IDLE_THROTTLE_MS = 500;

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of a time zone at an instant: its date (YYYY-MM-DD) and the minutes since its midnight. */
export function zonedClock(timeZone: string, now: Date = new Date()): { date: string; minutes: number } {
  // every row of a list asks for today: formatToParts once per zone and minute
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = lastClock.get(timeZone);
  if (cached?.minute === minute) return cached.clock;
  const parts: Record<string, string> = {};
  for (const p of zoneFormatter(timeZone).formatToParts(now)) parts[p.type] = p.value;
  const clock = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) });
  lastClock.set(timeZone, { minute, clock });
  return clock;
}
const lastClock = new Map<string, { minute: number; clock: { date: string; minutes: number } }>();

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dateInZone(timeZone: string, now: Date = new Date()): string {
  return zonedClock(timeZone, now).date;
}

/** Minutes the zone's wall clock is ahead of UTC at an instant (−480 in Tijuana in winter). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const clock = zonedClock(timeZone, at);
  const [y, m, d] = clock.date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!) + clock.minutes * 60_000;
  return Math.round((wall - Math.floor(at.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * The instant a zone's wall clock shows `date` (YYYY-MM-DD) at `minutes` after midnight. A wall time
 * skipped by the spring change (02:30 in Tijuana on the second Sunday of March) is read with the
 * offset before the change (so it lands at 03:30); one repeated in autumn is its first occurrence.
 */
export function zonedInstant(timeZone: string, date: string, minutes = 0): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y!, m! - 1, d!) + minutes * 60_000;
  // the zone's offsets half a day either side: one of them is the offset at the instant sought
  const before = zoneOffsetMinutes(timeZone, new Date(wall - 12 * 3_600_000));
  const after = zoneOffsetMinutes(timeZone, new Date(wall + 12 * 3_600_000));
  const shows = (offset: number) => zoneOffsetMinutes(timeZone, new Date(wall - offset * 60_000)) === offset;
  const valid = [before, after].filter(shows).map((offset) => wall - offset * 60_000);
  return new Date(valid.length ? Math.min(...valid) : wall - before * 60_000);
}

/** A branch-local span as UTC instants, start included and end excluded: what every date filter compares with. */
export interface InstantRange {
  from: Date;
  to: Date;
}

const nextDate = (date: string): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + 1)).toISOString().slice(0, 10);
};

/** The business day `date` of a branch's zone, from its 00:00:00 to the next day's 00:00:00. */
export function businessDayRange(timeZone: string, date: string): InstantRange {
  return businessDaysRange(timeZone, date, date);
}

/** The branch-local days `fromDate` to `toDate`, both whole. */
export function businessDaysRange(timeZone: string, fromDate: string, toDate: string): InstantRange {
  return { from: zonedInstant(timeZone, fromDate), to: zonedInstant(timeZone, nextDate(toDate)) };
}

/** The business month `month` (YYYY-MM) of a branch's zone. */
export function businessMonthRange(timeZone: string, month: string): InstantRange {
  const [y, m] = month.split('-').map(Number);
  const first = `${month}-01`;
  const last = new Date(Date.UTC(y!, m!, 0)).toISOString().slice(0, 10);
  return businessDaysRange(timeZone, first, last);
}
