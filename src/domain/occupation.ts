import { confirmMethodLabels, lockWindow, SLOT_MINUTES, type LockLike } from './agenda';
import { cabinDayHours, DAY_MINUTES } from './appointment-rules';
import type { ScheduleEntry } from './schedules';
import { minutes } from './schedules';
import type { ConfirmationMethod } from './reports';

/**
 * The agenda reports' pure parts (second document, sections 4 and 9): a cabin's open minutes on a day (its hours as
 * the booking checks them, cabinDayHours, minus what its locks block, lockWindow), split by hour for the heat map, and
 * the labels the report rows show.
 */

/** [start, end) in minutes of the day. */
export type Interval = readonly [number, number];

/**
 * What a lock blocks in one cabin on one date, as the booking reads it (lockBlocks): an 'hour' lock only its own
 * half-hour slots, every other type its window (lockWindow).
 */
export function lockIntervals(lock: LockLike, cabinId: string, date: string): Interval[] {
  const window = lockWindow(lock, cabinId, date);
  if (!window) return [];
  if (lock.type !== 'hour') return [window];
  return lock.time.map((t): Interval => {
    const s = minutes(t);
    return [s, s + SLOT_MINUTES];
  });
}

/** The parts of `base` no interval of `cuts` covers, in order. */
export function subtractIntervals(base: Interval | null, cuts: readonly Interval[]): Interval[] {
  return base ? subtractFromAll([base], cuts) : [];
}

/** The same from several intervals (one subtraction's answer, with more to take away). */
export function subtractFromAll(base: readonly Interval[], cuts: readonly Interval[]): Interval[] {
  let parts = base as Interval[];
  for (const [cs, ce] of cuts) {
    const next: Interval[] = [];
    for (const [s, e] of parts) {
      if (ce <= s || cs >= e) next.push([s, e]);
      else {
        if (cs > s) next.push([s, cs]);
        if (ce < e) next.push([ce, e]);
      }
    }
    parts = next;
  }
  return parts;
}

/**
 * The minutes a cabin is open for booking on a date: the cabin's hours of that weekday within the branch's
 * (cabinDayHours, the booking's rule), minus every lock of the branch that blocks the cabin that day.
 */
export function cabinOpenIntervals(
  branchSchedule: readonly ScheduleEntry[],
  cabinSchedule: readonly ScheduleEntry[],
  locks: readonly LockLike[],
  cabinId: string,
  date: string,
  weekDay: number,
): Interval[] {
  const hours = cabinDayHours(branchSchedule, cabinSchedule, weekDay);
  if (!hours) return [];
  return subtractIntervals(
    hours,
    locks.flatMap((l) => lockIntervals(l, cabinId, date)),
  );
}

export const intervalMinutes = (intervals: readonly Interval[]) => intervals.reduce((sum, [s, e]) => sum + Math.max(0, e - s), 0);

/** Adds the minutes of each interval (`times` over: as many days alike) to the hours of the day they fall in (`byHour` has 24 places). */
export function addByHour(byHour: number[], intervals: readonly Interval[], times = 1): number[] {
  for (const [s, e] of intervals)
    for (let h = Math.floor(s / 60); h < 24 && h * 60 < e; h++)
      byHour[h] = (byHour[h] ?? 0) + Math.max(0, Math.min(e, (h + 1) * 60) - Math.max(s, h * 60)) * times;
  return byHour;
}

/** 'HH:mm' start and end of an appointment → its minutes ('00:00' as an end is midnight). */
export function appointmentInterval(startTime: string, endTime: string): Interval {
  const end = minutes(endTime.slice(0, 5));
  return [minutes(startTime.slice(0, 5)), end === 0 ? DAY_MINUTES : end];
}

/** The hour of the day as the heat map's column reads it: 9 → '09:00'. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The stored confirm_method (CONFIRM_METHODS) → the report's column (CONFIRMATION_METHODS): si → yes, buzón → voicemail. */
export const CONFIRMATION_OF_METHOD: Record<keyof typeof confirmMethodLabels, ConfirmationMethod> = {
  si: 'yes',
  no: 'no',
  whatsapp: 'whatsapp',
  buzón: 'voicemail',
  email: 'email',
  app: 'app',
  ecommerce: 'ecommerce',
};

export const UNCONFIRMED_LABEL = 'Sin confirmar';

/** What the agenda's card shows for a confirm method: its label, or 'Sin confirmar' when none. */
export function confirmationLabel(method: string | null): string {
  if (!method) return UNCONFIRMED_LABEL;
  return confirmMethodLabels[method as keyof typeof confirmMethodLabels] ?? method;
}
