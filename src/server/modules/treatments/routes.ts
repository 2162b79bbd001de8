import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../../domain/money';
import { treatmentRoutes } from '../../../domain/treatments.contract';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { readImageUpload, sendImage } from '../../platform/files';
import { serve, serveRecord } from '../../platform/serve';
import { categoryUsageChecks } from '../categories';
import { registerTreatmentLookupRoutes } from './lookups';
import * as service from './service';

const photoParams = z.object({ name: z.string().max(60) });

let usageRegistered = false;

export function registerTreatmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!usageRegistered) {
    categoryUsageChecks.push(service.categoryUsedByTreatment);
    usageRegistered = true;
  }
  registerTreatmentLookupRoutes(app, ctx);
  serve(app, treatmentRoutes.formOptions, ['treatments.create', 'treatments.edit'], () => service.formOptions(ctx));
  serveRecord(app, treatmentRoutes, 'treatments', {
    list: (req, reply) =>
      answerList(reply, req.query, service.treatmentListSpec(ctx.db, req.query), {
        name: 'tratamientos',
        columns: [
          { header: 'SKU', value: (t) => t.sku },
          { header: 'Nombre', value: (t) => t.name },
          { header: 'Tipo', value: (t) => treatmentTypeLabel(t.treatmentType.name) },
          { header: 'Categorías', value: (t) => t.categories.map((c) => c.name).join(', ') },
          { header: 'Precio', value: (t) => formatMoney(t.price) },
          { header: 'Duración', value: (t) => t.term },
          { header: 'Estatus', value: (t) => (t.active ? 'Activo' : 'Inactivo') },
        ],
      }),
    get: (req) => service.getTreatment(ctx, req.params.id),
    create: (req) => service.createTreatment(ctx, req.actor, req.body),
    update: (req) => service.updateTreatment(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteTreatment(ctx, req.actor, req.params.id),
  });
  serve(app, treatmentRoutes.photo, ['treatments.create', 'treatments.edit'], async (req) =>
    service.setTreatmentPhoto(ctx, req.actor, req.params.id, await readImageUpload(req)),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();
  // <img> tags cannot send the bearer token; the names are random UUIDs
  r.get('/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'treatments', req.params.name, true),
  );
  r.get('/treatment/photo/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'treatments', req.params.name),
  );
}
