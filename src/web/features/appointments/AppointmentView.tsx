import { Descriptions, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  appointmentMethodLabels,
  appointmentOptionLabels,
  appointmentStatusColors,
  appointmentStatusLabels,
  cancellationReasonLabels,
  cancellationTypeLabels,
  confirmMethodLabels,
  type AppointmentStatus,
} from '../../../domain/agenda';
import { appointmentRoutes, type AppointmentRow } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { formatDate, formatDateTime, fullName } from '../../ui/format';
import { DotTag } from '../../ui/StatusTag';
import { RebookButton } from './RebookButton';
import { useCan } from '../../app/privileges';
import { ReminderPanel } from '../reminders';
import { reschedulesLeftText } from '../../../domain/appointment-rules';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

// the wire carries the status as text: an unknown one shows as it came
export function StatusBadge({ status }: { status: string }) {
  return (
    <DotTag color={`#${appointmentStatusColors[status as AppointmentStatus] ?? '8c8c8c'}`}>
      {appointmentStatusLabels[status as AppointmentStatus] ?? status}
    </DotTag>
  );
}

const label = (labels: Record<string, string>, key: string | null | undefined) => (key ? (labels[key] ?? key) : '');
export const hhmm = (t: string | null | undefined) => (t ?? '').slice(0, 5);

/** What was booked: the treatment, or the package / promotion / purchased treatment. */
export function bookedItem(a: AppointmentRow): string {
  return a.treatment?.name ?? a.package?.name ?? a.promotion?.name ?? '';
}

/** The detail modal of /dashboard/citas: the appointment and its cancellations history. */
export function AppointmentView({ id }: { id: string }) {
  const { data: a, isLoading } = useQuery({ queryKey: ['appointment', id], queryFn: () => call(appointmentRoutes.get, { params: { id } }) });
  const can = useCan();
  if (isLoading || !a) return <Spin />;
  return (
    <>
      <Descriptions bordered size="small" column={2}>
        <Descriptions.Item label="Número">{a.appointmentNumber}</Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <StatusBadge status={a.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Fecha">{formatDate(a.date + 'T12:00:00Z')}</Descriptions.Item>
        <Descriptions.Item label="Horario">
          {hhmm(a.startTime)} – {hhmm(a.endTime)}
        </Descriptions.Item>
        <Descriptions.Item label="Paciente">
          {a.customer.customerId} · {fullName(a.customer)}
        </Descriptions.Item>
        <Descriptions.Item label="Teléfono">{a.customer.mobilePhone ?? a.customer.phone ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Sucursal">{a.branch?.name}</Descriptions.Item>
        <Descriptions.Item label="Cabina">{a.cabain?.name}</Descriptions.Item>
        <Descriptions.Item label="Tipo de cita">{treatmentTypeLabel(a.treatmentType?.name)}</Descriptions.Item>
        <Descriptions.Item label="Opción">{label(appointmentOptionLabels, a.appointmentOption)}</Descriptions.Item>
        <Descriptions.Item label="Tratamiento">{bookedItem(a)}</Descriptions.Item>
        <Descriptions.Item label="Sesiones">{a.sessions}</Descriptions.Item>
        <Descriptions.Item label="Método de cita">{label(appointmentMethodLabels, a.appointmentMethod)}</Descriptions.Item>
        <Descriptions.Item label="Confirmación">{label(confirmMethodLabels, a.confirmMethod)}</Descriptions.Item>
        <Descriptions.Item label="Agendó">{fullName(a.user)}</Descriptions.Item>
        <Descriptions.Item label="Atendió">{fullName(a.attendedBy)}</Descriptions.Item>
        <Descriptions.Item label="Reagendas">
          {a.reschedules ?? 0}
          {(a.status === 'scheduled' || a.status === 'inProcess') && ` · ${reschedulesLeftText(a.reschedules ?? 0)}`}
        </Descriptions.Item>
        <Descriptions.Item label="Creada">{formatDateTime(a.created_at)}</Descriptions.Item>
        <Descriptions.Item label="Observaciones" span={2}>
          {a.observations ?? ''}
        </Descriptions.Item>
        <Descriptions.Item label="Recordatorio" span={2}>
          <ReminderPanel appointmentId={a.id} canSend={can('dairy', 'edit')} />
        </Descriptions.Item>
      </Descriptions>
      <div style={{ marginTop: 12 }}>
        <RebookButton appointment={a} />
      </div>
      <h4 style={{ marginTop: 16 }}>Historial de cancelaciones</h4>
      <Table
        size="small"
        rowKey={(c) => c.created_at}
        dataSource={a.cancellations ?? []}
        pagination={{ pageSize: 5 }}
        locale={{ emptyText: 'Sin cancelaciones' }}
        columns={[
          { key: 'created_at', title: 'Fecha', render: (_, c) => formatDateTime(c.created_at) },
          { key: 'type', title: 'Tipo', render: (_, c) => label(cancellationTypeLabels, c.type) },
          { key: 'reason', title: 'Motivo', render: (_, c) => label(cancellationReasonLabels, c.cancellationReason) },
          { key: 'comment', title: 'Comentario', render: (_, c) => c.comment ?? '' },
          { key: 'customer', title: 'Por el cliente', render: (_, c) => (c.customerCancellation ? 'Sí' : 'No') },
        ]}
      />
    </>
  );
}
