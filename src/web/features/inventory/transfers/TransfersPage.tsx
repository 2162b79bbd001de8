import { Descriptions, Tooltip } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { TransferListItem } from '../../../../domain/transfers.contract';
import { useCan } from '../../../app/privileges';
import { useSession } from '../../../app/session';
import { filterCatalogue } from '../../../ui/filters';
import { formatDate, formatDateTime } from '../../../ui/format';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { deleteAction } from '../../../ui/list-actions';
import { textColumn } from '../../../ui/list-columns';
import { openDocument as openPdf } from '../../../ui/open-document';
import { orderListProps } from '../order-list';
import { TransferStatusTag, transferRights } from './actions';

const DIFFERENCE = 'Lo recibido no coincide con lo enviado';

function TransferDetail({ transfer: t }: { transfer: TransferListItem }) {
  const when = (d: string | null) => (d ? formatDateTime(d) : '—');
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="Número">{t.transferNumber}</Descriptions.Item>
      <Descriptions.Item label="Estatus">
        <TransferStatusTag status={t.status} />
      </Descriptions.Item>
      <Descriptions.Item label="Sucursal origen">{t.originBranch.name}</Descriptions.Item>
      <Descriptions.Item label="Sucursal destino">{t.destinyBranch.name}</Descriptions.Item>
      <Descriptions.Item label="Creada">{when(t.created_at)}</Descriptions.Item>
      <Descriptions.Item label="Aprobada">{when(t.approvedAt)}</Descriptions.Item>
      <Descriptions.Item label="Recibida">{when(t.acceptedAt)}</Descriptions.Item>
      <Descriptions.Item label="Rechazada">{when(t.rejectedAt)}</Descriptions.Item>
      <Descriptions.Item label="Comentarios" span={2}>
        {t.comments || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

function TransferNumber({ transfer: t }: { transfer: TransferListItem }) {
  if (!t.hasDifference) return <>{t.transferNumber}</>;
  return (
    <Tooltip title={DIFFERENCE}>
      <span data-testid="transfer-difference">
        {t.transferNumber} <WarningOutlined style={{ color: '#cf1322' }} aria-label={DIFFERENCE} />
      </span>
    </Tooltip>
  );
}

export default function TransfersPage() {
  const user = useSession((s) => s.user);
  const can = useCan();
  const rights = (t: TransferListItem) => transferRights(user, t, can('transfers', 'approve'));
  const rowActions: RowAction<TransferListItem>[] = [
    { key: 'view', label: 'Ver', action: 'show', to: (t) => t.id, hidden: (t) => rights(t).approve || rights(t).edit },
    { key: 'approve', label: 'Aprobar', action: 'approve', to: (t) => t.id, hidden: (t) => !rights(t).approve },
    { key: 'edit', label: 'Editar', action: 'edit', to: (t) => t.id, hidden: (t) => !rights(t).edit },
    { key: 'pdf', label: 'PDF', action: 'reports', onClick: (t) => void openPdf(`/transfer/${t.id}/download`) },
    deleteAction(
      'transfer',
      (t) => `¿Eliminar la transferencia ${t.transferNumber}?`,
      (t) => !rights(t).delete,
    ),
  ];
  return (
    <ListPage<TransferListItem>
      {...orderListProps<TransferListItem>(
        { title: 'Transferencias', resource: 'transfer', module: 'transfers', exportName: 'transferencias' },
        { title: (t) => `Transferencia ${t.transferNumber}`, width: 720, body: (t) => <TransferDetail transfer={t} /> },
      )}
      searchFields={[
        { value: 'transferNumber', label: 'Número' },
        { value: 'originBranch', label: 'Sucursal origen' },
        { value: 'destinyBranch', label: 'Sucursal destino' },
      ]}
      filters={[
        filterCatalogue.originBranch('transfers'),
        filterCatalogue.destinationBranch('transfers'),
        filterCatalogue.orderStatus(),
        filterCatalogue.dateRange('Fecha de creación'),
      ]}
      columns={[
        { key: 'transferNumber', title: 'Número', sortField: 'transferNumber', render: (t) => <TransferNumber transfer={t} />, text: (t) => t.transferNumber },
        textColumn('originBranch', 'Sucursal origen', (t) => t.originBranch.name, { sort: true }),
        textColumn('created_at', 'Fecha de creación', (t) => formatDate(t.created_at), { sort: true }),
        textColumn('destinyBranch', 'Sucursal destino', (t) => t.destinyBranch.name, { sort: true }),
        { key: 'status', title: 'Estatus', sortField: 'status', render: (t) => <TransferStatusTag status={t.status} />, text: (t) => t.status },
      ]}
      rowActions={rowActions}
      rowClassName={(t) => (t.hasDifference ? 'order-row-difference' : '')}
    />
  );
}
