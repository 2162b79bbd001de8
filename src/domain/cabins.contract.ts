import { z } from 'zod';
import { cabinSchema, cabinTypeSchema } from './cabins.schemas';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
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

export const cabinTypeRoutes = recordRoutes('/cabain-type', {
  query: listQuerySchema.extend({ treatmentTypeId: optionalId }),
  body: cabinTypeSchema,
  response: cabinTypeDto,
});

export const cabinRoutes = recordRoutes('/cabain', {
  query: listQuerySchema.extend({ branchId: optionalId, typeId: optionalId }),
  body: cabinSchema,
  response: cabinDto,
});

export type CabinType = Answer<typeof cabinTypeRoutes.get>;
export type Cabin = Answer<typeof cabinRoutes.get>;
export type CabinListItem = ItemOf<typeof cabinRoutes.list>;
