import { z } from 'zod';
import { LOYALTY_TIERS, thresholdsProblem, type LoyaltyTier, type TierThresholds } from './loyalty';
import { msg } from './validation';

export const EXCHANGE_RATE_REQUIRED = 'Debe ingresar un tipo de cambio';
/** A rate of 0 would make every dollar price 0: the rate must be above 0. */
export const EXCHANGE_RATE_MIN = 'Debe ser mayor a 0';

export const PAYMENT_PROCESS_TYPES = ['terminal', 'gateway'] as const;
export const paymentProcessTypeLabels: Record<(typeof PAYMENT_PROCESS_TYPES)[number], string> = {
  terminal: 'Terminal bancaria en sucursal',
  gateway: 'Pasarela de pago en línea',
};

export const exchangeRateValue = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: EXCHANGE_RATE_REQUIRED }).refine(Number.isFinite, EXCHANGE_RATE_REQUIRED).gt(0, EXCHANGE_RATE_MIN).max(1000, msg.invalid('tipo de cambio')),
);

/** A tier's floor in pesos: a number from 0, two decimals at most (numeric text from a form is accepted). */
const tierAmount = (tier: LoyaltyTier) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: msg.required(`monto de ${tier}`) })
      .refine(Number.isFinite, msg.invalid(`monto de ${tier}`))
      .min(0, `El monto de ${tier} no puede ser negativo`)
      .max(100_000_000, msg.invalid(`monto de ${tier}`))
      .transform((n) => Math.round(n * 100) / 100),
  );

/** BRONCE … DIAMANTE in pesos of purchases over the last 365 days; must start at 0 and rise (thresholdsProblem). */
export const loyaltyThresholdsSchema = z
  .object(Object.fromEntries(LOYALTY_TIERS.map((t) => [t, tierAmount(t)])) as Record<LoyaltyTier, ReturnType<typeof tierAmount>>)
  .superRefine((value, ctx) => {
    const problem = thresholdsProblem(value as TierThresholds);
    if (!problem) return;
    // point at the tier the message names (the later one of a pair), BRONCE for the floor
    const tier = [...LOYALTY_TIERS].reverse().find((t) => problem.includes(`de ${t} debe`)) ?? 'BRONCE';
    ctx.addIssue({ code: 'custom', path: [tier], message: problem });
  });

export const COMMISSION_PERCENT_MESSAGES = {
  required: 'Debe ingresar el porcentaje de comisión cosmetológica',
  range: 'El porcentaje de comisión debe estar entre 0 y 100',
  decimals: 'El porcentaje de comisión admite hasta dos decimales',
} as const;

/** The cosmetology commission percent (default 5): 0–100 with two decimals; each line keeps the percent of its sale. */
export const commissionPercentValue = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: COMMISSION_PERCENT_MESSAGES.required })
    .refine(Number.isFinite, COMMISSION_PERCENT_MESSAGES.required)
    .min(0, COMMISSION_PERCENT_MESSAGES.range)
    .max(100, COMMISSION_PERCENT_MESSAGES.range)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, COMMISSION_PERCENT_MESSAGES.decimals),
);

export const OPENING_FLOAT_MESSAGES = {
  required: 'Debe ingresar el fondo de caja',
  range: 'El fondo de caja debe estar entre $0.00 y $1,000,000.00',
  decimals: 'El fondo de caja admite hasta dos decimales',
} as const;

/** A clinic's drawer float in pesos: 0 (no float) up to a million, to the cent. */
export const openingFloatValue = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: OPENING_FLOAT_MESSAGES.required })
    .refine(Number.isFinite, OPENING_FLOAT_MESSAGES.required)
    .min(0, OPENING_FLOAT_MESSAGES.range)
    .max(1_000_000, OPENING_FLOAT_MESSAGES.range)
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, OPENING_FLOAT_MESSAGES.decimals),
);

export const settingSchema = z.object({
  exchangeRate: z.record(z.string().uuid(), exchangeRateValue),
  paymentProcessType: z.enum(PAYMENT_PROCESS_TYPES, { error: msg.required('tipo de proceso de pago') }),
  /** Optional: a client that does not send it keeps the stored thresholds. */
  loyaltyThresholds: loyaltyThresholdsSchema.optional(),
  /** Optional: a client that does not send it keeps the stored percent. */
  cosmetologyCommissionPercent: commissionPercentValue.optional(),
  /** Optional, by branch id: the branches a client does not send keep their float. */
  openingFloat: z.record(z.string().uuid(), openingFloatValue).optional(),
});
export type SettingInput = z.infer<typeof settingSchema>;
