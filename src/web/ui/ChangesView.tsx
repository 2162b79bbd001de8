import { Table, Tag } from 'antd';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Before/after of a change-log row, field by field, changed fields marked. */
export function ChangesView({ before, after }: { before: unknown; after: unknown }) {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => !['created_at', 'updated_at'].includes(k));
  const rows = keys.map((key) => ({ key, before: show(b[key]), after: show(a[key]), changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]) }));
  return (
    <Table
      size="small"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'key', dataIndex: 'key', title: 'Campo', render: (k: string, r) => (r.changed && before && after ? <Tag color="gold">{k}</Tag> : k) },
        { key: 'before', dataIndex: 'before', title: 'Antes' },
        { key: 'after', dataIndex: 'after', title: 'Después' },
      ]}
    />
  );
}
