import { BUSINESS_TIME_ZONE, dateInZone } from '../../domain/dates';

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: unknown[]): string {
  return values.map(cell).join(',') + '\r\n';
}

/** The download's name with the business day it was taken on (America/Tijuana), not UTC's: at 17:00 in Tijuana UTC is already tomorrow. */
export function csvFileName(name: string, now: Date = new Date(), timeZone: string = BUSINESS_TIME_ZONE): string {
  return `${name}-${dateInZone(timeZone, now)}.csv`;
}
