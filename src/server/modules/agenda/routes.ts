import type { FastifyInstance } from 'fastify';
import { agendaRoutes, lockRoutes } from '../../../domain/agenda.contract';
import { lockTypeLabels } from '../../../domain/agenda';
import type { AppContext } from '../../context';
import { sendJsonText } from '../../platform/json';
import { answerList } from '../../platform/list';
import { serve, serveRecord } from '../../platform/serve';
import * as service from './service';

/** The agenda day (cabins with their appointments and locks) and schedule locks. */
export function registerAgendaRoutes(app: FastifyInstance, ctx: AppContext): void {
  // diaryResponse documents the answer; it is sent as the JSON text diaryDay assembles (an API test parses it with the schema)
  serve(app, agendaRoutes.diary, 'dairy.show', async (req, reply) =>
    sendJsonText(reply, await service.diaryDay(ctx, req.actor, req.query.branchId, req.query.date)),
  );

  serveRecord(app, lockRoutes, 'blockers', {
    list: (req, reply) =>
      answerList(reply, req.query, service.lockListSpec(ctx.db, req.actor, req.query), {
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
    get: (req) => service.getLock(ctx, req.actor, req.params.id),
    create: (req) => service.createLock(ctx, req.actor, req.body),
    update: (req) => service.updateLock(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteLock(ctx, req.actor, req.params.id),
  });
  serve(app, lockRoutes.ofBranch, ['blockers.show', 'dairy.show'], (req) => service.locksOfBranch(ctx, req.actor, req.params.branchId, req.query.date));
  // the appointments a lock would cover, listed by the lock forms before they save (create or edit)
  serve(app, lockRoutes.overlaps, ['blockers.create', 'blockers.edit'], (req) => service.lockOverlaps(ctx, req.actor, req.body));
}
