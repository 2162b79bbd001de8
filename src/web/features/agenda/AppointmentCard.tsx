import type { HTMLAttributes, Ref } from 'react';
import { Descriptions, Select, Tag, Tooltip } from 'antd';
import { CheckCircleFilled } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  appointmentOptionLabels,
  appointmentStatusColors,
  appointmentStatusLabels,
  CONFIRM_METHODS,
  confirmMethodLabels,
  type AppointmentOption,
  type AppointmentStatus,
} from '../../../domain/agenda';
import type { AppointmentCard } from '../../../domain/agenda.contract';
import { appointmentRoutes } from '../../../domain/appointments.contract';
import { call } from '../../app/api';
import { fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

const what = (a: AppointmentCard) => a.treatment?.name ?? a.package?.name ?? a.promotion?.name ?? treatmentTypeLabel(a.treatmentType.name);
const confirmed = (a: AppointmentCard) => Boolean(a.confirmMethod && a.confirmMethod !== 'no');
const confirmLabel = (m: string | null) => (m ? (confirmMethodLabels[m as keyof typeof confirmMethodLabels] ?? m) : 'Sin confirmar');
const range = (a: AppointmentCard) => `${a.startTime.slice(0, 5)} – ${a.endTime.slice(0, 5)}`;

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  appointment: AppointmentCard;
  ref?: Ref<HTMLDivElement>;
}

/** One appointment on the grid, coloured by its status. Popover props (events, ref) pass through. */
export function AppointmentCardView({ appointment: a, style, ref, ...rest }: CardProps) {
  const color = `#${appointmentStatusColors[a.status as AppointmentStatus]}`;
  return (
    <div
      {...rest}
      ref={ref}
      role="button"
      tabIndex={0}
      className="agenda-card"
      data-status={a.status}
      aria-label={`Cita ${a.appointmentNumber} ${fullName(a.customer)}`}
      style={{ ...style, background: `linear-gradient(${color}24, ${color}24), #fff`, borderLeft: `4px solid ${color}` }}
    >
      <div className="agenda-card-time">
        <span>{range(a)}</span>
        {confirmed(a) && (
          <Tooltip title={`Confirmada: ${confirmLabel(a.confirmMethod)}`}>
            <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="Confirmada" />
          </Tooltip>
        )}
      </div>
      <div className="agenda-card-name">{fullName(a.customer)}</div>
      <div className="agenda-card-what">{what(a)}</div>
      <div>
        <Tag color={color} style={{ marginInlineEnd: 0 }}>
          {appointmentStatusLabels[a.status as AppointmentStatus]}
        </Tag>
      </div>
    </div>
  );
}

/** The card's tooltip: details and the confirmation-method selector (edit on the agenda). */
export function AppointmentDetails({ appointment: a, canConfirm }: { appointment: AppointmentCard; canConfirm: boolean }) {
  const queryClient = useQueryClient();
  const confirm = useMutation({
    mutationFn: (confirmMethod: string) =>
      call(appointmentRoutes.confirm, { params: { id: a.id }, body: { confirmMethod: confirmMethod as (typeof CONFIRM_METHODS)[number] } }),
    onSuccess: async () => {
      notify.success();
      await queryClient.invalidateQueries({ queryKey: ['diary'] });
    },
    onError: (err) => notify.error(err),
  });
  // the API confirms scheduled appointments only
  const editable = canConfirm && a.status === 'scheduled';
  return (
    <div style={{ width: 320 }} onClick={(e) => e.stopPropagation()}>
      <Descriptions size="small" column={1} title={a.appointmentNumber}>
        <Descriptions.Item label="Paciente">{fullName(a.customer)}</Descriptions.Item>
        {a.customer.mobilePhone && <Descriptions.Item label="Celular">{a.customer.mobilePhone}</Descriptions.Item>}
        <Descriptions.Item label="Horario">{range(a)}</Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <Tag color={`#${appointmentStatusColors[a.status as AppointmentStatus]}`}>{appointmentStatusLabels[a.status as AppointmentStatus]}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label="Tipo">{treatmentTypeLabel(a.treatmentType.name)}</Descriptions.Item>
        <Descriptions.Item label={appointmentOptionLabels[a.appointmentOption as AppointmentOption] ?? 'Tratamiento'}>{what(a)}</Descriptions.Item>
        {a.attendedBy && <Descriptions.Item label="Atendió">{fullName(a.attendedBy)}</Descriptions.Item>}
        <Descriptions.Item label="Confirmación">
          {editable ? (
            <Select
              size="small"
              aria-label="Método de confirmación"
              placeholder="Sin confirmar"
              style={{ width: 170 }}
              loading={confirm.isPending}
              value={a.confirmMethod ?? undefined}
              options={CONFIRM_METHODS.map((m) => ({ value: m, label: confirmMethodLabels[m] }))}
              onChange={(m: string) => confirm.mutate(m)}
            />
          ) : (
            confirmLabel(a.confirmMethod)
          )}
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}
