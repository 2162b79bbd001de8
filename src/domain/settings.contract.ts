import { z } from 'zod';
import { idParams, route, timestamps, type Answer } from './contract';
import { LOYALTY_TIERS } from './loyalty';
import { PAYMENT_PROCESS_TYPES, settingSchema } from './settings.schemas';

export const settingDto = z.object({
  id: z.string(),
  exchangeRate: z.record(z.string(), z.number()),
  paymentProcessType: z.enum(PAYMENT_PROCESS_TYPES),
  /** Pesos from which each loyalty tier starts (the defaults while never edited). */
  loyaltyThresholds: z.object(Object.fromEntries(LOYALTY_TIERS.map((t) => [t, z.number()])) as Record<(typeof LOYALTY_TIERS)[number], z.ZodNumber>),
  /** The percent of a product sale without IVA its seller earns (applies to later sales). */
  cosmetologyCommissionPercent: z.number(),
  /** Each active clinic's drawer float in pesos, by branch id (the default where never set). */
  openingFloat: z.record(z.string(), z.number()),
  ...timestamps,
});

export const settingRoutes = {
  get: route({ method: 'GET', path: '/setting', response: settingDto }),
  update: route({ method: ['PUT', 'POST'], path: '/setting/:id/update', params: idParams, body: settingSchema, response: settingDto }),
};

export type Setting = Answer<typeof settingRoutes.get>;
