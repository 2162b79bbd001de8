import { Descriptions, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { formatIsoDate, PAY_METHODS, PAY_STATUSES } from '../../../../domain/inventory';
import type { PurchaseOrderItem } from '../../../../domain/purchase-orders.contract';
import { payStatusColors } from '../../../../domain/purchase-orders.schemas';
import { providerRoutes } from '../../../../domain/providers.contract';
import { call } from '../../../app/api';
import { filterCatalogue, lookupFilter, selectFilter } from '../../../ui/filters';
import { formatDateTime } from '../../../ui/format';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { deleteAction, editAction } from '../../../ui/list-actions';
import { moneyColumn, textColumn } from '../../../ui/list-columns';
import { Money } from '../../../ui/Money';
import { orderListProps } from '../order-list';
import { confirmReceive, openPurchaseOrderPdf } from './actions';

const day = (iso: string | null | undefined) => (iso ? formatIsoDate(iso) : '—');
const paid = (o: PurchaseOrderItem) => o.payStatus === 'Completado';
const received = (o: PurchaseOrderItem) => Boolean(o.assortmentedAt);

export function PayStatusTag({ status }: { status: PurchaseOrderItem['payStatus'] }) {
  return <Tag color={payStatusColors[status]}>{status}</Tag>;
}

function PurchaseOrderDetail({ order: o }: { order: PurchaseOrderItem }) {
  return (
    <Descriptions bordered size="small" column={2}>
      <Descriptions.Item label="Orden">{o.orderNumber}</Descriptions.Item>
      <Descriptions.Item label="Factura">{o.invoiceNumber}</Descriptions.Item>
      <Descriptions.Item label="Proveedor">{o.provider.name}</Descriptions.Item>
      <Descriptions.Item label="Método de pago">{o.payMethod}</Descriptions.Item>
      <Descriptions.Item label="Fecha de llegada">{day(o.arrivedAt)}</Descriptions.Item>
      <Descriptions.Item label="Vencimiento del crédito">{day(o.creditExpiration)}</Descriptions.Item>
      <Descriptions.Item label="Estatus de pago">
        <PayStatusTag status={o.payStatus} />
      </Descriptions.Item>
      <Descriptions.Item label="Fecha de pago">{day(o.payedAt)}</Descriptions.Item>
      <Descriptions.Item label="IVA">{o.tax} %</Descriptions.Item>
      <Descriptions.Item label="Total">
        <Money value={o.total} />
      </Descriptions.Item>
      <Descriptions.Item label="Recibida en CEDIS" span={2}>
        {o.assortmentedAt ? `${o.receivedBranch?.name ?? ''} · ${formatDateTime(o.assortmentedAt)}` : 'Pendiente'}
      </Descriptions.Item>
      <Descriptions.Item label="Comentarios" span={2}>
        {o.comments || '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

const providerFilter = lookupFilter('providerId', 'Proveedor', 'providers:purchase', async () =>
  (await call(providerRoutes.list, { query: { take: 0 } })).items.map((p) => ({ value: p.id, label: p.name })),
);

export default function PurchaseOrdersPage() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['list', 'purchase-order'] });
  const rowActions: RowAction<PurchaseOrderItem>[] = [
    // a paid order opens read-only: 'Ver' instead of 'Editar'
    editAction((o) => Boolean(o.deleted_at) || paid(o)),
    { key: 'view', label: 'Ver', action: 'show', to: (o) => o.id, hidden: (o) => Boolean(o.deleted_at) || !paid(o) },
    {
      key: 'receive',
      label: 'Recibir en CEDIS',
      action: 'edit',
      hidden: (o) => Boolean(o.deleted_at) || received(o),
      onClick: (o) => confirmReceive(o, refresh),
    },
    { key: 'pdf', label: 'PDF', action: 'reports', onClick: (o) => void openPurchaseOrderPdf(o.id) },
    deleteAction(
      'purchase-order',
      (o) => `¿Eliminar la orden de compra ${o.orderNumber}?`,
      (o) => Boolean(o.deleted_at) || received(o) || paid(o),
    ),
  ];
  return (
    <ListPage<PurchaseOrderItem>
      {...orderListProps<PurchaseOrderItem>(
        { title: 'Órdenes de compra', resource: 'purchase-order', module: 'purchaseOrder', exportName: 'ordenes-de-compra' },
        { title: (o) => `Orden de compra ${o.orderNumber}`, width: 760, body: (o) => <PurchaseOrderDetail order={o} /> },
      )}
      searchFields={[
        { value: 'orderNumber', label: 'Orden' },
        { value: 'invoiceNumber', label: 'Factura' },
        { value: 'provider', label: 'Proveedor' },
      ]}
      filters={[
        providerFilter,
        selectFilter('payStatus', 'Estatus de pago', PAY_STATUSES),
        selectFilter('payMethod', 'Método de pago', PAY_METHODS, { width: 200 }),
        filterCatalogue.dateRange('Fecha de llegada'),
      ]}
      columns={[
        { key: 'orderNumber', title: 'Orden', sortField: 'orderNumber' },
        { key: 'invoiceNumber', title: 'Factura', sortField: 'invoiceNumber' },
        textColumn('provider', 'Proveedor', (o) => o.provider.name, { sort: true, maxWidth: 160 }),
        textColumn('payMethod', 'Método de pago', (o) => o.payMethod, { sort: true, maxWidth: 150 }),
        moneyColumn('total', 'Total', (o) => o.total, { sort: true }),
        { key: 'payStatus', title: 'Estatus de pago', sortField: 'payStatus', render: (o) => <PayStatusTag status={o.payStatus} />, text: (o) => o.payStatus },
        textColumn('payedAt', 'Fecha de pago', (o) => day(o.payedAt), { sort: true }),
      ]}
      rowActions={rowActions}
    />
  );
}
