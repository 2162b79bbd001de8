import { Button, Descriptions, Modal, Space, Table, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { stockRoutes, type KardexRow, type RecallRow } from '../../../../domain/inventory.contract';
import { call, download } from '../../../app/api';
import { formatDateTime } from '../../../ui/format';
import { PagedTable } from '../../../ui/PagedTable';
import { notify } from '../../../ui/notify';
import { ExpiryTag } from './ExpiryTags';

const signed = (n: number) => (n > 0 ? <Tag color="green">+{n}</Tag> : <Tag color="red">{n}</Tag>);

const movementColumns = [
  { key: 'created_at', title: 'Fecha', render: (_: unknown, m: KardexRow) => formatDateTime(m.created_at) },
  { key: 'branch', title: 'Sucursal', render: (_: unknown, m: KardexRow) => m.branch.name },
  { key: 'allotment', title: 'Lote', dataIndex: 'allotment' },
  { key: 'causeLabel', title: 'Movimiento', dataIndex: 'causeLabel' },
  { key: 'documentNumber', title: 'Documento', render: (_: unknown, m: KardexRow) => m.documentNumber ?? '—' },
  { key: 'quantity', title: 'Cantidad', align: 'right' as const, render: (_: unknown, m: KardexRow) => signed(m.quantity) },
  { key: 'balance', title: 'Saldo', align: 'right' as const, dataIndex: 'balance' },
  { key: 'user', title: 'Usuario', render: (_: unknown, m: KardexRow) => m.user ?? 'Sistema' },
  { key: 'note', title: 'Nota', render: (_: unknown, m: KardexRow) => m.note ?? '' },
];

/** The kardex of a product at a branch: every movement with its running balance, cause, document and user. */
export function KardexModal({ target, onClose }: { target: { productId: string; branchId: string; name: string } | null; onClose: () => void }) {
  return (
    <Modal title={target ? `Kardex: ${target.name}` : 'Kardex'} open={Boolean(target)} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      {target && (
        <PagedTable<KardexRow>
          path="/stock/kardex"
          query={{ productId: target.productId, branchId: target.branchId }}
          queryKey={['kardex', target.productId, target.branchId]}
          pageSize={20}
          pageSizes={[10, 20, 40, 60, 80]}
          emptyText="Sin movimientos"
          rowKey={(m) => String(m.seq)}
          size="small"
          columns={movementColumns}
        />
      )}
    </Modal>
  );
}

const recallColumns = [
  { key: 'customer', title: 'Paciente', render: (_: unknown, r: RecallRow) => r.customer?.name ?? '—' },
  { key: 'phone', title: 'Teléfono', render: (_: unknown, r: RecallRow) => r.customer?.phone ?? '—' },
  { key: 'date', title: 'Fecha', render: (_: unknown, r: RecallRow) => formatDateTime(r.date) },
  { key: 'branch', title: 'Sucursal', render: (_: unknown, r: RecallRow) => r.branch.name },
  { key: 'professional', title: 'Profesional', render: (_: unknown, r: RecallRow) => r.professional ?? '—' },
  { key: 'documentNumber', title: 'Documento', render: (_: unknown, r: RecallRow) => r.documentNumber ?? '—' },
  { key: 'units', title: 'Unidades', align: 'right' as const, dataIndex: 'units' },
];

/** Where a lot came from, where its units went, and the patients who received them (exportable for a recall). */
export function TraceModal({ stockId, onClose }: { stockId: string | null; onClose: () => void }) {
  const trace = useQuery({
    queryKey: ['trace', stockId],
    queryFn: () => call(stockRoutes.trace, { params: { stockId: stockId! } }),
    enabled: Boolean(stockId),
  });
  const exportRecall = (format: 'csv' | 'xlsx') =>
    download('/stock/recall', { stockId, format, take: 'all' }, `retiro-de-lote.${format}`).catch((err: unknown) => notify.error(err));
  const t = trace.data;
  return (
    <Modal title="Trazabilidad del lote" open={Boolean(stockId)} onCancel={onClose} footer={null} width={1200} destroyOnHidden>
      {t && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Descriptions
            size="small"
            bordered
            column={3}
            items={[
              { key: 'product', label: 'Producto', children: `${t.product.sku} · ${t.product.name}` },
              { key: 'allotment', label: 'Lote', children: t.allotment },
              { key: 'expiresAt', label: 'Caducidad', children: <ExpiryTag date={t.expiresAt} /> },
              { key: 'branches', label: 'Existencia por sucursal', span: 3, children: t.branches.map((b) => `${b.name}: ${b.quantity}`).join(' · ') || '—' },
            ]}
          />
          <Typography.Title level={5}>Movimientos (origen y destinos)</Typography.Title>
          <Table<KardexRow> size="small" rowKey={(m) => String(m.seq)} dataSource={t.movements} columns={movementColumns} pagination={{ pageSize: 10 }} />
          <Space style={{ justifyContent: 'space-between', width: '100%' }}>
            <Typography.Title level={5}>Pacientes que recibieron unidades del lote</Typography.Title>
            <Space>
              <Button icon={<DownloadOutlined />} onClick={() => void exportRecall('csv')}>
                CSV
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void exportRecall('xlsx')}>
                Excel
              </Button>
            </Space>
          </Space>
          <PagedTable<RecallRow>
            path="/stock/recall"
            query={{ stockId: stockId! }}
            queryKey={['recall', stockId]}
            pageSize={10}
            emptyText="Ningún paciente recibió unidades de este lote"
            rowKey={(r) => r.id}
            size="small"
            columns={recallColumns}
          />
        </Space>
      )}
    </Modal>
  );
}
