import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changesText } from '../../../domain/change-labels';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse } from '../dto';
import { logDetail } from './detail';
import { logListSpec } from './service';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD');
const logQuery = listQuerySchema.extend({
  module: z.string().max(60).optional(),
  action: z.string().max(40).optional(),
  userId: z.uuid().optional(),
  branchId: z.uuid().optional(),
  startDate: date.optional(),
  endDate: date.optional(),
});
const ref = z.object({ id: z.string(), name: z.string() }).nullable();
const logDto = z.object({
  id: z.string(),
  module: z.object({ name: z.string(), alias: z.string() }),
  action: z.string(),
  entityId: z.string().nullable(),
  order: z.string().nullable(),
  sourceBranch: ref,
  affectedBranch: ref,
  user: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }).nullable(),
  changes: z.object({ before: z.unknown(), after: z.unknown(), metadata: z.unknown() }),
  created_at: z.date(),
});
/** A row for its detail modal: every recorded field in Spanish, ids replaced by the names they point to. */
const logDetailDto = logDto.extend({
  fields: z.array(z.object({ key: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable(), changed: z.boolean() })),
  browser: z.string(),
});

export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/system-log', { config: { access: 'systemLogs.show' }, schema: { querystring: logQuery, response: { 200: listResponse(logDto) } } }, (req, reply) =>
    answerList(reply, req.query, logListSpec(ctx.db, req, req.query), {
      name: 'historial-del-sistema',
      columns: [
        { header: 'Módulo', value: (l) => l.module.alias },
        { header: 'Acción', value: (l) => l.action },
        { header: 'Sucursal origen', value: (l) => l.sourceBranch?.name },
        { header: 'Sucursal afectada', value: (l) => l.affectedBranch?.name },
        { header: 'Usuario', value: (l) => (l.user ? `${l.user.name} ${l.user.lastName} ${l.user.motherLastName}`.trim() : 'Sistema') },
        { header: 'Fecha', value: (l) => l.created_at },
        { header: 'Cambios', value: (l) => changesText(l.changes.before, l.changes.after) },
      ],
    }),
  );
  r.get('/system-log/:id', { config: { access: 'systemLogs.show' }, schema: { params: idParams, response: { 200: logDetailDto } } }, (req) =>
    logDetail(ctx.db, req, req.params.id),
  );
  // the bitácora's own detail (its list is the appointments module's GET /bitacora): appointment rows only
  r.get('/bitacora/:id', { config: { access: 'bitacora.show' }, schema: { params: idParams, response: { 200: logDetailDto } } }, (req) =>
    logDetail(ctx.db, req, req.params.id, 'appointment'),
  );
}
