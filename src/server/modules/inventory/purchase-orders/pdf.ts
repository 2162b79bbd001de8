import { eq } from 'drizzle-orm';
import { formatMoney } from '../../../../domain/money';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { branches } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { renderPdf } from '../../../platform/pdf';
import { dayOrNone as day, lineColumns } from '../order-pdf';
import { orderDto, type PurchaseOrderDto } from './queries';
import { distributionCentre, getPurchaseOrder } from './service';

/** The issuer when no distribution centre names the company. */
const DEFAULT_ISSUER = 'Clínica';

/** The company that buys: the business name of the branch that received (else the distribution centre's). */
async function issuerOf(db: DbOrTx, branchId: string | null | undefined): Promise<{ issuer: string; issuerLines: string[] }> {
  const id = branchId ?? (await distributionCentre(db).catch(() => null))?.id;
  const [b] = id ? await db.select().from(branches).where(eq(branches.id, id)).limit(1) : [];
  if (!b) return { issuer: DEFAULT_ISSUER, issuerLines: [] };
  return {
    issuer: b.businessName,
    issuerLines: [`RFC ${b.rfc}`, b.name, `${b.street} ${b.extNumber}, ${b.suburb}`, `${b.city}, ${b.state}, C.P. ${b.zipCode}`],
  };
}

export function purchaseOrderSpec(o: PurchaseOrderDto, issuer: { issuer: string; issuerLines: string[] }) {
  return {
    ...issuer,
    title: 'Orden de compra',
    number: o.orderNumber,
    fields: [
      ['Factura', o.invoiceNumber],
      ['Proveedor', o.provider.name],
      ['Método de pago', o.payMethod],
      ['Estatus de pago', o.payStatus],
      ['Fecha de llegada', day(o.arrivedAt)],
      ['Vencimiento del crédito', day(o.creditExpiration)],
      ['Fecha de pago', day(o.payedAt)],
      ['Recibida en', o.receivedBranch ? o.receivedBranch.name : 'Pendiente de recibir'],
    ] as [string, string][],
    columns: lineColumns(
      [1.2, 3, 1.4, 1.2],
      [
        ['Cantidad', 1],
        ['Precio', 1.3],
        ['Subtotal', 1.4],
      ],
      'center',
    ),
    rows: o.purchaseOrderProducts.map((l) => [
      l.product.sku,
      l.product.name,
      l.allotment ?? '—',
      day(l.expiresAt),
      l.quantity.toLocaleString('es-MX'),
      formatMoney(l.price),
      formatMoney(l.subtotal),
    ]),
    totals: [
      ['Subtotal', formatMoney(o.subtotal)],
      ['IVA', `${o.tax} %`],
      ['Total', formatMoney(o.amount)],
    ] as [string, string][],
    notes: o.comments ?? undefined,
    signatures: ['Elaboró', 'Recibió', 'Autorizó'],
    footer: `Orden de compra ${o.orderNumber}`,
  };
}

/** The order's printable PDF (404 when it does not exist). */
export async function purchaseOrderPdf(ctx: AppContext, actor: Actor, id: string): Promise<{ number: string; pdf: Buffer }> {
  await getPurchaseOrder(ctx, actor, id);
  const o = await orderDto(ctx.db, id);
  return { number: o.orderNumber, pdf: await renderPdf(purchaseOrderSpec(o, await issuerOf(ctx.db, o.receivedBranch?.id))) };
}
