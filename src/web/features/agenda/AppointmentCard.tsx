import { useRef, useState, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { Button, Descriptions, Popover, Select, Tooltip } from 'antd';
import { CheckCircleFilled, EditOutlined, ExclamationCircleFilled, MailOutlined } from '@ant-design/icons';
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
import { formatDateTime, fullName } from '../../ui/format';
import { notify } from '../../ui/notify';
import { ReminderPanel } from '../reminders';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

const what = (a: AppointmentCard) => a.treatment?.name ?? a.package?.name ?? a.promotion?.name ?? treatmentTypeLabel(a.treatmentType.name);
const confirmed = (a: AppointmentCard) => Boolean(a.confirmMethod && a.confirmMethod !== 'no');
const confirmLabel = (m: string | null) => (m ? (confirmMethodLabels[m as keyof typeof confirmMethodLabels] ?? m) : 'Sin confirmar');
const range = (a: AppointmentCard) => `${a.startTime.slice(0, 5)} – ${a.endTime.slice(0, 5)}`;

/** A status in dark text beside its colour (white or coloured text on the status colours falls below 4.5:1). */
function StatusText({ status }: { status: string }) {
  return (
    <span className="agenda-card-status">
      <span className="dot" style={{ background: `#${appointmentStatusColors[status as AppointmentStatus]}` }} />
      {appointmentStatusLabels[status as AppointmentStatus]}
    </span>
  );
}

interface CardProps extends HTMLAttributes<HTMLDivElement> {
  appointment: AppointmentCard;
  compact?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/** One appointment on the grid, coloured by its status; compact, one line of start time and patient. Popover props (events, ref) pass through. */
export function AppointmentCardView({ appointment: a, compact, style, ref, ...rest }: CardProps) {
  const color = `#${appointmentStatusColors[a.status as AppointmentStatus]}`;
  const status = appointmentStatusLabels[a.status as AppointmentStatus];
  const check = confirmed(a) && (
    <Tooltip title={`Confirmada: ${confirmLabel(a.confirmMethod)}`}>
      <CheckCircleFilled style={{ color: '#52c41a' }} aria-label="Confirmada" />
    </Tooltip>
  );
  // the reminder (issue 30): asked to reschedule through its link, or the e-mail went and no confirmation yet
  const reminder = a.reminder?.rescheduleRequestedAt ? (
    <Tooltip title={`Pidió reagendar el ${formatDateTime(a.reminder.rescheduleRequestedAt)}`}>
      <ExclamationCircleFilled style={{ color: '#d46b08' }} aria-label="Pidió reagendar" />
    </Tooltip>
  ) : (
    a.reminder?.sentAt &&
    !confirmed(a) && (
      <Tooltip title={`Recordatorio enviado el ${formatDateTime(a.reminder.sentAt)}`}>
        <MailOutlined style={{ color: '#595959' }} aria-label="Recordatorio enviado" />
      </Tooltip>
    )
  );
  // the card's content names it (what a screen reader reads is what one sees, plus the folio and, compact, the status)
  return (
    <div
      {...rest}
      ref={ref}
      role="button"
      tabIndex={0}
      className={`agenda-card${compact ? ' compact' : ''}`}
      data-status={a.status}
      style={{ ...style, background: `linear-gradient(${color}24, ${color}24), #fff`, borderLeft: `${compact ? 3 : 4}px solid ${color}` }}
    >
      <span className="visually-hidden">Cita {a.appointmentNumber}</span>
      {compact ? (
        <div className="agenda-card-line">
          <span className="agenda-card-start">{a.startTime.slice(0, 5)}</span>
          <span className="agenda-card-name">{fullName(a.customer)}</span>
          {check}
          {reminder}
          <span className="visually-hidden">{status}</span>
        </div>
      ) : (
        <>
          <div className="agenda-card-time">
            <span>{range(a)}</span>
            <span className="agenda-card-icons">
              {check}
              {reminder}
            </span>
          </div>
          <div className="agenda-card-name">{fullName(a.customer)}</div>
          <div className="agenda-card-what">{what(a)}</div>
          <StatusText status={a.status} />
        </>
      )}
    </div>
  );
}

interface QuickViewProps {
  appointment: AppointmentCard;
  compact: boolean;
  canConfirm: boolean;
  placement: 'right' | 'bottom';
  style: CSSProperties;
  /** Opens the appointment itself (its edit screen). */
  onOpen: () => void;
}

/** A card whose quick view opens on hover, on a click or tap, and on Enter or Space; Escape closes it. */
export function QuickViewCard({ appointment, compact, canConfirm, placement, style, onOpen }: QuickViewProps) {
  const [open, setOpen] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    card.current?.focus();
  };
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      placement={placement}
      mouseEnterDelay={0.3}
      content={
        <div ref={panel} onKeyDown={(e) => e.key === 'Escape' && close()}>
          <AppointmentDetails appointment={appointment} canConfirm={canConfirm} onOpen={onOpen} />
        </div>
      }
    >
      <AppointmentCardView
        ref={card}
        appointment={appointment}
        compact={compact}
        style={style}
        aria-expanded={open}
        onClick={() => setOpen(true)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') return setOpen(false);
          if (e.key !== 'Enter' && e.key !== ' ') return;
          e.preventDefault();
          setOpen((o) => !o);
        }}
        onBlur={(e) => {
          // Tab to another control closes it; focus moving into the quick view (its selector, its button) or a click anywhere keeps it
          const next = e.relatedTarget as Node | null;
          if (next && !panel.current?.contains(next)) setOpen(false);
        }}
      />
    </Popover>
  );
}

/** The card's quick view: details, the confirmation-method selector (edit on the agenda) and the way to the appointment. */
export function AppointmentDetails({ appointment: a, canConfirm, onOpen }: { appointment: AppointmentCard; canConfirm: boolean; onOpen: () => void }) {
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
          <StatusText status={a.status} />
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
      <div style={{ marginTop: 8 }}>
        <ReminderPanel appointmentId={a.id} canSend={canConfirm} />
      </div>
      <Button type="primary" size="small" icon={<EditOutlined />} style={{ marginTop: 8 }} onClick={onOpen}>
        Abrir cita
      </Button>
    </div>
  );
}
