import { DatePicker, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { branchRoutes } from '../../../domain/branches.contract';
import type { ReportMeta, ReportUserKind } from '../../../domain/reports';
import type { Report } from '../../../domain/reports.contract';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { useSession } from '../../app/session';
import { fullName } from '../../ui/format';
import { MUTED_TEXT } from './cells';
import { BASIS_LABELS, PROFITABILITY_TYPE_LABELS, readsEveryReport } from './report-state';

/** An empty select reads 'all': its placeholder is the filter's value, legible as text (antd's placeholder grey is 1.8:1). */
const PLACEHOLDER_STYLES = { placeholder: { color: MUTED_TEXT } };

interface Props {
  meta: Pick<ReportMeta, 'filters' | 'userKind'>;
  params: URLSearchParams;
  set: (changes: Record<string, string | undefined>) => void;
  /** The period the API answered: the pickers show it while the URL names none (the API's default period). */
  period?: Report['period'];
}

const branchOptions = async () => (await call(branchRoutes.lookup, { query: { take: 0 } })).items.map((b) => ({ value: b.id, label: b.name }));

/**
 * The doctors (medical fees) or cosmetologists (cosmetology fees) of every clinic the user may see, grouped by clinic:
 * the lookups the commission screens use, one per branch. A branch-bound user asks only for their own.
 */
async function peopleOptions(kind: ReportUserKind, ownBranch: { id: string; name: string } | null) {
  const clinics = ownBranch ? [ownBranch] : (await call(branchRoutes.lookup, { query: { take: 0, distributionCenter: '0' } })).items;
  const lists = await Promise.all(
    clinics.map(async (b) => ({
      label: b.name,
      options: (await call(kind === 'medic' ? staffRoutes.doctors : staffRoutes.cosmetologists, { params: { branchId: b.id } })).map((p) => ({
        value: p.id,
        label: fullName(p),
      })),
    })),
  );
  return lists.filter((g) => g.options.length > 0);
}

/** One report's filter form, from its catalogue `filters` (section 2): every value lives in the URL. */
export function ReportFilters({ meta, params, set, period }: Props) {
  const user = useSession((s) => s.user);
  const branchBound = Boolean(user?.branchBound);
  const takes = (f: ReportMeta['filters'][number]) => meta.filters.includes(f);
  const ownBranch = branchBound && user?.branch ? { id: user.branch, name: user.branchName ?? '' } : null;
  const branches = useQuery({ queryKey: ['filter-options', 'branches'], queryFn: branchOptions, staleTime: 60_000, enabled: takes('branch') && !branchBound });
  const userKind = meta.userKind;
  // without reports.view the API reads only the user's own fees: no one else to choose
  const choosesUser = takes('user') && Boolean(userKind) && readsEveryReport(user?.privileges);
  const people = useQuery({
    queryKey: ['report-people', userKind, ownBranch?.id ?? 'all'],
    queryFn: () => peopleOptions(userKind!, ownBranch),
    staleTime: 60_000,
    enabled: choosesUser,
  });

  const usingDates = Boolean(params.get('startDate') || params.get('endDate'));
  const start = params.get('startDate') ?? (takes('month') && !usingDates ? null : period?.from);
  const end = params.get('endDate') ?? (takes('month') && !usingDates ? null : period?.to);
  const month = params.get('month') ?? (usingDates || params.get('year') || !period ? null : period.from.slice(0, 7));
  // a year picker beside a month or a date range shows only a year chosen (the period answered is the month's)
  const year = params.get('year') ?? (takes('month') || takes('dates') ? null : period?.from.slice(0, 4));

  return (
    <>
      {takes('dates') && (
        <DatePicker.RangePicker
          aria-label="Fechas"
          format="DD/MM/YYYY"
          placeholder={['Fecha inicial', 'Fecha final']}
          value={start && end ? [dayjs(start), dayjs(end)] : null}
          onChange={(range) => set({ startDate: range?.[0]?.format('YYYY-MM-DD'), endDate: range?.[1]?.format('YYYY-MM-DD') })}
        />
      )}
      {takes('month') && (
        <DatePicker
          picker="month"
          aria-label="Mes"
          format="MM/YYYY"
          placeholder="Mes"
          style={{ width: 130 }}
          value={month ? dayjs(`${month}-01`) : null}
          onChange={(d) => set({ month: d ? d.format('YYYY-MM') : undefined })}
        />
      )}
      {takes('year') && (
        <DatePicker
          picker="year"
          aria-label="Año"
          placeholder="Año"
          style={{ width: 110 }}
          value={year ? dayjs(`${year}-01-01`) : null}
          onChange={(d) => set({ year: d ? d.format('YYYY') : undefined })}
        />
      )}
      {takes('branch') && !branchBound && (
        <Select
          aria-label="Sucursal"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          styles={PLACEHOLDER_STYLES}
          placeholder="Todas las sucursales"
          style={{ width: 200 }}
          loading={branches.isLoading}
          value={params.get('branchId') || undefined}
          options={branches.data ?? []}
          onChange={(v?: string) => set({ branchId: v })}
        />
      )}
      {choosesUser && (
        <Select
          aria-label={userKind === 'medic' ? 'Médico' : 'Cosmetóloga'}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          styles={PLACEHOLDER_STYLES}
          placeholder={userKind === 'medic' ? 'Todos los médicos' : 'Todas las cosmetólogas'}
          style={{ width: 240 }}
          loading={people.isLoading}
          notFoundContent={people.error ? (people.error as Error).message : 'Sin resultados'}
          value={params.get('userId') || undefined}
          options={people.data ?? []}
          onChange={(v?: string) => set({ userId: v })}
        />
      )}
      {takes('profitabilityType') && (
        <Select
          aria-label="Tipo"
          style={{ width: 130 }}
          value={params.get('type') || 'both'}
          options={[
            { value: 'both', label: 'Ambos' },
            { value: 'income', label: PROFITABILITY_TYPE_LABELS.income },
            { value: 'expenses', label: PROFITABILITY_TYPE_LABELS.expenses },
          ]}
          onChange={(v: string) => set({ type: v === 'both' ? undefined : v })}
        />
      )}
      {takes('basis') && (
        <Select
          aria-label="Base"
          style={{ width: 160 }}
          value={params.get('basis') || 'cash'}
          options={[
            { value: 'cash', label: BASIS_LABELS.cash },
            { value: 'sale', label: BASIS_LABELS.sale },
          ]}
          onChange={(v: string) => set({ basis: v === 'cash' ? undefined : v })}
        />
      )}
    </>
  );
}
