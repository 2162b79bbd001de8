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
