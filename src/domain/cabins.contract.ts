import { z } from 'zod';
import { cabinSchema, cabinTypeSchema } from './cabins.schemas';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

const optionalId = z.uuid({ error: 'Identificador inválido' }).optional();
const schedules = z.array(z.object({ day: z.number(), opening: z.string(), closing: z.string() }));

export const cabinTypeDto = z.object({
  id: z.string(),
  name: z.string(),
  order: z.number(),
  color: z.string(),
  treatmentType: z.object({ id: z.string(), appointmentName: z.string(), name: z.string() }),
  ...timestamps,
});

export const cabinDto = z.object({
  id: z.string(),
  name: z.string(),
  type: z.object({ id: z.string(), name: z.string(), color: z.string() }),
  branch: z.object({ id: z.string(), name: z.string() }),
  status: z.boolean(),
  description: z.string().nullable(),
  schedules,
  ...timestamps,
});

export const cabinTypeRoutes = {
  list: route({ method: 'GET', path: '/cabain-type', query: listQuerySchema.extend({ treatmentTypeId: optionalId }), response: listResponse(cabinTypeDto) }),
  get: route({ method: 'GET', path: '/cabain-type/:id', params: idParams, response: cabinTypeDto }),
  create: route({ method: 'POST', path: '/cabain-type/create', body: cabinTypeSchema, response: cabinTypeDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/cabain-type/:id/update', params: idParams, body: cabinTypeSchema, response: cabinTypeDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/cabain-type/:id/delete', params: idParams, response: cabinTypeDto }),
};

export const cabinRoutes = {
  list: route({
    method: 'GET',
    path: '/cabain',
    query: listQuerySchema.extend({ branchId: optionalId, typeId: optionalId }),
    response: listResponse(cabinDto),
  }),
  get: route({ method: 'GET', path: '/cabain/:id', params: idParams, response: cabinDto }),
  create: route({ method: 'POST', path: '/cabain/create', body: cabinSchema, response: cabinDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/cabain/:id/update', params: idParams, body: cabinSchema, response: cabinDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/cabain/:id/delete', params: idParams, response: cabinDto }),
};

export type CabinType = Answer<typeof cabinTypeRoutes.get>;
export type Cabin = Answer<typeof cabinRoutes.get>;
export type CabinListItem = ItemOf<typeof cabinRoutes.list>;
