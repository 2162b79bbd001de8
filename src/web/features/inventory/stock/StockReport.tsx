import { Button, Card, Empty, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { stockRoutes } from '../../../../domain/inventory.contract';
import { call, download } from '../../../app/api';
import { Money } from '../../../ui/Money';
import { notify } from '../../../ui/notify';
import { ExpiryTag } from './ExpiryTags';

type ReportLot = Awaited<ReturnType<typeof loadReport>>['items'][number];
const loadReport = () => call(stockRoutes.report, { query: {} });

/** The branch manager's embedded stock-by-branch report with its Excel export (no unit price, subtotal or total for them). */
export function StockReport() {
  const { data, isLoading } = useQuery({ queryKey: ['stock-report'], queryFn: loadReport });
  const priced = data && !data.pricesHidden;
  return (
    <Card
      title={data ? `Inventario por sucursal: ${data.branch.name}` : 'Inventario por sucursal'}
      style={{ marginTop: 24 }}
      extra={
        <Button
          icon={<DownloadOutlined />}
          disabled={!data?.items.length}
          onClick={() => void download('/report/get-stock-by-branch', { format: 'xlsx' }, 'inventario.xlsx').catch((err: unknown) => notify.error(err))}
        >
          Excel
        </Button>
      }
    >
      <Table<ReportLot>
        size="small"
        rowKey="stockId"
        loading={isLoading}
        dataSource={data?.items ?? []}
        locale={{ emptyText: <Empty description="No hay inventario en la sucursal" /> }}
        pagination={{ pageSize: 20 }}
        columns={[
          { key: 'sku', title: 'SKU', dataIndex: 'sku' },
          { key: 'name', title: 'Producto', dataIndex: 'name' },
          { key: 'allotment', title: 'Lote', dataIndex: 'allotment' },
          { key: 'expiresAt', title: 'Caducidad', render: (_, l) => <ExpiryTag date={l.expiresAt} /> },
          { key: 'quantity', title: 'Cantidad', dataIndex: 'quantity', align: 'right' },
          ...(priced
            ? [
                { key: 'price', title: 'Precio unitario', align: 'right' as const, render: (_: unknown, l: ReportLot) => <Money value={l.price} /> },
                { key: 'subtotal', title: 'Subtotal', align: 'right' as const, render: (_: unknown, l: ReportLot) => <Money value={l.subtotal} /> },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
