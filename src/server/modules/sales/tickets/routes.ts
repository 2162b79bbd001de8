import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { saleTickets, type SaleKind } from '../../../../domain/sale-lists.contract';
import type { AppContext } from '../../../context';
import type { SaleTableKind } from '../lists/queries';
import { refundTicketHtml, saleTicketHtml } from './ticket';

const TABLE_OF: Record<SaleKind, SaleTableKind> = { order: 'order', 'cash-order': 'cashOrder' };

/** Printable HTML pages, not JSON: registered as they are, with the contract's parameters (section 6: the receipt needs view). */
export function registerTicketRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const kind of ['order', 'cash-order'] as const) {
    for (const refund of [false, true]) {
      const html = refund ? refundTicketHtml : saleTicketHtml;
      r.get(saleTickets.url(kind, refund), { config: { access: 'sales.view' }, schema: { params: saleTickets.params } }, async (req, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(await html(ctx, req.actor, TABLE_OF[kind], req.params.id)),
      );
    }
  }
}
