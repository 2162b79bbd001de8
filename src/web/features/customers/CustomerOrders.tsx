import { Table, Tag } from 'antd';
import { formatDate, formatTime } from '../../ui/format';
import { Money } from '../../ui/Money';
import { PagedTable } from '../../ui/PagedTable';
import { channels, DETAIL_PAGE_SIZE, DETAIL_PAGE_SIZES, paymentStatus, type CustomerOrder } from './history';

const sub = { color: '#666', fontSize: 12 };

interface Props {
  customerId: string;
  /** order: treatments and packages; cash: products. */
  kind: 'order' | 'cash';
  pageSize?: number;
  pageSizes?: number[];
}

/** A customer's orders or cash orders, newest first; a row unfolds into its lines. */
export function CustomerOrders({ customerId, kind, pageSize = DETAIL_PAGE_SIZE, pageSizes = DETAIL_PAGE_SIZES }: Props) {
  return (
    <PagedTable<CustomerOrder>
      rowKey="id"
      path={`/customer/${customerId}/orders`}
      query={{ kind }}
      queryKey={['customer-orders', customerId]}
      pageSize={pageSize}
      pageSizes={pageSizes}
      emptyText={kind === 'cash' ? 'Sin órdenes en efectivo' : 'Sin órdenes'}
      expandable={{
        expandedRowRender: (o) => (
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.details}
            columns={[
              { key: 'name', title: kind === 'cash' ? 'Producto' : 'Tratamiento o paquete', dataIndex: 'name' },
              { key: 'quantity', title: 'Cantidad', dataIndex: 'quantity', align: 'right' },
              { key: 'price', title: 'Precio de lista', align: 'right', render: (_, l) => <Money value={l.price} /> },
              { key: 'salePrice', title: 'Precio de venta', align: 'right', render: (_, l) => <Money value={l.salePrice} /> },
            ]}
          />
        ),
      }}
      columns={[
        {
          key: 'orderNumber',
          title: 'Orden',
          render: (_, o) => (
            <>
              {o.orderNumber}
              <div style={sub}>{`${o.branch.name} · ${channels[o.origin] ?? o.origin}`}</div>
            </>
          ),
        },
        {
          key: 'date',
          title: 'Fecha',
          render: (_, o) => (
            <>
              {formatDate(o.created_at)}
              <div style={sub}>{formatTime(o.created_at)}</div>
            </>
          ),
        },
        { key: 'total', title: 'Total', align: 'right', render: (_, o) => <Money value={o.total} /> },
        { key: 'points', title: 'Puntos', dataIndex: 'points', align: 'right' },
        {
          key: 'payment',
          title: 'Pago',
          render: (_, o) => {
            const s = paymentStatus[o.paymentStatus];
            return (
              <>
                {o.paymentMethod}
                <div>
                  <Tag color={s?.color}>{s?.label ?? o.paymentStatus}</Tag>
                </div>
              </>
            );
          },
        },
        { key: 'status', title: 'Estatus', render: (_, o) => (o.refundedAt ? <Tag color="red">Devolución</Tag> : <Tag color="green">Venta</Tag>) },
      ]}
    />
  );
}
