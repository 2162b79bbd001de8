import type { ListColumn } from './ListPage';
import { formatMoney } from './format';
import { Money } from './Money';
import { StatusTag } from './StatusTag';

/** How a column sorts: `true` by its own key, a string by that server field; none when left out. */
type Sort = boolean | string;

interface ColumnOptions {
  sort?: Sort;
  width?: number;
  /** Shown only when chosen under 'Columnas' (ListColumn.optional). */
  optional?: boolean;
  /** Cut to this width with an ellipsis (ListColumn.maxWidth). */
  maxWidth?: number;
}

/** What every column built here shares: its key, title, sort, width and whether it waits to be chosen. */
const column = (key: string, title: string, { sort, width, optional, maxWidth }: ColumnOptions) => ({
  key,
  title,
  sortField: sort === true ? key : sort || undefined,
  width,
  ...(optional && { optional }),
  ...(maxWidth && { maxWidth }),
});

/** A column builder over one value of the row. */
type ColumnOf<V> = <T>(key: string, title: string, value: (row: T) => V, options?: ColumnOptions) => ListColumn<T>;

/** A column shown and exported as the same text (a name, a label, a formatted date). */
export const textColumn: ColumnOf<string | number | null | undefined> = (key, title, text, options = {}) => ({
  ...column(key, title, options),
  render: text,
  text,
});

/** An amount: tabular figures on screen, the formatted amount in exports. */
export const moneyColumn: ColumnOf<number | string | null | undefined> = (key, title, value, options = {}) => ({
  ...column(key, title, options),
  render: (r) => <Money value={value(r)} />,
  text: (r) => formatMoney(value(r)),
});

/**
 * The 'Estatus' column of a record that is active or not (sorted by its key unless `sort: false`).
 * `deleted` marks the rows of lists that may include deleted records: they read 'Eliminado'.
 */
export function statusColumn<T>(
  key: string,
  isActive: (row: T) => boolean,
  { sort = true, width, deleted, optional }: ColumnOptions & { deleted?: (row: T) => boolean } = {},
): ListColumn<T> {
  const gone = (r: T) => deleted?.(r) ?? false;
  return {
    ...column(key, 'Estatus', { sort, width, optional }),
    render: (r) => (gone(r) ? <StatusTag active={false} off="Eliminado" /> : <StatusTag active={isActive(r)} />),
    text: (r) => (gone(r) ? 'Eliminado' : isActive(r) ? 'Activo' : 'Inactivo'),
  };
}
