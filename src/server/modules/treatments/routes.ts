import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import { formatMoney } from '../../../domain/money';
import { treatmentCreateSchema, treatmentTypeLabel, treatmentUpdateSchema } from '../../../domain/treatments.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { sendImage } from '../../platform/files';
import { categoryUsageChecks } from '../categories/service';
import { idParams, listResponse, timestamps } from '../dto';
import { registerTreatmentLookupRoutes, treatmentTypeDto } from './lookups';
import * as service from './service';

const named = z.object({ id: z.string(), name: z.string() });

export const treatmentDto = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  treatmentTypeId: z.string(),
  treatmentType: treatmentTypeDto,
  categories: z.array(named),
  price: z.number(),
  medicalFee: z.number().nullable(),
  points: z.number(),
  areas: z.array(named),
  areasIds: z.array(z.string()),
  appliance: z.array(named),
  applianceIds: z.array(z.string()),
  assessment: z.boolean(),
  consent: z.boolean(),
  consentId: z.string().nullable(),
  treatmentConsent: z.object({ id: z.string(), name: z.string(), document: z.string() }).nullable(),
  active: z.boolean(),
  term: z.string(),
  duration: z.number(),
  validity: z.number().nullable(),
  photo: z.string().nullable(),
  treatmentProduct: z.array(z.object({ productId: z.string(), quantity: z.number(), product: z.object({ id: z.string(), sku: z.string(), name: z.string() }) })),
  ...timestamps,
});

const formOptionsDto = z.object({
  products: z.array(z.object({ id: z.string(), sku: z.string(), name: z.string() })),
  appliances: z.array(z.object({ id: z.string(), name: z.string(), brand: z.string(), model: z.string(), type: z.string() })),
});

const listQuery = listQuerySchema.extend({
  treatmentTypeId: z.uuid({ error: 'Tipo de tratamiento inválido' }).optional(),
  categoryId: z.uuid({ error: 'Categoría inválida' }).optional(),
});
const photoParams = z.object({ name: z.string().max(60) });

let usageRegistered = false;

export function registerTreatmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!usageRegistered) {
    categoryUsageChecks.push(service.categoryUsedByTreatment);
    usageRegistered = true;
  }
  registerTreatmentLookupRoutes(app, ctx);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/treatment',
    { config: { access: 'treatments.show' }, schema: { querystring: listQuery, response: { 200: listResponse(treatmentDto) } } },
    (req, reply) =>
      answerList(reply, req.query, service.treatmentListSpec(ctx.db, req.query), {
        name: 'tratamientos',
        columns: [
          { header: 'SKU', value: (t) => t.sku },
          { header: 'Nombre', value: (t) => t.name },
          { header: 'Tipo', value: (t) => treatmentTypeLabel(t.treatmentType.name) },
          { header: 'Categorías', value: (t) => t.categories.map((c) => c.name).join(', ') },
          { header: 'Precio', value: (t) => formatMoney(t.price) },
          { header: 'Duración', value: (t) => t.term },
          { header: 'Estatus', value: (t) => (t.active ? 'Activo' : 'Inactivo') },
        ],
      }),
  );
  r.get(
    '/treatment/form-options',
    { config: { access: ['treatments.create', 'treatments.edit'] }, schema: { response: { 200: formOptionsDto } } },
    () => service.formOptions(ctx),
  );
  r.get('/treatment/:id', { config: { access: 'treatments.show' }, schema: { params: idParams, response: { 200: treatmentDto } } }, (req) =>
    service.getTreatment(ctx, req.params.id),
  );
  r.post(
    '/treatment/create',
    { config: { access: 'treatments.create' }, schema: { body: treatmentCreateSchema, response: { 201: treatmentDto } } },
    async (req, reply) => reply.status(201).send(await service.createTreatment(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/treatment/:id/update',
    config: { access: 'treatments.edit' },
    schema: { params: idParams, body: treatmentUpdateSchema, response: { 200: treatmentDto } },
    handler: (req) => service.updateTreatment(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/treatment/:id/delete',
    config: { access: 'treatments.delete' },
    schema: { params: idParams, response: { 200: treatmentDto } },
    handler: (req) => service.deleteTreatment(ctx, req, req.params.id),
  });
  r.post(
    '/treatment/:id/photo',
    { config: { access: ['treatments.create', 'treatments.edit'] }, schema: { params: idParams, response: { 200: treatmentDto } } },
    (req) => service.setTreatmentPhoto(ctx, req, req.params.id),
  );
  // <img> tags cannot send the bearer token; the names are random UUIDs
  r.get('/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'treatments', req.params.name, true),
  );
  r.get('/treatment/photo/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'treatments', req.params.name),
  );
}
