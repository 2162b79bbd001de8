import { Tag, Typography } from 'antd';
import { formatPercent } from '../../../domain/coupons';
import { COUPON_TYPES, couponTypeLabels } from '../../../domain/coupons.schemas';
import { ListPage } from '../../ui/ListPage';
import { Money } from '../../ui/Money';
import { statusFilter } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
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
      searchFields={[
        { value: 'code', label: 'Código' },
        { value: 'name', label: 'Nombre' },
        { value: 'item', label: 'Producto o tratamiento' },
      ]}
      filters={[statusFilter(), { kind: 'select', param: 'type', label: 'Tipo', options: COUPON_TYPES.map((t) => ({ value: t, label: couponTypeLabels[t] })) }]}
      columns={[
        { key: 'code', title: 'Código', sortField: 'code' },
        { key: 'limit', title: 'Límite', sortField: 'limit' },
        { key: 'used', title: 'Usados', sortField: 'used' },
        { key: 'name', title: 'Nombre', sortField: 'name', width: 120 },
        { key: 'expireDate', title: 'Vigencia', sortField: 'expireDate', render: (c) => calendarDate(c.expireDate), text: (c) => calendarDate(c.expireDate) },
        { key: 'type', title: 'Tipo', sortField: 'type', render: typeLabel, text: typeLabel },
        { key: 'item', title: 'Producto o tratamiento', sortField: 'item', width: 135, render: itemName, text: itemName },
        { key: 'price', title: 'Precio', render: (c) => <Money value={c.price} />, text: (c) => formatMoney(c.price) },
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
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (c) => c.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (c) => `¿Eliminar el cupón "${c.code}"?`, path: (c) => `/coupon/${c.id}/delete` },
        },
      ]}
    />
  );
}
