import { todayIn } from '../../../domain/age';
import { dayNumber, isoOfDay } from './bulk';

/** The day the demo data was written for, a Sunday: every date below is written as of that day. */
const WRITTEN_FOR = '2026-11-22';

/**
 * Whole weeks from that day to the load: the demo's "today" is the last Sunday on or before the day it is loaded, so its
 * agenda always runs into the coming weeks and its lots, coupons and packages are as fresh as on the day it was written;
 * whole weeks keep every weekday, so the clinics' schedules and the seeded draws give the same rows.
 */
const SHIFT_DAYS = Math.floor((dayNumber(todayIn()) - dayNumber(WRITTEN_FOR)) / 7) * 7;

/** A day of the demo as written (YYYY-MM-DD), moved to the load's weeks. */
export const demoDay = (iso: string): string => isoOfDay(dayNumber(iso) + SHIFT_DAYS);
/** An instant of the demo as written (epoch milliseconds), moved to the load's weeks. */
export const demoMs = (ms: number): number => ms + SHIFT_DAYS * 86_400_000;

/** The demo's "today": history runs up to the day before, the agenda two weeks past it. */
export const DEMO_TODAY = demoDay(WRITTEN_FOR);

/**
 * The demo's "now": the moment it is loaded. Its history (finished appointments with their sales, the inventory's
 * steps) runs up to it, and its agenda is booked from it two weeks ahead; no booking before it is left 'Agendada'.
 */
export const DEMO_NOW = new Date();
/** The load's day in the business time zone (Tijuana): the last day of the history, the first of the agenda ahead. */
export const LOAD_DAY = todayIn(undefined, DEMO_NOW);
