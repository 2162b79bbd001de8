import { Tag } from 'antd';
import { LOCK_REASONS, LOCK_TYPES, lockTypeLabels } from '../../../domain/agenda';
import { formatDateTime, fullName } from '../../ui/format';
import { filterCatalogue, type FilterDef } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { lockDatesText, lockDaysText, lockReasonText, lockTimesText, lockTypeText } from './lookups';
import type { LockListItem } from '../../../domain/agenda.contract';

const filters: FilterDef[] = [
  { ...filterCatalogue.branch('blockers'), visibleWith: undefined, hiddenWhenBranchBound: true },
  { kind: 'select', param: 'type', label: 'Tipo de bloqueo', options: LOCK_TYPES.map((t) => ({ value: t, label: lockTypeLabels[t] })), width: 170 },
  {
    kind: 'select',
    param: 'reason',
    label: 'Motivo',
    options: LOCK_REASONS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) })),
    width: 170,
  },
  filterCatalogue.dateRange(),
];

/** /dashboard/bloqueos: every lock the user may see. */
export default function LocksPage() {
  return (
    <ListPage<LockListItem>
      title="Bloqueos"
      resource="lock"
      module="blockers"
      exportName="bloqueos"
      createPath="crear"
      detailTitle="Bloqueo"
      searchFields={[{ value: 'reason', label: 'Motivo' }]}
      filters={filters}
      columns={[
        { key: 'type', title: 'Tipo', render: (l) => <Tag>{lockTypeText(l)}</Tag>, text: lockTypeText },
        { key: 'reason', title: 'Motivo', render: lockReasonText, text: lockReasonText },
        { key: 'cabain', title: 'Cabina', render: (l) => l.cabain?.name ?? 'Todas', text: (l) => l.cabain?.name ?? 'Todas' },
        { key: 'date', title: 'Fecha(s)', render: lockDatesText, text: lockDatesText, sortField: 'date' },
        { key: 'time', title: 'Horas', render: lockTimesText, text: lockTimesText },
        { key: 'days', title: 'Días', render: lockDaysText, text: lockDaysText },
        { key: 'recurrent', title: 'Recurrente', render: (l) => (l.recurrent ? 'Sí' : 'No'), text: (l) => (l.recurrent ? 'Sí' : 'No') },
        { key: 'user', title: 'Creado por', render: (l) => fullName(l.user) || '—', text: (l) => fullName(l.user) },
        {
          key: 'created_at',
          title: 'Fecha de creación',
          render: (l) => formatDateTime(l.created_at),
          text: (l) => formatDateTime(l.created_at),
          sortField: 'created_at',
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (l) => l.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (l) => `¿Eliminar el bloqueo "${lockReasonText(l)}"?`, path: (l) => `/lock/${l.id}/delete` },
        },
      ]}
    />
  );
}
