import { z } from 'zod';
import { LOYALTY_TIERS } from '../../../domain/loyalty';
import { purchasedProductResponse } from '../loyalty/responses';
import { timestamps } from '../dto';

/** Response schemas: what the customer and note routes may send, and nothing else (keys in the order the handlers build them). */

const named = z.object({ id: z.string(), name: z.string() });
// url and thumbnailUrl: short-lived signed links (platform/files.ts); the loyalty list, which shows no photo, sends the name only
const photo = z.object({ name: z.string(), url: z.string().optional(), thumbnailUrl: z.string().optional() }).nullable();

/** A customer as `toCustomerDto` builds it (lists, create, update, delete, photo, clear-cancellations). */
export const customerResponse = z.object({
  id: z.string(),
  customerId: z.number(),
  name: z.string(),
  lastName: z.string(),
  motherLastName: z.string().nullable(),
  gender: z.string(),
  // a `date` column: YYYY-MM-DD string, not a Date
  birthday: z.string(),
  age: z.number(),
  isAdult: z.boolean(),
  phone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  email: z.string().nullable(),
  maritalStatus: z.string().nullable(),
  originCountry: z.string().nullable(),
  reference: z.string().nullable(),
  tutorId: z.string().nullable(),
  tutor: z
    .object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable(), mobilePhone: z.string().nullable() })
    .nullable(),
  relationship: z.string().nullable(),
  isTutor: z.boolean(),
  status: z.boolean(),
  blackList: z.boolean(),
  cancellations: z.number(),
  points: z.number(),
  registryBranch: named.nullable(),
  photo,
  ...timestamps,
});

/** The record with its loyalty tier (GET /customer/:id and /customer/:id/single). */
export const customerDetailResponse = customerResponse.extend({
  loyaltyScale: z.enum(LOYALTY_TIERS),
  purchasesTotal: z.number(),
  // with ?purchasedProducts=true (section 7): every purchased treatment, newest first
  purchasedProducts: z.array(purchasedProductResponse).optional(),
});

export const noteResponse = z.object({
  id: z.string(),
  customerId: z.string(),
  noteType: z.string(),
  title: z.string(),
  note: z.string(),
  photo,
  user: z.object({ id: z.string(), name: z.string(), lastName: z.string() }).nullable(),
  ...timestamps,
});
