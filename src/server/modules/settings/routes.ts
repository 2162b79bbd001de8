import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LOYALTY_TIERS } from '../../../domain/loyalty';
import { PAYMENT_PROCESS_TYPES, settingSchema } from '../../../domain/settings.schemas';
import type { AppContext } from '../../context';
import { idParams, timestamps } from '../dto';
import * as service from './service';

const settingDto = z.object({
  id: z.string(),
  exchangeRate: z.record(z.string(), z.number()),
  paymentProcessType: z.enum(PAYMENT_PROCESS_TYPES),
  /** Pesos from which each loyalty tier starts (the defaults while never edited). */
  loyaltyThresholds: z.object(Object.fromEntries(LOYALTY_TIERS.map((t) => [t, z.number()])) as Record<(typeof LOYALTY_TIERS)[number], z.ZodNumber>),
  ...timestamps,
});

export function registerSettingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/setting', { config: { access: ['setting.show', 'sales.show', 'pos.show'] }, schema: { response: { 200: settingDto } } }, () => service.getSetting(ctx));
  r.route({
    method: ['PUT', 'POST'],
    url: '/setting/:id/update',
    config: { access: 'setting.edit' },
    schema: { params: idParams, body: settingSchema, response: { 200: settingDto } },
    handler: (req) => service.updateSetting(ctx, req, req.params.id, req.body),
  });
}
