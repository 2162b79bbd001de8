import type { FastifyInstance } from 'fastify';
import { changesText } from '../../../domain/change-labels';
import { logRoutes } from '../../../domain/logs.contract';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serve } from '../../platform/serve';
import { logDetail } from './detail';
import { logListSpec } from './service';

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, logRoutes.list, 'systemLogs.show', (req, reply) =>
    answerList(reply, req.query, logListSpec(ctx.db, req.actor, req.query), {
      name: 'historial-del-sistema',
      columns: [
        { header: 'Módulo', value: (l) => l.module.alias },
        { header: 'Acción', value: (l) => l.action },
        { header: 'Sucursal origen', value: (l) => l.sourceBranch?.name },
        { header: 'Sucursal afectada', value: (l) => l.affectedBranch?.name },
        { header: 'Usuario', value: (l) => (l.user ? `${l.user.name} ${l.user.lastName} ${l.user.motherLastName}`.trim() : 'Sistema') },
        { header: 'Fecha', value: (l) => l.created_at },
        { header: 'Cambios', value: (l) => changesText(l.changes.before, l.changes.after) },
      ],
    }),
  );
  serve(app, logRoutes.get, 'systemLogs.show', (req) => logDetail(ctx.db, req.actor, req.params.id));
  // the bitácora's own detail (its list is the appointments module's GET /bitacora): appointment rows only
  serve(app, logRoutes.bitacoraGet, 'bitacora.show', (req) => logDetail(ctx.db, req.actor, req.params.id, 'appointment'));
}
