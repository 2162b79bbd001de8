import type { FilterDef } from '../../ui/filters';
import { ListPage } from '../../ui/ListPage';
import { ColorSwatch, loadTreatmentTypes, treatmentTypeLabel } from './lookups';
import type { CabinType } from '../../../domain/cabins.contract';

const treatmentTypeFilter: FilterDef = {
  kind: 'select',
  param: 'treatmentTypeId',
  label: 'Tipo de tratamiento',
  loadKey: 'treatment-types',
  load: async () => (await loadTreatmentTypes()).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) })),
  width: 200,
};

export default function CabinTypesPage() {
  return (
    <ListPage<CabinType>
      title="Tipos de cabina"
      resource="cabain-type"
      module="cabain_types"
      exportName="tipos-de-cabina"
      createPath="crear"
      detailTitle="Tipo de cabina"
      searchFields={[{ value: 'name', label: 'Nombre' }]}
      filters={[treatmentTypeFilter]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'order', title: 'Orden', sortField: 'order', width: 90 },
        { key: 'color', title: 'Color', render: (t) => <ColorSwatch color={t.color} />, text: (t) => `#${t.color}` },
        {
          key: 'treatmentType',
          title: 'Tipo de tratamiento',
          sortField: 'treatmentType',
          render: (t) => treatmentTypeLabel(t.treatmentType.name),
          text: (t) => treatmentTypeLabel(t.treatmentType.name),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (t) => t.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (t) => `¿Eliminar el tipo de cabina "${t.name}"?`, path: (t) => `/cabain-type/${t.id}/delete` },
        },
      ]}
    />
  );
}
