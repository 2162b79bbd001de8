import type { FastifyInstance } from 'fastify';
import { FREQUENCY_LABELS, hourText } from '../../../../domain/report-subscriptions';
import { reportSubscriptionRoutes } from '../../../../domain/report-subscriptions.contract';
import type { AppContext } from '../../../context';
import type { RouteAccess } from '../../../platform/auth/guard';
import { answerList, type CsvColumn } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import * as service from './service';

const CSV_COLUMNS: CsvColumn<service.ReportSubscriptionDto>[] = [
  { header: 'Reporte', value: (s) => s.reportTitle },
  { header: 'Filtros', value: (s) => s.filtersSummary },
  { header: 'Frecuencia', value: (s) => FREQUENCY_LABELS[s.frequency] },
  { header: 'Hora', value: (s) => hourText(s.hour) },
  { header: 'Destinatarios', value: (s) => [s.ownerEmail, ...s.recipients].join(', ') },
  { header: 'Activo', value: (s) => (s.active ? 'Sí' : 'No') },
  { header: 'Último resultado', value: (s) => s.lastDelivery?.result ?? '' },
];

/**
 * /v1/report-subscription: whoever may open a report in the hub (the report routes' own access) schedules its
 * delivery; which report, branch and user each may subscribe to, and whose subscriptions they see, is the service's rule.
 */
export function registerReportSubscriptionRoutes(app: FastifyInstance, ctx: AppContext, access: RouteAccess): void {
  const routes = reportSubscriptionRoutes;
  serve(app, routes.list, access, (req, reply) =>
    answerList(reply, req.query, service.subscriptionListSpec(ctx.db, req.actor, req.query), { name: 'envios-programados', columns: CSV_COLUMNS }),
  );
  serve(app, routes.get, access, (req) => service.getSubscription(ctx, req.actor, req.params.id));
  serve(app, routes.create, access, (req) => service.createSubscription(ctx, req.actor, req.body));
  serve(app, routes.update, access, (req) => service.updateSubscription(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.delete, access, (req) => service.deleteSubscription(ctx, req.actor, req.params.id));
}
