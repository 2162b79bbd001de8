import type { Appliance } from '../../../domain/appliances.contract';
import { APPLIANCE_TYPES } from '../../../domain/appliances.schemas';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import { statusFilter } from '../../ui/filters';

export default function AppliancesPage() {
  return (
    <ListPage<Appliance>
      title="Aparatos"
      resource="appliance"
      module="appliances"
      exportName="aparatos"
      createPath="crear"
      detailTitle="Aparato"
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'brand', label: 'Marca' },
        { value: 'model', label: 'Modelo' },
      ]}
      filters={[{ kind: 'select', param: 'type', label: 'Tipo', options: APPLIANCE_TYPES.map((t) => ({ value: t, label: t })) }, statusFilter()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', sortField: 'type' },
        { key: 'brand', title: 'Marca', sortField: 'brand' },
        { key: 'model', title: 'Modelo', sortField: 'model' },
        { key: 'description', title: 'Descripción', width: 300, text: (a) => a.description ?? '' },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (a) => <StatusTag active={a.active} />,
          text: (a) => (a.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (a) => a.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (a) => `¿Eliminar el aparato "${a.name}"?`, path: (a) => `/appliance/${a.id}/delete` },
        },
      ]}
    />
  );
}
