import { z } from 'zod';
import { route, type Answer, type Body } from './contract';
import { CURRENCIES, PAYMENT_METHODS, REFUND_METHODS, SALE_CHANNELS } from './sales';
import { intField, moneyField, requiredId } from './treatments.schemas';
import { msg, optionalUuid, text } from './validation';

/**
 * The sale intake (API.md "Bodies of the inventory and sales calls"): the one contract of the built-in point of
 * sale, the app and the online store. Prices come from the catalogue; a client-supplied price is not read.
 */

const ITEMS_REQUIRED = 'Agregue al menos un artículo';
const PAYMENTS_REQUIRED = 'Agregue al menos un pago';

const paymentSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: msg.required('método de pago') }),
  amount: moneyField('monto').refine((n) => n > 0, 'El monto debe ser mayor a 0'),
  currency: z.enum(CURRENCIES, { error: msg.invalid('moneda') }).default('MXN'),
  reference: z.string().trim().max(60, 'La referencia admite como máximo 60 caracteres').optional().nullable(),
});

const saleFields = {
  channel: z.enum(SALE_CHANNELS, { error: msg.invalid('canal') }).default('pos'),
  branchId: requiredId('sucursal'),
  sellerId: optionalUuid('vendedor'),
  couponCode: z.string().trim().max(15).optional().nullable(),
  points: intField('puntos', 0, 10_000_000).optional(),
  /** None only when points pay the whole sale (the server checks the tenders reach what is due). */
  payments: z.array(paymentSchema, { error: PAYMENTS_REQUIRED }).max(10, 'La venta admite como máximo 10 pagos'),
};

const orderItemSchema = z
  .object({ treatmentId: optionalUuid('tratamiento'), packageId: optionalUuid('paquete'), quantity: intField('cantidad', 1, 99) })
  .refine((i) => Boolean(i.treatmentId) !== Boolean(i.packageId), { message: 'Cada artículo es un tratamiento o un paquete', path: ['treatmentId'] });

export const orderSaleSchema = z.object({
  ...saleFields,
  customerId: requiredId('cliente'),
  items: z.array(orderItemSchema, { error: ITEMS_REQUIRED }).min(1, ITEMS_REQUIRED).max(50, 'La venta admite como máximo 50 artículos'),
});

const cashItemSchema = z.object({ productId: requiredId('producto'), quantity: intField('cantidad', 1, 999), stockId: optionalUuid('lote') });

export const cashSaleSchema = z.object({
  ...saleFields,
  /** A walk-in product sale may have no customer (then no points and no coupon). */
  customerId: optionalUuid('cliente'),
  items: z.array(cashItemSchema, { error: ITEMS_REQUIRED }).min(1, ITEMS_REQUIRED).max(50, 'La venta admite como máximo 50 artículos'),
});

/** A tender as sale_payments keeps it: its method, currency, amount, the rate of the day and the amount in pesos. */
export const salePaymentDto = z.object({
  method: z.string(),
  currency: z.string(),
  amount: z.number(),
  exchangeRate: z.number(),
  amountMxn: z.number(),
  reference: z.string().nullable(),
});

const saleDetailDto = z.object({
  treatmentId: z.string().nullable().optional(),
  packageId: z.string().nullable().optional(),
  productId: z.string().nullable().optional(),
  stockId: z.string().nullable().optional(),
  name: z.string(),
  quantity: z.number(),
  price: z.number(),
  salePrice: z.number(),
});

export const saleAnswerDto = z.object({
  id: z.string(),
  orderNumber: z.string(),
  businessDate: z.string(),
  subtotal: z.number(),
  discountTotal: z.number(),
  taxes: z.number(),
  pointsRedeemed: z.number(),
  total: z.number(),
  points: z.number(),
  change: z.number(),
  payments: z.array(salePaymentDto),
  details: z.array(saleDetailDto),
  purchasedProducts: z
    .array(z.object({ id: z.string(), treatmentId: z.string(), packageId: z.string().nullable(), sessions: z.number(), expiredAt: z.string().nullable() }))
    .optional(),
});

/** Section 5: the reason, the method and the user's current password are required. */
export const refundSchema = z.object({
  refundReason: text('motivo de la devolución', { max: 300 }),
  refundMethod: z.enum(REFUND_METHODS, { error: msg.required('método de devolución') }),
  password: z
    .string({ error: msg.required('contraseña') })
    .min(1, msg.required('contraseña'))
    .max(200),
  branchId: requiredId('sucursal'),
});

export const refundAnswerDto = saleAnswerDto.extend({
  refundedAt: z.date(),
  refundMethod: z.string(),
  refundReason: z.string(),
  refunds: z.array(salePaymentDto),
  pointsBack: z.number(),
  pointsTakenBack: z.number(),
});

const orderNumberParams = z.object({ orderNumber: z.string().min(3).max(30) });

export const saleRoutes = {
  createOrder: route({ method: 'POST', path: '/order/create', body: orderSaleSchema, response: saleAnswerDto, status: 201 }),
  createCashOrder: route({ method: 'POST', path: '/cash-order/create', body: cashSaleSchema, response: saleAnswerDto, status: 201 }),
  refundOrder: route({ method: 'POST', path: '/order/:orderNumber/refund', params: orderNumberParams, body: refundSchema, response: refundAnswerDto }),
  refundCashOrder: route({ method: 'POST', path: '/cash-order/:orderNumber/refund', params: orderNumberParams, body: refundSchema, response: refundAnswerDto }),
};

export type RefundInput = z.output<typeof refundSchema>;
export type RefundAnswer = Answer<typeof saleRoutes.refundOrder>;

export type SaleAnswer = Answer<typeof saleRoutes.createOrder>;
export type OrderSaleBody = Body<typeof saleRoutes.createOrder>;
export type CashSaleBody = Body<typeof saleRoutes.createCashOrder>;
export type OrderSaleInput = z.output<typeof orderSaleSchema>;
export type CashSaleInput = z.output<typeof cashSaleSchema>;
