import type { FastifyInstance } from 'fastify';
import { posRoutes } from '../../../../domain/pos.contract';
import type { AppContext } from '../../../context';
import { serve } from '../../../platform/serve';
import { posCatalogue, posContext } from './service';

/** The built-in point of sale's lookups (pos.show); its sales go through the intake (pos.create). */
export function registerPosRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, posRoutes.catalogue, 'pos.show', (req) => posCatalogue(ctx.db, req.actor, req.query.branchId, req.query.search));
  serve(app, posRoutes.context, 'pos.show', (req) => posContext(ctx.db, req.actor, req.query.branchId));
}
