import type { FastifyInstance } from 'fastify';
import { dateInZone } from '../../../../domain/dates';
import { formatIsoDate } from '../../../../domain/inventory';
import { formatMoney } from '../../../../domain/money';
import { saleOrderPdf as pdfRoute, saleOrderRoutes } from '../../../../domain/sale-orders.contract';
import { formatPhone } from '../../../../domain/validation';
import type { AppContext } from '../../../context';
import { answerList, type CsvColumn } from '../../../platform/list';
import { serve, serveRecord } from '../../../platform/serve';
import { sendPdf } from '../order-pdf';
import { saleOrderPdf } from './pdf';
import type { SaleOrderItem } from './queries';
import * as service from './service';

/** The list's CSV columns. */
const CSV_COLUMNS: CsvColumn<SaleOrderItem>[] = [
  { header: 'Orden', value: (o) => o.orderNumber },
  { header: 'Nombre', value: (o) => o.name },
  { header: 'RFC', value: (o) => o.rfc },
  { header: 'Teléfono', value: (o) => formatPhone(o.phone) },
  { header: 'Número de nota', value: (o) => o.note },
  { header: 'Sucursal', value: (o) => o.branch.name },
  { header: 'Total', value: (o) => formatMoney(o.totalAmount) },
  { header: 'Fecha de creación', value: (o) => formatIsoDate(dateInZone(o.branch.timeZone, o.created_at)) },
];

export function registerSaleOrderRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(app, saleOrderRoutes, 'saleOrder', {
    list: (req, reply) =>
      answerList(reply, req.query, service.saleOrderListSpec(ctx.db, req.actor, req.query), { name: 'ordenes-de-venta', columns: CSV_COLUMNS }),
    get: (req) => service.getSaleOrder(ctx, req.actor, req.params.id),
    create: (req) => service.createSaleOrder(ctx, req.actor, req.body),
    update: (req) => service.updateSaleOrder(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteSaleOrder(ctx, req.actor, req.params.id),
  });
  // the form's lot choices: whoever may create or edit a sale order
  serve(app, saleOrderRoutes.lots, ['saleOrder.create', 'saleOrder.edit'], (req) =>
    service.lotsForSale(ctx, req.actor, req.query.branchId, req.query.saleOrderId),
  );
  // section 6: the sale order PDF needs show
  app.get(pdfRoute.url, { config: { access: 'saleOrder.show' }, schema: { params: pdfRoute.params } }, async (req, reply) => {
    const { fileName, pdf } = await saleOrderPdf(ctx, req.actor, (req.params as { id: string }).id);
    return sendPdf(reply, fileName, pdf);
  });
}
