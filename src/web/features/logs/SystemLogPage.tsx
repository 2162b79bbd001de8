import { Descriptions } from 'antd';
import { ChangesView } from '../../ui/ChangesView';
import { branchFilter, moduleFilter } from '../../ui/filters';
import { formatDateTime, fullName } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';

interface LogRow {
  id: string;
  module: { name: string; alias: string };
  action: string;
  order: string | null;
  sourceBranch: { id: string; name: string } | null;
  affectedBranch: { id: string; name: string } | null;
  user: { name: string; lastName: string; motherLastName: string } | null;
  changes: { before: unknown; after: unknown; metadata: { userAgent?: string; ip?: string } | null };
  created_at: string;
}

export default function SystemLogPage() {
  return (
    <ListPage<LogRow>
      title="Historial del sistema"
      resource="system-log"
      module="systemLogs"
      exportName="historial-del-sistema"
      detailTitle="Cambios"
      detailWidth={1000}
      searchFields={[
        { value: 'user', label: 'Usuario' },
        { value: 'action', label: 'Acción' },
        { value: 'module', label: 'Módulo' },
      ]}
      filters={[moduleFilter(), branchFilter('systemLogs'), { kind: 'dateRange', label: 'Fechas' }]}
      columns={[
        { key: 'module', title: 'Módulo', sortField: 'module', render: (l) => l.module.alias, text: (l) => l.module.alias },
        { key: 'action', title: 'Acción', sortField: 'action' },
        { key: 'sourceBranch', title: 'Sucursal', render: (l) => l.sourceBranch?.name ?? '—', text: (l) => l.sourceBranch?.name },
        { key: 'affectedBranch', title: 'Sucursal afectada', render: (l) => l.affectedBranch?.name ?? '—', text: (l) => l.affectedBranch?.name },
        { key: 'user', title: 'Usuario', sortField: 'user', render: (l) => fullName(l.user) || 'Sistema', text: (l) => fullName(l.user) || 'Sistema' },
        { key: 'created_at', title: 'Fecha', sortField: 'created_at', render: (l) => formatDateTime(l.created_at), text: (l) => formatDateTime(l.created_at) },
      ]}
      detail={(l) => (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="Módulo">{l.module.alias}</Descriptions.Item>
            <Descriptions.Item label="Acción">{l.action}</Descriptions.Item>
            <Descriptions.Item label="Usuario">{fullName(l.user) || 'Sistema'}</Descriptions.Item>
            <Descriptions.Item label="Fecha">{formatDateTime(l.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Navegador" span={2}>
              {l.changes.metadata?.userAgent ?? '—'}
            </Descriptions.Item>
          </Descriptions>
          <ChangesView before={l.changes.before} after={l.changes.after} />
        </>
      )}
    />
  );
}
