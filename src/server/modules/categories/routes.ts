import type { FastifyInstance } from 'fastify';
import { categoryRoutes } from '../../../domain/categories.contract';
import { categoryTypeLabels } from '../../../domain/categories.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serveRecord } from '../../platform/serve';
import * as service from './service';

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(
    app,
    categoryRoutes,
    'categories',
    {
      list: (req, reply) =>
        answerList(reply, req.query, service.categoryListSpec(ctx.db, req.query), {
          name: 'categorias',
          columns: [
            { header: 'Nombre', value: (c) => c.name },
            { header: 'Tipo', value: (c) => categoryTypeLabels[c.type] },
            { header: 'Estatus', value: (c) => (c.active ? 'Activo' : 'Inactivo') },
            { header: 'Fecha de creación', value: (c) => c.created_at },
          ],
        }),
      get: (req) => service.getCategory(ctx, req.params.id),
      create: (req) => service.createCategory(ctx, req.actor, req.body),
      update: (req) => service.updateCategory(ctx, req.actor, req.params.id, req.body),
      delete: (req) => service.deleteCategory(ctx, req.actor, req.params.id),
    },
    // the treatment form reads the categories as a lookup
    { list: ['categories.show', 'treatments.show'] },
  );
}
