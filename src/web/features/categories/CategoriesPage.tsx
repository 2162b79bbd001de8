import { categoryTypeLabels, CATEGORY_TYPES } from '../../../domain/categories.schemas';
import { formatDate } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { editDeleteActions } from '../../ui/list-actions';
import { statusColumn, textColumn } from '../../ui/list-columns';
import { selectFilter, statusFilter } from '../../ui/filters';
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
      searchFields={searchBy({ name: 'Nombre' })}
      filters={[statusFilter(), selectFilter('type', 'Tipo', CATEGORY_TYPES, { labels: categoryTypeLabels })]}
      columns={[
        { key: 'name', title: 'Nombre', sortField: 'name' },
        textColumn('type', 'Tipo', (c) => categoryTypeLabels[c.type], { sort: true }),
        statusColumn('active', (c) => c.active),
        textColumn('created_at', 'Fecha de creación', (c) => formatDate(c.created_at), { sort: true }),
      ]}
      rowActions={editDeleteActions('categories', (c) => `¿Eliminar la categoría "${c.name}"?`)}
    />
  );
}
