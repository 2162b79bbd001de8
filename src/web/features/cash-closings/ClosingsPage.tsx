import { useState } from 'react';
import { Button } from 'antd';
import { CalculatorOutlined, FileSearchOutlined, ShoppingOutlined } from '@ant-design/icons';
import type { ClosingListItem } from '../../../domain/cash-closings.contract';
import { formatIsoDate } from '../../../domain/inventory';
import { useCan } from '../../app/privileges';
import { ListPage } from '../../ui/ListPage';
import { formatMoney } from '../../ui/format';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import { CloseDrawerModal } from './CloseDrawerModal';
import { DifferenceCell, DrawerResult, MethodTotals } from './ClosingFigures';
import { closingFilters } from './filters';
import { XReportModal } from './XReportModal';

/** A closing's detail: its drawer and its totals per method. */
function ClosingDetail({ closing }: { closing: ClosingListItem }) {
  return (
    <div style={{ display: 'grid', gap: 12 }}>
      <div>
        {closing.branch.name} · {formatIsoDate(closing.date)} · {closing.userName}
      </div>
      <DrawerResult closing={closing} />
      <MethodTotals totals={closing} />
      {closing.comments && <div>Comentarios: {closing.comments}</div>}
    </div>
  );
}

export default function ClosingsPage() {
  const can = useCan();
  const [counting, setCounting] = useState(false);
  const [xReport, setXReport] = useState(false);
  return (
    <>
      <ListPage<ClosingListItem>
        title="Corte de sucursal"
        resource="daily-cash-closing"
        module="cash_closing"
        exportName="cortes-de-caja"
        filters={closingFilters}
        searchFields={[{ value: 'number', label: 'Número' }]}
        links={[{ label: 'Corte de productos', to: '/dashboard/corte-de-productos', icon: <ShoppingOutlined />, module: 'cash_closing', action: 'show' }]}
        extraActions={
          <>
            {can('cash_closing', 'approve') && (
              <Button icon={<FileSearchOutlined />} onClick={() => setXReport(true)}>
                Corte X
              </Button>
            )}
            {can('cash_closing', 'create') && (
              <Button type="primary" icon={<CalculatorOutlined />} onClick={() => setCounting(true)}>
                Cerrar caja
              </Button>
            )}
          </>
        }
        detailTitle={(c) => `Corte ${c.dailyCashClosingNumber}`}
        detail={(c) => <ClosingDetail closing={c} />}
        detailWidth={760}
        columns={[
          textColumn('number', 'Número', (c) => c.dailyCashClosingNumber, { sort: true }),
          textColumn('branch', 'Sucursal', (c) => c.branch.name, { sort: true }),
          textColumn('user', 'Usuario', (c) => c.userName, { sort: true }),
          moneyColumn('cashTotal', 'Efectivo', (c) => c.cashTotal, { sort: true }),
          moneyColumn('cashTotalDollars', 'Dólares', (c) => c.cashTotalDollars),
          // counted − expected, beside the cash it is about, in view without scrolling sideways
          {
            key: 'difference',
            title: 'Diferencia',
            sortField: 'difference',
            render: (c) => <DifferenceCell difference={c.difference} />,
            text: (c) => (c.difference ? formatMoney(c.difference.MXN) : ''),
          },
          moneyColumn('creditCardTotal', 'Tarjeta de crédito', (c) => c.creditCardTotal, { optional: true }),
          moneyColumn('debitCardTotal', 'Tarjeta de débito', (c) => c.debitCardTotal, { optional: true }),
          moneyColumn('pointsTotal', 'Puntos', (c) => c.pointsTotal, { optional: true }),
          moneyColumn('refundTotal', 'Devoluciones', (c) => c.refundTotal, { optional: true }),
          moneyColumn('total', 'Total', (c) => c.total, { sort: true }),
          textColumn('date', 'Fecha', (c) => formatIsoDate(c.date), { sort: true }),
        ]}
      />
      <CloseDrawerModal open={counting} onClose={() => setCounting(false)} />
      <XReportModal open={xReport} onClose={() => setXReport(false)} />
    </>
  );
}
