import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
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

export function registerBranchRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/branch/all', { config: { access: 'public' }, schema: { response: { 200: z.array(z.object({ id: z.string(), name: z.string() })) } } }, () =>
    service.publicBranches(ctx),
  );
  r.get(
    '/branch',
    {
      config: { access: 'authenticated' },
      schema: { querystring: listQuerySchema.extend({ franchise: z.enum(['0', '1']).optional() }), response: { 200: listResponse(branchDto) } },
    },
    (req, reply) =>
      answerList(reply, req.query, service.branchListSpec(ctx.db, req, req.query), {
        name: 'sucursales',
        columns: [
          { header: 'Nombre', value: (b) => b.name },
          { header: 'Teléfono', value: (b) => b.mobilePhone },
          { header: 'Código', value: (b) => b.code },
          { header: 'Franquicia', value: (b) => (b.franchise ? 'Sí' : 'No') },
          { header: 'Estatus', value: (b) => (b.active ? 'Activo' : 'Inactivo') },
        ],
      }),
  );
  r.get('/branch/:id', { config: { access: 'authenticated' }, schema: { params: idParams, response: { 200: branchDto } } }, (req) =>
    service.getBranch(ctx, req, req.params.id),
  );
}
