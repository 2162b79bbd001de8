import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { customerRoutes, noteRoutes } from '../../../domain/customers.contract';
import { isTruthyFlag } from '../../../domain/list';
import type { AppContext } from '../../context';
import { readNoteCreateRequest } from './note-request.routes';
import { readImageUpload, registerPrivateFileRoutes, signedPhoto } from '../../platform/files';
import { answerList } from '../../platform/list';
import { serve, serveRecord } from '../../platform/serve';
import * as notes from './notes';
import { guardCustomerExport } from './export-guard';
import * as service from './service';

const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();
const noteCreateBody = 'JSON { customerId, noteType, title, note }, o multipart/form-data con esos campos y a lo más una foto (campo `photos` o `image`)';

export function registerCustomerRoutes(app: FastifyInstance, ctx: AppContext, loyalty: service.CustomerLoyaltyReader): void {
  // customer and note photos are patient data: every answer carries short-lived signed links to them, and
  // only those links open them (/v1/files/customers/…, /v1/files/notes/…; platform/files.ts)
  const customer = <C extends { photo: { name: string } | null }>(c: C) => ({ ...c, photo: signedPhoto(ctx.config, 'customers', c.photo) });
  const note = <N extends { photo: { name: string } | null }>(n: N) => ({ ...n, photo: signedPhoto(ctx.config, 'notes', n.photo) });
  registerPrivateFileRoutes(app, ctx.config);
  serveRecord(
    app,
    customerRoutes,
    'clients',
    {
      list: async (req, reply) => {
        guardCustomerExport(req);
        const spec = await service.customerListSpec(ctx.db, req.query);
        return answerList(
          reply,
          req.query,
          { ...spec, rows: async (q) => (await spec.rows(q)).map(customer) },
          {
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
          },
        );
      },
      get: async (req) => customer(await service.getCustomer(ctx, req.params.id, loyalty)),
      create: async (req) => customer(await service.createCustomer(ctx, req.actor, req.body)),
      update: async (req) => customer(await service.updateCustomer(ctx, req.actor, req.params.id, req.body)),
      delete: async (req) => customer(await service.deleteCustomer(ctx, req.actor, req.params.id)),
    },
    { list: ['clients.show', 'dairy.show', 'pos.show', 'loyalty_system.show'], get: ['clients.show', 'dairy.show', 'pos.show'] },
  );
  serve(app, customerRoutes.single, ['clients.show', 'dairy.show', 'pos.show'], async (req) =>
    customer(await service.getCustomer(ctx, req.params.id, loyalty, { purchasedProducts: isTruthyFlag(req.query.purchasedProducts) })),
  );
  serve(app, customerRoutes.clearCancellations, 'clients.edit', async (req) => customer(await service.clearCancellations(ctx, req.actor, req.params.id)));
  serve(app, customerRoutes.photo, ['clients.create', 'clients.edit'], async (req) =>
    customer(await service.setCustomerPhoto(ctx, req.actor, req.params.id, await readImageUpload(req))),
  );

  serve(app, noteRoutes.list, ['clients.show', 'dairy.show'], async (req) => {
    const page = await notes.listNotes(ctx, req.query.customerId, req.query.page, req.query.take);
    return { ...page, items: page.items.map(note) };
  });
  // JSON, or multipart as the spec's form sends it: the fields plus at most one photo in the same request, so
  // the body is read by readNoteCreateRequest (with the contract's noteSchema) instead of a route schema
  const create = noteRoutes.create;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: create.method,
    url: create.path,
    config: { access: ['clients.create', 'clients.edit'] },
    schema: { description: noteCreateBody, response: { [create.status]: create.response } },
    handler: async (req, reply) => {
      const { input, upload } = await readNoteCreateRequest(req);
      return reply.status(create.status).send(note(await notes.createNote(ctx, req.actor, input, upload)));
    },
  });
  serve(app, noteRoutes.delete, ['clients.edit', 'clients.delete'], async (req) => note(await notes.deleteNote(ctx, req.actor, req.params.id)));
  serve(app, noteRoutes.photo, ['clients.create', 'clients.edit'], async (req) =>
    note(await notes.setNotePhoto(ctx, req.actor, req.params.id, await readImageUpload(req))),
  );
}
