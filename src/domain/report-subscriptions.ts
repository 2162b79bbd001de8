import { zonedClock, zonedInstant } from './dates';
import { addDays } from './loyalty';
import type { ReportMeta } from './reports';

/**
 * Scheduled delivery of a report (issue 29): a subscription mails its report as .xlsx every day, week or month at a
 * local hour of its branch's zone. Each due occurrence covers the period just ended: the day before (daily), the
 * last week Monday–Sunday (weekly, sent on Mondays) or the last month (monthly, sent on the 1st).
 */

export const SUBSCRIPTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type SubscriptionFrequency = (typeof SUBSCRIPTION_FREQUENCIES)[number];

export const FREQUENCY_LABELS: Record<SubscriptionFrequency, string> = { daily: 'Diario', weekly: 'Semanal (lunes)', monthly: 'Mensual (día 1)' };

/** What each frequency sends: the period just ended when it is due. */
export const FREQUENCY_PERIODS: Record<SubscriptionFrequency, string> = { daily: 'el día anterior', weekly: 'la semana anterior', monthly: 'el mes anterior' };

/** More addresses besides the owner's. */
export const MAX_EXTRA_RECIPIENTS = 10;

/** Tries of one delivery before it is left as failed, and the wait before each retry (after the 1st and 2nd failure). */
export const DELIVERY_TRIES = 3;
export const RETRY_DELAYS_MS = [5 * 60_000, 30 * 60_000] as const;

export const DELIVERY_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const SUBSCRIPTION_MESSAGES = {
  sent: 'Enviado',
  pending: 'Pendiente',
  sending: 'Enviando',
  error: (reason: string) => `Error: ${reason}`,
  duplicateRecipient: 'El destinatario está repetido',
  ownerInactive: 'El usuario dueño del envío ya no está activo',
};

/** The result a delivery shows in the list: 'Enviado', 'Error: …' (with its tries), 'Pendiente' or 'Enviando'. */
export function deliveryResult(d: { status: DeliveryStatus; error: string | null }): string {
  if (d.status === 'sent') return SUBSCRIPTION_MESSAGES.sent;
  if (d.status === 'failed') return SUBSCRIPTION_MESSAGES.error(d.error ?? 'desconocido');
  return SUBSCRIPTION_MESSAGES[d.status];
}

/** 7 → '07:00'. */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The weekday of a YYYY-MM-DD, Monday = 0 … Sunday = 6. */
const weekdayMonday0 = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** The local day of the latest occurrence on or before `today` (before the hour, today's does not count yet). */
function occurrenceDay(frequency: SubscriptionFrequency, today: string): string {
  if (frequency === 'daily') return today;
  if (frequency === 'weekly') return addDays(today, -weekdayMonday0(today));
  return `${today.slice(0, 7)}-01`;
}

/** The occurrence before the one on `day`. */
function previousOccurrenceDay(frequency: SubscriptionFrequency, day: string): string {
  if (frequency === 'daily') return addDays(day, -1);
  if (frequency === 'weekly') return addDays(day, -7);
  return `${addDays(day, -1).slice(0, 7)}-01`;
}

export interface Occurrence {
  /** The branch-local day it falls on. */
  day: string;
  /** The instant it is due: that day at the hour in the zone. */
  at: Date;
}

/** The latest occurrence of a schedule due at or before `now` (its local day and its instant). */
export function latestOccurrence(schedule: { frequency: SubscriptionFrequency; hour: number; timeZone: string }, now: Date): Occurrence {
  const { frequency, hour, timeZone } = schedule;
  const clock = zonedClock(timeZone, now);
  let day = occurrenceDay(frequency, clock.date);
  let at = zonedInstant(timeZone, day, hour * 60);
  if (at.getTime() > now.getTime()) {
    day = previousOccurrenceDay(frequency, day);
    at = zonedInstant(timeZone, day, hour * 60);
  }
  return { day, at };
}

/** The days an occurrence reports, both included: the day before, the week before (Mon–Sun) or the month before. */
export function occurrencePeriod(frequency: SubscriptionFrequency, day: string): { from: string; to: string } {
  const to = addDays(day, -1);
  if (frequency === 'daily') return { from: to, to };
  if (frequency === 'weekly') return { from: addDays(day, -7), to };
  return { from: `${to.slice(0, 7)}-01`, to };
}

/**
 * The period filters of the report for an occurrence: its date range when the report takes dates; else the month of
 * the period's last day (a month report), else its year (a year report).
 */
export function periodQuery(
  meta: Pick<ReportMeta, 'filters'>,
  period: { from: string; to: string },
): { startDate?: string; endDate?: string; month?: string; year?: number } {
  if (meta.filters.includes('dates')) return { startDate: period.from, endDate: period.to };
  if (meta.filters.includes('month')) return { month: period.to.slice(0, 7) };
  if (meta.filters.includes('year')) return { year: Number(period.to.slice(0, 4)) };
  return {};
}

/** When the next occurrence is due after `now` (for the list). */
export function nextOccurrence(schedule: { frequency: SubscriptionFrequency; hour: number; timeZone: string }, now: Date): Date {
  const { frequency, hour, timeZone } = schedule;
  const latest = latestOccurrence(schedule, now);
  const nextDay =
    frequency === 'daily' ? addDays(latest.day, 1) : frequency === 'weekly' ? addDays(latest.day, 7) : `${addDays(latest.day, 31).slice(0, 7)}-01`;
  return zonedInstant(timeZone, nextDay, hour * 60);
}
