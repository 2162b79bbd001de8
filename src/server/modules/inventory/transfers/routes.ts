import type { FastifyInstance } from 'fastify';
import { formatIsoDate } from '../../../../domain/inventory';
import { transferRoutes } from '../../../../domain/transfers.contract';
import type { AppContext } from '../../../context';
import { answerList } from '../../../platform/list';
import { serve } from '../../../platform/serve';
import { sendPdf } from '../order-pdf';
import { transferPdf } from './pdf';
import { transferListSpec } from './queries';
import * as service from './service';

/** Transfers: list (CSV), read, create, approve, confirm, reject, delete and the PDF. */
export function registerTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = transferRoutes;
  serve(app, r.list, 'transfers.show', (req, reply) =>
    answerList(reply, req.query, transferListSpec(ctx.db, req.actor, req.query), {
      name: 'transferencias',
      columns: [
        { header: 'Número', value: (t) => t.transferNumber },
        { header: 'Sucursal origen', value: (t) => t.originBranch.name },
        { header: 'Fecha de creación', value: (t) => formatIsoDate(t.created_at.toISOString()) },
        { header: 'Sucursal destino', value: (t) => t.destinyBranch.name },
        { header: 'Estatus', value: (t) => t.status },
        { header: 'Diferencia', value: (t) => (t.hasDifference ? 'Sí' : 'No') },
      ],
    }),
  );
  serve(app, r.get, 'transfers.show', (req) => service.getTransfer(ctx, req.actor, req.params.id));
  serve(app, r.create, 'transfers.create', (req) => service.createTransfer(ctx, req.actor, req.body));
  serve(app, r.approve, 'transfers.approve', (req) => service.approveTransfer(ctx, req.actor, req.params.id, req.body));
  serve(app, r.reject, 'transfers.approve', (req) => service.rejectTransfer(ctx, req.actor, req.params.id));
  serve(app, r.confirm, 'transfers.edit', (req) => service.confirmTransfer(ctx, req.actor, req.params.id, req.body));
  serve(app, r.delete, 'transfers.delete', (req) => service.deleteTransfer(ctx, req.actor, req.params.id));
  serve(app, r.download, 'transfers.reports', async (req, reply) => {
    return sendPdf(reply, 'transferencia.pdf', await transferPdf(ctx.db, await service.getTransfer(ctx, req.actor, req.params.id)));
  });
}
