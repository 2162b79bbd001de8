import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import { formatMoney } from '../../../domain/money';
import { PACKAGE_TYPES, packageSchema } from '../../../domain/packages.schemas';
import type { AppContext } from '../../context';
import { sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { categoryUsageChecks } from '../categories/service';
import { idParams, listResponse, timestamps } from '../dto';
import * as service from './service';
import { readPackageUpdate } from './update-request';

const named = z.object({ id: z.string(), name: z.string() });

export const packageDto = z.object({
  id: z.string(),
  type: z.enum(PACKAGE_TYPES),
  sku: z.string(),
  name: z.string(),
  description: z.string(),
  treatmentTypeId: z.string(),
  treatmentType: z.object({ id: z.string(), name: z.string(), hasAreas: z.boolean() }),
  categoryId: z.string(),
  category: named,
  points: z.number(),
  price: z.number(),
  regularPrice: z.number(),
  cabainTime: z.number(),
  branchesIds: z.array(z.string()),
  branches: z.array(named),
  paymentType: z.array(z.string()),
  active: z.boolean(),
  status: z.boolean(),
  validBySchedule: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  validByTime: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  expired: z.boolean(),
  photo: z.string().nullable(),
  treatmentPackage: z.array(
    z.object({
      id: z.string(),
      treatmentId: z.string(),
      treatment: z.object({ id: z.string(), sku: z.string(), name: z.string(), price: z.number() }),
      areasIds: z.array(z.string()),
      areas: z.array(named),
      sessions: z.number(),
      limit: z.number(),
      regularPrice: z.number(),
      promotionPrice: z.number(),
    }),
  ),
  ...timestamps,
});

const formOptionsDto = z.object({
  treatmentTypes: z.array(z.object({ id: z.string(), name: z.string(), hasAreas: z.boolean() })),
  categories: z.array(named),
  branches: z.array(named),
  paymentTypes: z.array(z.string()),
  treatments: z.array(z.object({ id: z.string(), sku: z.string(), name: z.string(), price: z.number(), treatmentTypeId: z.string(), areas: z.array(named) })),
});

const listQuery = listQuerySchema.extend({
  type: z.enum(PACKAGE_TYPES, { error: 'El tipo debe ser Package o Promotion' }).optional(),
  categoryId: z.uuid({ error: 'Categoría inválida' }).optional(),
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
});
const photoParams = z.object({ name: z.string().max(60) });
const ddmmyyyy = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

let usageRegistered = false;

/** Packages and promotions share routes; the service checks packages.* or promotions.* by type. */
export function registerPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!usageRegistered) {
    categoryUsageChecks.push(service.categoryUsedByPackage);
    usageRegistered = true;
  }
  const r = app.withTypeProvider<ZodTypeProvider>();
  const list = (req: FastifyRequest, reply: FastifyReply, q: z.output<typeof listQuery>) =>
    answerList(reply, q, service.packageListSpec(ctx.db, req, q), {
      name: q.type === 'Promotion' ? 'promociones' : 'paquetes',
      columns: [
        { header: 'SKU', value: (p) => p.sku },
        { header: 'Nombre', value: (p) => p.name },
        { header: 'Categoría', value: (p) => p.category.name },
        { header: 'Precio regular', value: (p) => formatMoney(p.regularPrice) },
        { header: 'Precio', value: (p) => formatMoney(p.price) },
        { header: 'Vigencia', value: (p) => (p.validBySchedule ? `${ddmmyyyy(p.startDate)} - ${ddmmyyyy(p.endDate)}` : 'Sin vigencia') },
        { header: 'Estatus', value: (p) => (p.active ? 'Activo' : 'Inactivo') },
      ],
    });
  const listSchema = { querystring: listQuery, response: { 200: listResponse(packageDto) } };
  r.get('/package', { config: { access: ['packages.show', 'promotions.show'] }, schema: listSchema }, (req, reply) => list(req, reply, req.query));
  r.get(
    '/package/form-options',
    {
      config: { access: ['packages.create', 'packages.edit', 'promotions.create', 'promotions.edit'] },
      schema: { response: { 200: formOptionsDto } },
    },
    (req) => service.formOptions(ctx, req),
  );
  r.get('/package/:id', { config: { access: ['packages.show', 'promotions.show'] }, schema: { params: idParams, response: { 200: packageDto } } }, (req) =>
    service.getPackage(ctx, req, req.params.id),
  );
  r.post(
    '/package/create',
    { config: { access: ['packages.create', 'promotions.create'] }, schema: { body: packageSchema, response: { 201: packageDto } } },
    async (req, reply) => reply.status(201).send(await service.createPackage(ctx, req, req.body)),
  );
  // JSON or multipart (the fields and one photo): no body schema here, the handler checks either with packageSchema
  r.route({
    method: ['PUT', 'POST'],
    url: '/package/:id/update',
    config: { access: ['packages.edit', 'promotions.edit'] },
    schema: { params: idParams, response: { 200: packageDto } },
    handler: async (req) => {
      const { input, upload } = await readPackageUpdate(req);
      return service.updatePackage(ctx, req, req.params.id, input, upload);
    },
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/package/:id/delete',
    config: { access: ['packages.delete', 'promotions.delete'] },
    schema: { params: idParams, response: { 200: packageDto } },
    handler: (req) => service.deletePackage(ctx, req, req.params.id),
  });
  r.post(
    '/package/:id/photo',
    { config: { access: ['packages.create', 'packages.edit', 'promotions.create', 'promotions.edit'] }, schema: { params: idParams, response: { 200: packageDto } } },
    (req) => service.setPackagePhoto(ctx, req, req.params.id),
  );
  // <img> tags cannot send the bearer token; the names are random UUIDs
  r.get('/package/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'packages', req.params.name, true),
  );
  r.get('/package/photo/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'packages', req.params.name),
  );
}
