import { z } from 'zod';
import { idParams, route, timestamps, type Answer } from './contract';
import { roleSchema } from './roles.schemas';

export const roleDto = z.object({
  id: z.string(),
  role: z.string(),
  name: z.string(),
  branchBound: z.boolean(),
  extendedCancellationLimit: z.boolean(),
  privileges: z.record(z.string(), z.array(z.string())),
  usersCount: z.number(),
  ...timestamps,
});

export const moduleDto = z.object({ id: z.string(), name: z.string(), alias: z.string(), actions: z.array(z.string()) });

export const roleRoutes = {
  modules: route({ method: 'GET', path: '/module', response: z.array(moduleDto) }),
  list: route({ method: 'GET', path: '/role', response: z.array(roleDto) }),
  get: route({ method: 'GET', path: '/role/:id', params: idParams, response: roleDto }),
  create: route({ method: 'POST', path: '/role/create', body: roleSchema, response: roleDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/role/:id/update', params: idParams, body: roleSchema, response: roleDto }),
};

export type Role = Answer<typeof roleRoutes.get>;
export type ModuleEntry = Answer<typeof roleRoutes.modules>[number];
