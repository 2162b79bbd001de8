import { Descriptions, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatIsoDate } from '../../../../domain/inventory';
import { saleOrderPdf, saleOrderRoutes, type SaleOrderListItem } from '../../../../domain/sale-orders.contract';
import { formatPhone } from '../../../../domain/validation';
import { call } from '../../../app/api';
import { branchFilter, filterCatalogue } from '../../../ui/filters';
import { formatDate, formatMoney } from '../../../ui/format';
import { ListPage, type RowAction } from '../../../ui/ListPage';
import { editDeleteActions } from '../../../ui/list-actions';
import { moneyColumn, textColumn } from '../../../ui/list-columns';
import { openDocument as openPdf } from '../../../ui/open-document';
import { orderListProps } from '../order-list';

const dash = (v: string | null | undefined) => v || '—';
const created = (o: SaleOrderListItem) => formatDate(o.created_at, o.branch.timeZone);

/** The order's data and its lines (the list's detail modal). */
function SaleOrderDetail({ order: o }: { order: SaleOrderListItem }) {
  const { data, isLoading } = useQuery({ queryKey: ['sale-order', o.id], queryFn: () => call(saleOrderRoutes.get, { params: { id: o.id } }) });
  return (
    <>
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Cliente">{o.name}</Descriptions.Item>
        <Descriptions.Item label="RFC">{dash(o.rfc)}</Descriptions.Item>
        <Descriptions.Item label="Teléfono">{formatPhone(o.phone)}</Descriptions.Item>
        <Descriptions.Item label="Número de nota">{o.note}</Descriptions.Item>
        <Descriptions.Item label="Sucursal">{o.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Fecha de creación">{created(o)}</Descriptions.Item>
        <Descriptions.Item label="Comentarios" span={2}>
          {dash(o.comments)}
        </Descriptions.Item>
      </Descriptions>
      <Table
        size="small"
        rowKey="id"
        loading={isLoading}
        pagination={false}
        dataSource={data?.saleOrderProducts ?? []}
        columns={[
          { key: 'sku', dataIndex: 'sku', title: 'SKU' },
          { key: 'product', dataIndex: 'product', title: 'Producto' },
          { key: 'allotment', dataIndex: 'allotment', title: 'Lote' },
          { key: 'expiresAt', title: 'Caducidad', render: (_, l) => (l.expiresAt ? formatIsoDate(l.expiresAt) : '—') },
          { key: 'quantity', dataIndex: 'quantity', title: 'Cantidad', align: 'right' },
          { key: 'price', title: 'Precio', align: 'right', render: (_, l) => formatMoney(l.price) },
          { key: 'subtotal', title: 'Subtotal', align: 'right', render: (_, l) => formatMoney(l.subtotal) },
        ]}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={6} align="right">
              <strong>Total</strong>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              <strong>{formatMoney(o.totalAmount)}</strong>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
    </>
  );
}

const deleted = (o: SaleOrderListItem) => Boolean(o.deleted_at);

const actions: RowAction<SaleOrderListItem>[] = [
  // section 6: the sale order PDF needs show; it opens in a new tab
  { key: 'pdf', label: 'Descargar PDF', action: 'show', onClick: (o) => void openPdf(saleOrderPdf.path(o.id)) },
  ...editDeleteActions<SaleOrderListItem>('sale-order', (o) => `¿Eliminar la orden de venta ${o.orderNumber}? Sus unidades regresarán al inventario.`, deleted),
];

export default function SaleOrdersPage() {
  return (
    <ListPage<SaleOrderListItem>
      {...orderListProps<SaleOrderListItem>(
        { title: 'Órdenes de venta', resource: 'sale-order', module: 'saleOrder', exportName: 'ordenes-de-venta' },
        { title: (o) => `Orden de venta ${o.orderNumber}`, width: 860, body: (o) => <SaleOrderDetail order={o} /> },
      )}
      searchFields={[
        { value: 'orderNumber', label: 'Número de orden' },
        { value: 'name', label: 'Nombre' },
        { value: 'rfc', label: 'RFC' },
        { value: 'phone', label: 'Teléfono' },
        { value: 'note', label: 'Número de nota' },
      ]}
      // every role that sees sale orders may filter by branch, except those bound to their own
      filters={[{ ...branchFilter('saleOrder'), visibleWith: [['saleOrder', 'show']], hiddenWhenBranchBound: true }, filterCatalogue.dateRange()]}
      columns={[
        textColumn('orderNumber', 'Número de orden', (o) => o.orderNumber, { sort: true }),
        textColumn('name', 'Nombre', (o) => o.name, { sort: true, maxWidth: 170 }),
        textColumn('rfc', 'RFC', (o) => dash(o.rfc), { optional: true }),
        textColumn('phone', 'Teléfono', (o) => formatPhone(o.phone), { optional: true }),
        textColumn('note', 'Número de nota', (o) => o.note, { sort: true }),
        textColumn('branch', 'Sucursal', (o) => o.branch.name, { sort: true }),
        moneyColumn('totalAmount', 'Total', (o) => o.totalAmount, { sort: true }),
        textColumn('created_at', 'Fecha de creación', created, { sort: true }),
      ]}
      rowActions={actions}
      totals={{ columns: [{ key: 'totalAmount', value: (o) => o.totalAmount }] }}
    />
  );
}
