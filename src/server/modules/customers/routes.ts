import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerSchema } from '../../../domain/customers.schemas';
import { isTruthyFlag, listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { registerPrivateFileRoutes, signedPhoto } from '../../platform/files';
import { answerList } from '../../platform/list';
import { idParams, listResponse } from '../dto';
import * as notes from './notes';
import { guardCustomerExport } from './export-guard';
import { customerDetailResponse, customerResponse, noteResponse } from './responses';
import * as service from './service';

const flag = z.enum(['0', '1', 'true', 'false']).optional();
const customerQuery = listQuerySchema.extend({
  blackList: flag,
  isTutor: flag,
  gender: z.string().max(10).optional(),
  maritalStatus: z.string().max(12).optional(),
  branchId: z.uuid().optional(),
});
const singleQuery = z.object({ purchasedProducts: z.enum(['true', 'false', '1', '0']).optional() });
const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();
const noteCreateBody = 'JSON { customerId, noteType, title, note }, o multipart/form-data con esos campos y a lo más una foto (campo `photos` o `image`)';

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // customer and note photos are patient data: every answer carries short-lived signed links to them, and
  // only those links open them (/v1/files/customers/…, /v1/files/notes/…; platform/files.ts)
  const customer = <C extends { photo: { name: string } | null }>(c: C) => ({ ...c, photo: signedPhoto(ctx.config, 'customers', c.photo) });
  const note = <N extends { photo: { name: string } | null }>(n: N) => ({ ...n, photo: signedPhoto(ctx.config, 'notes', n.photo) });
  registerPrivateFileRoutes(app, ctx.config);
  r.get('/customer', { config: { access: ['clients.show', 'dairy.show', 'pos.show', 'loyalty_system.show'] }, schema: { querystring: customerQuery, response: { 200: listResponse(customerResponse) } } }, async (req, reply) => {
    guardCustomerExport(req);
    const spec = await service.customerListSpec(ctx.db, req.query);
    return answerList(reply, req.query, { ...spec, rows: async (q) => (await spec.rows(q)).map(customer) }, {
      name: 'clientes',
      columns: [
        { header: 'Número', value: (c) => c.customerId },
        { header: 'Nombre', value: (c) => c.name },
        { header: 'Apellido paterno', value: (c) => upper(c.lastName) },
        { header: 'Apellido materno', value: (c) => upper(c.motherLastName) },
        { header: 'Puntos', value: (c) => c.points },
        { header: 'Género', value: (c) => c.gender },
        { header: 'Celular', value: (c) => c.mobilePhone ?? c.tutor?.mobilePhone },
        { header: 'Correo', value: (c) => c.email },
      ],
    });
  });
  r.get(
    '/customer/:id/single',
    { config: { access: ['clients.show', 'dairy.show', 'pos.show'] }, schema: { params: idParams, querystring: singleQuery, response: { 200: customerDetailResponse } } },
    async (req) => customer(await service.getCustomer(ctx, req.params.id, { purchasedProducts: isTruthyFlag(req.query.purchasedProducts) })),
  );
  r.get('/customer/:id', { config: { access: ['clients.show', 'dairy.show', 'pos.show'] }, schema: { params: idParams, response: { 200: customerDetailResponse } } }, async (req) => customer(await service.getCustomer(ctx, req.params.id)));
  r.post('/customer/create', { config: { access: 'clients.create' }, schema: { body: customerSchema, response: { 201: customerResponse } } }, async (req, reply) =>
    reply.status(201).send(customer(await service.createCustomer(ctx, req, req.body))),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/customer/:id/update',
    config: { access: 'clients.edit' },
    schema: { params: idParams, body: customerSchema, response: { 200: customerResponse } },
    handler: async (req) => customer(await service.updateCustomer(ctx, req, req.params.id, req.body)),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/customer/:id/delete',
    config: { access: 'clients.delete' },
    schema: { params: idParams, response: { 200: customerResponse } },
    handler: async (req) => customer(await service.deleteCustomer(ctx, req, req.params.id)),
  });
  r.patch('/customer/:id/clear-cancellations', { config: { access: 'clients.edit' }, schema: { params: idParams, response: { 200: customerResponse } } }, async (req) => customer(await service.clearCancellations(ctx, req, req.params.id)));
  r.post('/customer/:id/photo', { config: { access: ['clients.create', 'clients.edit'] }, schema: { params: idParams, response: { 200: customerResponse } } }, async (req) => customer(await service.setCustomerPhoto(ctx, req, req.params.id)));

  r.get(
    '/note',
    {
      config: { access: ['clients.show', 'dairy.show'] },
      schema: {
        querystring: z.object({ customerId: z.uuid({ error: 'Cliente inválido' }), page: z.coerce.number().int().min(1).default(1), take: z.coerce.number().int().min(0).max(100).default(5) }),
        response: { 200: listResponse(noteResponse) },
      },
    },
    async (req) => {
      const page = await notes.listNotes(ctx, req.query.customerId, req.query.page, req.query.take);
      return { ...page, items: page.items.map(note) };
    },
  );
  // JSON, or multipart as the spec's form sends it: the fields plus at most one photo in the same request
  r.post('/note/create', { config: { access: ['clients.create', 'clients.edit'] }, schema: { description: noteCreateBody, response: { 201: noteResponse } } }, async (req, reply) => {
    const { input, upload } = await notes.readNoteCreateRequest(req);
    return reply.status(201).send(note(await notes.createNote(ctx, req, input, upload)));
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/note/:id/delete',
    config: { access: ['clients.edit', 'clients.delete'] },
    schema: { params: idParams, response: { 200: noteResponse } },
    handler: async (req) => note(await notes.deleteNote(ctx, req, req.params.id)),
  });
  r.post('/note/:id/photo', { config: { access: ['clients.create', 'clients.edit'] }, schema: { params: idParams, response: { 200: noteResponse } } }, async (req) => note(await notes.setNotePhoto(ctx, req, req.params.id)));
}
