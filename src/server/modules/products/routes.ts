import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import { formatMoney } from '../../../domain/money';
import { APPROVAL_STATES, approvalLabels, PRODUCT_KINDS, productTypeLabel, productUpdateSchema, type ProductKind } from '../../../domain/products.schemas';
import type { AppContext } from '../../context';
import { sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import { addPhotos, deletePhoto, parseCreateBody, readCreateRequest, withStoredImages } from './photos';
import { loadProduct, productListSpec, productTypeListSpec } from './queries';
import * as service from './service';

const named = z.object({ id: z.string(), name: z.string() });
const num = z.number().nullable();

export const productTypeDto = z.object({ id: z.string(), name: z.string(), slug: z.enum(PRODUCT_KINDS), requiresLot: z.boolean(), ...timestamps });

export const productDto = z.object({
  id: z.string(),
  productTypeId: z.string(),
  productType: z.object({ id: z.string(), name: z.string(), slug: z.enum(PRODUCT_KINDS) }),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  barCode: z.string(),
  description: z.string(),
  contentType: z.string(),
  content: z.number(),
  measureUnit: z.string(),
  cost: z.number(),
  tax: z.number(),
  realCost: z.number(),
  franchiseTax: num,
  additionalCostFranchise: num,
  indirectExpenses: num,
  franchisePrice: num,
  profitPorcentage: num,
  salePrice: num,
  points: num,
  active: z.boolean(),
  status: z.boolean(),
  approval: z.enum(APPROVAL_STATES),
  approved_at: z.date().nullable(),
  rejected_at: z.date().nullable(),
  photos: z.array(named),
  providers: z.array(named),
  categories: z.array(named),
  providersIds: z.array(z.string()),
  categoriesIds: z.array(z.string()),
  ...timestamps,
});

const listQuery = listQuerySchema.extend({
  isApproved: z.enum(['0', '1']).optional(),
  approval: z.enum(APPROVAL_STATES).optional(),
  providerId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  productTypeId: z.uuid().optional(),
  excludeType: z.string().max(200).optional(),
  type: z.string().max(200).optional(),
});

const photoName = z.object({ name: z.string().max(200) });
const photoIdParams = z.object({ photoId: z.uuid({ error: 'Identificador inválido' }) });
const multipartBody = { description: 'JSON del producto (las fotos se suben después en /product/{id}/photos), o multipart/form-data: campo `data` (JSON) y de 1 a 3 archivos `image`' };

export function registerProductRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/product-type',
    { config: { access: 'products.show' }, schema: { querystring: listQuerySchema, response: { 200: listResponse(productTypeDto) } } },
    (req, reply) =>
      answerList(reply, req.query, productTypeListSpec(ctx.db, req.query), {
        name: 'tipos-de-producto',
        columns: [
          { header: 'Nombre', value: (t) => t.name },
          { header: 'Clave', value: (t) => t.slug },
          { header: 'Requiere lote', value: (t) => (t.requiresLot ? 'Sí' : 'No') },
        ],
      }),
  );

  r.get('/product', { config: { access: 'products.show' }, schema: { querystring: listQuery, response: { 200: listResponse(productDto) } } }, (req, reply) =>
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

  r.get('/product/:id', { config: { access: 'products.show' }, schema: { params: idParams, response: { 200: productDto } } }, (req) =>
    loadProduct(ctx.db, req.params.id),
  );

  // JSON, as the spec describes (the form then uploads the photos with the returned id), or multipart with the photos at once
  r.post('/product/create', { config: { access: 'products.create' }, schema: { ...multipartBody, response: { 201: productDto } } }, async (req, reply) => {
    if (!req.isMultipart()) return reply.status(201).send(await service.createProduct(ctx, req, parseCreateBody(req.body), []));
    const { input, uploads } = await readCreateRequest(req);
    const created = await withStoredImages(ctx, uploads, (names) => service.createProduct(ctx, req, input, names));
    return reply.status(201).send(created);
  });

  for (const kind of PRODUCT_KINDS) {
    r.route({
      method: ['PUT', 'POST'],
      url: `/product/:id/update-${kind}-product`,
      config: { access: 'products.edit' },
      schema: { params: idParams, body: productUpdateSchema, response: { 200: productDto } },
      handler: (req) => service.updateProduct(ctx, req, req.params.id, kind as ProductKind, req.body),
    });
  }

  r.post('/product/:id/approve', { config: { access: 'products.approve' }, schema: { params: idParams, response: { 200: productDto } } }, (req) =>
    service.approveProduct(ctx, req, req.params.id),
  );
  r.post('/product/:id/reject', { config: { access: 'products.approve' }, schema: { params: idParams, response: { 200: productDto } } }, (req) =>
    service.rejectProduct(ctx, req, req.params.id),
  );
  r.route({
    method: ['POST', 'DELETE'],
    url: '/product/:id/delete',
    config: { access: 'products.delete' },
    schema: { params: idParams, response: { 200: productDto } },
    handler: (req) => service.deleteProduct(ctx, req, req.params.id),
  });

  r.post('/product/:id/photos', { config: { access: ['products.create', 'products.edit'] }, schema: { params: idParams, response: { 200: productDto } } }, (req) =>
    addPhotos(ctx, req, req.params.id),
  );
  r.route({
    method: ['DELETE', 'POST'],
    url: '/product/photo/:photoId/delete',
    config: { access: 'products.edit' },
    schema: { params: photoIdParams, response: { 200: productDto } },
    handler: (req) => deletePhoto(ctx, req, req.params.photoId),
  });
}
