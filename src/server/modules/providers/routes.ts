import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import { payConditionLabel, providerSchema, REGIMES, regimeLabels } from '../../../domain/providers.schemas';
import { formatPhone } from '../../../domain/validation';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import * as service from './service';

export const providerDto = z.object({
  id: z.string(),
  name: z.string(),
  tradename: z.string(),
  rfc: z.string().nullable(),
  regime: z.enum(REGIMES),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  contactName: z.string(),
  mobilePhone: z.string(),
  payConditions: z.number(),
  deliveryTime: z.string().nullable(),
  bank: z.string().nullable(),
  clabeAccount: z.string().nullable(),
  bankAccount: z.string().nullable(),
  active: z.boolean(),
  status: z.boolean(),
  ...timestamps,
});

const listQuery = listQuerySchema.extend({
  payConditions: z.coerce.number().int().min(0).max(365).optional(),
});

export function registerProviderRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/provider',
    {
      // product and purchase forms pick providers by name; the tax and bank data stay with providers.show
      config: { access: ['providers.show', 'products.show', 'purchaseOrder.show'] },
      schema: { querystring: listQuery, response: { 200: listResponse(providerDto) } },
    },
    (req, reply) =>
      answerList(reply, req.query, service.providerListSpec(ctx.db, req, req.query), {
        name: 'proveedores',
        columns: [
          { header: 'Nombre', value: (p) => p.name },
          { header: 'Razón social', value: (p) => p.tradename },
          { header: 'RFC', value: (p) => p.rfc },
          { header: 'Régimen', value: (p) => regimeLabels[p.regime] },
          { header: 'Contacto', value: (p) => p.contactName },
          { header: 'Teléfono', value: (p) => formatPhone(p.phone) },
          { header: 'Celular', value: (p) => formatPhone(p.mobilePhone) },
          { header: 'Correo electrónico', value: (p) => p.email },
          { header: 'Condiciones de pago', value: (p) => payConditionLabel(p.payConditions) },
          { header: 'Estatus', value: (p) => (p.active ? 'Activo' : 'Inactivo') },
        ],
      }),
  );
  r.get('/provider/:id', { config: { access: 'providers.show' }, schema: { params: idParams, response: { 200: providerDto } } }, (req) =>
    service.getProvider(ctx, req, req.params.id),
  );
  r.post('/provider/create', { config: { access: 'providers.create' }, schema: { body: providerSchema, response: { 201: providerDto } } }, async (req, reply) =>
    reply.status(201).send(await service.createProvider(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/provider/:id/update',
    config: { access: 'providers.edit' },
    schema: { params: idParams, body: providerSchema, response: { 200: providerDto } },
    handler: (req) => service.updateProvider(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/provider/:id/delete',
    config: { access: 'providers.delete' },
    schema: { params: idParams, response: { 200: providerDto } },
    handler: (req) => service.deleteProvider(ctx, req, req.params.id),
  });
}
