import type { FastifyInstance } from 'fastify';
import { homeRoutes } from '../../../domain/home.contract';
import type { AppContext } from '../../context';
import { serve } from '../../platform/serve';
import * as service from './service';

/**
 * The dashboard home's today of a branch. Any of the privileges of its blocks opens the route; the service
 * answers only the blocks the actor may read (docs/decisions.md).
 */
export function registerHomeRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, homeRoutes.today, ['dairy.show', 'appointment.show', 'sales.show', 'goal.show', 'inventory.show'], (req) =>
    service.homeToday(ctx, req.actor, req.query.branchId),
  );
}
