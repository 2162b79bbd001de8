import type { FastifyInstance } from 'fastify';
import { formatIsoDate } from '../../../../domain/inventory';
import { purchaseOrderRoutes } from '../../../../domain/purchase-orders.contract';
import type { AppContext } from '../../../context';
import { answerList } from '../../../platform/list';
import { serve, serveRecord } from '../../../platform/serve';
import { sendPdf } from '../order-pdf';
import { purchaseOrderPdf } from './pdf';
import { purchaseOrderListSpec, purchaseProducts } from './queries';
import * as service from './service';

const day = (iso: string | null) => (iso ? formatIsoDate(iso) : '');

/** Purchase orders: the five record routes, receiving at the distribution centre, the form's products and the PDF. */
export function registerPurchaseOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(
    app,
    purchaseOrderRoutes,
    'purchaseOrder',
    {
      list: (req, reply) =>
        answerList(reply, req.query, purchaseOrderListSpec(ctx.db, req.query), {
          name: 'ordenes-de-compra',
          columns: [
            { header: 'Orden', value: (o) => o.orderNumber },
            { header: 'Factura', value: (o) => o.invoiceNumber },
            { header: 'Proveedor', value: (o) => o.provider.name },
            { header: 'Método de pago', value: (o) => o.payMethod },
            { header: 'Total', value: (o) => o.total.toFixed(2) },
            { header: 'Estatus de pago', value: (o) => o.payStatus },
            { header: 'Fecha de pago', value: (o) => day(o.payedAt) },
            { header: 'Fecha de llegada', value: (o) => day(o.arrivedAt) },
            { header: 'Vencimiento del crédito', value: (o) => day(o.creditExpiration) },
            { header: 'Recibida', value: (o) => (o.assortmentedAt ? 'Sí' : 'No') },
          ],
        }),
      get: (req) => service.getPurchaseOrder(ctx, req.actor, req.params.id),
      create: (req) => service.createPurchaseOrder(ctx, req.actor, req.body),
      update: (req) => service.updatePurchaseOrder(ctx, req.actor, req.params.id, req.body),
      delete: (req) => service.deletePurchaseOrder(ctx, req.actor, req.params.id),
    },
    // section 6: editing needs edit, or approve while unpaid (a paid order refuses every edit)
    { update: ['purchaseOrder.edit', 'purchaseOrder.approve'] },
  );
  serve(app, purchaseOrderRoutes.receive, 'purchaseOrder.edit', (req) => service.receivePurchaseOrder(ctx, req.actor, req.params.id));
  serve(app, purchaseOrderRoutes.products, ['purchaseOrder.create', 'purchaseOrder.edit', 'purchaseOrder.approve'], () => purchaseProducts(ctx.db));
  serve(app, purchaseOrderRoutes.download, 'purchaseOrder.reports', async (req, reply) => {
    const { number, pdf } = await purchaseOrderPdf(ctx, req.actor, req.params.id);
    return sendPdf(reply, `${number}.pdf`, pdf);
  });
}
