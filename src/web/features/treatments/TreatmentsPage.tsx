import { Avatar, Space, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { treatmentLookupRoutes, type Treatment } from '../../../domain/treatments.contract';
import { call } from '../../app/api';
import { filterCatalogue, lookupFilter, statusFilter } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { moneyColumn, statusColumn, textColumn } from '../../ui/list-columns';
import { TreatmentDetail } from './TreatmentDetail';
import { treatmentThumbnail } from './photos';

const typeFilter = lookupFilter(
  'treatmentTypeId',
  'Tipo de tratamiento',
  'treatment-types',
  async () => (await call(treatmentLookupRoutes.types)).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) })),
  190,
);

export const Thumbnail = ({ photo, size = 40 }: { photo: string | null; size?: number }) => (
  <Avatar shape="square" size={size} src={treatmentThumbnail(photo)} icon={<PictureOutlined />} alt="Foto del tratamiento" />
);

const categoriesText = (t: Treatment) => t.categories.map((c) => c.name).join(', ');

export default function TreatmentsPage() {
  return (
    <ListPage<Treatment>
      title="Tratamientos"
      resource="treatment"
      module="treatments"
      exportName="tratamientos"
      createPath="crear"
      detailTitle="Detalle del tratamiento"
      detailWidth={800}
      detail={(t) => <TreatmentDetail treatment={t} />}
      searchFields={searchBy({ name: 'Nombre', sku: 'SKU' })}
      filters={[statusFilter(), typeFilter, filterCatalogue.categories('treatment')]}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'photo', title: 'Foto', render: (t) => <Thumbnail photo={t.photo} />, text: () => '' },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        textColumn('type', 'Tipo', (t) => treatmentTypeLabel(t.treatmentType.name)),
        {
          key: 'categories',
          title: 'Categorías',
          optional: true,
          render: (t) => (
            <Space size={[0, 4]} wrap>
              {t.categories.map((c) => (
                <Tag key={c.id}>{c.name}</Tag>
              ))}
            </Space>
          ),
          text: categoriesText,
        },
        moneyColumn('price', 'Precio', (t) => t.price, { sort: true }),
        { key: 'term', title: 'Duración', sortField: 'term', text: (t) => t.term },
        statusColumn('active', (t) => t.active),
      ]}
      rowActions={editDeleteActions('treatment', (t) => `¿Eliminar el tratamiento "${t.name}"?`)}
    />
  );
}
