import { Tag, Tooltip } from 'antd';
import type { AssortmentOrder } from '../../../../domain/assortment-orders.contract';
import { ORDER_STATUSES, ORDER_TYPES, orderStatusColors, orderTypeLabels } from '../../../../domain/inventory';
import { useCan } from '../../../app/privileges';
import { useSession } from '../../../app/session';
import { branchFilter, selectFilter } from '../../../ui/filters';
import { formatDate } from '../../../ui/format';
import { ListPage } from '../../../ui/ListPage';
import { orderListProps } from '../order-list';
import { restockActions, restockUser } from './actions';

/** The order number; a finished order whose received quantities differ from the sent ones is tagged (its row is highlighted). */
function OrderNumber({ order }: { order: AssortmentOrder }) {
  if (!order.hasDifference) return <>{order.orderNumber}</>;
  return (
    <Tooltip title="Lo recibido difiere de lo enviado">
      <span>
        {order.orderNumber} <Tag color="warning">Diferencia</Tag>
      </span>
    </Tooltip>
  );
}

export default function AssortmentOrdersPage() {
  const can = useCan();
  const user = useSession((s) => s.user);
  return (
    <ListPage<AssortmentOrder>
      {...orderListProps<AssortmentOrder>({
        title: 'Órdenes de surtido',
        resource: 'assortment-order',
        module: 'assortmentOrder',
        exportName: 'ordenes-de-surtido',
      })}
      searchFields={[
        { value: 'orderNumber', label: 'Número de orden' },
        { value: 'branch', label: 'Sucursal' },
      ]}
      filters={[
        branchFilter('assortmentOrder'),
        selectFilter('status', 'Estatus', ORDER_STATUSES),
        selectFilter('orderType', 'Tipo de orden', ORDER_TYPES, { labels: orderTypeLabels }),
        { kind: 'dateRange', label: 'Fecha de creación' },
      ]}
      columns={[
        { key: 'orderNumber', title: 'Número de orden', sortField: 'orderNumber', render: (o) => <OrderNumber order={o} />, text: (o) => o.orderNumber },
        { key: 'orderType', title: 'Tipo de orden', sortField: 'orderType', render: (o) => o.orderTypeLabel, text: (o) => o.orderTypeLabel },
        {
          key: 'created_at',
          title: 'Fecha de creación',
          sortField: 'created_at',
          render: (o) => formatDate(o.created_at),
          text: (o) => formatDate(o.created_at),
        },
        { key: 'branch', title: 'Sucursal', sortField: 'branch', render: (o) => o.branch.name, text: (o) => o.branch.name },
        {
          key: 'status',
          title: 'Estatus',
          sortField: 'status',
          render: (o) => <Tag color={orderStatusColors[o.status]}>{o.status}</Tag>,
          text: (o) => o.status,
        },
      ]}
      rowActions={restockActions<AssortmentOrder>(restockUser(user, (a) => can('assortmentOrder', a)))}
      rowClassName={(o) => (o.hasDifference ? 'order-row-difference' : '')}
    />
  );
}
