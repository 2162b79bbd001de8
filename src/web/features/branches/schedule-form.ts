import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { CLOSED_TIME, isClosed, WEEK_DAYS, type ScheduleEntry } from '../../../domain/schedules';

/** One row of the week editor, at the index of its day: switched on or off, and its time range. */
export interface WeekRow {
  enabled: boolean;
  range: [Dayjs, Dayjs] | null;
}

// main.tsx extends it too; repeated here so the conversions stand alone (unit tests)
dayjs.extend(customParseFormat);

const at = (time: string) => dayjs(time, 'HH:mm');

export function toWeek(schedules: readonly ScheduleEntry[] | undefined): WeekRow[] {
  return WEEK_DAYS.map((day) => {
    const entry = schedules?.find((s) => s.day === day);
    const open = Boolean(entry && !isClosed(entry));
    return { enabled: open, range: open && entry ? [at(entry.opening), at(entry.closing)] : null };
  });
}

/** Every day goes out: a day switched off is sent closed (00:00 - 00:00). */
export function fromWeek(week: readonly WeekRow[] | undefined): ScheduleEntry[] {
  return WEEK_DAYS.map((day) => {
    const row = week?.[day];
    if (!row?.enabled || !row.range) return { day, opening: CLOSED_TIME, closing: CLOSED_TIME };
    return { day, opening: row.range[0].format('HH:mm'), closing: row.range[1].format('HH:mm') };
  });
}

/** The entry of one editor row, or null while the day is off or incomplete. */
export function rowEntry(day: number, row: WeekRow | undefined): ScheduleEntry | null {
  if (!row?.enabled || !row.range?.[0] || !row.range?.[1]) return null;
  return { day, opening: row.range[0].format('HH:mm'), closing: row.range[1].format('HH:mm') };
}

/** A new branch starts with the chain's usual week: Mon–Fri 09:00–20:00, Sat 09:00–15:00. */
export const USUAL_WEEK: ScheduleEntry[] = WEEK_DAYS.map((day) =>
  day === 0
    ? { day, opening: CLOSED_TIME, closing: CLOSED_TIME }
    : day === 6
      ? { day, opening: '09:00', closing: '15:00' }
      : { day, opening: '09:00', closing: '20:00' },
);
