import { z } from 'zod';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
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

export const providerRoutes = recordRoutes('/provider', { query: providerListQuery, body: providerSchema, response: providerDto });

export type Provider = Answer<typeof providerRoutes.get>;
export type ProviderListItem = ItemOf<typeof providerRoutes.list>;
