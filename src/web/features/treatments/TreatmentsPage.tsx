import { Avatar, Space, Tag } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import { treatmentLookupRoutes, type Treatment } from '../../../domain/treatments.contract';
import { call } from '../../app/api';
import { filterCatalogue, statusFilter, type FilterDef } from '../../ui/filters';
import { formatMoney } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { Money } from '../../ui/Money';
import { StatusTag } from '../../ui/StatusTag';
import { TreatmentDetail } from './TreatmentDetail';
import { treatmentThumbnail } from './photos';

const typeFilter: FilterDef = {
  kind: 'select',
  param: 'treatmentTypeId',
  label: 'Tipo de tratamiento',
  loadKey: 'treatment-types',
  load: async () => (await call(treatmentLookupRoutes.types)).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) })),
  width: 190,
};

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
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'sku', label: 'SKU' },
      ]}
      filters={[statusFilter(), typeFilter, filterCatalogue.categories('treatment')]}
      columns={[
        { key: 'sku', title: 'SKU', sortField: 'sku' },
        { key: 'photo', title: 'Foto', render: (t) => <Thumbnail photo={t.photo} />, text: () => '' },
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', render: (t) => treatmentTypeLabel(t.treatmentType.name), text: (t) => treatmentTypeLabel(t.treatmentType.name) },
        {
          key: 'categories',
          title: 'Categorías',
          render: (t) => (
            <Space size={[0, 4]} wrap>
              {t.categories.map((c) => (
                <Tag key={c.id}>{c.name}</Tag>
              ))}
            </Space>
          ),
          text: categoriesText,
        },
        { key: 'price', title: 'Precio', sortField: 'price', render: (t) => <Money value={t.price} />, text: (t) => formatMoney(t.price) },
        { key: 'term', title: 'Duración', sortField: 'term', text: (t) => t.term },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (t) => <StatusTag active={t.active} />,
          text: (t) => (t.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (t) => t.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (t) => `¿Eliminar el tratamiento "${t.name}"?`, path: (t) => `/treatment/${t.id}/delete` },
        },
      ]}
    />
  );
}
