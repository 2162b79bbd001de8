import { formatMoney, formatUsd, fromCents, sumCents, toCents } from '../../../../domain/money';
import type { Receipt, ReceiptBlock, ReceiptRow } from '../../../platform/receipt-pdf';
import type { branchLetterhead, SaleDetailRow } from '../lists/queries';

/** What a sale's receipt and its refund's say, line by line: the printed page and the PDF both draw this. */

export type Branch = Awaited<ReturnType<typeof branchLetterhead>>;

/** Day and time of an instant on the branch's wall clock, the Mexican way. */
export function branchClock(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('es-MX', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

export const fullName = (p: { name: string; lastName: string; motherLastName?: string | null } | null) =>
  p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '';

function issuerLines(b: Branch): string[] {
  const street = [b.street, b.extNumber, b.intNumber ? `Int. ${b.intNumber}` : ''].filter(Boolean).join(' ');
  return [
    b.businessName,
    `RFC: ${b.rfc}`,
    `${street}, ${b.suburb}`,
    `${b.city}, ${b.state}, C.P. ${b.zipCode}`,
    ...(b.phone || b.mobilePhone ? [`Tel. ${b.phone || b.mobilePhone}`] : []),
  ];
}

function head(sale: SaleDetailRow, at: Date): ReceiptBlock {
  const customer = sale.customer ? `${fullName(sale.customer)} (${sale.customer.customerId})` : 'Público en general';
  return {
    fields: true,
    rows: [
      { label: 'Orden', value: sale.orderNumber },
      { label: 'Fecha', value: branchClock(at, sale.branch.timeZone) },
      ...(sale.seller ? [{ label: 'Vendedor', value: fullName(sale.seller) }] : []),
      { label: 'Cliente', value: customer },
    ],
  };
}

function lines(sale: SaleDetailRow): ReceiptBlock {
  return {
    heading: ['Concepto', 'Importe'],
    rows: sale.details.flatMap((l): ReceiptRow[] => [
      { label: l.name },
      {
        label: `${l.quantity} × ${formatMoney(l.salePrice)}`,
        ...(l.salePrice !== l.price ? { struck: formatMoney(l.price) } : {}),
        value: formatMoney(l.amount),
        detail: true,
      },
    ]),
  };
}

/** A tender: its method and amount; dollars add their rate, a card or transfer its reference. */
function tender(p: SaleDetailRow['payments'][number]): ReceiptRow[] {
  const usd = p.currency === 'USD';
  return [
    { label: p.method, value: usd ? formatUsd(Math.abs(p.amount)) : formatMoney(Math.abs(p.amount)) },
    ...(usd ? [{ label: `T.C. ${formatMoney(p.exchangeRate)} = ${formatMoney(Math.abs(p.amountMxn))}`, detail: true }] : []),
    ...(p.reference ? [{ label: `Ref. ${p.reference}`, detail: true }] : []),
  ];
}

function totals(sale: SaleDetailRow): ReceiptBlock[] {
  const rows: ReceiptRow[] = [
    { label: 'Subtotal', value: formatMoney(sale.subtotal) },
    ...(sale.discountTotal ? [{ label: 'Descuento', value: '-' + formatMoney(sale.discountTotal) }] : []),
    ...(sale.coupon ? [{ label: 'Cupón', value: sale.coupon.name }] : []),
    ...(sale.pointsRedeemed ? [{ label: 'Puntos canjeados', value: String(sale.pointsRedeemed) }] : []),
    { label: 'IVA (incluido)', value: formatMoney(sale.taxes) },
    { label: 'Total', value: formatMoney(sale.total), strong: true },
  ];
  const paid = sale.payments.length ? sale.payments.flatMap(tender) : [{ label: sale.paymentMethod, value: formatMoney(sale.total) }];
  return [
    { ruled: true, rows },
    { title: 'Pagos', rows: [...paid, { label: 'Cambio', value: formatMoney(sale.change) }], note: sale.points ? `Puntos ganados: ${sale.points}` : undefined },
  ];
}

function refundPart(sale: SaleDetailRow): ReceiptBlock[] {
  const refunded = fromCents(sumCents(sale.refunds.map((p) => toCents(p.amountMxn))));
  return [
    {
      fields: true,
      rows: [
        { label: 'Fecha de devolución', value: branchClock(sale.refundedAt!, sale.branch.timeZone) },
        { label: 'Método', value: sale.refundMethod ?? '' },
        ...(sale.refundedBy ? [{ label: 'Autorizó', value: fullName(sale.refundedBy) }] : []),
      ],
      text: `Motivo: ${sale.refundReason ?? ''}`,
    },
    {
      title: 'Importes devueltos',
      rows: [...sale.refunds.flatMap(tender), { label: 'Total devuelto', value: formatMoney(Math.abs(refunded)), strong: true }],
      note: sale.points ? `Puntos retirados: ${sale.points}` : undefined,
    },
  ];
}

const FOOTER = 'Gracias por su preferencia';

/** The sale's receipt. */
export function saleReceipt(sale: SaleDetailRow, branch: Branch): Receipt {
  return {
    name: `Ticket ${sale.orderNumber}`,
    issuer: branch.name,
    issuerLines: issuerLines(branch),
    title: 'Ticket de venta',
    blocks: [head(sale, sale.created_at), lines(sale), ...totals(sale)],
    footer: FOOTER,
  };
}

/** The refund's receipt: the sale's lines and what was given back, when, how and why. */
export function refundReceipt(sale: SaleDetailRow, branch: Branch): Receipt {
  return {
    name: `Devolución ${sale.orderNumber}`,
    issuer: branch.name,
    issuerLines: issuerLines(branch),
    title: 'Ticket de devolución',
    blocks: [
      head(sale, sale.refundedAt!),
      lines(sale),
      { ruled: true, rows: [{ label: 'Total de la venta', value: formatMoney(sale.total) }] },
      ...refundPart(sale),
    ],
    footer: FOOTER,
  };
}
