import { eq } from 'drizzle-orm';
import { dateInZone } from '../../../../domain/dates';
import { formatIsoDate } from '../../../../domain/inventory';
import { formatMoney } from '../../../../domain/money';
import { formatPhone } from '../../../../domain/validation';
import type { AppContext } from '../../../context';
import { branches } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { renderPdf, type PdfDocumentSpec } from '../../../platform/pdf';
import { dayOrNone, lineColumns } from '../order-pdf';
import type { SaleOrderDetail } from './queries';
import { getSaleOrder } from './service';

/** The printable sale order: the branch's company, the customer, the lots sold with their expiry, the total and signatures. */

const COLUMNS = lineColumns(
  [1.1, 2.6, 1.3, 1.1],
  [
    ['Cantidad', 0.9],
    ['Precio', 1.2],
    ['Subtotal', 1.3],
  ],
  'center',
);

type Branch = typeof branches.$inferSelect;

function issuer(b: Branch): Pick<PdfDocumentSpec, 'issuer' | 'issuerLines'> {
  const street = [b.street, b.extNumber, b.intNumber && `Int. ${b.intNumber}`].filter(Boolean).join(' ');
  return { issuer: b.businessName, issuerLines: [`Sucursal ${b.name}`, `${street}, ${b.suburb}`, `${b.city}, ${b.state}, C.P. ${b.zipCode}`, `RFC ${b.rfc}`] };
}

export function saleOrderDocument(order: SaleOrderDetail, branch: Branch): PdfDocumentSpec {
  const day = formatIsoDate(dateInZone(branch.timeZone, order.created_at));
  return {
    ...issuer(branch),
    title: 'Orden de venta',
    number: order.orderNumber,
    fields: [
      ['Cliente', order.name],
      ['RFC', order.rfc ?? '—'],
      ['Teléfono', formatPhone(order.phone)],
      ['Número de nota', order.note],
      ['Sucursal', branch.name],
      ['Fecha', day],
      ['Elaboró', order.createdBy ?? '—'],
    ],
    columns: COLUMNS,
    rows: order.saleOrderProducts.map((l) => [
      l.sku,
      l.product,
      l.allotment,
      dayOrNone(l.expiresAt),
      l.quantity.toLocaleString('es-MX'),
      formatMoney(l.price),
      formatMoney(l.subtotal),
    ]),
    totals: [['Total', formatMoney(order.totalAmount)]],
    notes: order.comments ?? undefined,
    signatures: ['Entregó', 'Recibió'],
    footer: `Orden de venta ${order.orderNumber}${order.deleted_at ? ' (eliminada)' : ''}`,
  };
}

/** The PDF of one order the actor may read (saleOrder.show, its own branch when bound to one). */
export async function saleOrderPdf(ctx: AppContext, actor: Actor, id: string): Promise<{ fileName: string; pdf: Buffer }> {
  const order = await getSaleOrder(ctx, actor, id);
  const [branch] = await ctx.db.select().from(branches).where(eq(branches.id, order.branchId)).limit(1);
  return { fileName: `${order.orderNumber}.pdf`, pdf: await renderPdf(saleOrderDocument(order, branch!)) };
}
