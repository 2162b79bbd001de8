import { Descriptions, Divider } from 'antd';
import { AppstoreOutlined } from '@ant-design/icons';
import { filterCatalogue, lookupFilter, type FilterDef } from '../../ui/filters';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { statusColumn, textColumn } from '../../ui/list-columns';
import { StatusTag } from '../../ui/StatusTag';
import { WeekView } from '../branches';
import { ColorSwatch, loadCabinTypes } from './lookups';
import type { Cabin } from '../../../domain/cabins.contract';

const typeFilter = lookupFilter('typeId', 'Tipo de cabina', 'cabin-types', async () => (await loadCabinTypes()).map((t) => ({ value: t.id, label: t.name })));

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
  return (
    <ListPage<Cabin>
      title="Cabinas"
      resource="cabain"
      module="cabains"
      exportName="cabinas"
      createPath="crear"
      detailTitle="Cabina"
      detail={(c) => <CabinDetail cabin={c} />}
      links={[{ label: 'Tipo de cabina', to: '/dashboard/tipos-cabina', icon: <AppstoreOutlined />, module: 'cabain_types', action: 'show' }]}
      searchFields={searchBy({ name: 'Nombre', type: 'Tipo', branch: 'Sucursal' })}
      filters={[filterCatalogue.status(), typeFilter, branchFilter]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', sortField: 'type', render: (c) => <ColorSwatch color={c.type.color} label={c.type.name} />, text: (c) => c.type.name },
        textColumn('branch', 'Sucursal', (c) => c.branch.name, { sort: true }),
        statusColumn('status', (c) => c.status),
      ]}
      rowActions={editDeleteActions('cabain', (c) => `¿Eliminar la cabina "${c.name}"?`)}
    />
  );
}
