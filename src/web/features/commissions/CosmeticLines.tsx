import { Table, Tag, Typography } from 'antd';
import { COMMISSION_DETAIL_PAGE_SIZE, COMMISSION_DETAIL_PAGE_SIZES, type CosmeticLine } from '../../../domain/commissions.contract';
import { fullName } from '../../ui/format';
import { Money } from '../../ui/Money';
import { usePagedList, type Page } from '../../ui/PagedTable';
import { dayText, useListFilters } from './filters';

type LinesAnswer = Page<CosmeticLine> & { totals: { total: number; commission: number } };

/** A seller's cosmetology lines in the list's period (5 per page, options 5, 10, 15): order, seller, branch, date, time, customer, sale. */
export function CosmeticLines({ userId }: { userId: string }) {
  const filters = useListFilters();
  const { data, tableProps } = usePagedList<CosmeticLine, LinesAnswer>({
    path: `/commission/cosmetic/${userId}/user`,
    query: filters,
    queryKey: ['commission-lines', 'cosmetic', userId],
    pageSize: COMMISSION_DETAIL_PAGE_SIZE,
    pageSizes: [...COMMISSION_DETAIL_PAGE_SIZES],
    emptyText: 'Sin comisiones en el periodo',
  });
  return (
    <>
      <Table<CosmeticLine>
        data-testid="cosmetic-lines"
        size="small"
        rowKey="id"
        {...tableProps}
        columns={[
          {
            key: 'orderNumber',
            title: 'Orden',
            render: (_, l) => (
              <>
                {l.orderNumber ?? '—'} {l.reversal && <Tag color="red">Devolución</Tag>}
              </>
            ),
          },
          { key: 'seller', title: 'Vendedor', render: (_, l) => fullName(l.seller) },
          { key: 'branch', title: 'Sucursal', render: (_, l) => l.branch.name },
          { key: 'date', title: 'Fecha', render: (_, l) => dayText(l.date) },
          { key: 'time', dataIndex: 'time', title: 'Hora' },
          { key: 'customer', title: 'Cliente', render: (_, l) => fullName(l.customer) || 'Público en general' },
          { key: 'total', title: 'Venta', align: 'right', render: (_, l) => <Money value={l.total} /> },
          { key: 'percent', title: '%', align: 'right', render: (_, l) => `${l.percent.toFixed(2)} %` },
          { key: 'commission', title: 'Comisión', align: 'right', render: (_, l) => <Money value={l.commission} /> },
        ]}
      />
      {data && (
        <Typography.Paragraph style={{ textAlign: 'right', marginTop: 8 }} data-testid="cosmetic-lines-totals">
          Ventas <Money value={data.totals.total} /> · Comisión{' '}
          <strong>
            <Money value={data.totals.commission} />
          </strong>
        </Typography.Paragraph>
      )}
    </>
  );
}
