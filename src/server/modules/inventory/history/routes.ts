import type { FastifyInstance } from 'fastify';
import { historyRoutes } from '../../../../domain/inventory.contract';
import type { AppContext } from '../../../context';
import { answerList } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import { historyDetail, historySpec } from './service';

/** /dashboard/historial: the inventory's change log. */
export function registerHistoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, historyRoutes.list, 'history.show', (req, reply) =>
    answerList(reply, req.query, historySpec(ctx.db, req.actor, req.query), {
      name: 'historial-inventario',
      columns: [
        { header: 'Módulo', value: (r) => r.module.alias },
        { header: 'Acción', value: (r) => r.action },
        { header: 'Número de orden', value: (r) => r.order },
        { header: 'Stock', value: (r) => r.stock },
        { header: 'Producto', value: (r) => r.product },
        { header: 'Sucursal origen', value: (r) => r.originBranch },
        { header: 'Sucursal destino', value: (r) => r.destinationBranch },
        { header: 'Usuario', value: (r) => (r.user ? [r.user.name, r.user.lastName, r.user.motherLastName].filter(Boolean).join(' ') : 'Sistema') },
        { header: 'Fecha', value: (r) => r.created_at.toISOString() },
      ],
    }),
  );
  serve(app, historyRoutes.get, 'history.show', (req) => historyDetail(ctx.db, req.actor, req.params.id));
}
