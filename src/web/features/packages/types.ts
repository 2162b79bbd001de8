import type { PackageType } from '../../../domain/packages.schemas';

export interface Named {
  id: string;
  name: string;
}

export interface PackageItem {
  id: string;
  treatmentId: string;
  treatment: { id: string; sku: string; name: string; price: number };
  areasIds: string[];
  areas: Named[];
  sessions: number;
  limit: number;
  regularPrice: number;
  promotionPrice: number;
}

export interface Package {
  id: string;
  type: PackageType;
  sku: string;
  name: string;
  description: string;
  treatmentTypeId: string;
  treatmentType: { id: string; name: string; hasAreas: boolean };
  categoryId: string;
  category: Named;
  points: number;
  price: number;
  regularPrice: number;
  cabainTime: number;
  branchesIds: string[];
  branches: Named[];
  paymentType: string[];
  active: boolean;
  validBySchedule: boolean;
  startDate: string | null;
  endDate: string | null;
  validByTime: boolean;
  startTime: string | null;
  endTime: string | null;
  expired: boolean;
  photo: string | null;
  treatmentPackage: PackageItem[];
  created_at: string;
}

export interface PackageTreatmentOption {
  id: string;
  sku: string;
  name: string;
  price: number;
  treatmentTypeId: string;
  areas: Named[];
}

export interface PackageFormOptions {
  treatmentTypes: { id: string; name: string; hasAreas: boolean }[];
  categories: Named[];
  branches: Named[];
  paymentTypes: string[];
  treatments: PackageTreatmentOption[];
}

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
