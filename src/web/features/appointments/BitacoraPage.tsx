import { Tag } from 'antd';
import { changedFieldLabels } from '../../../domain/change-labels';
import { ChangesView, LogDetailLoader } from '../../ui/ChangesView';
import { filterCatalogue } from '../../ui/filters';
import { formatDateTime, fullName } from '../../ui/format';
import { ListPage, type ListColumn } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { textColumn } from '../../ui/list-columns';
import type { AppointmentLogRow as LogRow } from '../../../domain/appointments.contract';

const ACTION_LABELS: Record<string, string> = {
  crear: 'Creación',
  editar: 'Edición',
  reagendar: 'Reagenda',
  cancelar: 'Cancelación',
  confirmar: 'Confirmación',
  'en proceso': 'En proceso',
  terminar: 'Terminada',
  inasistencia: 'Inasistencia',
  create: 'Creación',
  update: 'Edición',
  reschedule: 'Reagenda',
  cancel: 'Cancelación',
  confirm: 'Confirmación',
  setOnProcess: 'En proceso',
  'set-on-process': 'En proceso',
  inProcess: 'En proceso',
  finish: 'Terminada',
  absence: 'Inasistencia',
};
const actionLabel = (a: string) => ACTION_LABELS[a] ?? a;

const columns: ListColumn<LogRow>[] = [
  textColumn('created_at', 'Fecha', (r) => formatDateTime(r.created_at)),
  textColumn('user', 'Usuario', (r) => fullName(r.user)),
  { key: 'action', title: 'Acción', render: (r) => <Tag>{actionLabel(r.action)}</Tag>, text: (r) => actionLabel(r.action) },
  { key: 'appointmentNumber', title: 'Cita' },
  {
    key: 'changes',
    title: 'Cambios',
    render: (r) => changedFieldLabels(r.before, r.after).slice(0, 6).join(', '),
    text: (r) => changedFieldLabels(r.before, r.after).join(', '),
  },
];

/** /dashboard/bitacora: the change log of appointments; the detail shows before and after field by field, in Spanish and with names. */
export default function BitacoraPage() {
  return (
    <ListPage<LogRow>
      title="Bitácora de citas"
      resource="appointment-log"
      module="bitacora"
      columns={columns}
      searchFields={searchBy({ appointmentNumber: 'Número de cita' })}
      filters={[filterCatalogue.dateRange()]}
      detailTitle="Cambios"
      detailWidth={900}
      detail={(r) => (
        <div style={{ overflowX: 'auto', wordBreak: 'break-word' }}>
          <LogDetailLoader path={`/bitacora/${r.id}`} render={(d) => <ChangesView fields={d.fields} />} />
        </div>
      )}
      exportName="bitacora-citas"
    />
  );
}
