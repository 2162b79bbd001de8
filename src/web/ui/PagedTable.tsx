import { useState } from 'react';
import { Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { api } from '../app/api';

/** A page of a list as every `/v1` list answers it. */
export interface Page<T> {
  items: T[];
  meta: { itemCount: number; page: number; take: number };
}

export interface PagedListOptions {
  /** The list's path under /v1 and its fixed query (the page and its size are added). */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Identifies the cached pages (invalidate it after a change); the path, query and page are appended. */
  queryKey: readonly unknown[];
  pageSize: number;
  /** Offer a page-size changer with these sizes; a fixed size without it. */
  pageSizes?: number[];
  emptyText: string;
  enabled?: boolean;
  /** Re-read every so many milliseconds (rows that carry signed photo links). */
  refetchInterval?: number;
}

/**
 * One page at a time of a list inside a record (a customer's appointments, orders, points, purchased
 * treatments…): its own page and size, a load error shown in place of the rows. `tableProps` goes to
 * an antd Table; `data` is the whole answer (some lists add a balance or totals to the page).
 */
export function usePagedList<T, P extends Page<T> = Page<T>>({
  path,
  query = {},
  queryKey,
  pageSize,
  pageSizes,
  emptyText,
  enabled = true,
  refetchInterval,
}: PagedListOptions) {
  const [page, setPage] = useState(1);
  const [take, setTake] = useState(pageSize);
  const { data, isFetching, error } = useQuery({
    queryKey: [...queryKey, path, query, page, take],
    queryFn: () => api<P>(path, { query: { ...query, page, take } }),
    enabled,
    refetchInterval,
  });
  const tableProps = {
    loading: isFetching,
    dataSource: data?.items ?? [],
    locale: { emptyText: error ? (error as Error).message : emptyText },
    pagination: {
      current: page,
      pageSize: take,
      total: data?.meta.itemCount ?? 0,
      showSizeChanger: Boolean(pageSizes),
      pageSizeOptions: pageSizes,
      onChange: (p: number, size: number) => {
        setPage(size !== take ? 1 : p);
        setTake(size);
      },
    },
  } satisfies TableProps<T>;
  return { data, tableProps, firstPage: () => setPage(1) };
}

type Props<T> = PagedListOptions & Omit<TableProps<T>, 'dataSource' | 'pagination' | 'loading' | 'locale'>;

/** A Table over `usePagedList`. */
export function PagedTable<T extends object>({ path, query, queryKey, pageSize, pageSizes, emptyText, enabled, refetchInterval, ...table }: Props<T>) {
  const { tableProps } = usePagedList<T>({ path, query, queryKey, pageSize, pageSizes, emptyText, enabled, refetchInterval });
  return <Table<T> size="small" scroll={{ x: 'max-content' }} {...table} {...tableProps} />;
}
