import type { FastifyInstance } from 'fastify';
import { saleRoutes } from '../../../../domain/sales.contract';
import type { AppContext } from '../../../context';
import { serve } from '../../../platform/serve';
import { refundSale } from './service';

/** Section 6: a refund needs the refund privilege on sales (and the user's password, checked by the service). */
export function registerRefundRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, saleRoutes.refundOrder, 'sales.refund', (req) => refundSale(ctx, req.actor, 'order', req.params.orderNumber, req.body));
  serve(app, saleRoutes.refundCashOrder, 'sales.refund', (req) => refundSale(ctx, req.actor, 'cashOrder', req.params.orderNumber, req.body));
}
