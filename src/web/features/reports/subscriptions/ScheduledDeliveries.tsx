import { Button, Drawer, Space, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PauseCircleOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { FREQUENCY_LABELS, hourText, type DeliveryStatus } from '../../../../domain/report-subscriptions';
import { reportSubscriptionRoutes, type ReportSubscriptionItem } from '../../../../domain/report-subscriptions.contract';
import { call } from '../../../app/api';
import { confirmAction } from '../../../ui/confirm';
import { formatCalendarDate, formatDateTime } from '../../../ui/format';
import { notify } from '../../../ui/notify';
import { PagedTable } from '../../../ui/PagedTable';
import { StatusTag } from '../../../ui/StatusTag';
import { SUBSCRIPTIONS_KEY, type SubscriptionTarget } from './SubscriptionModal';

const RESULT_COLORS: Record<DeliveryStatus, string> = { sent: 'green', failed: 'red', pending: 'default', sending: 'blue' };

/** The last send: when (or for which period) and its result, 'Enviado' or 'Error: …'. */
function LastDelivery({ item }: { item: ReportSubscriptionItem }) {
  const last = item.lastDelivery;
  if (!last) return <Typography.Text type="secondary">Sin envíos</Typography.Text>;
  const period = `${formatCalendarDate(last.period.from)} al ${formatCalendarDate(last.period.to)}`;
  return (
    <Space orientation="vertical" size={0}>
      <span>{last.sentAt ? formatDateTime(last.sentAt, item.timeZone) : formatDateTime(last.occurrence, item.timeZone)}</span>
      <Tooltip title={`Periodo ${period} · ${last.tries} ${last.tries === 1 ? 'intento' : 'intentos'}`}>
        <Tag color={RESULT_COLORS[last.status]} style={{ whiteSpace: 'normal' }} data-testid="delivery-result">
          {last.result}
        </Tag>
      </Tooltip>
    </Space>
  );
}

/** 'Envíos programados': the user's subscriptions (everyone's for a Super Administrador) with edit, pause and delete. */
export function ScheduledDeliveries({ open, onClose, onEdit }: { open: boolean; onClose: () => void; onEdit: (target: SubscriptionTarget) => void }) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
  const setActive = async (item: ReportSubscriptionItem, active: boolean) => {
    try {
      const { report, filters, frequency, hour, recipients } = item;
      await call(reportSubscriptionRoutes.update, { params: { id: item.id }, body: { report, filters, frequency, hour, recipients, active } });
      notify.success(active ? 'Envío reanudado' : 'Envío en pausa');
      refresh();
    } catch (err) {
      notify.error(err);
    }
  };
  const remove = (item: ReportSubscriptionItem) =>
    confirmAction({
      title: `¿Eliminar el envío programado de ${item.reportTitle}?`,
      onOk: async () => {
        await call(reportSubscriptionRoutes.delete, { params: { id: item.id } });
        notify.success('Envío programado eliminado');
        refresh();
      },
    });
  return (
    <Drawer title="Envíos programados" open={open} onClose={onClose} size="large" styles={{ wrapper: { width: 'min(1100px, 100vw)' } }}>
      {open && (
        <PagedTable<ReportSubscriptionItem>
          path="/report-subscription"
          queryKey={SUBSCRIPTIONS_KEY}
          pageSize={10}
          emptyText="Sin envíos programados"
          rowKey="id"
          data-testid="subscriptions-table"
          columns={[
            { key: 'report', title: 'Reporte', render: (_, s) => s.reportTitle },
            { key: 'filters', title: 'Filtros', render: (_, s) => s.filtersSummary },
            { key: 'frequency', title: 'Frecuencia', render: (_, s) => FREQUENCY_LABELS[s.frequency] },
            { key: 'hour', title: 'Hora', render: (_, s) => hourText(s.hour) },
            { key: 'recipients', title: 'Destinatarios', render: (_, s) => [s.ownerEmail, ...s.recipients].join(', ') },
            { key: 'last', title: 'Último envío', render: (_, s) => <LastDelivery item={s} /> },
            { key: 'active', title: 'Estado', render: (_, s) => <StatusTag active={s.active} off="En pausa" /> },
            {
              key: 'actions',
              title: 'Acciones',
              render: (_, s) => (
                <Space size={0}>
                  <Tooltip title="Editar">
                    <Button
                      type="text"
                      aria-label="Editar"
                      icon={<EditOutlined />}
                      onClick={() => onEdit({ report: s.report, filters: s.filters, editing: s })}
                    />
                  </Tooltip>
                  <Tooltip title={s.active ? 'Pausar' : 'Reanudar'}>
                    <Button
                      type="text"
                      aria-label={s.active ? 'Pausar' : 'Reanudar'}
                      icon={s.active ? <PauseCircleOutlined /> : <PlayCircleOutlined />}
                      onClick={() => void setActive(s, !s.active)}
                    />
                  </Tooltip>
                  <Tooltip title="Eliminar">
                    <Button type="text" danger aria-label="Eliminar" icon={<DeleteOutlined />} onClick={() => remove(s)} />
                  </Tooltip>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Drawer>
  );
}
