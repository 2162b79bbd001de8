import type { FastifyInstance } from 'fastify';
import { indicatorRoutes } from '../../../../domain/indicators.contract';
import type { AppContext } from '../../../context';
import { serve } from '../../../platform/serve';
import { drillIndicator, getIndicators } from './service';

/** GET /indicators and /indicators/{name}/drill: the owner's indicators, read with reports.view (branch-bound: their branch). */
export function registerIndicatorRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, indicatorRoutes.get, 'reports.view', (req) => getIndicators(ctx.db, req.actor, req.query));
  serve(app, indicatorRoutes.drill, 'reports.view', (req) => drillIndicator(ctx.db, req.actor, req.params.name, req.query));
}
