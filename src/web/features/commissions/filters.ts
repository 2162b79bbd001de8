import dayjs from 'dayjs';
import { useSearchParams } from 'react-router';
import { COMMISSION_TYPE_LABELS, COMMISSION_TYPES_OF } from '../../../domain/commissions.contract';
import type { ModuleKey } from '../../../domain/privileges';
import { branchFilter, selectFilter, type FilterDef } from '../../ui/filters';

/** The month so far: a list opens on the current month (any range may be chosen). */
export const thisMonth = () => ({ startDate: dayjs().startOf('month').format('YYYY-MM-DD'), endDate: dayjs().format('YYYY-MM-DD') });

/** Dates, the type (section 9) and, for those who see every branch (approve), the branch. */
export const commissionFilters = (module: ModuleKey, kind: 'medical' | 'cosmetic'): FilterDef[] => [
  { ...branchFilter(module), hiddenWhenBranchBound: true },
  { kind: 'dateRange', label: 'Fechas', defaults: thisMonth },
  selectFilter('type', 'Tipo', COMMISSION_TYPES_OF[kind === 'medical' ? 'medical' : 'cosmetology'], { labels: COMMISSION_TYPE_LABELS, width: 180 }),
];

/** The list's filters as the URL holds them, for the per-user detail to read the same period and branch. */
export function useListFilters(): Record<string, string> {
  const [params] = useSearchParams();
  const fallback = thisMonth();
  return {
    startDate: params.get('startDate') || fallback.startDate,
    endDate: params.get('endDate') || fallback.endDate,
    ...(params.get('branchId') ? { branchId: params.get('branchId')! } : {}),
    ...(params.get('type') ? { type: params.get('type')! } : {}),
  };
}

/** A YYYY-MM-DD day as the screens show dates (DD/MM/YYYY). */
export const dayText = (iso: string) => iso.split('-').reverse().join('/');
