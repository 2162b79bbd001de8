import { Descriptions } from 'antd';
import type { SystemLogRow } from '../../../domain/logs.contract';
import { ChangesView, LogDetailLoader, type LogDetailAnswer } from '../../ui/ChangesView';
import { branchFilter, filterCatalogue, moduleFilter } from '../../ui/filters';
import { formatDateTime, fullName } from '../../ui/format';
import { ListPage } from '../../ui/ListPage';
import { searchBy } from '../../ui/list-search';
import { textColumn } from '../../ui/list-columns';

/** Locks (module blockers) open as the spec's 'Información del Bloqueo'; other rows as their changes. */
const isLock = (l: { module: { name: string } }) => l.module.name === 'blockers';
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Who, when and from where: the head of every log detail. */
function LogHead({ detail }: { detail: LogDetailAnswer }) {
  return (
    <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
      <Descriptions.Item label="Módulo">{detail.module.alias}</Descriptions.Item>
      <Descriptions.Item label="Acción">{capitalized(detail.action)}</Descriptions.Item>
      <Descriptions.Item label="Usuario">{fullName(detail.user) || 'Sistema'}</Descriptions.Item>
      <Descriptions.Item label="Fecha del registro">{formatDateTime(detail.created_at)}</Descriptions.Item>
      <Descriptions.Item label="Navegador" span={2}>
        {detail.browser}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The lock as recorded: each field once; an edit shows «antes → después» on what it changed. */
function LockInfo({ detail }: { detail: LogDetailAnswer }) {
  return (
    <Descriptions size="small" column={2} bordered>
      {detail.fields.map((f) => (
        <Descriptions.Item key={f.key} label={f.label}>
          {f.changed ? `${f.before} → ${f.after}` : (f.after ?? f.before)}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function LogDetail({ row }: { row: SystemLogRow }) {
  return (
    <LogDetailLoader
      path={`/system-log/${row.id}`}
      render={(detail) => (
        <div data-testid="log-detail">
          <LogHead detail={detail} />
          {isLock(detail) ? <LockInfo detail={detail} /> : <ChangesView fields={detail.fields} />}
        </div>
      )}
    />
  );
}

/** /dashboard/historial-del-sistema: every change-log row; the detail names the records instead of their ids. */
export default function SystemLogPage() {
  return (
    <ListPage<SystemLogRow>
      title="Historial del sistema"
      resource="system-log"
      module="systemLogs"
      exportName="historial-del-sistema"
      detailTitle={(l) => (isLock(l) ? 'Información del Bloqueo' : 'Cambios')}
      detailWidth={1000}
      searchFields={searchBy({ user: 'Usuario', action: 'Acción', module: 'Módulo' })}
      filters={[moduleFilter(), branchFilter('systemLogs'), filterCatalogue.dateRange()]}
      columns={[
        textColumn('module', 'Módulo', (l) => l.module.alias, { sort: true }),
        textColumn('action', 'Acción', (l) => capitalized(l.action), { sort: true }),
        { key: 'sourceBranch', title: 'Sucursal', render: (l) => l.sourceBranch?.name ?? '—', text: (l) => l.sourceBranch?.name },
        { key: 'affectedBranch', title: 'Sucursal afectada', render: (l) => l.affectedBranch?.name ?? '—', text: (l) => l.affectedBranch?.name },
        textColumn('user', 'Usuario', (l) => fullName(l.user) || 'Sistema', { sort: true }),
        textColumn('created_at', 'Fecha', (l) => formatDateTime(l.created_at), { sort: true }),
      ]}
      detail={(l) => <LogDetail row={l} />}
    />
  );
}
