import { useEffect, useEffectEvent } from 'react';
import type { FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isMissingRecord } from '../app/load-errors';
import type { ModuleKey } from '../../domain/privileges';
import { useCan } from '../app/privileges';

type FormValues<V> = Parameters<FormInstance<V>['setFieldsValue']>[0];

interface Options<T, V> {
  /** The record's query key, [key, id]; a save refreshes it and the lists. */
  key: string;
  /** GET of the record by the route's :id. */
  load: (id: string) => Promise<T>;
  /** The record as form values (dates as dayjs, phones formatted, …); the record itself when left out. */
  toValues?: (record: T) => FormValues<V>;
  /** The module whose edit privilege an existing record needs; without it the form is read-only. */
  module?: ModuleKey;
  /** More query keys a save makes stale. */
  alsoInvalidate?: string[];
}

/**
 * The create/edit form of a record (/…/crear and /…/:id): on edit the record is loaded (a missing one is the
 * page's error) and its values are put on the form once it arrives. `page` holds FormPage's matching props:
 * the form, the loading spinner, read-only without the edit privilege, the query keys a save makes stale.
 */
export function useRecordForm<V, T>(form: FormInstance<V>, { key, load, toValues, module, alsoInvalidate = [] }: Options<T, V>) {
  const { id } = useParams();
  const editing = Boolean(id);
  const can = useCan();
  const existing = useQuery({ queryKey: [key, id], queryFn: () => load(id!), enabled: editing, throwOnError: isMissingRecord });
  const fill = useEffectEvent((record: T) => form.setFieldsValue(toValues ? toValues(record) : (record as FormValues<V>)));
  useEffect(() => {
    if (existing.data) fill(existing.data);
  }, [existing.data]);
  const readOnly = editing && module !== undefined && !can(module, 'edit');
  const page = { form, loading: existing.isLoading, readOnly, invalidate: ['list', key, ...alsoInvalidate] };
  return { id, editing, existing, record: existing.data, readOnly, page };
}
