import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CATEGORY_TYPES, categorySchema, categoryTypeLabels } from '../../../domain/categories.schemas';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import * as service from './service';

const categoryDto = z.object({ id: z.string(), name: z.string(), type: z.enum(CATEGORY_TYPES), active: z.boolean(), ...timestamps });
const body = categorySchema.extend({ active: z.boolean().optional() });

export function registerCategoryRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/categories',
    {
      config: { access: ['categories.show', 'treatments.show'] },
      schema: { querystring: listQuerySchema.extend({ type: z.enum(CATEGORY_TYPES).optional() }), response: { 200: listResponse(categoryDto) } },
    },
    (req, reply) =>
      answerList(reply, req.query, service.categoryListSpec(ctx.db, req.query), {
        name: 'categorias',
        columns: [
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Tipo', value: (c) => categoryTypeLabels[c.type] },
          { header: 'Estatus', value: (c) => (c.active ? 'Activo' : 'Inactivo') },
          { header: 'Fecha de creación', value: (c) => c.created_at },
        ],
      }),
  );
  r.get('/categories/:id', { config: { access: 'categories.show' }, schema: { params: idParams, response: { 200: categoryDto } } }, (req) =>
    service.getCategory(ctx, req.params.id),
  );
  r.post('/categories/create', { config: { access: 'categories.create' }, schema: { body, response: { 201: categoryDto } } }, async (req, reply) =>
    reply.status(201).send(await service.createCategory(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/categories/:id/update',
    config: { access: 'categories.edit' },
    schema: { params: idParams, body, response: { 200: categoryDto } },
    handler: (req) => service.updateCategory(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/categories/:id/delete',
    config: { access: 'categories.delete' },
    schema: { params: idParams, response: { 200: categoryDto } },
    handler: (req) => service.deleteCategory(ctx, req, req.params.id),
  });
}
