import { Alert, Button, Space, Spin, Tooltip, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { reminderChannelLabels, type ReminderChannel } from '../../../domain/reminders';
import { reminderRoutes, type ReminderSummary } from '../../../domain/reminders.contract';
import { call } from '../../app/api';
import { formatDateTime } from '../../ui/format';
import { notify } from '../../ui/notify';

/** The line that says where the day-before reminder stands. */
export function reminderStatusText(r: Pick<ReminderSummary, 'status' | 'sentAt' | 'error' | 'dueAt'>, timeZone?: string): string {
  switch (r.status) {
    case 'sent':
      return `Enviado el ${formatDateTime(r.sentAt, timeZone)}`;
    case 'failed':
      return `Falló el envío${r.error ? `: ${r.error}` : ''} (se reintenta)`;
    case 'skipped':
      return `No enviado${r.error ? `: ${r.error}` : ''}`;
    case 'pending':
    case 'sending':
      return 'Por enviar';
    default:
      return r.dueAt ? `Se enviará el ${formatDateTime(r.dueAt, timeZone)}` : 'Sin recordatorio';
  }
}

/**
 * An appointment's reminder for the reception (quick view and detail): whether the e-mail went and when, the patient's
 * answer through its link, and the WhatsApp click-to-chat with the same text and a link of its own.
 */
export function ReminderPanel({ appointmentId, canSend, timeZone }: { appointmentId: string; canSend: boolean; timeZone?: string }) {
  const { data: r, isLoading } = useQuery({
    queryKey: ['reminder', appointmentId],
    queryFn: () => call(reminderRoutes.summary, { params: { id: appointmentId } }),
  });
  const whatsapp = useMutation({ mutationFn: () => call(reminderRoutes.whatsapp, { params: { id: appointmentId } }), onError: (err) => notify.error(err) });
  if (isLoading || !r) return <Spin size="small" />;
  const openWhatsapp = () => {
    // the window opens within the click (no pop-up blocker), then goes to the chat once the link is made
    const chat = window.open('', '_blank');
    whatsapp.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (chat) {
          chat.opener = null;
          chat.location.href = url;
        } else window.location.href = url;
      },
      onError: () => chat?.close(),
    });
  };
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }} data-testid="reminder-panel">
      <Typography.Text>
        <strong>Recordatorio:</strong> {reminderStatusText(r, timeZone)}
      </Typography.Text>
      {r.confirmedAt && r.confirmedVia && (
        <Typography.Text>
          Confirmó por {reminderChannelLabels[r.confirmedVia as ReminderChannel]} el {formatDateTime(r.confirmedAt, timeZone)}
        </Typography.Text>
      )}
      {r.rescheduleRequestedAt && (
        <Alert type="warning" showIcon title={`Pidió reagendar el ${formatDateTime(r.rescheduleRequestedAt, timeZone)}`} style={{ padding: '4px 8px' }} />
      )}
      {canSend && (
        <Tooltip title={r.whatsapp.reason ?? 'Abre WhatsApp con el recordatorio y su enlace de confirmación'}>
          <Button size="small" icon={<MessageOutlined />} disabled={!r.whatsapp.available} loading={whatsapp.isPending} onClick={openWhatsapp}>
            Enviar por WhatsApp
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
