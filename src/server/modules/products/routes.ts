import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney } from '../../../domain/money';
import { productRoutes, productTypeRoutes } from '../../../domain/products.contract';
import { approvalLabels, PRODUCT_KINDS, PRODUCT_PHOTOS_MAX, productTypeLabel } from '../../../domain/products.schemas';
import type { AppContext } from '../../context';
import { readImageUploads, sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { serve } from '../../platform/serve';
import { parseCreateBody, readCreateRequest } from './create-request.routes';
import { addPhotos, deletePhoto, withStoredImages } from './photos';
import { loadProduct, productListSpec, productTypeListSpec } from './queries';
import * as service from './service';

const photoName = z.object({ name: z.string().max(200) });
const multipartBody = {
  description: 'JSON del producto (las fotos se suben después en /product/{id}/photos), o multipart/form-data: campo `data` (JSON) y de 1 a 3 archivos `image`',
};

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  serve(app, productTypeRoutes.list, 'products.show', (req, reply) =>
    answerList(reply, req.query, productTypeListSpec(ctx.db, req.query), {
      name: 'tipos-de-producto',
      columns: [
        { header: 'Nombre', value: (t) => t.name },
        { header: 'Clave', value: (t) => t.slug },
        { header: 'Requiere lote', value: (t) => (t.requiresLot ? 'Sí' : 'No') },
      ],
    }),
  );

  serve(app, productRoutes.list, 'products.show', (req, reply) =>
    answerList(reply, req.query, productListSpec(ctx.db, req.query), {
      name: 'productos',
      columns: [
        { header: 'SKU', value: (p) => p.sku },
        { header: 'Nombre', value: (p) => p.name },
        { header: 'Marca', value: (p) => p.brand },
        { header: 'Tipo', value: (p) => productTypeLabel(p.productType) },
        { header: 'Costo', value: (p) => formatMoney(p.cost) },
        { header: 'Precio de venta', value: (p) => (p.salePrice === null ? '' : formatMoney(p.salePrice)) },
        { header: 'Aprobación', value: (p) => approvalLabels[p.approval] },
        { header: 'Estatus', value: (p) => (p.active ? 'Activo' : 'Inactivo') },
      ],
    }),
  );

  // photos are read by <img> tags, which cannot send the token; their names are random UUIDs
  r.get('/product/photo/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) =>
    sendImage(reply, ctx.config, 'products', req.params.name),
  );
  r.get('/product/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) =>
    sendImage(reply, ctx.config, 'products', req.params.name, true),
  );

  serve(app, productRoutes.get, 'products.show', (req) => loadProduct(ctx.db, req.params.id));

  // JSON, as the spec describes (the form then uploads the photos with the returned id), or multipart with the photos at once
  const create = productRoutes.create;
  r.post(
    create.path,
    { config: { access: 'products.create' }, schema: { ...multipartBody, response: { [create.status]: create.response } } },
    async (req, reply) => {
      if (!req.isMultipart()) return reply.status(201).send(await service.createProduct(ctx, req.actor, parseCreateBody(req.body), []));
      const { input, uploads } = await readCreateRequest(req);
      const created = await withStoredImages(ctx, uploads, (names) => service.createProduct(ctx, req.actor, input, names));
      return reply.status(201).send(created);
    },
  );

  for (const kind of PRODUCT_KINDS) {
    serve(app, productRoutes.update[kind], 'products.edit', (req) => service.updateProduct(ctx, req.actor, req.params.id, kind, req.body));
  }

  serve(app, productRoutes.approve, 'products.approve', (req) => service.approveProduct(ctx, req.actor, req.params.id));
  serve(app, productRoutes.reject, 'products.approve', (req) => service.rejectProduct(ctx, req.actor, req.params.id));
  serve(app, productRoutes.delete, 'products.delete', (req) => service.deleteProduct(ctx, req.actor, req.params.id));

  serve(app, productRoutes.addPhotos, ['products.create', 'products.edit'], async (req) =>
    addPhotos(ctx, req.actor, req.params.id, await readImageUploads(req, PRODUCT_PHOTOS_MAX)),
  );
  serve(app, productRoutes.deletePhoto, 'products.edit', (req) => deletePhoto(ctx, req.actor, req.params.photoId));
}
