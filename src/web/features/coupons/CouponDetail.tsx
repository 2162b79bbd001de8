import { Descriptions, Skeleton, Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { formatPercent } from '../../../domain/coupons';
import { couponRoutes, type CouponUsage } from '../../../domain/coupons.contract';
import { call } from '../../app/api';
import { Money } from '../../ui/Money';
import { formatDateTime, fullName } from '../../ui/format';
import { calendarDate, itemName, statusText, typeLabel } from './format';

/** Section 9: coupon usage tables show 3 rows per page. */
const USAGE_PAGE_SIZE = 3;

const usageColumns: TableColumnsType<CouponUsage> = [
  { key: 'orderNumber', title: 'Número de orden', dataIndex: 'orderNumber' },
  { key: 'created_at', title: 'Fecha', render: (_, u) => formatDateTime(u.created_at) },
  // the server answers the customer's full name; a use without a known customer says so
  { key: 'customer', title: 'Cliente', render: (_, u) => u.customer?.name ?? 'Cliente no registrado' },
  { key: 'branch', title: 'Sucursal', render: (_, u) => u.branch?.name ?? '' },
  { key: 'user', title: 'Usuario', render: (_, u) => fullName(u.user) },
];

function UsageTable({ rows }: { rows: CouponUsage[] }) {
  return (
    <Table<CouponUsage>
      rowKey="id"
      size="small"
      columns={usageColumns}
      dataSource={rows}
      pagination={{ pageSize: USAGE_PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: false }}
      locale={{ emptyText: 'Sin usos registrados' }}
    />
  );
}

/** The detail modal of a coupon: its data and its usage history in sales and product sales. */
export function CouponDetailView({ id }: { id: string }) {
  const { data, isLoading } = useQuery({ queryKey: ['coupon', id], queryFn: () => call(couponRoutes.get, { params: { id } }) });
  if (isLoading || !data) return <Skeleton active />;
  return (
    <div>
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Código">{data.code}</Descriptions.Item>
        <Descriptions.Item label="Nombre">{data.name}</Descriptions.Item>
        <Descriptions.Item label="Descripción" span={2}>
          {data.description}
        </Descriptions.Item>
        <Descriptions.Item label="Tipo">{typeLabel(data)}</Descriptions.Item>
        <Descriptions.Item label={data.type === 'Treatment' ? 'Tratamiento' : 'Producto'}>{itemName(data)}</Descriptions.Item>
        <Descriptions.Item label="Precio">
          <Money value={data.price} />
        </Descriptions.Item>
        <Descriptions.Item label="Precio con descuento">
          <Money value={data.discountedPrice} /> ({formatPercent(data.discount)})
        </Descriptions.Item>
        <Descriptions.Item label="Límite de usos">{data.limit}</Descriptions.Item>
        <Descriptions.Item label="Usados">{data.used}</Descriptions.Item>
        <Descriptions.Item label="Vigencia">{calendarDate(data.expireDate)}</Descriptions.Item>
        <Descriptions.Item label="Estatus">{statusText(data)}</Descriptions.Item>
        <Descriptions.Item label="Sucursales" span={2}>
          {data.branches.map((b) => (
            <Tag key={b.id}>{b.name}</Tag>
          ))}
        </Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          { key: 'orders', label: `Ventas (${data.orders.length})`, children: <UsageTable rows={data.orders} /> },
          { key: 'cashOrders', label: `Ventas de producto (${data.cashOrders.length})`, children: <UsageTable rows={data.cashOrders} /> },
        ]}
      />
    </div>
  );
}
