import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { providerSchema, REGIMES } from './providers.schemas';

export const providerDto = z.object({
  id: z.string(),
  name: z.string(),
  tradename: z.string(),
  /** Null for readers without the providers privilege (product screens). */
  rfc: z.string().nullable(),
  regime: z.enum(REGIMES),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country: z.string().nullable(),
  zipCode: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string(),
  contactName: z.string(),
  mobilePhone: z.string(),
  payConditions: z.number(),
  deliveryTime: z.string().nullable(),
  bank: z.string().nullable(),
  clabeAccount: z.string().nullable(),
  bankAccount: z.string().nullable(),
  active: z.boolean(),
  status: z.boolean(),
  ...timestamps,
});

const providerListQuery = listQuerySchema.extend({ payConditions: z.coerce.number().int().min(0).max(365).optional() });

export const providerRoutes = {
  list: route({ method: 'GET', path: '/provider', query: providerListQuery, response: listResponse(providerDto) }),
  get: route({ method: 'GET', path: '/provider/:id', params: idParams, response: providerDto }),
  create: route({ method: 'POST', path: '/provider/create', body: providerSchema, response: providerDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/provider/:id/update', params: idParams, body: providerSchema, response: providerDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/provider/:id/delete', params: idParams, response: providerDto }),
};

export type Provider = Answer<typeof providerRoutes.get>;
export type ProviderListItem = ItemOf<typeof providerRoutes.list>;
