import { Tag, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../../../domain/dates';
import { PagedTable } from '../../ui/PagedTable';
import { appointmentStatus, cancellationReasons, cancellationTypes, type CustomerAppointment } from './history';

const PAGE = 5;
const sub = { color: '#666', fontSize: 12 };
const time = (t: string) => dayjs(`2000-01-01T${t}`).format('hh:mm A');

/** The customer's appointments, 5 per page (section 2), newest first. */
export function CustomerAppointments({ customerId }: { customerId: string }) {
  return (
    <PagedTable<CustomerAppointment>
      rowKey="id"
      path="/appointment/get-by-customer"
      query={{ customerId }}
      queryKey={['customer-appointments', customerId]}
      pageSize={PAGE}
      emptyText="Sin citas"
      columns={[
        { key: 'number', title: 'Cita', dataIndex: 'appointmentNumber' },
        {
          key: 'date',
          title: 'Fecha',
          render: (_, a) => (
            <>
              {dayjs(a.date).format(DATE_FORMAT)}
              <div style={sub}>{`${time(a.startTime)} – ${time(a.endTime)}`}</div>
            </>
          ),
        },
        {
          key: 'place',
          title: 'Sucursal / cabina',
          render: (_, a) => (
            <>
              {a.branch.name}
              <div style={sub}>{a.cabain.name}</div>
            </>
          ),
        },
        {
          key: 'treatment',
          title: 'Tratamiento',
          render: (_, a) => (
            <>
              {a.treatment?.name ?? '—'}
              {(a.package ?? a.promotion) && <div style={sub}>{(a.package ?? a.promotion)!.name}</div>}
            </>
          ),
        },
        {
          key: 'status',
          title: 'Estatus',
          render: (_, a) => {
            const s = appointmentStatus[a.status];
            const tag = <Tag color={s?.color}>{s?.label ?? a.status}</Tag>;
            if (!a.cancellations.length) return tag;
            const why = a.cancellations
              .map(
                (c) =>
                  `${cancellationTypes[c.type] ?? c.type}: ${cancellationReasons[c.cancellationReason] ?? c.cancellationReason}${c.comment ? ` (${c.comment})` : ''}`,
              )
              .join(' · ');
            return <Tooltip title={why}>{tag}</Tooltip>;
          },
        },
        { key: 'attendedBy', title: 'Atendió', render: (_, a) => (a.attendedBy ? `${a.attendedBy.name} ${a.attendedBy.lastName}` : '—') },
      ]}
    />
  );
}
