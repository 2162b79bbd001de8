import { Descriptions, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { saleListRoutes, type SaleKind, type SaleListItem, type SalePayment } from '../../../domain/sale-lists.contract';
import { formatUsd } from '../../../domain/money';
import { call } from '../../app/api';
import { formatDateTime, formatMoney, fullName } from '../../ui/format';
import { ReceiptActions } from './ReceiptActions';
import { paymentStatusTag, saleStatusTag } from './tags';
import { hasTicket } from './tickets';

/** Section 9: the order detail table shows 3 lines per page. */
const DETAIL_LINES_PER_PAGE = 3;
const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : v);

function PaymentsTable({ rows, testId }: { rows: SalePayment[]; testId: string }) {
  return (
    <Table<SalePayment>
      data-testid={testId}
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={rows}
      columns={[
        { key: 'method', dataIndex: 'method', title: 'Método' },
        { key: 'currency', dataIndex: 'currency', title: 'Moneda' },
        { key: 'amount', title: 'Monto', align: 'right', render: (_, p) => (p.currency === 'USD' ? formatUsd(p.amount) : formatMoney(p.amount)) },
        { key: 'exchangeRate', title: 'Tipo de cambio', align: 'right', render: (_, p) => (p.currency === 'USD' ? formatMoney(p.exchangeRate) : '—') },
        { key: 'amountMxn', title: 'Monto en pesos', align: 'right', render: (_, p) => formatMoney(p.amountMxn) },
        { key: 'reference', title: 'Referencia', render: (_, p) => dash(p.reference) },
      ]}
    />
  );
}

/** The sale's data, its lines (3 per page), its payments and its refund (the list's detail modal). */
export function SaleDetail({ kind, sale: s }: { kind: SaleKind; sale: SaleListItem }) {
  const route = kind === 'cash-order' ? saleListRoutes.cashOrder : saleListRoutes.order;
  const { data, isLoading } = useQuery({ queryKey: ['sale', kind, s.id], queryFn: () => call(route, { params: { id: s.id } }) });
  const zone = s.branch.timeZone;
  return (
    <>
      {hasTicket(s) && (
        <div style={{ marginBottom: 12 }}>
          <ReceiptActions kind={kind} sale={s} size="small" />
        </div>
      )}
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="Sucursal">{s.branch.name}</Descriptions.Item>
        <Descriptions.Item label="Fecha">{formatDateTime(s.created_at, zone)}</Descriptions.Item>
        <Descriptions.Item label="Cliente">{dash(fullName(s.customer))}</Descriptions.Item>
        <Descriptions.Item label="Vendedor">{dash(fullName(s.seller))}</Descriptions.Item>
        <Descriptions.Item label="Método de pago">{s.paymentMethod}</Descriptions.Item>
        <Descriptions.Item label="Estatus de pago">{paymentStatusTag(s.paymentStatus)}</Descriptions.Item>
        {kind === 'cash-order' && <Descriptions.Item label="Subtotal">{formatMoney(s.subtotal)}</Descriptions.Item>}
        {kind === 'cash-order' && <Descriptions.Item label="IVA">{formatMoney(s.taxes)}</Descriptions.Item>}
        <Descriptions.Item label="Descuento">{formatMoney(s.discountTotal)}</Descriptions.Item>
        <Descriptions.Item label="Cupón">{dash(s.coupon?.name)}</Descriptions.Item>
        <Descriptions.Item label="Puntos ganados">{s.points}</Descriptions.Item>
        <Descriptions.Item label="Puntos canjeados">{s.pointsRedeemed}</Descriptions.Item>
        <Descriptions.Item label="Total">
          <strong>{formatMoney(s.total)}</strong>
        </Descriptions.Item>
        <Descriptions.Item label="Cambio">{formatMoney(s.change)}</Descriptions.Item>
        <Descriptions.Item label="Estatus">{saleStatusTag(s)}</Descriptions.Item>
        <Descriptions.Item label="Referencia de pago">{dash(s.payReference)}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>Detalle de la orden</Typography.Title>
      <div data-testid="sale-lines">
        <Table
          size="small"
          rowKey="id"
          loading={isLoading}
          dataSource={data?.details ?? []}
          pagination={{ pageSize: DETAIL_LINES_PER_PAGE, showSizeChanger: false, hideOnSinglePage: false }}
          columns={[
            { key: 'name', dataIndex: 'name', title: kind === 'cash-order' ? 'Producto' : 'Paquete o tratamiento' },
            { key: 'quantity', dataIndex: 'quantity', title: 'Cantidad', align: 'right' },
            { key: 'price', title: 'Precio', align: 'right', render: (_, l) => formatMoney(l.price) },
            { key: 'salePrice', title: 'Precio de venta', align: 'right', render: (_, l) => formatMoney(l.salePrice) },
            { key: 'amount', title: 'Importe', align: 'right', render: (_, l) => formatMoney(l.amount) },
          ]}
        />
      </div>
      <Typography.Title level={5}>Pagos</Typography.Title>
      <PaymentsTable rows={data?.payments ?? []} testId="sale-payments" />
      {s.refundedAt && (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            Devolución <Tag color="red">{formatDateTime(s.refundedAt, zone)}</Tag>
          </Typography.Title>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 8 }}>
            <Descriptions.Item label="Método">{dash(s.refundMethod)}</Descriptions.Item>
            <Descriptions.Item label="Autorizó">{dash(fullName(data?.refundedBy))}</Descriptions.Item>
            <Descriptions.Item label="Motivo" span={2}>
              {dash(s.refundReason)}
            </Descriptions.Item>
          </Descriptions>
          <PaymentsTable rows={data?.refunds ?? []} testId="sale-refunds" />
          {hasTicket(s) && (
            <div style={{ marginTop: 8 }}>
              <ReceiptActions kind={kind} sale={s} refund size="small" />
            </div>
          )}
        </>
      )}
    </>
  );
}
