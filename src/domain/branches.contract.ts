import { z } from 'zod';
import { branchSchema } from './branches.schemas';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

export const branchDto = z.object({
  id: z.string(),
  name: z.string(),
  street: z.string(),
  extNumber: z.string(),
  intNumber: z.string().nullable(),
  suburb: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  phone: z.string().nullable(),
  mobilePhone: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  code: z.string(),
  zone: z.string(),
  timeZone: z.string(),
  active: z.boolean(),
  franchise: z.boolean(),
  rfc: z.string(),
  businessName: z.string(),
  description: z.string().nullable(),
  note: z.string().nullable(),
  googleMapsUrl: z.string().nullable(),
  showInClients: z.boolean(),
  distributionCenter: z.boolean(),
  schedules: z.array(z.object({ day: z.number(), opening: z.string(), closing: z.string() })),
  ...timestamps,
});

const flag = z.enum(['0', '1', 'true', 'false']).optional();
const branchListQuery = listQuerySchema.extend({ franchise: flag, distributionCenter: flag });

export const branchRoutes = {
  /** The sign-in page's branch choice, before any token. */
  all: route({ method: 'GET', path: '/branch/all', response: z.array(z.object({ id: z.string(), name: z.string() })) }),
  /** The branch lookup of every screen (filters, selects). */
  lookup: route({ method: 'GET', path: '/branch', query: branchListQuery, response: listResponse(branchDto) }),
  list: route({ method: 'GET', path: '/branch/paginated', query: branchListQuery, response: listResponse(branchDto) }),
  get: route({ method: 'GET', path: '/branch/:id', params: idParams, response: branchDto }),
  create: route({ method: 'POST', path: '/branch/create', body: branchSchema, response: branchDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/branch/:id/update', params: idParams, body: branchSchema, response: branchDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/branch/:id/delete', params: idParams, response: branchDto }),
};

export type Branch = Answer<typeof branchRoutes.get>;
export type BranchListItem = ItemOf<typeof branchRoutes.lookup>;
