import { z } from 'zod';
import { idParams, listResponse, recordWriteRoutes, route, timestamps, type Answer, type ItemOf } from './contract';
import { COUPON_TYPES, couponCreateSchema, couponUpdateSchema, couponValidateSchema } from './coupons.schemas';
import { listQuerySchema } from './list';
import { named } from './refs';

export const couponDto = z.object({
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

const couponUsageDto = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  orderNumber: z.string().nullable(),
  created_at: z.date(),
  customer: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  branch: named.nullable(),
  user: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }).nullable(),
});

export const couponDetailDto = couponDto.extend({ orders: z.array(couponUsageDto), cashOrders: z.array(couponUsageDto) });

const couponItemDto = z.object({ id: z.string(), name: z.string(), sku: z.string(), price: z.number() });

export const couponQuoteDto = z.object({
  couponId: z.string(),
  code: z.string(),
  name: z.string(),
  discount: z.number(),
  price: z.number(),
  discountAmount: z.number(),
  discountedPrice: z.number(),
});

export const couponRoutes = {
  list: route({
    method: 'GET',
    path: '/coupon',
    query: listQuerySchema.extend({ type: z.enum(COUPON_TYPES).optional(), branchId: z.uuid({ error: 'Sucursal inválida' }).optional() }),
    response: listResponse(couponDto),
  }),
  /** The item choices of the form; a static path, so it wins over /coupon/:id. */
  items: route({
    method: 'GET',
    path: '/coupon/items',
    query: z.object({ type: z.enum(COUPON_TYPES, { error: 'El campo tipo es requerido' }) }),
    response: z.array(couponItemDto),
  }),
  validate: route({ method: 'POST', path: '/coupon/validate', body: couponValidateSchema, response: couponQuoteDto }),
  ...recordWriteRoutes('/coupon', { create: couponCreateSchema, update: couponUpdateSchema, response: couponDto }),
  // the record with its usage; its writes answer the record alone
  get: route({ method: 'GET', path: '/coupon/:id', params: idParams, response: couponDetailDto }),
};

export type Coupon = ItemOf<typeof couponRoutes.list>;
export type CouponDetail = Answer<typeof couponRoutes.get>;
export type CouponUsage = CouponDetail['orders'][number];
export type CouponItem = Answer<typeof couponRoutes.items>[number];
export type CouponQuote = Answer<typeof couponRoutes.validate>;
