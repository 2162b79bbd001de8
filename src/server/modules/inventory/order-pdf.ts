import { zonedClock } from '../../../domain/dates';
import { formatIsoDate } from '../../../domain/inventory';
import type { FastifyReply } from 'fastify';
import type { PdfColumn } from '../../platform/pdf';

/** Pieces the four order PDFs (purchase, restock, transfer, sale) share. */

/** Answers an order's PDF, shown inline under this file name. */
export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer) {
  return reply.type('application/pdf').header('content-disposition', `inline; filename="${fileName}"`).send(pdf);
}

/** What a PDF prints where a value is absent. */
export const NONE = '—';

/** A calendar day as DD/MM/YYYY; a dash when absent. */
export const dayOrNone = (iso: string | null | undefined): string => (iso ? formatIsoDate(iso) : NONE);

/** A count of units; a dash when not yet known. */
export const countOrNone = (n: number | null): string => (n === null ? NONE : String(n));

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the branch's wall clock, DD/MM/YYYY HH:mm; a dash when absent. */
export function wallClock(at: Date | null, timeZone: string): string {
  if (!at) return NONE;
  const { date, minutes } = zonedClock(timeZone, at);
  return `${formatIsoDate(date)} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** The columns every order's lines start with (SKU, product, lot, expiry) at these widths, then right-aligned figures. */
export function lineColumns(widths: [number, number, number, number], figures: [string, number][], expiryAlign?: 'center'): PdfColumn[] {
  const [sku, product, lot, expiry] = widths;
  return [
    { header: 'SKU', width: sku },
    { header: 'Producto', width: product },
    { header: 'Lote', width: lot },
    { header: 'Caducidad', width: expiry, ...(expiryAlign ? { align: expiryAlign } : {}) },
    ...figures.map(([header, width]) => ({ header, width, align: 'right' as const })),
  ];
}
