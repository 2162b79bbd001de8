import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatPercent } from '../../../domain/coupons';
import { COUPON_TYPES, couponCreateSchema, couponTypeLabels, couponUpdateSchema, couponValidateSchema } from '../../../domain/coupons.schemas';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import { couponListSpec } from './coupon.queries';
import * as service from './coupon.service';
import { validateCoupon } from './coupon.validate';

const named = z.object({ id: z.string(), name: z.string() });
const couponDto = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  branchesIds: z.array(z.string()),
  branches: z.array(named),
  limit: z.number(),
  used: z.number(),
  type: z.enum(COUPON_TYPES),
  treatmentId: z.string().nullable(),
  productId: z.string().nullable(),
  treatment: z.object({ id: z.string(), name: z.string(), sku: z.string(), price: z.number() }).nullable(),
  product: z.object({ id: z.string(), name: z.string(), sku: z.string(), salePrice: z.number().nullable() }).nullable(),
  price: z.number(),
  discount: z.number(),
  discountedPrice: z.number(),
  expireDate: z.string(),
  status: z.boolean(),
  expired: z.boolean(),
  exhausted: z.boolean(),
  ...timestamps,
});

const usage = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  created_at: z.date(),
  customer: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  branch: named.nullable(),
  user: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }).nullable(),
});
const couponDetailDto = couponDto.extend({ orders: z.array(usage), cashOrders: z.array(usage) });

const itemDto = z.object({ id: z.string(), name: z.string(), sku: z.string(), price: z.number() });
const quoteDto = z.object({
  couponId: z.string(),
  code: z.string(),
  name: z.string(),
  discount: z.number(),
  price: z.number(),
  discountAmount: z.number(),
  discountedPrice: z.number(),
});

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

export function registerCouponRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/coupon',
    {
      config: { access: 'coupons.show' },
      schema: {
        querystring: listQuerySchema.extend({ type: z.enum(COUPON_TYPES).optional(), branchId: z.uuid({ error: 'Sucursal inválida' }).optional() }),
        response: { 200: listResponse(couponDto) },
      },
    },
    (req, reply) =>
      answerList(reply, req.query, couponListSpec(ctx.db, req, req.query), {
        name: 'cupones',
        columns: [
          { header: 'Código', value: (c) => c.code },
          { header: 'Nombre', value: (c) => c.name },
          { header: 'Límite', value: (c) => c.limit },
          { header: 'Usados', value: (c) => c.used },
          { header: 'Vigencia', value: (c) => ddmmyyyy(c.expireDate) },
          { header: 'Tipo', value: (c) => couponTypeLabels[c.type] },
          { header: 'Producto o tratamiento', value: (c) => c.treatment?.name ?? c.product?.name ?? '' },
          { header: 'Precio', value: (c) => c.price.toFixed(2) },
          { header: 'Precio con descuento', value: (c) => c.discountedPrice.toFixed(2) },
          { header: 'Descuento', value: (c) => formatPercent(c.discount) },
          { header: 'Sucursales', value: (c) => c.branches.map((b) => b.name).join(', ') },
          { header: 'Estatus', value: (c) => (c.status ? 'Activo' : 'Inactivo') },
        ],
      }),
  );
  // the item choices of the form; static path, so it wins over /coupon/:id
  r.get(
    '/coupon/items',
    {
      config: { access: ['coupons.create', 'coupons.edit'] },
      schema: { querystring: z.object({ type: z.enum(COUPON_TYPES, { error: 'El campo tipo es requerido' }) }), response: { 200: z.array(itemDto) } },
    },
    (req) => service.couponItems(ctx.db, req.query.type),
  );
  r.post(
    '/coupon/validate',
    { config: { access: ['coupons.show', 'pos.show', 'sales.show'] }, schema: { body: couponValidateSchema, response: { 200: quoteDto } } },
    (req) => validateCoupon(ctx.db, req, req.body),
  );
  r.get('/coupon/:id', { config: { access: 'coupons.show' }, schema: { params: idParams, response: { 200: couponDetailDto } } }, (req) =>
    service.getCoupon(ctx, req, req.params.id),
  );
  r.post('/coupon/create', { config: { access: 'coupons.create' }, schema: { body: couponCreateSchema, response: { 201: couponDto } } }, async (req, reply) =>
    reply.status(201).send(await service.createCoupon(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/coupon/:id/update',
    config: { access: 'coupons.edit' },
    schema: { params: idParams, body: couponUpdateSchema, response: { 200: couponDto } },
    handler: (req) => service.updateCoupon(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/coupon/:id/delete',
    config: { access: 'coupons.delete' },
    schema: { params: idParams, response: { 200: couponDto } },
    handler: (req) => service.deleteCoupon(ctx, req, req.params.id),
  });
}
