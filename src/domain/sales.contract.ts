import { z } from 'zod';
import { route, type Answer, type Body } from './contract';
import { CURRENCIES, PAYMENT_METHODS, POINTS_TENDER, REFUND_METHODS, SALE_CHANNELS } from './sales';
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

/** The intake's retry rule, as the API docs (/v1/docs) tell it. */
const IDEMPOTENCY_DOC =
  'Encabezado `Idempotency-Key` obligatorio (8 a 64 caracteres visibles), uno por intento de venta. La clave es del cliente que la envía ' +
  '(el usuario o la integración con sesión): el mismo cliente con la misma clave y el mismo cuerpo recibe la primera venta ' +
  '(201 con `Idempotent-Replayed: true`), también si las dos peticiones llegan a la vez; con otro cuerpo, 409 IDEMPOTENCY_KEY_REUSED. ' +
  'Otro cliente con una clave igual hace su propia venta: dos integraciones que numeran igual no se estorban. Una repetición solo ' +
  'responde la venta si el cliente todavía puede ver su sucursal.';

/** A line of a split refund: the method it goes back by and how much, in pesos. */
const refundSplitLineSchema = z.object({
  method: z.enum([...PAYMENT_METHODS, POINTS_TENDER], { error: msg.required('método de devolución') }),
  amount: moneyField('monto').refine((n) => n > 0, 'El monto debe ser mayor a 0'),
});

/** Section 5: the reason and the user's current password are required; the money goes back as paid unless a method or a split is chosen. */
export const refundSchema = z.object({
  refundReason: text('motivo de la devolución', { max: 300 }),
  refundMethod: z.enum(REFUND_METHODS, { error: msg.invalid('método de devolución') }).default('Como se pagó'),
  /** With refundMethod 'Dividido': the lines, adding up to what the sale paid net of change. */
  split: z.array(refundSplitLineSchema).max(10, 'La devolución admite como máximo 10 formas').optional(),
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

/** What the refund dialog shows first: what each method paid (cash net of change) and the bookings the refund cancels. */
export const refundPreviewDto = z.object({
  orderNumber: z.string(),
  /** The money a refund gives back, in pesos: the sale's total less the points redeemed. */
  money: z.number(),
  pointsRedeemed: z.number(),
  paid: z.array(z.object({ method: z.string(), amount: z.number() })),
  bookings: z.array(
    z.object({ id: z.string(), appointmentNumber: z.string(), date: z.string(), startTime: z.string(), treatment: z.string().nullable(), cabin: z.string() }),
  ),
});

export const saleRoutes = {
  createOrder: route({ method: 'POST', path: '/order/create', body: orderSaleSchema, response: saleAnswerDto, status: 201, description: IDEMPOTENCY_DOC }),
  createCashOrder: route({
    method: 'POST',
    path: '/cash-order/create',
    body: cashSaleSchema,
    response: saleAnswerDto,
    status: 201,
    description: IDEMPOTENCY_DOC,
  }),
  refundOrder: route({ method: 'POST', path: '/order/:orderNumber/refund', params: orderNumberParams, body: refundSchema, response: refundAnswerDto }),
  refundCashOrder: route({ method: 'POST', path: '/cash-order/:orderNumber/refund', params: orderNumberParams, body: refundSchema, response: refundAnswerDto }),
  refundPreviewOrder: route({ method: 'GET', path: '/order/:orderNumber/refund-preview', params: orderNumberParams, response: refundPreviewDto }),
  refundPreviewCashOrder: route({ method: 'GET', path: '/cash-order/:orderNumber/refund-preview', params: orderNumberParams, response: refundPreviewDto }),
};

export type RefundInput = z.output<typeof refundSchema>;
export type RefundAnswer = Answer<typeof saleRoutes.refundOrder>;

export type SaleAnswer = Answer<typeof saleRoutes.createOrder>;
export type OrderSaleBody = Body<typeof saleRoutes.createOrder>;
export type CashSaleBody = Body<typeof saleRoutes.createCashOrder>;
export type OrderSaleInput = z.output<typeof orderSaleSchema>;
export type CashSaleInput = z.output<typeof cashSaleSchema>;
