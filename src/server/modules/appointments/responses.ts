import { z } from 'zod';

/** Response schemas of the appointment routes: what they may send, and nothing else. */

const named = z.object({ id: z.string(), name: z.string() });
const person = z.object({ id: z.string(), name: z.string(), lastName: z.string() });

const customer = z.object({
  id: z.string(),
  customerId: z.number(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  phone: z.string().nullable(),
  blackList: z.boolean(),
  cancellations: z.number(),
  isAdult: z.boolean(),
});

/** The list row: the agenda card plus branch, cabin, scheduler and method. */
export const appointmentItemResponse = z.object({
  id: z.string(),
  appointmentNumber: z.string(),
  status: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  confirmMethod: z.string().nullable(),
  appointmentOption: z.string(),
  appointmentMethod: z.string(),
  customer,
  treatmentType: named,
  treatment: named.nullable(),
  package: named.nullable(),
  promotion: named.nullable(),
  attendedBy: person.nullable(),
  branch: named,
  cabain: named,
  user: person.nullable(),
  editable: z.boolean(),
  allowedStatuses: z.array(z.string()),
});

export const appointmentDetailResponse = appointmentItemResponse.extend({
  term: z.number(),
  observations: z.string().nullable(),
  sessions: z.number(),
  consent: z.boolean(),
  reschedules: z.number(),
  treatment: z
    .object({
      id: z.string(),
      name: z.string(),
      consent: z.boolean(),
      durationMinutes: z.number(),
      areas: z.array(named),
      treatmentProduct: z.array(z.object({ product: named, quantity: z.number() })),
    })
    .nullable(),
  treatmentsIds: z.array(z.string()),
  categoriesIds: z.array(z.string()),
  sessionAreas: z.array(z.string()),
  packageId: z.string().nullable(),
  promoId: z.string().nullable(),
  purchasedProductId: z.string().nullable(),
  purchasedProduct: z
    .object({ id: z.string(), sessions: z.number(), currentSession: z.number(), consent: z.boolean(), status: z.string(), treatment: named })
    .nullable(),
  medicalFee: z.number().nullable(),
  finishedAt: z.date().nullable(),
  cancellations: z.array(
    z.object({ type: z.string(), cancellationReason: z.string(), comment: z.string().nullable(), customerCancellation: z.boolean(), created_at: z.date() }),
  ),
  created_at: z.date(),
  updated_at: z.date(),
});

export const stockOptionResponse = z.object({
  stockId: z.string(),
  sku: z.string(),
  allotment: z.string(),
  name: z.string(),
  productId: z.string(),
  stock: z.number(),
  quantityPerSession: z.number(),
});

export const missedPurchasedProductResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  sessions: z.number(),
  currentSession: z.number(),
  limit: z.number(),
  status: z.string(),
  changes: z.number(),
  reschedules: z.number(),
  consent: z.boolean(),
  expiredAt: z.string().nullable(),
  treatment: named,
});

export const appointmentLogResponse = z.object({
  id: z.string(),
  action: z.string(),
  appointmentNumber: z.string().nullable(),
  appointmentId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  user: z.object({ name: z.string(), lastName: z.string() }).nullable(),
  created_at: z.date(),
});

/** A package or promotion the agenda can book: active and offered at the branch (its dates and hours are checked on booking). */
export const bookablePackageResponse = z.object({ id: z.string(), name: z.string(), treatmentTypeId: z.string(), startDate: z.string().nullable(), endDate: z.string().nullable() });
