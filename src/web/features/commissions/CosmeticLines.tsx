import type { CosmeticLine } from '../../../domain/commissions.contract';
import { fullName } from '../../ui/format';
import { amountColumn, CommissionLinesTable, numberCell, placeColumns, typeColumn } from './shared';

type Totals = { total: number; commission: number };

/** A seller's cosmetology lines in the list's period (5 per page, options 5, 10, 15): order, seller, branch, date, time, customer, sale. */
export function CosmeticLines({ userId }: { userId: string }) {
  return (
    <CommissionLinesTable<CosmeticLine, Totals>
      kind="cosmetic"
      userId={userId}
      testId="cosmetic-lines"
      columns={[
        { key: 'orderNumber', title: 'Orden', render: (_, l) => numberCell(l.orderNumber, l.reversal, l.concept) },
        typeColumn<CosmeticLine>(),
        { key: 'seller', title: 'Vendedor', render: (_, l) => fullName(l.seller) },
        ...placeColumns<CosmeticLine>(),
        { key: 'customer', title: 'Cliente', render: (_, l) => fullName(l.customer) || (l.cashOrderId ? 'Público en general' : '—') },
        amountColumn<CosmeticLine>('total', 'Venta', (l) => l.total),
        { key: 'percent', title: '%', align: 'right', render: (_, l) => (l.cashOrderId ? `${l.percent.toFixed(2)} %` : '—') },
        amountColumn<CosmeticLine>('commission', 'Comisión', (l) => l.commission),
      ]}
      totals={(t) => [
        ['Ventas', t.total],
        ['Comisión', t.commission],
      ]}
    />
  );
}
