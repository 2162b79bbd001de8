import type { Branch } from '../../../domain/branches.contract';
import { formatPhone } from '../../../domain/validation';
import { filterCatalogue } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { deleteAction, editAction } from '../../ui/list-actions';
import { statusColumn, textColumn } from '../../ui/list-columns';
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
      searchFields={searchBy({ name: 'Nombre', code: 'Código', city: 'Ciudad' })}
      filters={[filterCatalogue.status(), filterCatalogue.franchise()]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        textColumn('phone', 'Teléfono', (b) => formatPhone(b.mobilePhone)),
        { key: 'code', title: 'Código', sortField: 'code' },
        textColumn('franchise', 'Franquicia', (b) => (b.franchise ? 'Sí' : 'No'), { sort: true }),
        statusColumn('active', (b) => b.active),
      ]}
      rowActions={[
        editAction(),
        // a distribution centre can never be deleted (the API refuses it too)
        deleteAction(
          'branch',
          (b) => `¿Eliminar la sucursal "${b.name}"?`,
          (b) => b.distributionCenter,
        ),
      ]}
    />
  );
}
