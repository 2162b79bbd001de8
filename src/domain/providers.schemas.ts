import { z } from 'zod';
import { rfc, RFC_PATTERN } from './branches.schemas';
import { email, msg, phone, text } from './validation';

/** Payment terms in days (section 5); 0 is cash. */
export const PAY_CONDITIONS = [0, 15, 30, 45, 60, 90] as const;
export type PayCondition = (typeof PAY_CONDITIONS)[number];
export const payConditionLabel = (days: number) => (days ? `${days} días` : 'Contado');

export const REGIMES = ['Moral', 'Fisica'] as const;
export type Regime = (typeof REGIMES)[number];
export const regimeLabels: Record<Regime, string> = { Moral: 'Persona moral', Fisica: 'Persona física' };

/** A persona moral's RFC has 3 letters (12 characters), a persona física's 4 (13 characters). */
export const RFC_LENGTH_BY_REGIME: Record<Regime, number> = { Moral: 12, Fisica: 13 };
export const RFC_REGIME_MISMATCH = (regime: Regime) =>
  `El RFC de una ${regimeLabels[regime].toLowerCase()} debe tener ${RFC_LENGTH_BY_REGIME[regime]} caracteres`;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** Optional text: blank becomes null. */
const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (blank(v) ? null : v),
      z
        .string({ error: msg.invalid(label) })
        .trim()
        .max(max, msg.max(label, max))
        .nullable(),
    )
    .optional();

const optionalDigits = (label: string, max: number) =>
  z
    .preprocess(
      (v) => (blank(v) ? null : v),
      z
        .string({ error: msg.invalid(label) })
        .trim()
        .max(max, msg.max(label, max))
        .regex(/^\d+$/, msg.invalid(label))
        .nullable(),
    )
    .optional();

const optionalEmail = (label: string) => z.preprocess((v) => (blank(v) ? null : v), email(label, 100).nullable()).optional();

export const payConditions = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: msg.required('condiciones de pago') })
    .refine((d): d is PayCondition => (PAY_CONDITIONS as readonly number[]).includes(d), 'Las condiciones de pago deben ser 0, 15, 30, 45, 60 o 90 días'),
);

/** Every field of the provider payload (section 3 and 5), one zod rule each; phones arrive as 10 digits. */
export const providerFields = z.object({
  name: text('nombre', { max: 50 }),
  tradename: text('razón social', { max: 50 }),
  rfc: rfc(),
  regime: z.enum(REGIMES, { error: msg.required('régimen') }),
  address: optionalText('dirección', 50),
  city: optionalText('ciudad', 50),
  state: optionalText('estado', 50),
  country: optionalText('país', 50),
  zipCode: optionalDigits('código postal', 5),
  email: optionalEmail('correo electrónico'),
  phone: phone('teléfono'),
  contactName: text('contacto', { max: 50 }),
  mobilePhone: phone('teléfono celular'),
  payConditions,
  deliveryTime: optionalText('tiempo de entrega', 50),
  bank: optionalText('banco', 50),
  clabeAccount: optionalDigits('CLABE', 18),
  bankAccount: optionalDigits('cuenta bancaria', 20),
  active: z.boolean().optional(),
});

/** The payload with the cross-field rule: the RFC's length follows the regime. */
export const providerSchema = providerFields.superRefine((p, ctx) => {
  // only a well-formed RFC and a known regime can disagree; other issues are reported by their fields
  if (!RFC_PATTERN.test(p.rfc ?? '') || !RFC_LENGTH_BY_REGIME[p.regime]) return;
  if (p.rfc.length !== RFC_LENGTH_BY_REGIME[p.regime]) ctx.addIssue({ code: 'custom', path: ['rfc'], message: RFC_REGIME_MISMATCH(p.regime) });
});
export type ProviderInput = z.output<typeof providerSchema>;
export type ProviderFormInput = z.input<typeof providerSchema>;
