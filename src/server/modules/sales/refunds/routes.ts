import type { FastifyInstance } from 'fastify';
import { saleRoutes } from '../../../../domain/sales.contract';
import type { AppContext } from '../../../context';
import { serve } from '../../../platform/serve';
import { refundPreview, refundSale, type RefundDeps } from './service';

/** Section 6: a refund needs the refund privilege on sales (and the user's password, checked by the service). */
export function registerRefundRoutes(app: FastifyInstance, ctx: AppContext, deps: RefundDeps): void {
  serve(app, saleRoutes.refundOrder, 'sales.refund', (req) => refundSale(ctx, req.actor, 'order', req.params.orderNumber, req.body, deps));
  serve(app, saleRoutes.refundCashOrder, 'sales.refund', (req) => refundSale(ctx, req.actor, 'cashOrder', req.params.orderNumber, req.body, deps));
  serve(app, saleRoutes.refundPreviewOrder, 'sales.refund', (req) => refundPreview(ctx, req.actor, 'order', req.params.orderNumber));
  serve(app, saleRoutes.refundPreviewCashOrder, 'sales.refund', (req) => refundPreview(ctx, req.actor, 'cashOrder', req.params.orderNumber));
}
