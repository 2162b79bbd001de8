import { z } from 'zod';
import { APPLIANCE_STATUSES, APPLIANCE_TYPES, BRANCH_APPLIANCE_STATUSES, applianceSchema, branchApplianceSchema } from './appliances.schemas';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

export const applianceDto = z.object({
  id: z.string(),
  type: z.enum(APPLIANCE_TYPES),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string().nullable(),
  status: z.enum(APPLIANCE_STATUSES),
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

export const applianceRoutes = recordRoutes('/appliance', {
  query: listQuerySchema.extend({ type: applianceType, applianceType }),
  body: applianceSchema,
  response: applianceDto,
});

const branchApplianceQuery = listQuerySchema.extend({
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
  applianceId: z.uuid({ error: 'Aparato inválido' }).optional(),
  type: applianceType,
  status: z.enum(BRANCH_APPLIANCE_STATUSES).optional(),
});

export const branchApplianceRoutes = recordRoutes('/branch-appliance', {
  query: branchApplianceQuery,
  body: branchApplianceSchema,
  response: branchApplianceDto,
});

export type Appliance = Answer<typeof applianceRoutes.get>;
export type ApplianceListItem = ItemOf<typeof applianceRoutes.list>;
export type BranchAppliance = Answer<typeof branchApplianceRoutes.get>;
export type BranchApplianceListItem = ItemOf<typeof branchApplianceRoutes.list>;
