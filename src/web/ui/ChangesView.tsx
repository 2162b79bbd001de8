import type { ReactNode } from 'react';
import { Alert, Skeleton, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ChangeField } from '../../domain/change-labels';
import type { LogDetail } from '../../domain/logs.contract';
import { api } from '../app/api';

/** A change-log row as its detail route answers it (GET /v1/system-log/:id, /v1/bitacora/:id: one answer). */
export type LogDetailAnswer = LogDetail;

/** The detail of one log row, read from the server, which names the records its ids point to. */
export function useLogDetail(path: string) {
  return useQuery({ queryKey: ['log-detail', path], queryFn: () => api<LogDetailAnswer>(path) });
}

/**
 * Before/after of a change-log row, field by field, in Spanish (labels and values as the server describes them).
 * On an update only the changed fields are listed unless `all`; a create or delete shows its one side.
 */
export function ChangesView({ fields, all = false }: { fields: ChangeField[]; all?: boolean }) {
  const isUpdate = fields.some((f) => f.before !== null && f.after !== null);
  const rows = isUpdate && !all ? fields.filter((f) => f.changed) : fields;
  return (
    <Table
      size="small"
      pagination={false}
      rowKey="key"
      dataSource={rows}
      locale={{ emptyText: 'Sin cambios registrados' }}
      columns={[
        { key: 'label', dataIndex: 'label', title: 'Campo', render: (label: string, r: ChangeField) => (r.changed ? <Tag color="gold">{label}</Tag> : label) },
        { key: 'before', dataIndex: 'before', title: 'Antes', render: (v: string | null) => v ?? '—' },
        { key: 'after', dataIndex: 'after', title: 'Después', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

/** Loads a log row's detail and renders it with `render` (a spinner while loading, the error if it fails). */
export function LogDetailLoader({ path, render }: { path: string; render: (detail: LogDetailAnswer) => ReactNode }) {
  const { data, error } = useLogDetail(path);
  if (error) return <Alert type="error" showIcon title={(error as Error).message} />;
  if (!data) return <Skeleton active />;
  return <>{render(data)}</>;
}
