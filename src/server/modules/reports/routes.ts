import type { FastifyInstance } from 'fastify';
import { reportRoutes } from '../../../domain/reports.contract';
import type { AppContext } from '../../context';
import { serve } from '../../platform/serve';
import { registerIndicatorRoutes } from './indicators/routes';
import { drillReport, reportForWorkbook, runReport } from './service';
import { sendReportXlsx } from './workbook';
import { registerReportSubscriptionRoutes } from './subscriptions/routes';

/**
 * GET /report/{name} (and ?format=xlsx) and its drill-down. Access: the hub (reports.show) or a commission screen's
 * reader (their own individual fees); which report and whose rows each may read is the service's rule.
 */
export function registerReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const access = ['reports.show', 'medic_comission.show', 'cosmetologic_comission.show'] as const;
  serve(app, reportRoutes.get, [...access], async (req, reply) => {
    if (req.query.format === 'xlsx') return sendReportXlsx(reply, await reportForWorkbook(ctx.db, req.actor, req.params.name, req.query));
    return runReport(ctx.db, req.actor, req.params.name, req.query);
  });
  serve(app, reportRoutes.drill, [...access], async (req, reply) => {
    const report = await drillReport(ctx.db, req.actor, req.params.name, req.query);
    return req.query.format === 'xlsx' ? sendReportXlsx(reply, report) : report;
  });
  registerIndicatorRoutes(app, ctx);
  registerReportSubscriptionRoutes(app, ctx, [...access]);
}
