import type { Branch } from '../../../domain/branches.contract';
import { formatPhone } from '../../../domain/validation';
import { filterCatalogue } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { StatusTag } from '../../ui/StatusTag';
import { BranchDetail } from './BranchDetail';

export default function BranchesPage() {
  return (
    <ListPage<Branch>
      title="Sucursales"
      resource="branch/paginated"
      module="branch"
      exportName="sucursales"
      createPath="crear"
      detailTitle="Sucursal"
      detailWidth={860}
      detail={(b) => <BranchDetail branch={b} />}
      searchFields={[
        { value: 'name', label: 'Nombre' },
        { value: 'code', label: 'Código' },
        { value: 'city', label: 'Ciudad' },
      ]}
      filters={[filterCatalogue.status(), filterCatalogue.franchise()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'phone', title: 'Teléfono', render: (b) => formatPhone(b.mobilePhone), text: (b) => formatPhone(b.mobilePhone) },
        { key: 'code', title: 'Código', sortField: 'code' },
        { key: 'franchise', title: 'Franquicia', sortField: 'franchise', render: (b) => (b.franchise ? 'Sí' : 'No'), text: (b) => (b.franchise ? 'Sí' : 'No') },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (b) => <StatusTag active={b.active} />,
          text: (b) => (b.active ? 'Activo' : 'Inactivo'),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (b) => b.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          // a distribution centre can never be deleted (the API refuses it too)
          hidden: (b) => b.distributionCenter,
          confirm: { title: (b) => `¿Eliminar la sucursal "${b.name}"?`, path: (b) => `/branch/${b.id}/delete` },
        },
      ]}
    />
  );
}
