import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customerSchema, noteSchema } from '../../../domain/customers.schemas';
import { isTruthyFlag, listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { sendImage } from '../../platform/files';
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
const photoName = z.object({ name: z.string().max(60) });
const singleQuery = z.object({ purchasedProducts: z.enum(['true', 'false', '1', '0']).optional() });
const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/customer', { config: { access: ['clients.show', 'dairy.show', 'pos.show', 'loyalty_system.show'] }, schema: { querystring: customerQuery, response: { 200: listResponse(customerResponse) } } }, async (req, reply) => {
    guardCustomerExport(req);
    return answerList(reply, req.query, await service.customerListSpec(ctx.db, req.query), {
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
    (req) => service.getCustomer(ctx, req.params.id, { purchasedProducts: isTruthyFlag(req.query.purchasedProducts) }),
  );
  r.get('/customer/:id', { config: { access: ['clients.show', 'dairy.show', 'pos.show'] }, schema: { params: idParams, response: { 200: customerDetailResponse } } }, (req) => service.getCustomer(ctx, req.params.id));
  r.post('/customer/create', { config: { access: 'clients.create' }, schema: { body: customerSchema, response: { 201: customerResponse } } }, async (req, reply) =>
    reply.status(201).send(await service.createCustomer(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/customer/:id/update',
    config: { access: 'clients.edit' },
    schema: { params: idParams, body: customerSchema, response: { 200: customerResponse } },
    handler: (req) => service.updateCustomer(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/customer/:id/delete',
    config: { access: 'clients.delete' },
    schema: { params: idParams, response: { 200: customerResponse } },
    handler: (req) => service.deleteCustomer(ctx, req, req.params.id),
  });
  r.patch('/customer/:id/clear-cancellations', { config: { access: 'clients.edit' }, schema: { params: idParams, response: { 200: customerResponse } } }, (req) => service.clearCancellations(ctx, req, req.params.id));
  r.post('/customer/:id/photo', { config: { access: ['clients.create', 'clients.edit'] }, schema: { params: idParams, response: { 200: customerResponse } } }, (req) => service.setCustomerPhoto(ctx, req, req.params.id));
  r.get('/customer/photo/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) => sendImage(reply, ctx.config, 'customers', req.params.name));
  r.get('/customer/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) =>
    sendImage(reply, ctx.config, 'customers', req.params.name, true),
  );

  r.get(
    '/note',
    {
      config: { access: ['clients.show', 'dairy.show'] },
      schema: {
        querystring: z.object({ customerId: z.uuid({ error: 'Cliente inválido' }), page: z.coerce.number().int().min(1).default(1), take: z.coerce.number().int().min(0).max(100).default(5) }),
        response: { 200: listResponse(noteResponse) },
      },
    },
    (req) => notes.listNotes(ctx, req.query.customerId, req.query.page, req.query.take),
  );
  r.post('/note/create', { config: { access: ['clients.create', 'clients.edit'] }, schema: { body: noteSchema, response: { 201: noteResponse } } }, async (req, reply) =>
    reply.status(201).send(await notes.createNote(ctx, req, req.body)),
  );
  r.route({
    method: ['POST', 'DELETE'],
    url: '/note/:id/delete',
    config: { access: ['clients.edit', 'clients.delete'] },
    schema: { params: idParams, response: { 200: noteResponse } },
    handler: (req) => notes.deleteNote(ctx, req, req.params.id),
  });
  r.post('/note/:id/photo', { config: { access: ['clients.create', 'clients.edit'] }, schema: { params: idParams, response: { 200: noteResponse } } }, (req) => notes.setNotePhoto(ctx, req, req.params.id));
  r.get('/note/photo/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) => sendImage(reply, ctx.config, 'notes', req.params.name));
  r.get('/note/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) => sendImage(reply, ctx.config, 'notes', req.params.name, true));
}
