import { eq } from 'drizzle-orm';
import { saleListMessages, type TicketEmailAnswer } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import { customers } from '../../../db/schema';
import type { Actor } from '../../../platform/auth/actor';
import { AppError } from '../../../platform/errors';
import { renderReceiptPdf } from '../../../platform/receipt-pdf';
import type { SaleTableKind } from '../lists/queries';
import { branchClock, fullName } from './receipt';
import { ticketReceipt } from './ticket';

/** The receipt PDF of a sale (or its refund) and the name it is saved under. */
export async function ticketPdf(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string, refund: boolean) {
  const { sale, receipt } = await ticketReceipt(ctx, actor, kind, id, refund);
  return { sale, receipt, fileName: `${refund ? 'devolucion' : 'ticket'}-${sale.orderNumber}.pdf`, pdf: await renderReceiptPdf(receipt) };
}

async function customerEmail(ctx: AppContext, customerId: string): Promise<string | null> {
  const [row] = await ctx.db.select({ email: customers.email }).from(customers).where(eq(customers.id, customerId)).limit(1);
  return row?.email?.trim() || null;
}

/** 'ma•••@gmail.com': enough for the counter to tell the customer where it went, not enough to copy it. */
export const maskEmail = (email: string) => {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(2, Math.max(at, 0)))}•••${email.slice(at)}`;
};

/** A mail server that is down or refuses is the server's trouble, not the request's: 503 with a Spanish message, never 500. */
async function sendOr503(ctx: AppContext, mail: Parameters<AppContext['mailer']['send']>[0]): Promise<void> {
  try {
    await ctx.mailer.send(mail);
  } catch (err) {
    ctx.log.error({ err }, 'No se pudo enviar el ticket por correo');
    throw new AppError('MAIL_UNAVAILABLE');
  }
}

/** Sends the receipt PDF to the sale's customer at the address on her record; a public sale or one without an address, 409. */
export async function emailTicket(ctx: AppContext, actor: Actor, kind: SaleTableKind, id: string, refund: boolean): Promise<TicketEmailAnswer> {
  const { sale, receipt, fileName, pdf } = await ticketPdf(ctx, actor, kind, id, refund);
  if (!sale.customer) throw new AppError('CUSTOMER_WITHOUT_EMAIL', saleListMessages.emailWithoutCustomer);
  const to = await customerEmail(ctx, sale.customer.id);
  if (!to) throw new AppError('CUSTOMER_WITHOUT_EMAIL', saleListMessages.emailMissing);
  const when = branchClock(refund ? sale.refundedAt! : sale.created_at, sale.branch.timeZone);
  const what = refund ? `la devolución de su compra ${sale.orderNumber}` : `su compra ${sale.orderNumber}`;
  await sendOr503(ctx, {
    to,
    subject: `${refund ? 'Comprobante de devolución' : 'Ticket de compra'} ${sale.orderNumber} · ${receipt.issuer}`,
    text: `Hola, ${fullName(sale.customer)}:\n\nLe enviamos adjunto el ticket de ${what} (${when}) en ${receipt.issuer}.\n\n${receipt.footer}.`,
    attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
  });
  const sentTo = maskEmail(to);
  return { message: `Ticket enviado a ${sentTo}`, sentTo };
}
