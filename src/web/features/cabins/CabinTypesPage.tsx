import { lookupFilter } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { textColumn } from '../../ui/list-columns';
import { ColorSwatch, loadTreatmentTypes, treatmentTypeLabel } from './lookups';
import type { CabinType } from '../../../domain/cabins.contract';

const treatmentTypeFilter = lookupFilter('treatmentTypeId', 'Tipo de tratamiento', 'treatment-types', async () =>
  (await loadTreatmentTypes()).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) })),
);

export default function CabinTypesPage() {
  return (
    <ListPage<CabinType>
      title="Tipos de cabina"
      resource="cabain-type"
      module="cabain_types"
      exportName="tipos-de-cabina"
      createPath="crear"
      detailTitle="Tipo de cabina"
      searchFields={searchBy({ name: 'Nombre' })}
      filters={[treatmentTypeFilter]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'order', title: 'Orden', sortField: 'order', width: 90 },
        { key: 'color', title: 'Color', render: (t) => <ColorSwatch color={t.color} />, text: (t) => `#${t.color}` },
        textColumn('treatmentType', 'Tipo de tratamiento', (t) => treatmentTypeLabel(t.treatmentType.name), { sort: true }),
      ]}
      rowActions={editDeleteActions('cabain-type', (t) => `¿Eliminar el tipo de cabina "${t.name}"?`)}
    />
  );
}
