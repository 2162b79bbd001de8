import { Tag } from 'antd';
import { HISTORY_MODULES, type HistoryRow } from '../../../../domain/inventory.contract';
import { MODULES } from '../../../../domain/privileges';
import { ChangesView, LogDetailLoader } from '../../../ui/ChangesView';
import { branchFilter, filterCatalogue, selectFilter } from '../../../ui/filters';
import { formatDateTime, fullName } from '../../../ui/format';
import { ListPage } from '../../../ui/ListPage';
import { searchBy } from '../../../ui/list-search';
import { textColumn } from '../../../ui/list-columns';

const dash = (v: string | number | null) => v ?? '—';

/** /dashboard/historial: what every purchase, restock, transfer, sale order and adjustment did, with its before/after. */
export default function HistoryPage() {
  return (
    <ListPage<HistoryRow>
      title="Historial"
      resource="log"
      module="history"
      exportName="historial-inventario"
      detailTitle="Cambios"
      detailWidth={900}
      detail={(r) => <LogDetailLoader path={`/log/${r.id}`} render={(d) => <ChangesView fields={d.fields} />} />}
      searchFields={searchBy({ order: 'Número de orden', product: 'Producto', user: 'Usuario', action: 'Acción' })}
      filters={[
        selectFilter(
          'module',
          'Módulo',
          HISTORY_MODULES.map((m) => ({ value: m, label: MODULES[m] })),
        ),
        branchFilter('history'),
        filterCatalogue.dateRange(),
      ]}
      columns={[
        textColumn('module', 'Módulo', (r) => r.module.alias, { sort: true }),
        textColumn('action', 'Acción', (r) => r.action, { sort: true }),
        textColumn('order', 'Número de orden', (r) => dash(r.order), { sort: true, optional: true }),
        {
          key: 'changes',
          title: 'Cambios',
          render: (r) => (r.hasChanges ? <Tag color="purple">Con cambios</Tag> : '—'),
          text: (r) => (r.hasChanges ? 'Sí' : 'No'),
        },
        textColumn('stock', 'Stock', (r) => dash(r.stock), { optional: true }),
        textColumn('product', 'Producto', (r) => dash(r.product)),
        textColumn('originBranch', 'Sucursal origen', (r) => dash(r.originBranch), { optional: true }),
        textColumn('destinationBranch', 'Sucursal destino', (r) => dash(r.destinationBranch), { optional: true }),
        textColumn('user', 'Usuario', (r) => (r.user ? fullName(r.user) : 'Sistema'), { sort: true }),
        textColumn('created_at', 'Fecha', (r) => formatDateTime(r.created_at), { sort: true }),
      ]}
    />
  );
}
