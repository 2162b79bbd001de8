import { Tag, Typography } from 'antd';
import { formatPercent } from '../../../domain/coupons';
import { COUPON_TYPES, couponTypeLabels } from '../../../domain/coupons.schemas';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { Money } from '../../ui/Money';
import { selectFilter, statusFilter } from '../../ui/filters';
import { editDeleteActions } from '../../ui/list-actions';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import { CouponDetailView } from './CouponDetail';
import { calendarDate, discountedText, itemName, statusText, typeLabel } from './format';
import type { Coupon } from '../../../domain/coupons.contract';

const statusColors: Record<string, string> = { Activo: 'green', Inactivo: 'red', Vencido: 'default', Agotado: 'orange' };

export default function CouponsPage() {
  return (
    <ListPage<Coupon>
      title="Cupones"
      resource="coupon"
      module="coupons"
      exportName="cupones"
      createPath="crear"
      detailTitle="Detalle del cupón"
      detailWidth={850}
      detail={(c) => <CouponDetailView id={c.id} />}
      searchFields={searchBy({ code: 'Código', name: 'Nombre', item: 'Producto o tratamiento' })}
      filters={[statusFilter(), selectFilter('type', 'Tipo', COUPON_TYPES, { labels: couponTypeLabels })]}
      columns={[
        { key: 'code', title: 'Código', sortField: 'code' },
        { key: 'limit', title: 'Límite', sortField: 'limit', optional: true },
        { key: 'used', title: 'Usados', sortField: 'used' },
        { key: 'name', title: 'Nombre', sortField: 'name', width: 120 },
        textColumn('expireDate', 'Vigencia', (c) => calendarDate(c.expireDate), { sort: true }),
        textColumn('type', 'Tipo', typeLabel, { sort: true }),
        textColumn('item', 'Producto o tratamiento', itemName, { sort: true, width: 135 }),
        moneyColumn('price', 'Precio', (c) => c.price),
        {
          key: 'discountedPrice',
          title: 'Precio con descuento',
          sortField: 'discount',
          width: 130,
          render: (c) => (
            <span>
              <Money value={c.discountedPrice} /> <Typography.Text type="success">({formatPercent(c.discount)})</Typography.Text>
            </span>
          ),
          text: discountedText,
        },
        {
          key: 'status',
          title: 'Estatus',
          sortField: 'status',
          render: (c) => <Tag color={statusColors[statusText(c)]}>{statusText(c)}</Tag>,
          text: statusText,
        },
      ]}
      rowActions={editDeleteActions('coupon', (c) => `¿Eliminar el cupón "${c.code}"?`)}
    />
  );
}
