import { BUSINESS_TIME_ZONE, dateInZone } from './dates';

export const ADULT_AGE = 18;

/** Today's date (YYYY-MM-DD) in a time zone, so age does not depend on the machine's zone. */
export function todayIn(timeZone = BUSINESS_TIME_ZONE, now = new Date()): string {
  return dateInZone(timeZone, now);
}

/** Whole years between a birthday and a date, both YYYY-MM-DD (a 29 February birthday counts on 1 March). */
export function ageOn(birthday: string, on: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number);
  const [y, m, d] = on.split('-').map(Number);
  let age = y - by;
  if (m < bm || (m === bm && d < bd)) age -= 1;
  return age;
}

export function isAdult(birthday: string, on = todayIn()): boolean {
  return ageOn(birthday, on) >= ADULT_AGE;
}
