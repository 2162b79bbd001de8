import { categoryTypeLabels, CATEGORY_TYPES } from '../../../domain/categories.schemas';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { statusFilter } from '../../ui/filters';
import { StatusTag } from '../../ui/StatusTag';
import type { Category } from '../../../domain/categories.contract';

export default function CategoriesPage() {
  return (
    <ListPage<Category>
      title="Categorías"
      resource="categories"
      module="categories"
      exportName="categorias"
      createPath="crear"
      detailTitle="Categoría"
      searchFields={[{ value: 'name', label: 'Nombre' }]}
      filters={[
        statusFilter(),
        { kind: 'select', param: 'type', label: 'Tipo', options: CATEGORY_TYPES.map((t) => ({ value: t, label: categoryTypeLabels[t] })) },
      ]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        { key: 'type', title: 'Tipo', sortField: 'type', render: (c) => categoryTypeLabels[c.type], text: (c) => categoryTypeLabels[c.type] },
        {
          key: 'active',
          title: 'Estatus',
          sortField: 'active',
          render: (c) => <StatusTag active={c.active} />,
          text: (c) => (c.active ? 'Activo' : 'Inactivo'),
        },
        {
          key: 'created_at',
          title: 'Fecha de creación',
          sortField: 'created_at',
          render: (c) => formatDate(c.created_at),
          text: (c) => formatDate(c.created_at),
        },
      ]}
      rowActions={[
        { key: 'edit', label: 'Editar', action: 'edit', to: (c) => c.id },
        {
          key: 'delete',
          label: 'Eliminar',
          action: 'delete',
          danger: true,
          confirm: { title: (c) => `¿Eliminar la categoría "${c.name}"?`, path: (c) => `/categories/${c.id}/delete` },
        },
      ]}
    />
  );
}
