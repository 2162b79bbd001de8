import { Button, Descriptions, Divider } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useCan } from '../../app/privileges';
import { filterCatalogue, type FilterDef } from '../../ui/filters';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import { WeekView } from '../branches';
import { ColorSwatch, loadCabinTypes } from './lookups';
import type { Cabin } from '../../../domain/cabins.contract';

const typeFilter: FilterDef = {
  kind: 'select',
  param: 'typeId',
  label: 'Tipo de cabina',
  loadKey: 'cabin-types',
  load: async () => (await loadCabinTypes()).map((t) => ({ value: t.id, label: t.name })),
  width: 200,
};

// every user who sees cabins may filter by branch; a bound user's lookup holds only their own
const branchFilter: FilterDef = { ...filterCatalogue.branch('cabains'), visibleWith: undefined };

function CabinDetail({ cabin: c }: { cabin: Cabin }) {
  return (
    <>
      <Descriptions bordered size="small" column={1}>
        <Descriptions.Item label="Nombre">{c.name}</Descriptions.Item>
        <Descriptions.Item label="Tipo">
          <ColorSwatch color={c.type.color} label={c.type.name} />
        </Descriptions.Item>
        <Descriptions.Item label="Sucursal">{c.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Estatus">
          <StatusTag active={c.status} />
        </Descriptions.Item>
        <Descriptions.Item label="Descripción">{c.description || '—'}</Descriptions.Item>
        <Descriptions.Item label="Fecha de creación">{formatDate(c.created_at)}</Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start" style={{ margin: '16px 0 8px' }}>
        Horario
      </Divider>
      <WeekView schedules={c.schedules} />
    </>
  );
}

export default function CabinsPage() {
  const can = useCan();
  const navigate = useNavigate();
  return (
    <ListPage<Cabin>
      title="Cabinas"
      resource="cabain"
      module="cabains"
      exportName="cabinas"
      createPath="crear"
      detailTitle="Cabina"
      detail={(c) => <CabinDetail cabin={c} />}
      extraActions={
        can('cabain_types', 'show') && (
          <Button icon={<AppstoreOutlined />} onClick={() => navigate('/dashboard/tipos-cabina')}>
            Tipo de cabina
          </Button>
        )
      }
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'type', label: 'Tipo' },
        { value: 'branch', label: 'Sucursal' },
      ]}
      filters={[filterCatalogue.status(), typeFilter, branchFilter]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', sortField: 'type', render: (c) => <ColorSwatch color={c.type.color} label={c.type.name} />, text: (c) => c.type.name },
        { key: 'branch', title: 'Sucursal', sortField: 'branch', render: (c) => c.branch.name, text: (c) => c.branch.name },
        {
          key: 'status',
          title: 'Estatus',
          sortField: 'status',
          render: (c) => <StatusTag active={c.status} />,
          text: (c) => (c.status ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (c) => c.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (c) => `¿Eliminar la cabina "${c.name}"?`, path: (c) => `/cabain/${c.id}/delete` },
        },
      ]}
    />
  );
}
