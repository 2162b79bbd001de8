import { useState } from 'react';
import { Button, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { stockRoutes, type StockRow } from '../../../../domain/inventory.contract';
import { call } from '../../../app/api';
import { Money } from '../../../ui/Money';
import { ExpiryTag } from './ExpiryTags';
import { TraceModal } from './LedgerViews';

type Lot = Awaited<ReturnType<typeof loadDetails>>['lots'][number];
const loadDetails = (row: StockRow) => call(stockRoutes.details, { params: { branchId: row.branch.id, productId: row.productId } });

/** The stock-details modal: every lot of the product at the branch; price, subtotal and total only for roles that see them. */
export function StockDetails({ row }: { row: StockRow }) {
  const { data, isLoading } = useQuery({ queryKey: ['stock-details', row.branch.id, row.productId], queryFn: () => loadDetails(row) });
  const [traced, setTraced] = useState<string | null>(null);
  const priced = data && !data.pricesHidden;
  return (
    <>
      <Typography.Paragraph>
        <strong>{row.sku}</strong> · {row.name} · {row.branch.name}
      </Typography.Paragraph>
      <Table<Lot>
        size="small"
        rowKey="stockId"
        loading={isLoading}
        dataSource={data?.lots ?? []}
        pagination={{ pageSize: 20, pageSizeOptions: [10, 20, 40, 60, 80] }}
        columns={[
          { key: 'allotment', title: 'Lote', dataIndex: 'allotment' },
          { key: 'expiresAt', title: 'Caducidad', render: (_, l) => <ExpiryTag date={l.expiresAt} /> },
          { key: 'quantity', title: 'Cantidad', dataIndex: 'quantity', align: 'right' },
          ...(priced
            ? [
                { key: 'price', title: 'Precio unitario', align: 'right' as const, render: (_: unknown, l: Lot) => <Money value={l.price} /> },
                { key: 'subtotal', title: 'Subtotal', align: 'right' as const, render: (_: unknown, l: Lot) => <Money value={l.subtotal} /> },
              ]
            : []),
          {
            key: 'trace',
            title: 'Trazabilidad',
            render: (_, l) => (
              <Button size="small" onClick={() => setTraced(l.stockId)}>
                Ver origen y pacientes
              </Button>
            ),
          },
        ]}
        summary={() =>
          data && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <strong>Total</strong>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <strong>{data.quantity}</strong>
              </Table.Summary.Cell>
              {priced && (
                <>
                  <Table.Summary.Cell index={3} />
                  <Table.Summary.Cell index={4} align="right">
                    <strong>
                      <Money value={data.total} />
                    </strong>
                  </Table.Summary.Cell>
                </>
              )}
              <Table.Summary.Cell index={5} />
            </Table.Summary.Row>
          )
        }
      />
      <TraceModal stockId={traced} onClose={() => setTraced(null)} />
    </>
  );
}
