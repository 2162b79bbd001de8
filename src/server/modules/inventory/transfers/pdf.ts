import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { branches } from '../../../db/schema';
import { renderPdf } from '../../../platform/pdf';
import { countOrNone, dayOrNone, lineColumns, NONE, wallClock } from '../order-pdf';
import type { TransferDetail } from './queries';

/** The transfer's document: header, number, branches, dates, people, lines and the three signatures. */

export async function transferPdf(db: DbOrTx, t: TransferDetail): Promise<Buffer> {
  const [origin] = await db
    .select({ businessName: branches.businessName, street: branches.street, city: branches.city, timeZone: branches.timeZone })
    .from(branches)
    .where(eq(branches.id, t.originBranchId))
    .limit(1);
  const zone = origin?.timeZone ?? 'America/Tijuana';
  const who = (p: { name: string } | null) => p?.name || NONE;
  return renderPdf({
    issuer: origin?.businessName ?? t.originBranch.name,
    issuerLines: [t.originBranch.name, [origin?.street, origin?.city].filter(Boolean).join(', ')],
    title: 'Transferencia',
    number: t.transferNumber,
    fields: [
      ['Sucursal origen', t.originBranch.name],
      ['Sucursal destino', t.destinyBranch.name],
      ['Estatus', t.status],
      ['Fecha de creación', wallClock(t.created_at, zone)],
      ['Creó', who(t.createdBy)],
      ['Fecha de aprobación', wallClock(t.approvedAt, zone)],
      ['Aprobó', who(t.approvedBy)],
      ['Fecha de recepción', wallClock(t.acceptedAt, zone)],
      ['Recibió', who(t.acceptedBy)],
      ...(t.rejectedAt ? ([['Rechazó', `${who(t.rejectedBy)} (${wallClock(t.rejectedAt, zone)})`]] as [string, string][]) : []),
    ],
    columns: lineColumns(
      [1.2, 3, 1.4, 1.2],
      [
        ['Enviado', 1],
        ['Recibido', 1],
      ],
    ),
    rows: t.transferProducts.map((l) => [
      l.product.sku,
      l.product.name,
      l.allotment,
      dayOrNone(l.expiresAt),
      String(l.stockedQuantity),
      countOrNone(l.receivedQuantity),
    ]),
    totals: [
      ['Unidades enviadas', String(t.transferProducts.reduce((s, l) => s + l.stockedQuantity, 0))],
      ['Unidades recibidas', t.acceptedAt ? String(t.transferProducts.reduce((s, l) => s + (l.receivedQuantity ?? 0), 0)) : '—'],
    ],
    notes: t.comments ?? undefined,
    signatures: ['Entregó', 'Transportó', 'Recibió'],
    footer: `Transferencia ${t.transferNumber}`,
  });
}
