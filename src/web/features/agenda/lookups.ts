import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lockTypeLabels, type LockLike, type LockType } from '../../../domain/agenda';
import { dayLabels } from '../../../domain/schedules';
import { cabinRoutes } from '../../../domain/cabins.contract';
import { call } from '../../app/api';
import { branchRoutes, type BranchListItem } from '../../../domain/branches.contract';
import { DATE_FORMAT } from '../../../domain/dates';
import type { AgendaLock } from '../../../domain/agenda.contract';

export type BranchOption = BranchListItem;

/** Active clinics (never the distribution centre), for users who may choose one. */
export function useClinicBranches(enabled = true) {
  return useQuery({
    queryKey: ['agenda-branches'],
    enabled,
    staleTime: 60_000,
    queryFn: async () => (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items.filter((b) => !b.distributionCenter),
  });
}

/** The active cabins of a branch, for the lock form. */
export function useBranchCabins(branchId: string | undefined) {
  return useQuery({
    queryKey: ['agenda-cabins', branchId],
    enabled: Boolean(branchId),
    staleTime: 60_000,
    queryFn: async () => (await call(cabinRoutes.list, { query: { take: 0, branchId, status: '1' } })).items,
  });
}

export const toLockLike = (l: AgendaLock): LockLike => ({
  type: l.type as LockType,
  cabinId: l.cabainId,
  time: l.time.map((t) => t.slice(0, 5)),
  date: l.date.slice(0, 10),
  endDate: l.endDate ? l.endDate.slice(0, 10) : null,
  days: l.days,
  recurrent: l.recurrent,
});

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const lockReasonText = (l: Pick<AgendaLock, 'reason' | 'reasonDescription'>) =>
  l.reason === 'otro' && l.reasonDescription ? `Otro: ${l.reasonDescription}` : capitalize(l.reason);

export const lockTypeText = (l: Pick<AgendaLock, 'type'>) => lockTypeLabels[l.type as LockType] ?? l.type;

// a plain calendar date: no time-zone shift
const day = (d: string) => dayjs(d.slice(0, 10)).format(DATE_FORMAT);

export function lockDatesText(l: AgendaLock): string {
  if (l.type === 'days_range' && l.endDate) return `${day(l.date)} – ${day(l.endDate)}`;
  if (l.recurrent || l.type === 'hours_range') return `Desde ${day(l.date)}`;
  return day(l.date);
}

export function lockTimesText(l: AgendaLock): string {
  const t = l.time.map((x) => x.slice(0, 5));
  if (!t.length) return 'Todo el día';
  if (l.type === 'hours_range' || l.type === 'days_range') return `${t[0]} – ${t[1] ?? ''}`;
  return t.join(', ');
}

export const lockDaysText = (l: AgendaLock) =>
  l.days.length
    ? [...l.days]
        .sort()
        .map((d) => dayLabels[d].slice(0, 3))
        .join(', ')
    : '—';
