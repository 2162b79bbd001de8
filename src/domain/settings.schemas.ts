import { z } from 'zod';
import { msg } from './validation';

export const EXCHANGE_RATE_REQUIRED = 'Debe ingresar un tipo de cambio';
export const EXCHANGE_RATE_MIN = 'Debe ser mayor que  0';

export const PAYMENT_PROCESS_TYPES = ['terminal', 'gateway'] as const;
export const paymentProcessTypeLabels: Record<(typeof PAYMENT_PROCESS_TYPES)[number], string> = {
  terminal: 'Terminal bancaria en sucursal',
  gateway: 'Pasarela de pago en línea',
};

export const exchangeRateValue = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: EXCHANGE_RATE_REQUIRED }).refine(Number.isFinite, EXCHANGE_RATE_REQUIRED).min(0, EXCHANGE_RATE_MIN).max(1000, msg.invalid('tipo de cambio')),
);

export const settingSchema = z.object({
  exchangeRate: z.record(z.string().uuid(), exchangeRateValue),
  paymentProcessType: z.enum(PAYMENT_PROCESS_TYPES, { error: msg.required('tipo de proceso de pago') }),
});
export type SettingInput = z.infer<typeof settingSchema>;
