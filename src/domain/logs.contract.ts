import { z } from 'zod';
import { idParams, listResponse, route, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { optionalDate } from './validation';

const logQuery = listQuerySchema.extend({
  module: z.string().max(60).optional(),
  action: z.string().max(40).optional(),
  userId: z.uuid().optional(),
  branchId: z.uuid().optional(),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});
const ref = z.object({ id: z.string(), name: z.string() }).nullable();
export const logDto = z.object({
  id: z.string(),
  module: z.object({ name: z.string(), alias: z.string() }),
  action: z.string(),
  entityId: z.string().nullable(),
  order: z.string().nullable(),
  sourceBranch: ref,
  affectedBranch: ref,
  user: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }).nullable(),
  changes: z.object({ before: z.unknown(), after: z.unknown(), metadata: z.unknown() }),
  created_at: z.date(),
});
/** A row for its detail modal: every recorded field in Spanish, ids replaced by the names they point to. */
export const logDetailDto = logDto.extend({
  fields: z.array(z.object({ key: z.string(), label: z.string(), before: z.string().nullable(), after: z.string().nullable(), changed: z.boolean() })),
  browser: z.string(),
});

export const logRoutes = {
  list: route({ method: 'GET', path: '/system-log', query: logQuery, response: listResponse(logDto) }),
  get: route({ method: 'GET', path: '/system-log/:id', params: idParams, response: logDetailDto }),
  // the bitácora's own detail (its list is the appointments module's GET /bitacora): appointment rows only
  bitacoraGet: route({ method: 'GET', path: '/bitacora/:id', params: idParams, response: logDetailDto }),
};

export type SystemLogRow = ItemOf<typeof logRoutes.list>;
export type LogDetail = Answer<typeof logRoutes.get>;
