import { DatePicker, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { Action, ModuleKey } from '../../domain/privileges';
import { api } from '../app/api';

export interface Option {
  value: string;
  label: string;
}

/** One filter of the spec's catalogue; its value lives in the URL under `param`. */
export type FilterDef =
  | { kind: 'select'; param: string; label: string; options?: Option[]; load?: () => Promise<Option[]>; loadKey?: string; width?: number; visibleWith?: [ModuleKey, Action][] }
  | { kind: 'dateRange'; label: string; startParam?: string; endParam?: string }
  | { kind: 'year'; param?: string; label?: string }
  | { kind: 'month'; param?: string; label?: string };

export const statusFilter = (): FilterDef => ({
  kind: 'select',
  param: 'status',
  label: 'Estatus',
  options: [
    { value: '1', label: 'Activo' },
    { value: '0', label: 'Inactivo' },
  ],
});

export const yesNoFilter = (param: string, label: string, yes = 'Sí', no = 'No'): FilterDef => ({
  kind: 'select',
  param,
  label,
  options: [
    { value: '1', label: yes },
    { value: '0', label: no },
  ],
});

/** The branch filter shows only with approve on the list's module (section 2, filter visibility). */
export const branchFilter = (module: ModuleKey, param = 'branchId', label = 'Sucursal'): FilterDef => ({
  kind: 'select',
  param,
  label,
  loadKey: 'branches',
  load: async () => (await api<{ items: { id: string; name: string }[] }>('/branch', { query: { take: 0 } })).items.map((b) => ({ value: b.id, label: b.name })),
  visibleWith: [[module, 'approve']],
  width: 200,
});

export const moduleFilter = (): FilterDef => ({
  kind: 'select',
  param: 'module',
  label: 'Módulo',
  loadKey: 'modules',
  load: async () => (await api<{ id: string; alias: string }[]>('/module')).map((m) => ({ value: m.id, label: m.alias })),
  width: 220,
});

function RemoteSelect({ def, value, onChange }: { def: Extract<FilterDef, { kind: 'select' }>; value?: string; onChange: (v?: string) => void }) {
  const { data } = useQuery({ queryKey: ['filter-options', def.loadKey ?? def.param], queryFn: def.load!, enabled: Boolean(def.load), staleTime: 60_000 });
  const options = def.options ?? data ?? [];
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={def.label}
      aria-label={def.label}
      style={{ width: def.width ?? 160 }}
      value={value || undefined}
      options={options}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}

export function FilterControl({ def, params, set }: { def: FilterDef; params: URLSearchParams; set: (changes: Record<string, string | undefined>) => void }) {
  switch (def.kind) {
    case 'select':
      return <RemoteSelect def={def} value={params.get(def.param) ?? undefined} onChange={(v) => set({ [def.param]: v })} />;
    case 'dateRange': {
      const s = def.startParam ?? 'startDate';
      const e = def.endParam ?? 'endDate';
      const start = params.get(s);
      const end = params.get(e);
      return (
        <DatePicker.RangePicker
          aria-label={def.label}
          format="DD/MM/YYYY"
          value={start && end ? [dayjs(start), dayjs(end)] : null}
          onChange={(range) => set({ [s]: range?.[0]?.format('YYYY-MM-DD'), [e]: range?.[1]?.format('YYYY-MM-DD') })}
        />
      );
    }
    case 'year': {
      const p = def.param ?? 'year';
      const v = params.get(p);
      return <DatePicker picker="year" placeholder={def.label ?? 'Año'} value={v ? dayjs(`${v}-01-01`) : null} onChange={(d) => set({ [p]: d ? d.format('YYYY') : undefined })} />;
    }
    case 'month': {
      const p = def.param ?? 'month';
      const v = params.get(p);
      return <DatePicker picker="month" format="MM/YYYY" placeholder={def.label ?? 'Mes'} value={v ? dayjs(`${v}-01`) : null} onChange={(d) => set({ [p]: d ? d.format('YYYY-MM') : undefined })} />;
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
      return [def.param ?? 'year'];
    case 'month':
      return [def.param ?? 'month'];
  }
}
