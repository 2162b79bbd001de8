import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/dates';
import { businessTimeZone } from './time-zone';
export { formatMoney } from '../../domain/money';
export { businessTimeZone, setDefaultTimeZone } from './time-zone';

/** A date in the business zone, or in the record's own branch zone when it carries one. */
export function formatDate(value: string | Date | null | undefined, timeZone = businessTimeZone()): string {
  return value ? dayjs(value).tz(timeZone).format(DATE_FORMAT) : '';
}

/** A calendar day ('YYYY-MM-DD', e.g. an appointment's date) as DD/MM/YYYY, with no time-zone shift. */
export const formatCalendarDate = (iso: string | null | undefined): string => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '');

export function formatDateTime(value: string | Date | null | undefined, timeZone = businessTimeZone()): string {
  return value ? dayjs(value).tz(timeZone).format(DATE_TIME_FORMAT) : '';
}

/** The wall-clock time (02:30 PM) in the business zone, or the record's branch zone. */
export function formatTime(value: string | Date | null | undefined, timeZone = businessTimeZone()): string {
  return value ? dayjs(value).tz(timeZone).format('hh:mm A') : '';
}

export function fullName(p: { name?: string | null; lastName?: string | null; motherLastName?: string | null } | null | undefined): string {
  return p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '';
}

/** A count with es-MX thousands separators (3,004). */
export function formatCount(n: number): string {
  return n.toLocaleString('es-MX');
}
