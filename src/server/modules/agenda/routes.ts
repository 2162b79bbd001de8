import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOCK_REASONS, LOCK_TYPES, lockSchema, lockTypeLabels } from '../../../domain/agenda';
import { dateField } from '../../../domain/customers.schemas';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { sendJsonText } from '../../platform/json';
import { answerList } from '../../platform/list';
import { idParams, listResponse } from '../dto';
import { diaryResponse, lockOverlapsResponse, lockResponse } from './responses';
import * as service from './service';

const branchId = z.uuid({ error: 'Sucursal inválida' });
const diaryQuery = z.object({ branchId, date: dateField('fecha') });
const lockQuery = listQuerySchema.extend({
  branchId: branchId.optional(),
  type: z.enum(LOCK_TYPES, { error: 'Tipo de bloqueo inválido' }).optional(),
  reason: z.enum(LOCK_REASONS, { error: 'Motivo inválido' }).optional(),
  startDate: dateField('fecha inicial').optional(),
  endDate: dateField('fecha final').optional(),
});
const deletedResponse = z.object({ id: z.string(), deleted_at: z.date() });

/** The agenda day (cabins with their appointments and locks) and schedule locks. */
export function registerAgendaRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // diaryResponse documents the answer; it is sent as the JSON text diaryDay assembles (an API test parses it with the schema)
  r.get('/diary', { config: { access: 'dairy.show' }, schema: { querystring: diaryQuery, response: { 200: diaryResponse } } }, async (req, reply) =>
    sendJsonText(reply, await service.diaryDay(ctx, req, req.query.branchId, req.query.date)),
  );

  r.get('/lock', { config: { access: 'blockers.show' }, schema: { querystring: lockQuery, response: { 200: listResponse(lockResponse) } } }, (req, reply) =>
    answerList(reply, req.query, service.lockListSpec(ctx.db, req, req.query), {
      name: 'bloqueos',
      columns: [
        { header: 'Fecha', value: (l) => l.date },
        { header: 'Fecha final', value: (l) => l.endDate },
        { header: 'Tipo', value: (l) => lockTypeLabels[l.type as keyof typeof lockTypeLabels] ?? l.type },
        { header: 'Cabina', value: (l) => l.cabain?.name },
        { header: 'Horas', value: (l) => l.time.join(' - ') },
        { header: 'Motivo', value: (l) => l.reason },
        { header: 'Descripción', value: (l) => l.reasonDescription },
      ],
    }),
  );
  r.get('/lock/:id/single', { config: { access: 'blockers.show' }, schema: { params: idParams, response: { 200: lockResponse } } }, (req) =>
    service.getLock(ctx, req, req.params.id),
  );
  r.get(
    '/lock/:branchId',
    {
      config: { access: ['blockers.show', 'dairy.show'] },
      schema: { params: z.object({ branchId }), querystring: z.object({ date: dateField('fecha').optional() }), response: { 200: z.array(lockResponse) } },
    },
    (req) => service.locksOfBranch(ctx, req, req.params.branchId, req.query.date),
  );
  // the appointments a lock would cover, listed by the lock forms before they save (create or edit)
  r.post('/lock/overlaps', { config: { access: ['blockers.create', 'blockers.edit'] }, schema: { body: lockSchema, response: { 200: lockOverlapsResponse } } }, (req) =>
    service.lockOverlaps(ctx, req, req.body),
  );
  r.post('/lock/create', { config: { access: 'blockers.create' }, schema: { body: lockSchema, response: { 201: lockResponse } } }, async (req, reply) =>
    reply.status(201).send(await service.createLock(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/lock/:id/update',
    config: { access: 'blockers.edit' },
    schema: { params: idParams, body: lockSchema, response: { 200: lockResponse } },
    handler: (req) => service.updateLock(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/lock/:id/delete',
    config: { access: 'blockers.delete' },
    schema: { params: idParams, response: { 200: deletedResponse } },
    handler: (req) => service.deleteLock(ctx, req, req.params.id),
  });
}
