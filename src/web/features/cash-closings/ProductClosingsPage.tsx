import { ShopOutlined } from '@ant-design/icons';
import type { BranchDayClosingItem, ProductClosingItem } from '../../../domain/cash-closings.contract';
import { formatIsoDate } from '../../../domain/inventory';
import { Money } from '../../ui/Money';
import { ListPage } from '../../ui/ListPage';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import { PagedTable } from '../../ui/PagedTable';
import { closingFilters } from './filters';

const money = (value: number) => <Money value={value} />;

/** The detail modal: the daily closings of that branch and date, five a page. */
function BranchDayClosings({ row }: { row: ProductClosingItem }) {
  return (
    <div data-testid="branch-day-closings">
      <PagedTable<BranchDayClosingItem>
        path="/daily-cash-closing/branch"
        query={{ branchId: row.branchId, date: row.date }}
        queryKey={['closings-branch-day']}
        pageSize={5}
        pageSizes={[5, 10, 15]}
        emptyText="Sin cortes"
        rowKey="id"
        columns={[
          { key: 'number', title: 'Número', dataIndex: 'dailyCashClosingNumber' },
          { key: 'branch', title: 'Sucursal', render: (_, c) => c.branch.name },
          { key: 'user', title: 'Usuario', dataIndex: 'userFullName' },
          { key: 'cash', title: 'Efectivo', align: 'right', render: (_, c) => money(c.cashTotal) },
          { key: 'dollars', title: 'Dólares', align: 'right', render: (_, c) => money(c.cashTotalDollars) },
          { key: 'refunds', title: 'Devoluciones', align: 'right', render: (_, c) => money(c.refundCash) },
          { key: 'total', title: 'Total', align: 'right', render: (_, c) => money(c.total) },
          { key: 'date', title: 'Fecha', render: (_, c) => formatIsoDate(c.date) },
        ]}
      />
    </div>
  );
}

export default function ProductClosingsPage() {
  return (
    <ListPage<ProductClosingItem>
      title="Corte de productos"
      resource="daily-cash-closing-cash"
      module="cash_closing"
      exportName="cortes-de-productos"
      filters={closingFilters}
      links={[{ label: 'Corte de sucursal', to: '/dashboard/corte-sucursal', icon: <ShopOutlined />, module: 'cash_closing', action: 'show' }]}
      detailTitle={(c) => `Cortes de ${c.branch.name} del ${formatIsoDate(c.date)}`}
      detail={(c) => <BranchDayClosings row={c} />}
      detailWidth={1200}
      columns={[
        textColumn('branch', 'Sucursal', (c) => c.branch.name, { sort: true }),
        moneyColumn('cashTotal', 'Efectivo', (c) => c.cashTotal),
        moneyColumn('refundCash', 'Devoluciones', (c) => c.refundCash),
        moneyColumn('total', 'Total', (c) => c.total, { sort: true }),
        textColumn('date', 'Fecha', (c) => formatIsoDate(c.date), { sort: true }),
        textColumn('user', 'Usuario', (c) => c.userName, { sort: true }),
      ]}
    />
  );
}
