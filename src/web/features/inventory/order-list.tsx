import type { ReactNode } from 'react';
import type { ListPageProps } from '../../ui/ListPage';

type OrderListNames<T> = Pick<ListPageProps<T>, 'title' | 'resource' | 'module' | 'exportName'>;

/**
 * What the order lists (purchase, restock, transfer, sale) set alike: their names, the new order's form at 'crear',
 * and, when they have one, the detail modal titled with the document and its number.
 */
export function orderListProps<T>(names: OrderListNames<T>, detail?: { title: (row: T) => string; width: number; body: (row: T) => ReactNode }) {
  return { ...names, createPath: 'crear', ...(detail && { detailTitle: detail.title, detailWidth: detail.width, detail: detail.body }) } satisfies Partial<
    ListPageProps<T>
  >;
}
