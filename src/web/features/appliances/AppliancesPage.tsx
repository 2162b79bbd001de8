import { Tag } from 'antd';
import type { Appliance } from '../../../domain/appliances.contract';
import { APPLIANCE_TYPES, applianceStatusColors } from '../../../domain/appliances.schemas';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { statusColumn } from '../../ui/list-columns';
import { selectFilter, statusFilter } from '../../ui/filters';

export default function AppliancesPage() {
  return (
    <ListPage<Appliance>
      title="Aparatos"
      resource="appliance"
      module="appliances"
      exportName="aparatos"
      createPath="crear"
      detailTitle="Aparato"
      searchFields={searchBy({ name: 'Nombre', brand: 'Marca', model: 'Modelo' })}
      filters={[selectFilter('type', 'Tipo', APPLIANCE_TYPES), statusFilter()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', sortField: 'type' },
        { key: 'brand', title: 'Marca', sortField: 'brand' },
        { key: 'model', title: 'Modelo', sortField: 'model' },
        {
          key: 'status',
          title: 'Estado',
          sortField: 'status',
          render: (a) => <Tag color={applianceStatusColors[a.status]}>{a.status}</Tag>,
          text: (a) => a.status,
        },
        { key: 'description', title: 'Descripción', width: 300, text: (a) => a.description ?? '' },
        statusColumn('active', (a) => a.active),
      ]}
      rowActions={editDeleteActions('appliance', (a) => `¿Eliminar el aparato "${a.name}"?`)}
    />
  );
}
