import { useState } from 'react';
import { ShoppingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { paymentStatusLabels, SALE_LIST_PAYMENT_METHODS, SALE_LIST_PAYMENT_STATUSES, type SaleListItem } from '../../../domain/sale-lists.contract';
import { staffRoutes } from '../../../domain/staff.contract';
import { call } from '../../app/api';
import { branchFilter, lookupFilter, selectFilter, type FilterDef } from '../../ui/filters';
import { formatDateTime, formatMoney, fullName } from '../../ui/format';
import { ListPage, type ListColumn, type RowAction } from '../../ui/ListPage';
import { moneyColumn, textColumn } from '../../ui/list-columns';
import type { ListTotals } from '../../ui/list-totals';
import { ChangeSellerModal } from './ChangeSellerModal';
import { refundable, RefundModal } from './RefundModal';
import { SaleDetail } from './SaleDetail';
import { SALE_SCREENS, type SaleScreen, type SaleScreenKey } from './screens';
import { paymentStatusTag, saleStatusTag } from './tags';
import { hasTicket, openTicket } from './tickets';

const dash = (v: string | null | undefined) => v || '—';
const refundNote = { color: '#666', fontSize: 12 };
const when = (s: SaleListItem, at: string | null) => (at ? formatDateTime(at, s.branch.timeZone) : '—');

/** The month so far: a chain's sales run to millions, so a list opens on the current month (any range may be chosen). */
const thisMonth = () => ({ startDate: dayjs().startOf('month').format('YYYY-MM-DD'), endDate: dayjs().format('YYYY-MM-DD') });

const filters: FilterDef[] = [
  { ...branchFilter('sales'), visibleWith: [['sales', 'show']], hiddenWhenBranchBound: true },
  { kind: 'dateRange', label: 'Fechas', defaults: thisMonth },
  selectFilter('paymentMethod', 'Método de pago', SALE_LIST_PAYMENT_METHODS, { width: 200 }),
  selectFilter('paymentStatus', 'Estatus de pago', SALE_LIST_PAYMENT_STATUSES, { labels: paymentStatusLabels, width: 200 }),
  {
    ...lookupFilter('sellerId', 'Vendedor', 'sales-sellers', async () =>
      (await call(staffRoutes.list, { query: { take: 0, field: 'name', order: 'ASC' } })).items.map((u) => ({ value: u.id, label: fullName(u) })),
    ),
    // the staff list is read with users.show
    visibleWith: [['users', 'show']],
  },
];

function saleColumns(screen: SaleScreen): ListColumn<SaleListItem>[] {
  const products = screen.kind === 'cash-order';
  return [
    textColumn('orderNumber', 'Orden', (s) => s.orderNumber, { sort: true }),
    textColumn('created_at', 'Fecha', (s) => when(s, s.created_at), { sort: true }),
    textColumn('customer', 'Cliente', (s) => dash(fullName(s.customer)), { sort: true }),
    textColumn('seller', 'Vendedor', (s) => dash(fullName(s.seller)), { sort: true, optional: true }),
    textColumn('branch', 'Sucursal', (s) => s.branch.name, { sort: true }),
    // at 1366 px the identifier, Total, payment and statuses fit; the breakdown waits under 'Columnas' (and the detail)
    ...(products
      ? [
          moneyColumn<SaleListItem>('subtotal', 'Subtotal', (s) => s.subtotal, { optional: true }),
          moneyColumn<SaleListItem>('taxes', 'IVA', (s) => s.taxes, { optional: true }),
        ]
      : []),
    moneyColumn('discountTotal', 'Descuento', (s) => s.discountTotal, { sort: true, optional: true }),
    moneyColumn('total', 'Total', (s) => s.total, { sort: true }),
    textColumn('points', 'Puntos', (s) => s.points, { sort: true, optional: true }),
    textColumn('coupon', 'Cupón', (s) => dash(s.coupon?.name), { optional: true }),
    textColumn('paymentMethod', 'Método de pago', (s) => s.paymentMethod, { sort: true }),
    // a sale not paid yet says so in 'Estatus' too: the payment column waits under 'Columnas' to fit 1366 px
    {
      key: 'paymentStatus',
      title: 'Estatus de pago',
      sortField: 'paymentStatus',
      optional: true,
      render: (s) => paymentStatusTag(s.paymentStatus),
      text: (s) => paymentStatusLabels[s.paymentStatus] ?? s.paymentStatus,
    },
    // the refund's day and method under the tag (its reason is in the detail and the CSV)
    {
      key: 'status',
      title: 'Estatus',
      render: (s) => (
        <>
          {saleStatusTag(s)}
          {s.paymentStatus !== 'paid' && paymentStatusTag(s.paymentStatus)}
          {s.refundedAt && <div style={refundNote}>{`${when(s, s.refundedAt)} · ${dash(s.refundMethod)}`}</div>}
        </>
      ),
      text: (s) => (s.refundedAt ? `${s.status} ${when(s, s.refundedAt)} ${dash(s.refundMethod)}` : s.status),
    },
  ];
}

const totalsOf = (screen: SaleScreen): ListTotals<SaleListItem> => ({
  columns: [
    ...(screen.kind === 'cash-order' ? [{ key: 'subtotal' }, { key: 'taxes' }] : []),
    { key: 'discountTotal' },
    { key: 'points', kind: 'count' as const },
    { key: 'total' },
  ],
});

/** One of the four sales lists: filters, totals of the filtered rows, CSV, detail, tickets and the row's options. */
export default function SalesListPage({ screen: key }: { screen: SaleScreenKey }) {
  const screen = SALE_SCREENS[key];
  const queryClient = useQueryClient();
  const [sellerOf, setSellerOf] = useState<SaleListItem | null>(null);
  const [refundOf, setRefundOf] = useState<SaleListItem | null>(null);
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: ['list', screen.kind] });
  const actions: RowAction<SaleListItem>[] = [
    // section 6: the receipt needs view; app and online sales have none
    { key: 'ticket', label: 'Ticket', action: 'view', hidden: (s) => !hasTicket(s), onClick: (s) => void openTicket(screen.kind, s) },
    {
      key: 'refundTicket',
      label: 'Ticket de devolución',
      action: 'view',
      hidden: (s) => !hasTicket(s) || !s.refundedAt,
      onClick: (s) => void openTicket(screen.kind, s, true),
    },
    ...(screen.kind === 'cash-order'
      ? [{ key: 'seller', label: 'Cambiar vendedor', action: 'edit' as const, hidden: (s: SaleListItem) => Boolean(s.refundedAt), onClick: setSellerOf }]
      : []),
    { key: 'refund', label: 'Devolver', action: 'refund', danger: true, hidden: (s) => !refundable(s), onClick: setRefundOf },
  ];
  return (
    <>
      <ListPage<SaleListItem>
        title={screen.title}
        resource={screen.kind}
        module="sales"
        exportName={screen.exportName}
        query={{ saleType: screen.saleType }}
        columns={saleColumns(screen)}
        filters={filters}
        searchFields={[
          { value: 'orderNumber', label: 'Orden' },
          { value: 'customer', label: 'Cliente' },
          { value: 'seller', label: 'Vendedor' },
        ]}
        links={screen.link ? [{ ...screen.link, icon: <ShoppingOutlined />, module: 'sales', action: 'show' }] : undefined}
        rowActions={actions}
        detailTitle={(s) => `${screen.kind === 'cash-order' ? 'Venta de producto' : 'Venta'} ${s.orderNumber} · ${formatMoney(s.total)}`}
        detailWidth={980}
        detail={(s) => <SaleDetail kind={screen.kind} sale={s} />}
        totals={totalsOf(screen)}
      />
      <ChangeSellerModal
        sale={sellerOf}
        onClose={() => setSellerOf(null)}
        onSaved={() => {
          setSellerOf(null);
          refreshList();
        }}
      />
      <RefundModal kind={screen.kind} sale={refundOf} onClose={() => setRefundOf(null)} onDone={refreshList} />
    </>
  );
}
