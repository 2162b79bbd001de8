import { Tag } from 'antd';
import { LOCK_REASONS, LOCK_TYPES, lockTypeLabels } from '../../../domain/agenda';
import { formatDateTime, fullName } from '../../ui/format';
import { filterCatalogue, selectFilter, type FilterDef } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { textColumn } from '../../ui/list-columns';
import { lockDatesText, lockDaysText, lockReasonText, lockTimesText, lockTypeText } from './lookups';
import type { LockListItem } from '../../../domain/agenda.contract';

const filters: FilterDef[] = [
  { ...filterCatalogue.branch('blockers'), visibleWith: undefined, hiddenWhenBranchBound: true },
  selectFilter('type', 'Tipo de bloqueo', LOCK_TYPES, { labels: lockTypeLabels, width: 170 }),
  selectFilter(
    'reason',
    'Motivo',
    LOCK_REASONS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) })),
    { width: 170 },
  ),
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
      searchFields={searchBy({ reason: 'Motivo' })}
      filters={filters}
      columns={[
        { key: 'type', title: 'Tipo', render: (l) => <Tag>{lockTypeText(l)}</Tag>, text: lockTypeText },
        textColumn('reason', 'Motivo', lockReasonText),
        textColumn('cabain', 'Cabina', (l) => l.cabain?.name ?? 'Todas'),
        textColumn('date', 'Fecha(s)', lockDatesText, { sort: true }),
        textColumn('time', 'Horas', lockTimesText),
        textColumn('days', 'Días', lockDaysText),
        textColumn('recurrent', 'Recurrente', (l) => (l.recurrent ? 'Sí' : 'No')),
        { key: 'user', title: 'Creado por', render: (l) => fullName(l.user) || '—', text: (l) => fullName(l.user) },
        textColumn('created_at', 'Fecha de creación', (l) => formatDateTime(l.created_at), { sort: true }),
      ]}
      rowActions={editDeleteActions('lock', (l) => `¿Eliminar el bloqueo "${lockReasonText(l)}"?`)}
    />
  );
}
