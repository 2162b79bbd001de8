import { Avatar, Tag } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { packageModule, type PackageType } from '../../../domain/packages.schemas';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { filterCatalogue, statusFilter, type FilterDef } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { Money } from '../../ui/Money';
import { StatusTag } from '../../ui/StatusTag';
import { PackageDetail } from './PackageDetail';
import type { Package } from '../../../domain/packages.contract';
import { calendarDate, packageThumbnail, validityText } from './format';

const branchFilter: FilterDef = {
  kind: 'select',
  param: 'branchId',
  label: 'Sucursal',
  loadKey: 'package-branches',
  load: async () =>
    (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items
      .filter((b) => !b.distributionCenter)
      .map((b) => ({ value: b.id, label: b.name })),
  width: 190,
};

/** The list of packages or of promotions: one screen, the type fixed by the section. */
export default function PackagesPage({ type }: { type: PackageType }) {
  const promo = type === 'Promotion';
  return (
    <ListPage<Package>
      key={type}
      title={promo ? 'Promociones' : 'Paquetes'}
      resource="package"
      query={{ type }}
      module={packageModule[type]}
      exportName={promo ? 'promociones' : 'paquetes'}
      createPath="crear"
      detailTitle={promo ? 'Detalle de la promoción' : 'Detalle del paquete'}
      detailWidth={900}
      detail={(p) => <PackageDetail pkg={p} />}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'sku', label: 'SKU' },
      ]}
      filters={[statusFilter(), filterCatalogue.categories('treatment'), branchFilter]}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        {
          key: 'photo',
          title: 'Foto',
          render: (p) => <Avatar shape="square" size={40} src={packageThumbnail(p.photo)} icon={<GiftOutlined />} alt={`Foto: ${p.name}`} />,
          text: () => '',
        },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'category', title: 'Categoría', render: (p) => p.category.name, text: (p) => p.category.name },
        {
          key: 'regularPrice',
          title: 'Precio regular',
          sortField: 'regularPrice',
          render: (p) => <Money value={p.regularPrice} />,
          text: (p) => formatMoney(p.regularPrice),
        },
        { key: 'price', title: 'Precio', sortField: 'price', render: (p) => <Money value={p.price} />, text: (p) => formatMoney(p.price) },
        {
          key: 'validity',
          title: 'Vigencia',
          sortField: 'endDate',
          render: (p) => (
            <div style={{ whiteSpace: 'nowrap', lineHeight: 1.6 }}>
              {!p.validBySchedule && !p.validByTime && 'Sin vigencia'}
              {p.validBySchedule && <div>{`${calendarDate(p.startDate)} - ${calendarDate(p.endDate)}`}</div>}
              {p.validByTime && <div>{`${p.startTime} a ${p.endTime}`}</div>}
              {p.expired && <Tag>Vencido</Tag>}
            </div>
          ),
          text: (p) => validityText(p) + (p.expired ? ' (Vencido)' : ''),
        },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (p) => <StatusTag active={p.active} />,
          text: (p) => (p.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (p) => p.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (p) => `¿Eliminar ${promo ? 'la promoción' : 'el paquete'} "${p.name}"?`, path: (p) => `/package/${p.id}/delete` },
        },
      ]}
    />
  );
}
