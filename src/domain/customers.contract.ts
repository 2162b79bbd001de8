import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf, type Wire } from './contract';
import { customerSchema, noteSchema } from './customers.schemas';
import { listQuerySchema } from './list';
import { LOYALTY_TIERS } from './loyalty';
import { customerIdentity, named, person, queryFlag } from './refs';

/** Response schemas: what the customer and note routes may send, and nothing else (keys in the order the handlers build them). */

// url and thumbnailUrl: short-lived signed links (the server's platform/files.ts); the loyalty list, which shows no photo, sends the name only
const photo = z.object({ name: z.string(), url: z.string().optional(), thumbnailUrl: z.string().optional() }).nullable();

/** A customer's purchased treatment (the record's section 7 and the loyalty history tab). */
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

/** A customer as `toCustomerDto` builds it (lists, create, update, delete, photo, clear-cancellations). */
export const customerResponse = z.object({
  ...customerIdentity,
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
  user: person.nullable(),
  ...timestamps,
});

const customerQuery = listQuerySchema.extend({
  blackList: queryFlag,
  isTutor: queryFlag,
  gender: z.string().max(10).optional(),
  maritalStatus: z.string().max(12).optional(),
  branchId: z.uuid().optional(),
});
const singleQuery = z.object({ purchasedProducts: z.enum(['true', 'false', '1', '0']).optional() });
const noteQuery = z.object({
  customerId: z.uuid({ error: 'Cliente inválido' }),
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(0).max(100).default(5),
});

export const customerRoutes = {
  list: route({ method: 'GET', path: '/customer', query: customerQuery, response: listResponse(customerResponse) }),
  get: route({ method: 'GET', path: '/customer/:id', params: idParams, response: customerDetailResponse }),
  single: route({ method: 'GET', path: '/customer/:id/single', params: idParams, query: singleQuery, response: customerDetailResponse }),
  create: route({ method: 'POST', path: '/customer/create', body: customerSchema, response: customerResponse, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/customer/:id/update', params: idParams, body: customerSchema, response: customerResponse }),
  delete: route({ method: ['POST', 'DELETE'], path: '/customer/:id/delete', params: idParams, response: customerResponse }),
  clearCancellations: route({ method: 'PATCH', path: '/customer/:id/clear-cancellations', params: idParams, response: customerResponse }),
  /** multipart/form-data with one image */
  photo: route({ method: 'POST', path: '/customer/:id/photo', params: idParams, response: customerResponse }),
};

export const noteRoutes = {
  list: route({ method: 'GET', path: '/note', query: noteQuery, response: listResponse(noteResponse) }),
  /**
   * JSON as `noteSchema` describes it, or multipart/form-data with the same fields and at most one photo: the
   * server reads either itself (so its route declares no body schema) and checks the fields with `noteSchema`.
   */
  create: route({ method: 'POST', path: '/note/create', body: noteSchema, response: noteResponse, status: 201 }),
  delete: route({ method: ['POST', 'DELETE'], path: '/note/:id/delete', params: idParams, response: noteResponse }),
  /** multipart/form-data with one image */
  photo: route({ method: 'POST', path: '/note/:id/photo', params: idParams, response: noteResponse }),
};

export type Customer = Answer<typeof customerRoutes.create>;
export type CustomerDetail = Answer<typeof customerRoutes.get>;
export type CustomerListItem = ItemOf<typeof customerRoutes.list>;
export type Note = Answer<typeof noteRoutes.create>;
/**
 * A stored customer or note photo. Patient data: it opens only through the short-lived signed links the API
 * sends with the record (about 15 minutes), so a screen shows these URLs as given and never builds one.
 */
export type PrivatePhoto = NonNullable<Customer['photo']>;
export type PurchasedProduct = Wire<z.output<typeof purchasedProductResponse>>;
