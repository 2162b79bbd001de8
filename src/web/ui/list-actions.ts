import type { RowAction } from './ListPage';

type Hidden<T> = (row: T) => boolean;

/** 'Editar': opens the record's form (its id, relative to the list). */
export const editAction = <T extends { id: string }>(hidden?: Hidden<T>): RowAction<T> => ({
  key: 'edit',
  label: 'Editar',
  action: 'edit',
  to: (r) => r.id,
  ...(hidden && { hidden }),
});

/** 'Eliminar': asks `title(row)`, then POSTs `/<resource>/<id>/delete`. */
export const deleteAction = <T extends { id: string }>(resource: string, title: (row: T) => string, hidden?: Hidden<T>): RowAction<T> => ({
  key: 'delete',
  label: 'Eliminar',
  action: 'delete',
  danger: true,
  ...(hidden && { hidden }),
  confirm: { title, path: (r) => `/${resource}/${r.id}/delete` },
});

/** The usual options of a catalogue row: edit it, or delete it after confirming. */
export const editDeleteActions = <T extends { id: string }>(resource: string, deleteTitle: (row: T) => string, hidden?: Hidden<T>): RowAction<T>[] => [
  editAction(hidden),
  deleteAction(resource, deleteTitle, hidden),
];
