import { useState } from 'react';
import { Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_NAMES } from '../../../../domain/roles';
import { STOCK_EXPIRY_FILTERS, type StockRow } from '../../../../domain/inventory.contract';
import { useSession } from '../../../app/session';
import { branchFilter, filterCatalogue, selectFilter } from '../../../ui/filters';
import { ListPage } from '../../../ui/ListPage';
import { searchBy } from '../../../ui/list-search';
import { ExpiryTags } from './ExpiryTags';
import { KardexModal } from './LedgerViews';
import { AdjustmentModal, MaxMinModal } from './StockDialogs';
import { StockDetails } from './StockDetails';
import { StockReport } from './StockReport';

/** The status as a compact tag in the colours of the row (the full word no longer runs under the fixed options column). */
const STATUS_COLORS: Record<string, string> = { 'Próximo a caducar': 'red', 'Sobre máximo': 'volcano', 'Bajo mínimo': 'volcano', Correcto: 'green' };

const expiryLabels: Record<(typeof STOCK_EXPIRY_FILTERS)[number], string> = { expired: 'Caducado', '30': 'Caduca en 30 días', '60': 'Caduca en 60 días' };

/** /dashboard/inventario: stock per product and branch, its lots, adjustments, max/min, kardex and traceability. */
export default function StockPage() {
  const queryClient = useQueryClient();
  const role = useSession((s) => s.user?.role);
  const [adjusting, setAdjusting] = useState<StockRow | null>(null);
  const [limiting, setLimiting] = useState<StockRow | null>(null);
  const [kardex, setKardex] = useState<StockRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['list', 'stock'] });
  return (
    <>
      <ListPage<StockRow>
        title="Inventario"
        resource="stock"
        module="inventory"
        exportName="inventario"
        detailTitle="Detalle de inventario"
        detailWidth={1000}
        detail={(row) => <StockDetails row={row} />}
        rowClassName={(r) => (r.color ? `stock-row-${r.color}` : '')}
        searchFields={searchBy({ name: 'Producto', sku: 'SKU' })}
        filters={[
          branchFilter('inventory'),
          filterCatalogue.categories('product'),
          selectFilter('expiry', 'Caducidad', [...STOCK_EXPIRY_FILTERS], { labels: expiryLabels }),
          selectFilter('level', 'Nivel', [
            { value: 'below', label: 'Bajo mínimo' },
            { value: 'above', label: 'Sobre máximo' },
          ]),
        ]}
        columns={[
          { key: 'sku', title: 'SKU', sortField: 'sku' },
          { key: 'name', title: 'Producto', sortField: 'name', width: 170 },
          {
            key: 'expiries',
            title: 'Caducidades',
            sortField: 'expiresIn',
            width: 180,
            render: (r) => <ExpiryTags expiries={r.expiries} />,
            text: (r) => r.expiries.map((e) => e.expiresAt).join(', '),
          },
          { key: 'branch', title: 'Sucursal', sortField: 'branch', render: (r) => r.branch.name, text: (r) => r.branch.name },
          {
            key: 'quantity',
            title: 'Cantidad',
            sortField: 'quantity',
            render: (r) => (r.inTransit ? `${r.quantity} (+${r.inTransit} en tránsito)` : r.quantity),
            text: (r) => r.quantity,
          },
          { key: 'max', title: 'Máximo', sortField: 'max', render: (r) => r.max ?? '—' },
          { key: 'min', title: 'Mínimo', sortField: 'min', render: (r) => r.min ?? '—' },
          { key: 'status', title: 'Estatus', render: (r) => <Tag color={STATUS_COLORS[r.status]}>{r.status}</Tag>, text: (r) => r.status },
        ]}
        rowActions={[
          { key: 'adjust', label: 'Ajuste de inventario', action: 'edit', hidden: (r) => r.distribution_center, onClick: setAdjusting },
          { key: 'maxmin', label: 'Máximo y mínimo', action: 'approve', hidden: (r) => r.distribution_center, onClick: setLimiting },
          { key: 'kardex', label: 'Kardex', action: 'show', onClick: setKardex },
        ]}
      />
      {role === ROLE_NAMES.branchManager && <StockReport />}
      <AdjustmentModal row={adjusting} onClose={() => setAdjusting(null)} onDone={refresh} />
      <MaxMinModal row={limiting} onClose={() => setLimiting(null)} onDone={refresh} />
      <KardexModal target={kardex && { productId: kardex.productId, branchId: kardex.branch.id, name: kardex.name }} onClose={() => setKardex(null)} />
    </>
  );
}
