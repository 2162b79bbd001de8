import { DatePicker, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { APPOINTMENT_STATUSES, appointmentStatusLabels } from '../../domain/agenda';
import { branchRoutes } from '../../domain/branches.contract';
import { categoryRoutes } from '../../domain/categories.contract';
import { hrRoutes } from '../../domain/hr.contract';
import type { Action, ModuleKey } from '../../domain/privileges';
import { ROLE_NAMES } from '../../domain/roles';
import { roleRoutes } from '../../domain/roles.contract';
import { call } from '../app/api';
import { SEARCH_BY_LABEL } from './select-search';

export interface Option {
  value: string;
  label: string;
}

/** One filter of the spec's catalogue; its value lives in the URL under `param`. */
export type FilterDef =
  | {
      kind: 'select';
      param: string;
      label: string;
      options?: Option[];
      load?: () => Promise<Option[]>;
      loadKey?: string;
      width?: number;
      visibleWith?: [ModuleKey, Action][];
      hiddenForRoles?: string[];
      /** Hidden for roles limited to their branch (the role's flag, editable in Roles). */ hiddenWhenBranchBound?: boolean;
    }
  | {
      kind: 'dateRange';
      label: string;
      startParam?: string;
      endParam?: string;
      /** Range used while the URL has none (YYYY-MM-DD), e.g. the last 365 days. */ defaults?: () => { startDate: string; endDate: string };
    }
  | { kind: 'year'; param?: string; label?: string }
  | { kind: 'month'; param?: string; label?: string };

/** A two-choice select; the values travel as 1 / 0 unless a list names its own. */
export const yesNoFilter = (param: string, label: string, yes = 'Sí', no = 'No', [yesValue, noValue] = ['1', '0']): FilterDef => ({
  kind: 'select',
  param,
  label,
  options: [
    { value: yesValue, label: yes },
    { value: noValue, label: no },
  ],
});

/** Activo / Inactivo, sent as 1 / 0 (or as the list's own values, e.g. the staff's activo / inactivo). */
export const statusFilter = (active = '1', inactive = '0'): FilterDef => yesNoFilter('status', 'Estatus', 'Activo', 'Inactivo', [active, inactive]);

/** The branch filter shows only with approve on the list's module (section 2, filter visibility). */
export type SelectFilter = Extract<FilterDef, { kind: 'select' }>;

export const branchFilter = (module: ModuleKey, param = 'branchId', label = 'Sucursal'): SelectFilter => ({
  kind: 'select',
  param,
  label,
  loadKey: 'branches',
  load: async () => (await call(branchRoutes.lookup, { query: { take: 0 } })).items.map((b) => ({ value: b.id, label: b.name })),
  visibleWith: [[module, 'approve']],
  width: 200,
});

/** A select over fixed values, each shown as itself or as `labels` names it. */
export const selectFilter = (
  param: string,
  label: string,
  values: readonly string[] | Option[],
  { labels, width }: { labels?: Record<string, string>; width?: number } = {},
): SelectFilter => ({
  kind: 'select',
  param,
  label,
  options: values.map((v) => (typeof v === 'string' ? { value: v, label: labels?.[v] ?? v } : v)),
  ...(width && { width }),
});

/** A select whose choices a lookup loads (cached under `loadKey`). */
export const lookupFilter = (param: string, label: string, loadKey: string, load: () => Promise<Option[]>, width = 200): SelectFilter => ({
  kind: 'select',
  param,
  label,
  loadKey,
  load,
  width,
});

export const moduleFilter = (): FilterDef =>
  lookupFilter('module', 'Módulo', 'modules', async () => (await call(roleRoutes.modules)).map((m) => ({ value: m.id, label: m.alias })), 220);

type Named = { id: string; name: string };

/** A select filled from a lookup route's rows. */
const namedSelect = (param: string, label: string, loadKey: string, rows: () => Promise<Named[]>): FilterDef =>
  lookupFilter(param, label, loadKey, async () => (await rows()).map((r) => ({ value: r.id, label: r.name })));

const reportsBranch = (module: ModuleKey, param: string, label: string): SelectFilter => ({
  ...branchFilter(module, param, label),
  visibleWith: [
    [module, 'approve'],
    [module, 'reports'],
  ],
});

/** The rest of the spec's filter catalogue (section 2, Generic list screens), ready for every list. */
export const filterCatalogue = {
  status: statusFilter,
  franchise: () => yesNoFilter('franchise', 'Franquicia'),
  blacklist: () => yesNoFilter('blackList', 'Lista negra', 'En lista negra', 'Regular'),
  gender: () => selectFilter('gender', 'Género', ['Masculino', 'Femenino', 'Otro']),
  maritalStatus: () => selectFilter('maritalStatus', 'Estado civil', ['Soltero', 'Casado', 'Viudo', 'Divorciado', 'Otro']),
  paymentMethod: () =>
    selectFilter('paymentMethod', 'Método de pago', ['Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito']),
  payStatus: () => selectFilter('payStatus', 'Estatus de pago', ['Pendiente', 'Completado']),
  payCondition: () =>
    selectFilter(
      'payConditions',
      'Condición de pago',
      [0, 15, 30, 45, 60, 90].map((d) => ({ value: String(d), label: d ? `${d} días` : 'Contado' })),
    ),
  appointmentStatus: () => selectFilter('status', 'Estatus de la cita', APPOINTMENT_STATUSES, { labels: appointmentStatusLabels }),
  orderStatus: () => selectFilter('status', 'Estatus', ['En proceso', 'En tránsito', 'Terminada', 'Rechazada', 'Eliminada']),
  orderType: () =>
    selectFilter('orderType', 'Tipo de orden', [
      { value: 'opening', label: 'Apertura' },
      { value: 'ordinarySale', label: 'Venta ordinaria' },
      { value: 'ordinaryGeneral', label: 'General ordinaria' },
      { value: 'extraordinarySale', label: 'Venta extraordinaria' },
      { value: 'extraordinaryGeneral', label: 'General extraordinaria' },
    ]),
  branch: branchFilter,
  /** Origin and destination branches show with approve or reports; origin is hidden for the branch manager. */
  originBranch: (module: ModuleKey): FilterDef => ({
    ...reportsBranch(module, 'originBranchId', 'Sucursal origen'),
    hiddenForRoles: [ROLE_NAMES.branchManager],
  }),
  destinationBranch: (module: ModuleKey): FilterDef => reportsBranch(module, 'destinyBranchId', 'Sucursal destino'),
  categories: (type: 'treatment' | 'product') => {
    const query = { take: 0, type, status: '1' };
    return namedSelect('categoryId', 'Categoría', `categories:${JSON.stringify(query)}`, async () => (await call(categoryRoutes.list, { query })).items);
  },
  module: moduleFilter,
  role: () => namedSelect('roleId', 'Rol', 'roles:{}', () => call(roleRoutes.list)),
  department: () => namedSelect('departmentId', 'Departamento', 'departments:{}', () => call(hrRoutes.departments)),
  jobPosition: () => namedSelect('jobPositionId', 'Puesto', 'job-positions:{}', () => call(hrRoutes.jobPositions)),
  dateRange: (label = 'Fechas'): FilterDef => ({ kind: 'dateRange', label }),
  date: (label = 'Fecha'): FilterDef => ({ kind: 'dateRange', label, startParam: 'date', endParam: 'dateEnd' }),
  year: (): FilterDef => ({ kind: 'year' }),
  month: (): FilterDef => ({ kind: 'month' }),
};

function RemoteSelect({ def, value, onChange }: { def: Extract<FilterDef, { kind: 'select' }>; value?: string; onChange: (v?: string) => void }) {
  const { data } = useQuery({ queryKey: ['filter-options', def.loadKey ?? def.param], queryFn: def.load!, enabled: Boolean(def.load), staleTime: 60_000 });
  const options = def.options ?? data ?? [];
  return (
    <Select
      allowClear
      showSearch={SEARCH_BY_LABEL}
      placeholder={def.label}
      aria-label={def.label}
      style={{ width: def.width ?? 160 }}
      value={value || undefined}
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

/** The year and month pickers: the value kept in the URL, the day that completes it, the shown format. */
const PERIODS = {
  year: { placeholder: 'Año', urlFormat: 'YYYY', firstDay: '-01-01', format: undefined },
  month: { placeholder: 'Mes', urlFormat: 'YYYY-MM', firstDay: '-01', format: 'MM/YYYY' },
} as const;

export function FilterControl({ def, params, set }: { def: FilterDef; params: URLSearchParams; set: (changes: Record<string, string | undefined>) => void }) {
  switch (def.kind) {
    case 'select':
      return <RemoteSelect def={def} value={params.get(def.param) ?? undefined} onChange={(v) => set({ [def.param]: v })} />;
    case 'dateRange': {
      const s = def.startParam ?? 'startDate';
      const e = def.endParam ?? 'endDate';
      const fallback = def.defaults?.();
      const start = params.get(s) ?? fallback?.startDate;
      const end = params.get(e) ?? fallback?.endDate;
      return (
        <DatePicker.RangePicker
          aria-label={def.label}
          format="DD/MM/YYYY"
          allowClear={!def.defaults}
          value={start && end ? [dayjs(start), dayjs(end)] : null}
          onChange={(range) => set({ [s]: range?.[0]?.format('YYYY-MM-DD'), [e]: range?.[1]?.format('YYYY-MM-DD') })}
        />
      );
    }
    case 'year':
    case 'month': {
      const period = PERIODS[def.kind];
      const p = def.param ?? def.kind;
      const v = params.get(p);
      return (
        <DatePicker
          picker={def.kind}
          {...(period.format && { format: period.format })}
          placeholder={def.label ?? period.placeholder}
          value={v ? dayjs(`${v}${period.firstDay}`) : null}
          onChange={(d) => set({ [p]: d ? d.format(period.urlFormat) : undefined })}
        />
      );
    }
  }
}

export function filterParams(def: FilterDef): string[] {
  switch (def.kind) {
    case 'select':
      return [def.param];
    case 'dateRange':
      return [def.startParam ?? 'startDate', def.endParam ?? 'endDate'];
    case 'year':
    case 'month':
      return [def.param ?? def.kind];
  }
}

/** The values a filter stands for while the URL does not name them (only date ranges with defaults have any). */
export function filterDefaults(def: FilterDef): Record<string, string> {
  if (def.kind !== 'dateRange' || !def.defaults) return {};
  const { startDate, endDate } = def.defaults();
  return { [def.startParam ?? 'startDate']: startDate, [def.endParam ?? 'endDate']: endDate };
}
