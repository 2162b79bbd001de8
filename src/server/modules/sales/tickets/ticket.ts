import { formatMoney, fromCents, sumCents, toCents } from '../../../../domain/money';
import { saleListMessages } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import type { Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/errors';
import { getSale } from '../lists/service';
import { branchLetterhead, type SaleDetailRow, type SaleTableKind } from '../lists/queries';

/** The printable 80 mm receipts of a sale and of its refund: HTML pages the browser prints (section 6: view). */

type Branch = Awaited<ReturnType<typeof branchLetterhead>>;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const text = (v: string | number | null | undefined) => escapeHtml(String(v ?? ''));

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

const fullName = (p: { name: string; lastName: string; motherLastName?: string | null } | null) =>
  p ? [p.name, p.lastName, p.motherLastName].filter(Boolean).join(' ') : '';

const row = (label: string, value: string, cls = '') => `<tr class="${cls}"><td>${label}</td><td class="r">${value}</td></tr>`;
const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function letterhead(b: Branch): string {
  const street = [b.street, b.extNumber, b.intNumber ? `Int. ${b.intNumber}` : ''].filter(Boolean).join(' ');
  return `<header>
<h1>${text(b.name)}</h1>
<p>${text(b.businessName)}</p>
<p>RFC: ${text(b.rfc)}</p>
<p>${text(street)}, ${text(b.suburb)}</p>
<p>${text(b.city)}, ${text(b.state)}, C.P. ${text(b.zipCode)}</p>
${b.phone || b.mobilePhone ? `<p>Tel. ${text(b.phone || b.mobilePhone)}</p>` : ''}
</header>`;
}

function saleHead(sale: SaleDetailRow, title: string, at: Date): string {
  return `<h2>${title}</h2>
<table class="head">
${row('Orden', text(sale.orderNumber))}
${row('Fecha', text(branchClock(at, sale.branch.timeZone)))}
${sale.seller ? row('Vendedor', text(fullName(sale.seller))) : ''}
${sale.customer ? row('Cliente', text(`${fullName(sale.customer)} (${sale.customer.customerId})`)) : row('Cliente', 'Público en general')}
</table>`;
}

function lines(sale: SaleDetailRow): string {
  const body = sale.details
    .map(
      (l) => `<tr><td colspan="2">${text(l.name)}</td></tr>
<tr class="sub"><td>${l.quantity} × ${formatMoney(l.salePrice)}${l.salePrice !== l.price ? ` <s>${formatMoney(l.price)}</s>` : ''}</td><td class="r">${formatMoney(l.amount)}</td></tr>`,
    )
    .join('\n');
  return `<table class="lines"><tr class="th"><td>Concepto</td><td class="r">Importe</td></tr>
${body}</table>`;
}

function tender(p: SaleDetailRow['payments'][number]): string {
  const usd = p.currency === 'USD';
  const shown = usd ? `${dollars.format(Math.abs(p.amount))} USD` : formatMoney(Math.abs(p.amount));
  const rate = usd ? `<tr class="sub"><td colspan="2">T.C. ${formatMoney(p.exchangeRate)} = ${formatMoney(Math.abs(p.amountMxn))}</td></tr>` : '';
  const ref = p.reference ? `<tr class="sub"><td colspan="2">Ref. ${text(p.reference)}</td></tr>` : '';
  return `${row(text(p.method), shown)}${rate}${ref}`;
}

function totals(sale: SaleDetailRow): string {
  return `<table class="totals">
${row('Subtotal', formatMoney(sale.subtotal))}
${sale.discountTotal ? row('Descuento', '-' + formatMoney(sale.discountTotal)) : ''}
${sale.coupon ? row('Cupón', text(sale.coupon.name)) : ''}
${sale.pointsRedeemed ? row('Puntos canjeados', String(sale.pointsRedeemed)) : ''}
${row('IVA (incluido)', formatMoney(sale.taxes))}
${row('<strong>Total</strong>', `<strong>${formatMoney(sale.total)}</strong>`, 'big')}
</table>
<h3>Pagos</h3>
<table>
${sale.payments.length ? sale.payments.map(tender).join('\n') : row(text(sale.paymentMethod), formatMoney(sale.total))}
${row('Cambio', formatMoney(sale.change))}
</table>
${sale.points ? `<p class="c">Puntos ganados: ${sale.points}</p>` : ''}`;
}

function refundPart(sale: SaleDetailRow): string {
  const refunded = fromCents(sumCents(sale.refunds.map((p) => toCents(p.amountMxn))));
  return `<table>
${row('Fecha de devolución', text(branchClock(sale.refundedAt!, sale.branch.timeZone)))}
${row('Método', text(sale.refundMethod))}
${sale.refundedBy ? row('Autorizó', text(fullName(sale.refundedBy))) : ''}
</table>
<p>Motivo: ${text(sale.refundReason)}</p>
<h3>Importes devueltos</h3>
<table>
${sale.refunds.map(tender).join('\n')}
${row('<strong>Total devuelto</strong>', `<strong>${formatMoney(Math.abs(refunded))}</strong>`, 'big')}
</table>
${sale.points ? `<p class="c">Puntos retirados: ${sale.points}</p>` : ''}`;
}

const STYLE = `@page{size:80mm auto;margin:3mm}
*{box-sizing:border-box}body{font-family:"Courier New",monospace;font-size:12px;width:74mm;margin:0 auto;color:#000}
header{text-align:center}h1{font-size:15px;margin:4px 0}h2{font-size:13px;text-align:center;margin:8px 0 4px;border-top:1px dashed #000;padding-top:6px}
h3{font-size:12px;margin:8px 0 2px;border-top:1px dashed #000;padding-top:4px}p{margin:1px 0}.c{text-align:center;margin-top:8px}
table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.r{text-align:right;white-space:nowrap}.head{margin-bottom:6px}.head td.r{white-space:normal;padding-left:6px}
.lines .th td{border-bottom:1px dashed #000;font-weight:bold}.sub td{font-size:11px;padding-left:6px}.totals{border-top:1px dashed #000;margin-top:4px}
.big td{font-size:14px;padding-top:3px}footer{text-align:center;margin-top:10px;border-top:1px dashed #000;padding-top:6px}
@media screen{body{margin:16px auto;padding:8px;box-shadow:0 0 6px #999}}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>${text(title)}</title><style>${STYLE}</style></head>
<body>
${body}
<footer>Gracias por su preferencia</footer>
</body></html>`;
}

/** The sale a ticket prints: read with the branch rule; online and app sales have no ticket, only a refunded sale a refund one. */
async function ticketSale(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string, refund: boolean) {
  const sale = await getSale(ctx, actor, kind, id);
  if (sale.channel !== 'pos') throw new AppError('ORDER_WRONG_STATE', saleListMessages.ticketChannel);
  if (refund && !sale.refundedAt) throw new AppError('ORDER_WRONG_STATE', saleListMessages.notRefunded);
  return sale;
}

/** The sale's receipt. */
export async function saleTicketHtml(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string): Promise<string> {
  const sale = await ticketSale(ctx, actor, kind, id, false);
  const branch = await branchLetterhead(ctx.db, sale.branchId);
  return page(`Ticket ${sale.orderNumber}`, `${letterhead(branch)}${saleHead(sale, 'Ticket de venta', sale.created_at)}${lines(sale)}${totals(sale)}`);
}

/** The refund's receipt: the sale's lines and what was given back, when, how and why. */
export async function refundTicketHtml(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string): Promise<string> {
  const sale = await ticketSale(ctx, actor, kind, id, true);
  const branch = await branchLetterhead(ctx.db, sale.branchId);
  return page(
    `Devolución ${sale.orderNumber}`,
    `${letterhead(branch)}${saleHead(sale, 'Ticket de devolución', sale.refundedAt!)}${lines(sale)}<table class="totals">${row('Total de la venta', formatMoney(sale.total))}</table>${refundPart(sale)}`,
  );
}
