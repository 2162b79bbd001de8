import { eq } from 'drizzle-orm';
import type { AppContext } from '../../../context';
import { branches } from '../../../db/schema';
import { assertBranchAccess, type Actor } from '../../../platform/auth/actor';
import { renderPdf } from '../../../platform/pdf';
import { countOrNone as count, dayOrNone, NONE, wallClock as stamp, lineColumns } from '../order-pdf';
import { findOrder, orderDetail, type AssortmentOrderDetailDto } from './queries';

/** One row per lot sent (or one for the line when nothing was sent). */
function lineRows(order: AssortmentOrderDetailDto): string[][] {
  return order.assortmentOrderProducts.flatMap((l) => {
    const head = [l.product.sku, l.product.name];
    if (!l.lots.length) return [[...head, NONE, NONE, String(l.orderedQuantity), count(l.stockedQuantity), count(l.receivedQuantity)]];
    return l.lots.map((lot, i) => [
      ...head,
      lot.allotment,
      dayOrNone(lot.expiresAt),
      i === 0 ? String(l.orderedQuantity) : '',
      String(lot.quantity),
      count(lot.receivedQuantity),
    ]);
  });
}

/** The restock order's PDF: branch header, number, type, dates, people, lines with lot and expiry, signatures. */
export async function assortmentOrderPdf(ctx: AppContext, actor: Actor, id: string): Promise<Buffer> {
  assertBranchAccess(actor, (await findOrder(ctx.db, id)).branchId);
  const order = await orderDetail(ctx.db, id);
  const [branch] = await ctx.db.select().from(branches).where(eq(branches.id, order.branchId)).limit(1);
  const zone = branch!.timeZone;
  return renderPdf({
    issuer: branch!.businessName,
    issuerLines: [branch!.name, `${branch!.street} ${branch!.extNumber}, ${branch!.suburb}, ${branch!.city}, ${branch!.state}, C.P. ${branch!.zipCode}`],
    title: 'Orden de resurtido',
    number: order.orderNumber,
    fields: [
      ['Tipo de orden', order.orderTypeLabel],
      ['Estatus', order.status],
      ['Sucursal', order.branch.name],
      ['Origen', order.originBranch?.name ?? NONE],
      ['Fecha de creación', stamp(order.created_at, zone)],
      ['Fecha de envío', stamp(order.sentAt, zone)],
      ['Fecha de recepción', stamp(order.finishedAt, zone)],
      ['Fecha de rechazo', stamp(order.rejectedAt, zone)],
      ['Solicitó', order.orderBy ?? NONE],
      ['Aprobó', order.approvedBy ?? NONE],
      ['Recibió', order.finishedBy ?? NONE],
    ],
    columns: lineColumns(
      [1.2, 3, 1.5, 1.2],
      [
        ['Solicitado', 1],
        ['Enviado', 1],
        ['Recibido', 1],
      ],
    ),
    rows: lineRows(order),
    notes: order.comments ?? undefined,
    signatures: ['Entregó', 'Transportó', 'Recibió'],
    footer: `${order.orderNumber} · ${order.branch.name}`,
  });
}
