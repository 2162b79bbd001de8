import { z } from 'zod';
import { LOCK_REASONS, LOCK_TYPES, lockSchema } from './agenda';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { appointmentSlot, author, customerIdentity, named, person } from './refs';
import { optionalDate, requiredDate } from './validation';

/** What the agenda answers (docs/agenda-api.md): no column is sent that is not listed here. */
const hhmm = z.string().nullable();

export const lockResponse = z.object({
  id: z.string(),
  branchId: z.string(),
  cabainId: z.string().nullable(),
  cabain: named.nullable(),
  type: z.string(),
  reason: z.string(),
  reasonDescription: z.string().nullable(),
  time: z.array(z.string()),
  date: z.string(),
  endDate: z.string().nullable(),
  days: z.array(z.number()),
  recurrent: z.boolean(),
  user: author.nullable(),
  created_at: z.date(),
});

export const appointmentCardResponse = z.object({
  ...appointmentSlot,
  confirmMethod: z.string().nullable(),
  appointmentOption: z.string(),
  customer: z.object({ ...customerIdentity, mobilePhone: z.string().nullable() }),
  treatmentType: named,
  treatment: named.nullable(),
  package: named.nullable(),
  promotion: named.nullable(),
  attendedBy: person.nullable(),
});

/** An agenda card: the appointment and its day-before reminder (issue 30; times as ISO text in UTC), null before it is made. */
export const diaryCardResponse = appointmentCardResponse.extend({
  reminder: z
    .object({ status: z.string(), sentAt: z.string().nullable(), confirmedVia: z.string().nullable(), rescheduleRequestedAt: z.string().nullable() })
    .nullable(),
});

export const diaryResponse = z.object({
  branch: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  date: z.string(),
  opening: hhmm,
  closing: hhmm,
  cabins: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      type: z.object({ id: z.string(), name: z.string(), order: z.number(), color: z.string(), treatmentType: named }),
      opening: hhmm,
      closing: hhmm,
      appointments: z.array(diaryCardResponse),
      locks: z.array(lockResponse),
    }),
  ),
  locks: z.array(lockResponse),
});

/** POST /lock/overlaps: the live appointments a lock payload would cover (the form warns before saving). */
export const lockOverlapsResponse = z.object({
  items: z.array(
    z.object({
      ...appointmentSlot,
      cabain: named,
      customer: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable() }),
    }),
  ),
  /** Every overlapped appointment; items lists the first LOCK_OVERLAPS_SHOWN. */
  total: z.number(),
});

const deletedResponse = z.object({ id: z.string(), deleted_at: z.date() });

const branchId = z.uuid({ error: 'Sucursal inválida' });
const diaryQuery = z.object({ branchId, date: requiredDate('fecha') });
const lockQuery = listQuerySchema.extend({
  branchId: branchId.optional(),
  type: z.enum(LOCK_TYPES, { error: 'Tipo de bloqueo inválido' }).optional(),
  reason: z.enum(LOCK_REASONS, { error: 'Motivo inválido' }).optional(),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

export const agendaRoutes = { diary: route({ method: 'GET', path: '/diary', query: diaryQuery, response: diaryResponse }) };

export const lockRoutes = {
  list: route({ method: 'GET', path: '/lock', query: lockQuery, response: listResponse(lockResponse) }),
  get: route({ method: 'GET', path: '/lock/:id/single', params: idParams, response: lockResponse }),
  ofBranch: route({
    method: 'GET',
    path: '/lock/:branchId',
    params: z.object({ branchId }),
    query: z.object({ date: optionalDate('fecha') }),
    response: z.array(lockResponse),
  }),
  // the appointments a lock would cover, listed by the lock forms before they save (create or edit)
  overlaps: route({ method: 'POST', path: '/lock/overlaps', body: lockSchema, response: lockOverlapsResponse }),
  create: route({ method: 'POST', path: '/lock/create', body: lockSchema, response: lockResponse, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/lock/:id/update', params: idParams, body: lockSchema, response: lockResponse }),
  delete: route({ method: ['POST', 'DELETE'], path: '/lock/:id/delete', params: idParams, response: deletedResponse }),
};

export type DiaryDay = Answer<typeof agendaRoutes.diary>;
export type DiaryCabin = DiaryDay['cabins'][number];
export type AppointmentCard = DiaryCabin['appointments'][number];
/** A schedule lock (named so it is not mistaken for the DOM's Web Locks `Lock`). */
export type AgendaLock = Answer<typeof lockRoutes.get>;
export type LockOverlaps = Answer<typeof lockRoutes.overlaps>;
export type LockListItem = ItemOf<typeof lockRoutes.list>;
