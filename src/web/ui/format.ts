import dayjs from 'dayjs';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../../domain/dates';
export { formatMoney } from '../../domain/money';

export function formatDate(value: string | Date | null | undefined): string {
  return value ? dayjs(value).tz('America/Tijuana').format(DATE_FORMAT) : '';
}

export function formatDateTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).tz('America/Tijuana').format(DATE_TIME_FORMAT) : '';
}

export function fullName(p: { name?: string | null; lastName?: string | null; motherLastName?: string | null } | null | undefined): string {
  return p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '';
}

/** A count with es-MX thousands separators (3,004). */
export function formatCount(n: number): string {
  return n.toLocaleString('es-MX');
}
