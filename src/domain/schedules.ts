import { z } from 'zod';
import { msg } from './validation';

/** Days of the week as the spec numbers them: 0 Sunday … 6 Saturday. */
export const WEEK_DAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export const dayLabels = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'] as const;

/** Section 9: the time pickers move in 30-minute steps. */
export const SCHEDULE_STEP_MINUTES = 30;
/** 00:00 for both opening and closing means the day is closed. */
export const CLOSED_TIME = '00:00';

export const NO_BRANCH_SCHEDULE = 'Sucursal sin horarios';
export const SCHEDULE_RANGE_REQUIRED = msg.required('horario');
export const SCHEDULE_ORDER = 'La hora de cierre debe ser posterior a la de apertura';
export const SCHEDULE_STEP = `Las horas deben ir en intervalos de ${SCHEDULE_STEP_MINUTES} minutos`;
export const SCHEDULE_DAY_REPEATED = 'Cada día de la semana puede aparecer una sola vez';
export const outsideBranchHours = (opening: string, closing: string) => `El horario de la sucursal es de ${opening} - ${closing}`;

export interface ScheduleEntry {
  day: number;
  opening: string;
  closing: string;
}

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/;

/** 'HH:mm' (a trailing ':00' from the database is accepted and dropped). */
export const timeOfDay = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .regex(TIME, msg.invalid(label))
    .transform((v) => v.slice(0, 5))
    .refine((v) => minutes(v) % SCHEDULE_STEP_MINUTES === 0, SCHEDULE_STEP);

export function minutes(time: string): number {
  // read without splitting: the occupation report calls this a million times for a chain-year
  const colon = time.indexOf(':');
  if (colon < 0) return NaN;
  return Number(time.slice(0, colon)) * 60 + Number(time.slice(colon + 1, colon + 3));
}

export function isClosed(entry: Pick<ScheduleEntry, 'opening' | 'closing'>): boolean {
  return entry.opening === CLOSED_TIME && entry.closing === CLOSED_TIME;
}

export const scheduleEntrySchema = z
  .object({
    day: z
      .number({ error: msg.required('día') })
      .int(msg.invalid('día'))
      .min(0, msg.invalid('día'))
      .max(6, msg.invalid('día')),
    opening: timeOfDay('hora de apertura'),
    closing: timeOfDay('hora de cierre'),
  })
  .refine((e) => isClosed(e) || minutes(e.opening) < minutes(e.closing), { message: SCHEDULE_ORDER, path: ['closing'] });

/** The write payload's `schedule`: at most one entry per day; a day left out is closed. */
export const scheduleSchema = z
  .array(scheduleEntrySchema, { error: msg.invalid('horario') })
  .max(7, msg.invalid('horario'))
  .refine((list) => new Set(list.map((e) => e.day)).size === list.length, SCHEDULE_DAY_REPEATED);

/** Open days only, sorted by day. */
export function openDays(schedule: readonly ScheduleEntry[]): ScheduleEntry[] {
  return schedule.filter((e) => !isClosed(e)).sort((a, b) => a.day - b.day);
}

export function hasSchedules(schedule: readonly ScheduleEntry[]): boolean {
  return openDays(schedule).length > 0;
}

/**
 * Why one cabin day does not fit the branch (section 5), or null when it does: a branch without
 * any open day gives 'Sucursal sin horarios'; otherwise the range must lie within that day's hours.
 */
export function cabinDayIssue(entry: ScheduleEntry, branchSchedule: readonly ScheduleEntry[]): string | null {
  if (isClosed(entry)) return null;
  if (!hasSchedules(branchSchedule)) return NO_BRANCH_SCHEDULE;
  const branchDay = branchSchedule.find((b) => b.day === entry.day);
  if (!branchDay || isClosed(branchDay)) return outsideBranchHours(CLOSED_TIME, CLOSED_TIME);
  const inside = minutes(entry.opening) >= minutes(branchDay.opening) && minutes(entry.closing) <= minutes(branchDay.closing);
  return inside ? null : outsideBranchHours(branchDay.opening, branchDay.closing);
}

/** Every cabin day outside the branch's hours, with its index in the payload (the server's field errors). */
export function cabinScheduleIssues(
  schedule: readonly ScheduleEntry[],
  branchSchedule: readonly ScheduleEntry[],
): { index: number; day: number; message: string }[] {
  const issues: { index: number; day: number; message: string }[] = [];
  schedule.forEach((entry, index) => {
    const message = cabinDayIssue(entry, branchSchedule);
    if (message) issues.push({ index, day: entry.day, message });
  });
  return issues;
}

/** '09:00 - 20:00', or 'Cerrado' for a closed or missing day (detail views). */
export function describeDay(entry: ScheduleEntry | undefined): string {
  return !entry || isClosed(entry) ? 'Cerrado' : `${entry.opening} - ${entry.closing}`;
}

/** A typed time off the 30-minute step, named by its day: 'Martes: la hora debe ser en punto o y media (08:30)'. */
export const offStepMessage = (day: number) => `${dayLabels[day] ?? 'Horario'}: la hora debe ser en punto o y media (08:30)`;

/** Whether 'HH:mm' falls on the 30-minute step (the time pickers' step, section 9). */
export function onScheduleStep(time: string): boolean {
  return minutes(time) % SCHEDULE_STEP_MINUTES === 0;
}

/** 'HH:mm' without the step check, which the day's entry makes so its message can name the day. */
const clockTime = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .regex(TIME, msg.invalid(label))
    .transform((v) => v.slice(0, 5));

/** One day of a week: valid times on the 30-minute step (the message names the day), closing after opening. */
export const weekDaySchema = z
  .object({
    day: z
      .number({ error: msg.required('día') })
      .int(msg.invalid('día'))
      .min(0, msg.invalid('día'))
      .max(6, msg.invalid('día')),
    opening: clockTime('hora de apertura'),
    closing: clockTime('hora de cierre'),
  })
  .superRefine((e, ctx) => {
    for (const field of ['opening', 'closing'] as const) {
      if (!onScheduleStep(e[field])) ctx.addIssue({ code: 'custom', path: [field], message: offStepMessage(e.day) });
    }
    if (!isClosed(e) && minutes(e.opening) >= minutes(e.closing)) ctx.addIssue({ code: 'custom', path: ['closing'], message: SCHEDULE_ORDER });
  });

/** A branch's or cabin's week on writes (`schedule`): scheduleSchema's rules, with the day named on an off-step time. */
export const weekScheduleSchema = z
  .array(weekDaySchema, { error: msg.invalid('horario') })
  .max(7, msg.invalid('horario'))
  .refine((list) => new Set(list.map((e) => e.day)).size === list.length, SCHEDULE_DAY_REPEATED);

export const BRANCH_CLOSED_THAT_DAY = 'La sucursal está cerrada ese día';

/** cabinDayIssue, with a day the branch does not open said in words ('La sucursal está cerrada ese día'). */
export function cabinWeekDayIssue(entry: ScheduleEntry, branchSchedule: readonly ScheduleEntry[]): string | null {
  const issue = cabinDayIssue(entry, branchSchedule);
  if (!issue || issue === NO_BRANCH_SCHEDULE) return issue;
  const branchDay = branchSchedule.find((b) => b.day === entry.day);
  return !branchDay || isClosed(branchDay) ? BRANCH_CLOSED_THAT_DAY : issue;
}

/** cabinScheduleIssues with cabinWeekDayIssue's messages (the server's field errors). */
export function cabinWeekIssues(
  schedule: readonly ScheduleEntry[],
  branchSchedule: readonly ScheduleEntry[],
): { index: number; day: number; message: string }[] {
  return schedule.flatMap((entry, index) => {
    const message = cabinWeekDayIssue(entry, branchSchedule);
    return message ? [{ index, day: entry.day, message }] : [];
  });
}
