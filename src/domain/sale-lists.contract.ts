import { z } from 'zod';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { named } from './refs';
import { salePaymentDto } from './sales.contract';
import { PAYMENT_STATUSES, SALE_TENDERS } from './sales';
import { optionalDate, optionalUuid, uuid } from './validation';

/** The read side of sales: the lists of orders (treatments, packages) and cash orders (products), their detail and tickets. */

/** `saleType` as the clients send it, and the channel each one reads. */
export const SALE_TYPES = { POS: 'pos', App: 'app', online: 'online' } as const;
export type SaleType = keyof typeof SALE_TYPES;

/** Tenders a sale_payments row may carry (the five methods of the spec, plus points redeemed). */
export const SALE_LIST_PAYMENT_METHODS = SALE_TENDERS;

export const SALE_LIST_PAYMENT_STATUSES = PAYMENT_STATUSES;

export const paymentStatusLabels: Record<string, string> = {
  paid: 'Pagado',
  error: 'Error',
  pending_payment: 'Pendiente de pago',
  pending_confirmation: 'Pendiente de confirmación',
};

/** Section 4: a sale reads 'Venta', or 'Devolución' once refundedAt is set. */
export const SALE_STATUSES = ['Venta', 'Devolución'] as const;
export const saleStatusOf = (refundedAt: unknown): (typeof SALE_STATUSES)[number] => (refundedAt ? 'Devolución' : 'Venta');

export const saleListMessages = {
  ticketChannel: 'El ticket solo se imprime para ventas en sucursal; las ventas en app y en línea no tienen ticket',
  notRefunded: 'La venta no tiene devolución: no hay ticket de devolución',
  emailWithoutCustomer: 'La venta es a público en general: no hay cliente a quien enviar el ticket',
  emailMissing: 'El cliente no tiene correo electrónico registrado: agréguelo en su expediente para enviarle el ticket',
  sellerOnRefunded: 'No se puede cambiar el vendedor de una venta devuelta',
  sellerNotOfBranch: 'El vendedor debe ser un usuario activo de la sucursal de la venta',
} as const;

const saleListQuery = listQuerySchema.extend({
  saleType: z.enum(Object.keys(SALE_TYPES) as [SaleType, ...SaleType[]], { error: 'El tipo de venta debe ser POS, App u online' }).optional(),
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
  paymentMethod: z.enum(SALE_LIST_PAYMENT_METHODS, { error: 'El método de pago no es válido' }).optional(),
  paymentStatus: z.enum(SALE_LIST_PAYMENT_STATUSES, { error: 'El estatus de pago no es válido' }).optional(),
  sellerId: optionalUuid('vendedor'),
  customerId: optionalUuid('cliente'),
  status: z.enum(SALE_STATUSES, { error: 'El estatus debe ser Venta o Devolución' }).optional(),
});
export type SaleListQuery = z.output<typeof saleListQuery>;

const sellerRef = z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() });
const customerRef = z.object({ id: z.string(), customerId: z.number(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable() });

/** One sale as the lists show it (amounts in pesos). */
export const saleItemDto = z.object({
  id: z.string(),
  orderNumber: z.string(),
  channel: z.string(),
  seller: sellerRef.nullable(),
  customer: customerRef.nullable(),
  branchId: z.string(),
  branch: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  created_at: z.date(),
  businessDate: z.string(),
  subtotal: z.number(),
  taxes: z.number(),
  discountTotal: z.number(),
  coupon: named.nullable(),
  points: z.number(),
  pointsRedeemed: z.number(),
  total: z.number(),
  change: z.number(),
  paymentMethod: z.string(),
  paymentStatus: z.string(),
  paymentGateway: z.string().nullable(),
  payReference: z.string().nullable(),
  payReferenceDebit: z.string().nullable(),
  payReferenceCredit: z.string().nullable(),
  currency: z.string(),
  refundedAt: z.date().nullable(),
  refundMethod: z.string().nullable(),
  refundReason: z.string().nullable(),
  refundBusinessDate: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
});

/** Sums over every filtered row (not just the page), in pesos, and points as whole numbers. */
export const saleTotalsDto = z.object({
  total: z.number(),
  subtotal: z.number(),
  taxes: z.number(),
  discountTotal: z.number(),
  points: z.number(),
  pointsRedeemed: z.number(),
});

const saleListResponse = listResponse(saleItemDto).extend({ totals: saleTotalsDto });

/** A line of the sale: a treatment or package (orders) or a product (cash orders). */
export const saleLineDto = z.object({
  id: z.string(),
  kind: z.enum(['treatment', 'package', 'product']),
  itemId: z.string(),
  name: z.string(),
  sku: z.string().nullable(),
  quantity: z.number(),
  salePrice: z.number(),
  price: z.number(),
  amount: z.number(),
});

/** A tender (amount > 0) or a refunded amount (< 0) of the sale, as sale_payments keeps it. */
export const salePaymentRowDto = z.object({
  id: z.string(),
  kind: z.enum(['payment', 'refund']),
  ...salePaymentDto.shape,
  businessDate: z.string(),
  created_at: z.date(),
});

export const saleDetailDto = saleItemDto.extend({
  refundedBy: z.object({ id: z.string(), name: z.string(), lastName: z.string() }).nullable(),
  details: z.array(saleLineDto),
  payments: z.array(salePaymentRowDto),
  refunds: z.array(salePaymentRowDto),
});

const listOf = (path: '/order' | '/cash-order') => route({ method: 'GET', path, query: saleListQuery, response: saleListResponse });
const getOf = (path: '/order/:id' | '/cash-order/:id') => route({ method: 'GET', path, params: idParams, response: saleDetailDto });

export const saleListRoutes = {
  orders: listOf('/order'),
  order: getOf('/order/:id'),
  cashOrders: listOf('/cash-order'),
  cashOrder: getOf('/cash-order/:id'),
  updateSeller: route({
    method: ['PUT', 'PATCH'],
    path: '/cash-order/:id/update-seller',
    params: idParams,
    body: z.object({ userId: uuid('vendedor') }),
    response: saleDetailDto,
  }),
};

/** The two kinds of sale as the paths name them. */
export type SaleKind = 'order' | 'cash-order';

/**
 * The tickets answer a printable HTML page (and its receipt PDF), so they have no JSON contract: only their paths.
 * `format: 'pdf'` is the same ticket as an 80 mm PDF; the e-mail route sends that PDF to the sale's customer.
 */
export const saleTickets = {
  url: (kind: SaleKind, refund = false, format: 'html' | 'pdf' = 'html') => `/${kind}/:id/ticket${refund ? '/refund' : ''}${format === 'pdf' ? '.pdf' : ''}`,
  path: (kind: SaleKind, id: string, refund = false, format: 'html' | 'pdf' = 'html') =>
    `/${kind}/${id}/ticket${refund ? '/refund' : ''}${format === 'pdf' ? '.pdf' : ''}`,
  emailUrl: (kind: SaleKind, refund = false) => `/${kind}/:id/ticket${refund ? '/refund' : ''}/email`,
  emailPath: (kind: SaleKind, id: string, refund = false) => `/${kind}/${id}/ticket${refund ? '/refund' : ''}/email`,
  /** The script a ticket page loads (same origin, allowed by the content security policy): it prints and closes the tab. */
  printScript: '/ticket/print.js',
  params: idParams,
};

/** What POST …/ticket/email answers: the address it went to, masked (the caller may not see the customer's record). */
export const ticketEmailAnswer = z.object({ message: z.string(), sentTo: z.string() });
export type TicketEmailAnswer = z.output<typeof ticketEmailAnswer>;

export type SaleListAnswer = Answer<typeof saleListRoutes.orders>;
export type SaleListItem = ItemOf<typeof saleListRoutes.orders>;
export type SaleDetail = Answer<typeof saleListRoutes.order>;
export type SaleLine = SaleDetail['details'][number];
export type SalePayment = SaleDetail['payments'][number];
