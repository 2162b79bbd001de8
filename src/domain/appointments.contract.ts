import { z } from 'zod';
import { appointmentSchema, cancelSchema, confirmSchema, finishSchema, purchasedFinishSchema } from './agenda';
import { appointmentCardResponse } from './agenda.contract';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { author, customerIdentity, named, person } from './refs';
import { optionalDate } from './validation';

/** Response schemas of the appointment routes: what they may send, and nothing else. */

const customer = z.object({
  ...customerIdentity,
  mobilePhone: z.string().nullable(),
  phone: z.string().nullable(),
  blackList: z.boolean(),
  cancellations: z.number(),
  isAdult: z.boolean(),
});

/** The list row: the agenda card plus branch, cabin, scheduler, method and the customer's contact and standing. */
export const appointmentItemResponse = appointmentCardResponse.extend({
  appointmentMethod: z.string(),
  customer,
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
  user: author.nullable(),
  created_at: z.date(),
});

/** A package or promotion the agenda can book: active and offered at the branch (its dates and hours are checked on booking). */
export const bookablePackageResponse = z.object({
  id: z.string(),
  name: z.string(),
  treatmentTypeId: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

// a real calendar date (2026-13-45 is refused with the field named, never sent to the database)
const appointmentQuery = listQuerySchema.extend({
  branchId: z.uuid().optional(),
  cabainId: z.uuid().optional(),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
  appointmentMethod: z.string().max(20).optional(),
  treatmentTypeId: z.uuid().optional(),
  customerId: z.uuid().optional(),
});
const logQuery = listQuerySchema.extend({ startDate: optionalDate('fecha inicial'), endDate: optionalDate('fecha final') });
const stockQuery = z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }), treatmentId: z.uuid({ error: 'Tratamiento inválido' }) });
const bookableQuery = z.object({
  type: z.enum(['Package', 'Promotion'], { error: 'El tipo debe ser Package o Promotion' }),
  branchId: z.uuid({ error: 'Sucursal inválida' }),
});
/** GET /consent/:type/:appointmentId answers a printable HTML page, so it has no JSON contract: only its parameters. */
export const consentParams = z.object({ type: z.string().max(40), appointmentId: z.uuid({ error: 'Identificador inválido' }) });

const detail = appointmentDetailResponse;
export const appointmentRoutes = {
  list: route({ method: 'GET', path: '/appointment', query: appointmentQuery, response: listResponse(appointmentItemResponse) }),
  get: route({ method: 'GET', path: '/appointment/:id', params: idParams, response: detail }),
  create: route({ method: 'POST', path: '/appointment/create', body: appointmentSchema, response: detail, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/appointment/:id/update', params: idParams, body: appointmentSchema, response: detail }),
  // the agenda's 'Deshacer' after a drag: the last reschedule, by the same user, within UNDO_RESCHEDULE_SECONDS
  undoReschedule: route({ method: 'POST', path: '/appointment/:id/undo-reschedule', params: idParams, response: detail }),
  cancel: route({ method: 'POST', path: '/appointment/:id/cancel', params: idParams, body: cancelSchema, response: detail }),
  setOnProcess: route({ method: 'PATCH', path: '/appointment/:id/set-on-process', params: idParams, response: detail }),
  finish: route({ method: 'POST', path: '/appointment/:id/finish', params: idParams, body: finishSchema, response: detail }),
  absence: route({ method: 'PATCH', path: '/appointment/:id/absence', params: idParams, response: detail }),
  confirm: route({ method: 'PATCH', path: '/appointment/:id/confirm', params: idParams, body: confirmSchema, response: detail }),
  finishPurchased: route({
    method: 'PUT',
    path: '/purchased-product/:id/finish',
    params: idParams,
    body: purchasedFinishSchema,
    response: missedPurchasedProductResponse,
  }),
  missedPurchased: route({ method: 'GET', path: '/missed-appointment/:id/purchased-product', params: idParams, response: missedPurchasedProductResponse }),
  stock: route({ method: 'GET', path: '/stock/get-stock-by-branch-and-treatment', query: stockQuery, response: z.array(stockOptionResponse) }),
  // the agenda books packages and promotions without reading their catalogue (the medic has no packages.show)
  bookablePackages: route({ method: 'GET', path: '/appointment/bookable-packages', query: bookableQuery, response: z.array(bookablePackageResponse) }),
  // API.md names it /bitacora; the server also answers it at /appointment-log for the clients that already call it
  log: route({ method: 'GET', path: '/bitacora', query: logQuery, response: listResponse(appointmentLogResponse) }),
};

export type AppointmentRow = ItemOf<typeof appointmentRoutes.list>;
export type AppointmentDetail = Answer<typeof appointmentRoutes.get>;
export type StockOption = Answer<typeof appointmentRoutes.stock>[number];
export type BookablePackage = Answer<typeof appointmentRoutes.bookablePackages>[number];
export type MissedPurchasedProduct = Answer<typeof appointmentRoutes.missedPurchased>;
export type AppointmentLogRow = ItemOf<typeof appointmentRoutes.log>;
