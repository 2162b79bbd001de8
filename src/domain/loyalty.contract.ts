import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { customerResponse, purchasedProductResponse } from './customers.contract';
import { LOYALTY_PAGE_SIZE, listQuerySchema } from './list';
import { LOYALTY_TIERS, pointAdjustmentSchema } from './loyalty';
import { appointmentSlot, author, customerIdentity, named, queryFlag } from './refs';
import { optionalDate } from './validation';

/** Response schemas: what the loyalty lists and a customer's history tabs may send (keys in the order the handlers build them). */

const tier = z.enum(LOYALTY_TIERS);

/** The identity columns of the we-miss-you list (and the start of a member row). */
export const identityResponse = z.object({
  ...customerIdentity,
  gender: z.string(),
  email: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  tutorMobilePhone: z.string().nullable(),
  points: z.number(),
  blackList: z.boolean(),
  status: z.boolean(),
});

export const memberResponse = identityResponse.extend({ total: z.number(), loyaltyScale: tier });

/** The summary card: purchases in the range (YYYY-MM-DD strings) and the tier they reach. */
export const customerLoyaltyResponse = z.object({
  customerId: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  total: z.number(),
  loyaltyScale: tier,
  thresholds: z.object(Object.fromEntries(LOYALTY_TIERS.map((t) => [t, z.number()])) as Record<(typeof LOYALTY_TIERS)[number], z.ZodNumber>),
});

export const customerOrderResponse = z.object({
  id: z.string(),
  orderNumber: z.string(),
  total: z.number(),
  points: z.number(),
  created_at: z.date(),
  refundedAt: z.date().nullable(),
  paymentStatus: z.string(),
  paymentMethod: z.string(),
  origin: z.string(),
  branch: named,
  details: z.array(z.object({ id: z.string(), name: z.string(), quantity: z.number(), salePrice: z.number(), price: z.number() })),
});

export { purchasedProductResponse };

export const customerAppointmentResponse = z.object({
  // `date` and `time` columns: strings (YYYY-MM-DD, HH:mm:ss)
  ...appointmentSlot,
  appointmentOption: z.string(),
  branch: named,
  cabain: named,
  treatment: named.nullable(),
  package: named.nullable(),
  promotion: named.nullable(),
  attendedBy: author.nullable(),
  confirmMethod: z.string().nullable(),
  cancellations: z.array(z.object({ type: z.string(), cancellationReason: z.string(), comment: z.string().nullable(), created_at: z.date() })),
});

/** One row of a customer's points ledger. */
export const pointMovementResponse = z.object({
  id: z.string(),
  movement: z.string(),
  points: z.number(),
  balanceAfter: z.number(),
  reason: z.string().nullable(),
  orderNumber: z.string().nullable(),
  user: author.nullable(),
  ...timestamps,
});

const rangeShape = { startDate: optionalDate('fecha inicial'), endDate: optionalDate('fecha final') };
// the loyalty tables page 5 rows by default (section 9)
const loyaltyTake = z
  .union([z.literal('all'), z.coerce.number().int().min(0).max(1000)])
  .default(LOYALTY_PAGE_SIZE)
  .transform((v) => (v === 'all' ? 0 : v));
const loyaltyListQuery = listQuerySchema.extend({ take: loyaltyTake, blackList: queryFlag, gender: z.string().max(10).optional(), ...rangeShape });
const loyaltySystemQuery = listQuerySchema.extend({ take: loyaltyTake, blackList: queryFlag, isTutor: queryFlag, gender: z.string().max(10).optional() });
const paging = (take: number) => ({ page: z.coerce.number().int().min(1).default(1), take: z.coerce.number().int().min(0).max(100).default(take) });
const ordersQuery = z.object({ kind: z.enum(['order', 'cash'], { error: 'El tipo de orden debe ser order o cash' }).default('order'), ...paging(20) });
const byCustomerQuery = z.object({ customerId: z.uuid({ error: 'Cliente inválido' }), ...paging(5) });

export const loyaltyRoutes = {
  /** Also answered at /members (API.md's name). */
  members: route({ method: 'GET', path: '/customer/totals-purchases', query: loyaltyListQuery, response: listResponse(memberResponse) }),
  /** Also answered at /miss-you (API.md's name). */
  missYou: route({ method: 'GET', path: '/customer/we-miss-you', query: loyaltyListQuery, response: listResponse(identityResponse) }),
  // API.md's name for the sistema de lealtad list: the customer list with loyalty's page size
  system: route({ method: 'GET', path: '/loyalty-system', query: loyaltySystemQuery, response: listResponse(customerResponse) }),
  customerLoyalty: route({ method: 'GET', path: '/customer/:id/loyalty', params: idParams, query: z.object(rangeShape), response: customerLoyaltyResponse }),
  points: route({
    method: 'GET',
    path: '/customer/:id/points',
    params: idParams,
    query: z.object(paging(20)),
    response: listResponse(pointMovementResponse).extend({ balance: z.number() }),
  }),
  adjustPoints: route({
    method: 'POST',
    path: '/customer/:id/points/adjust',
    params: idParams,
    body: pointAdjustmentSchema,
    response: pointMovementResponse,
    status: 201,
  }),
  orders: route({ method: 'GET', path: '/customer/:id/orders', params: idParams, query: ordersQuery, response: listResponse(customerOrderResponse) }),
  purchasedProducts: route({
    method: 'GET',
    path: '/purchased-product/customer/:id',
    params: idParams,
    query: z.object(paging(20)),
    response: listResponse(purchasedProductResponse),
  }),
  appointments: route({ method: 'GET', path: '/appointment/get-by-customer', query: byCustomerQuery, response: listResponse(customerAppointmentResponse) }),
};

export type Member = ItemOf<typeof loyaltyRoutes.members>;
export type LoyaltyIdentity = ItemOf<typeof loyaltyRoutes.missYou>;
export type CustomerLoyalty = Answer<typeof loyaltyRoutes.customerLoyalty>;
export type PointMovement = ItemOf<typeof loyaltyRoutes.points>;
export type CustomerOrder = ItemOf<typeof loyaltyRoutes.orders>;
export type CustomerAppointment = ItemOf<typeof loyaltyRoutes.appointments>;
