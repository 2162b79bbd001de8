import { saleListMessages, saleTickets } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import type { Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/errors';
import type { Receipt, ReceiptBlock, ReceiptRow } from '../../../platform/receipt-pdf';
import { getSale } from '../lists/service';
import { branchLetterhead, type SaleDetailRow, type SaleTableKind } from '../lists/queries';
import { refundReceipt, saleReceipt } from './receipt';

/** The printable 80 mm receipts of a sale and of its refund: HTML pages that print themselves (section 6: view). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const text = (v: string | number | null | undefined) => escapeHtml(String(v ?? ''));

function htmlRow(r: ReceiptRow): string {
  const label = `${text(r.label)}${r.struck ? ` <s>${text(r.struck)}</s>` : ''}`;
  const cls = r.detail ? ' class="sub"' : r.strong ? ' class="big"' : '';
  const bold = (s: string) => (r.strong ? `<strong>${s}</strong>` : s);
  if (r.value === undefined) return `<tr${cls}><td colspan="2">${bold(label)}</td></tr>`;
  return `<tr${cls}><td>${bold(label)}</td><td class="r">${bold(text(r.value))}</td></tr>`;
}

function htmlBlock(b: ReceiptBlock): string {
  const cls = [b.fields ? 'head' : '', b.heading ? 'lines' : '', b.ruled ? 'totals' : ''].filter(Boolean).join(' ');
  const heading = b.heading ? `<tr class="th"><td>${text(b.heading[0])}</td><td class="r">${text(b.heading[1])}</td></tr>\n` : '';
  return `${b.title ? `<h3>${text(b.title)}</h3>\n` : ''}<table${cls ? ` class="${cls}"` : ''}>
${heading}${b.rows.map(htmlRow).join('\n')}
</table>
${b.text ? `<p>${text(b.text)}</p>\n` : ''}${b.note ? `<p class="c">${text(b.note)}</p>\n` : ''}`;
}

/**
 * 80 mm wide; Chromium takes no `auto` height (it falls back to Letter), so the page is an A4's length until the
 * print script measures the ticket and sets its own length.
 */
const STYLE = `@page{size:80mm 297mm;margin:3mm}
*{box-sizing:border-box}body{font-family:"Courier New",monospace;font-size:12px;width:74mm;margin:0 auto;color:#000}
header{text-align:center}h1{font-size:15px;margin:4px 0}h2{font-size:13px;text-align:center;margin:8px 0 4px;border-top:1px dashed #000;padding-top:6px}
h3{font-size:12px;margin:8px 0 2px;border-top:1px dashed #000;padding-top:4px}p{margin:1px 0}.c{text-align:center;margin-top:8px}
table{width:100%;border-collapse:collapse}td{padding:1px 0;vertical-align:top}.r{text-align:right;white-space:nowrap}.head{margin-bottom:6px}.head td.r{white-space:normal;padding-left:6px}
.lines .th td{border-bottom:1px dashed #000;font-weight:bold}.sub td{font-size:11px;padding-left:6px}.totals{border-top:1px dashed #000;margin-top:4px}
.big td{font-size:14px;padding-top:3px}footer{text-align:center;margin-top:10px;border-top:1px dashed #000;padding-top:6px}
@media screen{body{margin:16px auto;padding:8px;box-shadow:0 0 6px #999}}`;

/** The page: the receipt in a `.ticket` the print script measures, and that script (same origin, as the CSP allows). */
export function receiptHtml(r: Receipt): string {
  return `<!doctype html>
<html lang="es-MX"><head><meta charset="utf-8"><title>${text(r.name)}</title><style>${STYLE}</style>
<script src="/v1${saleTickets.printScript}" defer></script></head>
<body><main class="ticket">
<header>
<h1>${text(r.issuer)}</h1>
${r.issuerLines.map((l) => `<p>${text(l)}</p>`).join('\n')}
</header>
<h2>${text(r.title)}</h2>
${r.blocks.map(htmlBlock).join('')}<footer>${text(r.footer)}</footer>
</main></body></html>`;
}

/** The sale a ticket prints: read with the branch rule; online and app sales have no ticket, only a refunded sale a refund one. */
async function ticketSale(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string, refund: boolean) {
  const sale = await getSale(ctx, actor, kind, id);
  if (sale.channel !== 'pos') throw new AppError('ORDER_WRONG_STATE', saleListMessages.ticketChannel);
  if (refund && !sale.refundedAt) throw new AppError('ORDER_WRONG_STATE', saleListMessages.notRefunded);
  return sale;
}

/** The sale (or its refund) and the receipt it prints. */
export async function ticketReceipt(
  ctx: AppContext,
  actor: Actor,
  kind: SaleTableKind,
  id: string,
  refund: boolean,
): Promise<{ sale: SaleDetailRow; receipt: Receipt }> {
  const sale = await ticketSale(ctx, actor, kind, id, refund);
  const branch = await branchLetterhead(ctx.db, sale.branchId);
  return { sale, receipt: refund ? refundReceipt(sale, branch) : saleReceipt(sale, branch) };
}

/** The sale's receipt as its printable page. */
export async function saleTicketHtml(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string): Promise<string> {
  return receiptHtml((await ticketReceipt(ctx, actor, kind, id, false)).receipt);
}

/** The refund's receipt as its printable page. */
export async function refundTicketHtml(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string): Promise<string> {
  return receiptHtml((await ticketReceipt(ctx, actor, kind, id, true)).receipt);
}
