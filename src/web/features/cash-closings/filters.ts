import dayjs from 'dayjs';
import { branchFilter, type FilterDef } from '../../ui/filters';

/** The last month of closings opens a list; any range may be chosen. */
const lastMonth = () => ({ startDate: dayjs().subtract(30, 'day').format('YYYY-MM-DD'), endDate: dayjs().format('YYYY-MM-DD') });

/** Both closings lists: the branch (for roles that see every branch) and the dates. */
export const closingFilters: FilterDef[] = [
  { ...branchFilter('cash_closing'), visibleWith: [['cash_closing', 'show']], hiddenWhenBranchBound: true },
  { kind: 'dateRange', label: 'Fechas', defaults: lastMonth },
];
