import { useMemo } from 'react';
import { todayIn } from '../../../domain/age';
import { APPOINTMENT_METHODS, appointmentMethodLabels, appointmentStatusLabels, type AppointmentStatus } from '../../../domain/agenda';
import { agendaRoutes } from '../../../domain/agenda.contract';
import type { AppointmentRow } from '../../../domain/appointments.contract';
import { cabinRoutes } from '../../../domain/cabins.contract';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { useCan } from '../../app/privileges';
import { useSession } from '../../app/session';
import { filterCatalogue, lookupFilter, selectFilter, type FilterDef } from '../../ui/filters';
import { formatDate, fullName } from '../../ui/format';
import { ListPage, type ListColumn } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { textColumn } from '../../ui/list-columns';
import { loadTreatmentTypes } from './lookups';
import { AppointmentView, bookedItem, hhmm, StatusBadge } from './AppointmentView';

type Option = { value: string; label: string };
const diaryCabins = async (branchId: string) => (await call(agendaRoutes.diary, { query: { branchId, date: todayIn() } })).cabins;

/**
 * The Cabina filter's choices from what the role can read: a branch-bound role gets its branch's cabins from the
 * agenda day (GET /v1/cabain is refused to the medic and the cosmetologist); others the cabin catalogue, or without
 * it the agenda day of each clinic.
 */
async function cabinOptions(bound: boolean, branchId: string | null | undefined, catalogue: boolean): Promise<Option[]> {
  if (bound) return branchId ? (await diaryCabins(branchId)).map((c) => ({ value: c.id, label: c.name })) : [];
  if (catalogue) return (await call(cabinRoutes.list, { query: { take: 0 } })).items.map((c) => ({ value: c.id, label: `${c.name} · ${c.branch.name}` }));
  const clinics = (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items.filter((b) => !b.distributionCenter);
  const perBranch = await Promise.all(clinics.map(async (b) => (await diaryCabins(b.id)).map((c) => ({ value: c.id, label: `${c.name} · ${b.name}` }))));
  return perBranch.flat();
}

const columns: ListColumn<AppointmentRow>[] = [
  { key: 'appointmentNumber', title: 'Número', sortField: 'appointmentNumber' },
  textColumn('date', 'Fecha', (a) => formatDate(a.date + 'T12:00:00Z'), { sort: true }),
  { key: 'time', title: 'Horario', render: (a) => `${hhmm(a.startTime)} – ${hhmm(a.endTime)}`, text: (a) => `${hhmm(a.startTime)} - ${hhmm(a.endTime)}` },
  textColumn('customer', 'Paciente', (a) => fullName(a.customer), { maxWidth: 170 }),
  { key: 'phone', title: 'Teléfono', optional: true, render: (a) => a.customer.mobilePhone ?? '', text: (a) => a.customer.mobilePhone },
  textColumn('treatment', 'Tratamiento', bookedItem, { maxWidth: 160 }),
  {
    key: 'cabin',
    title: 'Sucursal / cabina',
    maxWidth: 160,
    render: (a) => `${a.branch?.name ?? ''} · ${a.cabain?.name ?? ''}`,
    text: (a) => `${a.branch?.name ?? ''} / ${a.cabain?.name ?? ''}`,
  },
  {
    key: 'status',
    title: 'Estatus',
    sortField: 'status',
    render: (a) => <StatusBadge status={a.status} />,
    text: (a) => appointmentStatusLabels[a.status as AppointmentStatus] ?? a.status,
  },
  {
    key: 'appointmentMethod',
    title: 'Método',
    optional: true,
    render: (a) => appointmentMethodLabels[a.appointmentMethod as keyof typeof appointmentMethodLabels] ?? a.appointmentMethod ?? '',
    text: (a) => appointmentMethodLabels[a.appointmentMethod as keyof typeof appointmentMethodLabels] ?? a.appointmentMethod,
  },
];

/** /dashboard/citas: every appointment with search, filters, sortable columns and the detail modal. */
export default function AppointmentsPage() {
  const can = useCan();
  const bound = useSession((s) => Boolean(s.user?.branchBound));
  const branch = useSession((s) => s.user?.branch);
  const catalogue = can('cabains', 'show');
  const filters = useMemo<FilterDef[]>(
    () => [
      filterCatalogue.appointmentStatus(),
      // section 2: the branch filter shows only with approve on the list's module; a branch-bound role never needs it
      { ...filterCatalogue.branch('appointment'), hiddenWhenBranchBound: true },
      lookupFilter('cabainId', 'Cabina', `appointment-cabins:${bound ? (branch ?? '') : catalogue ? 'catalogue' : 'diaries'}`, () =>
        cabinOptions(bound, branch, catalogue),
      ),
      filterCatalogue.dateRange(),
      selectFilter('appointmentMethod', 'Método', APPOINTMENT_METHODS, { labels: appointmentMethodLabels }),
      { kind: 'select', param: 'treatmentTypeId', label: 'Tipo de cita', loadKey: 'appt-treatment-type-options', load: loadTreatmentTypes },
    ],
    [bound, branch, catalogue],
  );
  return (
    <ListPage<AppointmentRow>
      title="Citas"
      resource="appointment"
      module="appointment"
      columns={columns}
      searchFields={searchBy({ appointmentNumber: 'Número de cita', customer: 'Paciente', phone: 'Teléfono' })}
      filters={filters}
      rowActions={[{ key: 'open', label: 'Abrir en agenda', action: 'show', to: (a) => `/dashboard/agenda/${a.id}` }]}
      detailTitle="Detalle de la cita"
      detailWidth={1000}
      detail={(a) => <AppointmentView id={a.id} />}
      exportName="citas"
    />
  );
}
