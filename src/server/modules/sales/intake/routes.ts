import type { FastifyInstance } from 'fastify';
import { saleRoutes } from '../../../../domain/sales.contract';
import type { AppContext } from '../../../context';
import { serve } from '../../../platform/serve';
import { createSale, idempotencyKeyOf } from './service';

/** The sale intake of the point of sale, the app and the online store: pos.create. */
export function registerSaleIntakeRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, saleRoutes.createOrder, 'pos.create', async (req, reply) => {
    const { sale, replayed } = await createSale(ctx, req.actor, 'order', req.body, idempotencyKeyOf(req.headers['idempotency-key']));
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return sale;
  });
  serve(app, saleRoutes.createCashOrder, 'pos.create', async (req, reply) => {
    const { sale, replayed } = await createSale(ctx, req.actor, 'cashOrder', req.body, idempotencyKeyOf(req.headers['idempotency-key']));
    if (replayed) void reply.header('Idempotent-Replayed', 'true');
    return sale;
  });
}
