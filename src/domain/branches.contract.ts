import { z } from 'zod';
import { branchSchema } from './branches.schemas';
import { listResponse, recordWriteRoutes, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { named, queryFlag } from './refs';

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
  reminderHour: z.number(),
  schedules: z.array(z.object({ day: z.number(), opening: z.string(), closing: z.string() })),
  ...timestamps,
});

const branchListQuery = listQuerySchema.extend({ franchise: queryFlag, distributionCenter: queryFlag });

export const branchRoutes = {
  /** The sign-in page's branch choice, before any token. */
  all: route({ method: 'GET', path: '/branch/all', response: z.array(named) }),
  /** The branch lookup of every screen (filters, selects). */
  lookup: route({ method: 'GET', path: '/branch', query: branchListQuery, response: listResponse(branchDto) }),
  list: route({ method: 'GET', path: '/branch/paginated', query: branchListQuery, response: listResponse(branchDto) }),
  ...recordWriteRoutes('/branch', { create: branchSchema, update: branchSchema, response: branchDto }),
};

export type Branch = Answer<typeof branchRoutes.get>;
export type BranchListItem = ItemOf<typeof branchRoutes.lookup>;
