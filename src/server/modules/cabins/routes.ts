import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cabinSchema, cabinTypeSchema } from '../../../domain/cabins.schemas';
import { listQuerySchema } from '../../../domain/list';
import { describeDay, dayLabels } from '../../../domain/schedules';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import * as cabinTypes from './cabin-types.service';
import * as cabins from './cabins.service';

const schedules = z.array(z.object({ day: z.number(), opening: z.string(), closing: z.string() }));

const cabinTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number(),
  color: z.string(),
  treatmentType: z.object({ id: z.string(), appointmentName: z.string(), name: z.string() }),
  ...timestamps,
});

const cabinDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.object({ id: z.string(), name: z.string(), color: z.string() }),
  branch: z.object({ id: z.string(), name: z.string() }),
  status: z.boolean(),
  description: z.string().nullable(),
  schedules,
  ...timestamps,
});

const optionalId = z.uuid({ error: 'Identificador inválido' }).optional();

function registerCabinTypeRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cabain-type',
    {
      // the cabin list and form read the types as a lookup
      config: { access: ['cabain_types.show', 'cabains.show'] },
      schema: { querystring: listQuerySchema.extend({ treatmentTypeId: optionalId }), response: { 200: listResponse(cabinTypeDto) } },
    },
    (req, reply) =>
      answerList(reply, req.query, cabinTypes.cabinTypeListSpec(ctx.db, req.query), {
        name: 'tipos-de-cabina',
        columns: [
          { header: 'Nombre', value: (t) => t.name },
          { header: 'Orden', value: (t) => t.order },
          { header: 'Color', value: (t) => `#${t.color}` },
          { header: 'Tipo de tratamiento', value: (t) => treatmentTypeLabel(t.treatmentType.name) },
        ],
      }),
  );
  r.get('/cabain-type/:id', { config: { access: 'cabain_types.show' }, schema: { params: idParams, response: { 200: cabinTypeDto } } }, (req) =>
    cabinTypes.getCabinType(ctx, req.params.id),
  );
  r.post('/cabain-type/create', { config: { access: 'cabain_types.create' }, schema: { body: cabinTypeSchema, response: { 201: cabinTypeDto } } }, async (req, reply) =>
    reply.status(201).send(await cabinTypes.createCabinType(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/cabain-type/:id/update',
    config: { access: 'cabain_types.edit' },
    schema: { params: idParams, body: cabinTypeSchema, response: { 200: cabinTypeDto } },
    handler: (req) => cabinTypes.updateCabinType(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/cabain-type/:id/delete',
    config: { access: 'cabain_types.delete' },
    schema: { params: idParams, response: { 200: cabinTypeDto } },
    handler: (req) => cabinTypes.deleteCabinType(ctx, req, req.params.id),
  });
}

export function registerCabinRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerCabinTypeRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/cabain',
    {
      config: { access: 'cabains.show' },
      schema: { querystring: listQuerySchema.extend({ branchId: optionalId, typeId: optionalId }), response: { 200: listResponse(cabinDto) } },
    },
    (req, reply) =>
      answerList(reply, req.query, cabins.cabinListSpec(ctx.db, req, req.query), {
        name: 'cabinas',
        columns: [
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Tipo', value: (c) => c.type.name },
          { header: 'Sucursal', value: (c) => c.branch.name },
          { header: 'Estatus', value: (c) => (c.status ? 'Activo' : 'Inactivo') },
          { header: 'Descripción', value: (c) => c.description ?? '' },
          { header: 'Horario', value: (c) => c.schedules.map((s) => `${dayLabels[s.day]} ${describeDay(s)}`).join('; ') },
        ],
      }),
  );
  r.get('/cabain/:id', { config: { access: 'cabains.show' }, schema: { params: idParams, response: { 200: cabinDto } } }, (req) =>
    cabins.getCabin(ctx, req, req.params.id),
  );
  r.post('/cabain/create', { config: { access: 'cabains.create' }, schema: { body: cabinSchema, response: { 201: cabinDto } } }, async (req, reply) =>
    reply.status(201).send(await cabins.createCabin(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/cabain/:id/update',
    config: { access: 'cabains.edit' },
    schema: { params: idParams, body: cabinSchema, response: { 200: cabinDto } },
    handler: (req) => cabins.updateCabin(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/cabain/:id/delete',
    config: { access: 'cabains.delete' },
    schema: { params: idParams, response: { 200: cabinDto } },
    handler: (req) => cabins.deleteCabin(ctx, req, req.params.id),
  });
}
