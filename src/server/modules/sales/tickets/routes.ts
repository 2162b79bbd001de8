import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saleTickets, ticketEmailAnswer, type SaleKind } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import type { SaleTableKind } from '../lists/queries';
import { emailTicket, ticketPdf } from './email';
import { PRINT_SCRIPT } from './print-script';
import { refundTicketHtml, saleTicketHtml } from './ticket';

const TABLE_OF: Record<SaleKind, SaleTableKind> = { order: 'order', 'cash-order': 'cashOrder' };

/**
 * Printable HTML pages and their receipt PDF, not JSON: registered as they are, with the contract's parameters
 * (section 6: the receipt needs view; the sale's branch rule applies to all three, e-mail included).
 */
export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = { access: 'sales.view' } as const;
  // a <script src> sends no token; the script is the same for everyone and says nothing of any sale
  r.get(saleTickets.printScript, { config: { access: 'public' } }, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(PRINT_SCRIPT),
  );
  for (const kind of ['order', 'cash-order'] as const) {
    for (const refund of [false, true]) {
      const html = refund ? refundTicketHtml : saleTicketHtml;
      r.get(saleTickets.url(kind, refund), { config: view, schema: { params: saleTickets.params } }, async (req, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await html(ctx, req.actor, TABLE_OF[kind], req.params.id)),
      );
      r.get(saleTickets.url(kind, refund, 'pdf'), { config: view, schema: { params: saleTickets.params } }, async (req, reply) => {
        const { fileName, pdf } = await ticketPdf(ctx, req.actor, TABLE_OF[kind], req.params.id, refund);
        return reply.type('application/pdf').header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
      });
      r.post(saleTickets.emailUrl(kind, refund), { config: view, schema: { params: saleTickets.params, response: { 200: ticketEmailAnswer } } }, async (req) =>
        emailTicket(ctx, req.actor, TABLE_OF[kind], req.params.id, refund),
      );
    }
  }
}
