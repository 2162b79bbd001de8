import type { Package } from '../../../domain/packages.contract';
import type { PackageType } from '../../../domain/packages.schemas';

/** Section of /dashboard and privilege module of each type. */
export const sectionOf: Record<PackageType, string> = { Package: 'paquetes', Promotion: 'promociones' };

export const packageThumbnail = (photo: string | null | undefined) => (photo ? `/v1/package/photo/thumbnail/${photo}` : undefined);
export const packagePhoto = (photo: string | null | undefined) => (photo ? `/v1/package/photo/${photo}` : undefined);

/** 2026-05-01 → 01/05/2026 without time-zone shifts. */
export const calendarDate = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

export function validityText(p: Pick<Package, 'validBySchedule' | 'startDate' | 'endDate' | 'validByTime' | 'startTime' | 'endTime'>): string {
  const parts: string[] = [];
  if (p.validBySchedule) parts.push(`${calendarDate(p.startDate)} - ${calendarDate(p.endDate)}`);
  if (p.validByTime) parts.push(`${p.startTime} a ${p.endTime}`);
  return parts.length ? parts.join(' · ') : 'Sin vigencia';
}
