import { z } from 'zod';
import { LOYALTY_TIERS } from '../../../domain/loyalty';
import { timestamps } from '../dto';

/** Response schemas: what the loyalty lists and a customer's history tabs may send (keys in the order the handlers build them). */

const named = z.object({ id: z.string(), name: z.string() });
const tier = z.enum(LOYALTY_TIERS);

/** The identity columns of the we-miss-you list (and the start of a member row). */
export const identityResponse = z.object({
  id: z.string(),
  customerId: z.number(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
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

export const purchasedProductResponse = z.object({
  id: z.string(),
  treatment: z.object({
    id: z.string(),
    name: z.string(),
    consent: z.boolean(),
    treatmentType: named,
    areas: z.array(named),
    treatmentProduct: z.array(z.object({ product: named, quantity: z.number() })),
  }),
  package: named.nullable(),
  sessions: z.number(),
  currentSession: z.number(),
  limit: z.number(),
  status: z.string(),
  created_at: z.date(),
  order: z.object({ orderNumber: z.string() }).nullable(),
  // `date` column: YYYY-MM-DD string
  expiredAt: z.string().nullable(),
  consent: z.boolean(),
});

export const customerAppointmentResponse = z.object({
  id: z.string(),
  appointmentNumber: z.string(),
  status: z.string(),
  // `date` and `time` columns: strings (YYYY-MM-DD, HH:mm:ss)
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  appointmentOption: z.string(),
  branch: named,
  cabain: named,
  treatment: named.nullable(),
  package: named.nullable(),
  promotion: named.nullable(),
  attendedBy: z.object({ name: z.string(), lastName: z.string() }).nullable(),
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
  user: z.object({ name: z.string(), lastName: z.string() }).nullable(),
  ...timestamps,
});
