import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../../domain/money';
import { packageRoutes } from '../../../domain/packages.contract';
import type { AppContext } from '../../context';
import { readImageUpload, sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { serve } from '../../platform/serve';
import { categoryUsageChecks } from '../categories';
import * as service from './service';
import { readPackageUpdate } from './update-request.routes';
import { dayMonthYear } from '../../../domain/dates';

const photoParams = z.object({ name: z.string().max(60) });

let usageRegistered = false;

/** Packages and promotions share routes; the service checks packages.* or promotions.* by type. */
export function registerPackageRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (!usageRegistered) {
    categoryUsageChecks.push(service.categoryUsedByPackage);
    usageRegistered = true;
  }
  serve(app, packageRoutes.list, ['packages.show', 'promotions.show'], (req, reply) =>
    answerList(reply, req.query, service.packageListSpec(ctx.db, req.actor, req.query), {
      name: req.query.type === 'Promotion' ? 'promociones' : 'paquetes',
      columns: [
        { header: 'SKU', value: (p) => p.sku },
        { header: 'Nombre', value: (p) => p.name },
        { header: 'Categoría', value: (p) => p.category.name },
        { header: 'Precio regular', value: (p) => formatMoney(p.regularPrice) },
        { header: 'Precio', value: (p) => formatMoney(p.price) },
        { header: 'Vigencia', value: (p) => (p.validBySchedule ? `${dayMonthYear(p.startDate)} - ${dayMonthYear(p.endDate)}` : 'Sin vigencia') },
        { header: 'Estatus', value: (p) => (p.active ? 'Activo' : 'Inactivo') },
      ],
    }),
  );
  serve(app, packageRoutes.formOptions, ['packages.create', 'packages.edit', 'promotions.create', 'promotions.edit'], (req) =>
    service.formOptions(ctx, req.actor),
  );
  serve(app, packageRoutes.get, ['packages.show', 'promotions.show'], (req) => service.getPackage(ctx, req.actor, req.params.id));
  serve(app, packageRoutes.create, ['packages.create', 'promotions.create'], (req) => service.createPackage(ctx, req.actor, req.body));
  // JSON or multipart (the fields and one photo): no body schema here, the handler checks either with packageSchema
  const r = app.withTypeProvider<ZodTypeProvider>();
  const update = packageRoutes.update;
  r.route({
    method: [...update.method],
    url: update.path,
    config: { access: ['packages.edit', 'promotions.edit'] },
    schema: { params: update.params, response: { 200: update.response } },
    handler: async (req) => {
      const { input, upload } = await readPackageUpdate(req);
      return service.updatePackage(ctx, req.actor, req.params.id, input, upload);
    },
  });
  serve(app, packageRoutes.delete, ['packages.delete', 'promotions.delete'], (req) => service.deletePackage(ctx, req.actor, req.params.id));
  serve(app, packageRoutes.photo, ['packages.create', 'packages.edit', 'promotions.create', 'promotions.edit'], async (req) =>
    service.setPackagePhoto(ctx, req.actor, req.params.id, await readImageUpload(req)),
  );
  // <img> tags cannot send the bearer token; the names are random UUIDs
  r.get('/package/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'packages', req.params.name, true),
  );
  r.get('/package/photo/:name', { config: { access: 'public' }, schema: { params: photoParams } }, (req, reply) =>
    sendImage(reply, ctx.config, 'packages', req.params.name),
  );
}
