import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { branchSchema } from '../../../domain/branches.schemas';
import { listQuerySchema } from '../../../domain/list';
import { formatPhone } from '../../../domain/validation';
import type { AppContext } from '../../context';
import { answerList, type CsvColumn } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import * as service from './service';

export const branchDto = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  extNumber: z.string(),
  intNumber: z.string().nullable(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  code: z.string(),
  zone: z.string(),
  timeZone: z.string(),
  active: z.boolean(),
  franchise: z.boolean(),
  rfc: z.string(),
  businessName: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  googleMapsUrl: z.string().nullable(),
  showInClients: z.boolean(),
  distributionCenter: z.boolean(),
  schedules: z.array(z.object({ day: z.number(), opening: z.string(), closing: z.string() })),
  ...timestamps,
});

const flag = z.enum(['0', '1', 'true', 'false']).optional();
const branchListQuery = listQuerySchema.extend({ franchise: flag, distributionCenter: flag });

const csvColumns: CsvColumn<service.BranchDto>[] = [
  { header: 'Nombre', value: (b) => b.name },
  { header: 'Teléfono', value: (b) => formatPhone(b.mobilePhone) },
  { header: 'Código', value: (b) => b.code },
  { header: 'Franquicia', value: (b) => (b.franchise ? 'Sí' : 'No') },
  { header: 'Estatus', value: (b) => (b.active ? 'Activo' : 'Inactivo') },
];

export function registerBranchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/branch/all', { config: { access: 'public' }, schema: { response: { 200: z.array(z.object({ id: z.string(), name: z.string() })) } } }, () =>
    service.publicBranches(ctx),
  );
  // the branch lookup of every screen (filters, selects): any signed-in user, limited to their branch when bound
  r.get('/branch', { config: { access: 'authenticated' }, schema: { querystring: branchListQuery, response: { 200: listResponse(branchDto) } } }, (req, reply) =>
    answerList(reply, req.query, service.branchListSpec(ctx.db, req, req.query), { name: 'sucursales', columns: csvColumns }),
  );
  r.get('/branch/paginated', { config: { access: 'branch.show' }, schema: { querystring: branchListQuery, response: { 200: listResponse(branchDto) } } }, (req, reply) =>
    answerList(reply, req.query, service.branchListSpec(ctx.db, req, req.query), { name: 'sucursales', columns: csvColumns }),
  );
  r.get('/branch/:id', { config: { access: 'authenticated' }, schema: { params: idParams, response: { 200: branchDto } } }, (req) =>
    service.getBranch(ctx, req, req.params.id),
  );
  r.post('/branch/create', { config: { access: 'branch.create' }, schema: { body: branchSchema, response: { 201: branchDto } } }, async (req, reply) =>
    reply.status(201).send(await service.createBranch(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/branch/:id/update',
    config: { access: 'branch.edit' },
    schema: { params: idParams, body: branchSchema, response: { 200: branchDto } },
    handler: (req) => service.updateBranch(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/branch/:id/delete',
    config: { access: 'branch.delete' },
    schema: { params: idParams, response: { 200: branchDto } },
    handler: (req) => service.deleteBranch(ctx, req, req.params.id),
  });
}
