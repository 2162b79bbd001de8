import { Avatar, Tag } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { packageModule, type PackageType } from '../../../domain/packages.schemas';
import { call } from '../../app/api';
import { branchRoutes } from '../../../domain/branches.contract';
import { filterCatalogue, lookupFilter, statusFilter } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { moneyColumn, statusColumn, textColumn } from '../../ui/list-columns';
import { PackageDetail } from './PackageDetail';
import type { Package } from '../../../domain/packages.contract';
import { calendarDate, packageThumbnail, validityText } from './format';

const branchFilter = lookupFilter(
  'branchId',
  'Sucursal',
  'package-branches',
  async () =>
    (await call(branchRoutes.lookup, { query: { take: 0, status: '1' } })).items
      .filter((b) => !b.distributionCenter)
      .map((b) => ({ value: b.id, label: b.name })),
  190,
);

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
      searchFields={searchBy({ name: 'Nombre', sku: 'SKU' })}
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
        textColumn('category', 'Categoría', (p) => p.category.name),
        moneyColumn('regularPrice', 'Precio regular', (p) => p.regularPrice, { sort: true, optional: true }),
        moneyColumn('price', 'Precio', (p) => p.price, { sort: true }),
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
        statusColumn('active', (p) => p.active),
      ]}
      rowActions={editDeleteActions('package', (p) => `¿Eliminar ${promo ? 'la promoción' : 'el paquete'} "${p.name}"?`)}
    />
  );
}
