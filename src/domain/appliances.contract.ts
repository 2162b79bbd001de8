import { z } from 'zod';
import { APPLIANCE_TYPES, BRANCH_APPLIANCE_STATUSES, applianceSchema, branchApplianceSchema } from './appliances.schemas';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

export const applianceDto = z.object({
  id: z.string(),
  type: z.enum(APPLIANCE_TYPES),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  ...timestamps,
});

export const branchApplianceDto = z.object({
  id: z.string(),
  applianceId: z.string(),
  appliance: z.object({ id: z.string(), name: z.string(), type: z.enum(APPLIANCE_TYPES), brand: z.string(), model: z.string() }),
  branchId: z.string(),
  branch: z.object({ id: z.string(), name: z.string() }),
  sku: z.string(),
  number: z.string().nullable(),
  status: z.enum(BRANCH_APPLIANCE_STATUSES),
  statusDescription: z.string().nullable(),
  lastMaintenance: z.string().nullable(),
  comments: z.string().nullable(),
  ...timestamps,
});

const applianceType = z.enum(APPLIANCE_TYPES).optional();

export const applianceRoutes = {
  list: route({
    method: 'GET',
    path: '/appliance',
    query: listQuerySchema.extend({ type: applianceType, applianceType }),
    response: listResponse(applianceDto),
  }),
  get: route({ method: 'GET', path: '/appliance/:id', params: idParams, response: applianceDto }),
  create: route({ method: 'POST', path: '/appliance/create', body: applianceSchema, response: applianceDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/appliance/:id/update', params: idParams, body: applianceSchema, response: applianceDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/appliance/:id/delete', params: idParams, response: applianceDto }),
};

const branchApplianceQuery = listQuerySchema.extend({
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
  applianceId: z.uuid({ error: 'Aparato inválido' }).optional(),
  type: applianceType,
  status: z.enum(BRANCH_APPLIANCE_STATUSES).optional(),
});

export const branchApplianceRoutes = {
  list: route({ method: 'GET', path: '/branch-appliance', query: branchApplianceQuery, response: listResponse(branchApplianceDto) }),
  get: route({ method: 'GET', path: '/branch-appliance/:id', params: idParams, response: branchApplianceDto }),
  create: route({ method: 'POST', path: '/branch-appliance/create', body: branchApplianceSchema, response: branchApplianceDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/branch-appliance/:id/update', params: idParams, body: branchApplianceSchema, response: branchApplianceDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/branch-appliance/:id/delete', params: idParams, response: branchApplianceDto }),
};

export type Appliance = Answer<typeof applianceRoutes.get>;
export type ApplianceListItem = ItemOf<typeof applianceRoutes.list>;
export type BranchAppliance = Answer<typeof branchApplianceRoutes.get>;
export type BranchApplianceListItem = ItemOf<typeof branchApplianceRoutes.list>;
