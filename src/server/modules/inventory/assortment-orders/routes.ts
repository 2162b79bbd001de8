import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assortmentOrderRoutes as routes } from '../../../../domain/assortment-orders.contract';
import { idParams } from '../../../../domain/contract';
import { formatIsoDate } from '../../../../domain/inventory';
import type { AppContext } from '../../../context';
import { answerList } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import { sendPdf } from '../order-pdf';
import { assortmentOrderPdf } from './pdf';
import { assortmentListSpec } from './queries';
import * as service from './service';

/** Restock (assortment) orders: /v1/assortment-order. */
export function registerAssortmentOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, routes.list, 'assortmentOrder.show', (req, reply) =>
    answerList(reply, req.query, assortmentListSpec(ctx.db, req.actor, req.query), {
      name: 'ordenes-de-surtido',
      columns: [
        { header: 'Número de orden', value: (o) => o.orderNumber },
        { header: 'Tipo de orden', value: (o) => o.orderTypeLabel },
        { header: 'Fecha de creación', value: (o) => formatIsoDate(o.created_at.toISOString()) },
        { header: 'Sucursal', value: (o) => o.branch.name },
        { header: 'Estatus', value: (o) => o.status },
        { header: 'Diferencia recibida', value: (o) => (o.hasDifference ? 'Sí' : 'No') },
      ],
    }),
  );
  serve(app, routes.products, ['assortmentOrder.create', 'assortmentOrder.edit', 'assortmentOrder.approve'], (req) =>
    service.productsForBranch(ctx, req.actor, req.query.branchId),
  );
  serve(app, routes.get, 'assortmentOrder.show', (req) => service.getOrder(ctx, req.actor, req.params.id));
  serve(app, routes.create, 'assortmentOrder.create', (req) => service.createOrder(ctx, req.actor, req.body));
  serve(app, routes.approve, 'assortmentOrder.approve', (req) => service.approveOrder(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.reject, 'assortmentOrder.approve', (req) => service.rejectOrder(ctx, req.actor, req.params.id));
  serve(app, routes.confirm, 'assortmentOrder.edit', (req) => service.confirmOrder(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.delete, 'assortmentOrder.delete', (req) => service.deleteOrder(ctx, req.actor, req.params.id));
  // a PDF, not JSON: registered with the contract's parameters only
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/assortment-order/:id/download', { config: { access: 'assortmentOrder.reports' }, schema: { params: idParams } }, async (req, reply) => {
      return sendPdf(reply, 'orden-de-resurtido.pdf', await assortmentOrderPdf(ctx, req.actor, req.params.id));
    });
}
