import { z } from 'zod';
import { isBusinessDate, isIsoDate } from './dates';
import { msg } from './messages';

// zod's built-in messages (wrong types, bad enums, …) in Spanish for every schema
z.config(z.locales.es());

export { msg } from './messages';

/** A required trimmed text with optional length bounds. */
export function text(label: string, opts: { min?: number; max?: number } = {}) {
  let s = z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label));
  if (opts.min) s = s.min(opts.min, msg.min(label, opts.min));
  if (opts.max) s = s.max(opts.max, msg.max(label, opts.max));
  return s;
}

export function email(label = 'correo electrónico', max = 100) {
  return text(label)
    .max(max, msg.max(label, max))
    .pipe(z.email(msg.email(label)));
}

export const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export function strongPassword(label = 'contraseña') {
  return z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .min(8, msg.min(label, 8))
    .max(128, msg.max(label, 128))
    .regex(STRONG_PASSWORD, msg.passwordPattern);
}

export function pin(label = 'PIN') {
  return z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .regex(/^\d{4}$/, msg.exact(label, 4));
}

export const uuid = (label = 'identificador') => z.uuid({ error: msg.invalid(label) });

/** '' and null (an emptied filter or select) are no value. */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** An optional id of a query or filter: blank is no value, anything else must be a uuid. */
export const optionalUuid = (label: string) => z.preprocess(blankToUndefined, uuid(label).optional());

/**
 * A day of a filter: YYYY-MM-DD (API.md), a day of the calendar (2026-02-30 is not) and within the days the business
 * day is reckoned for (BUSINESS_DATES), each refusal with its own message on the field.
 */
const calendarDay = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .superRefine((v, ctx) => {
      const problem = !/^\d{4}-\d{2}-\d{2}$/.test(v)
        ? msg.dateFormat(label)
        : !isIsoDate(v)
          ? msg.invalid(label)
          : !isBusinessDate(v)
            ? msg.dateRange(label)
            : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });

/** Said in the OpenAPI document (`format: date`), where a test also finds every dated parameter of the API. */
const marked = <T extends z.ZodType>(schema: T): T => schema.meta({ format: 'date' });

/** The date of a query or filter that may be left out: blank is no value, anything else a day as calendarDay says. */
export const optionalDate = (label: string) => marked(z.preprocess(blankToUndefined, calendarDay(label).optional()));

/** A date that must be given (a day a closing or a diary is about): blank is 'requerido'. */
export const requiredDate = (label: string) => marked(z.preprocess(blankToUndefined, calendarDay(label)));

export const PHONE_COUNTRY = 'Solo se aceptan teléfonos de México (+52)';

/** Digits of a typed phone and whether it was written with an international prefix (+ or 00); null with other characters. */
function phoneParts(value: string): { digits: string; international: boolean } | null {
  if (!/^[\d\s().+-]*$/.test(value)) return null;
  const digits = value.replace(/\D/g, '');
  const international = value.trim().startsWith('+') || digits.startsWith('00');
  return { digits: digits.startsWith('00') ? digits.slice(2) : digits, international };
}

/**
 * The 10 national digits of a Mexican phone, typed with its mask or with the country code: '(664)123-4567',
 * '+52 664 123 4567', '52 6641234567', '0052…' and the old mobile '+52 1 664…' all give '6641234567'; null otherwise.
 */
export function nationalPhone(value: string): string | null {
  const parts = phoneParts(value);
  if (!parts) return null;
  if (!parts.international && parts.digits.length === 10) return parts.digits;
  return /^521?(\d{10})$/.exec(parts.digits)?.[1] ?? null;
}

/** Why a non-blank phone is refused: another country's code, or not 10 digits. */
function phoneProblem(value: string): string {
  const parts = phoneParts(value);
  return parts?.international && !parts.digits.startsWith('52') ? PHONE_COUNTRY : msg.phone;
}

/** Phone: stored as its 10 national digits; the mask, separators and a +52 prefix are stripped first. */
export function phone(label = 'teléfono') {
  return z.string({ error: msg.required(label) }).transform((v, ctx) => {
    if (!v.trim()) {
      ctx.addIssue({ code: 'custom', message: msg.required(label) });
      return z.NEVER;
    }
    const national = nationalPhone(v);
    if (national) return national;
    ctx.addIssue({ code: 'custom', message: phoneProblem(v) });
    return z.NEVER;
  });
}

/** An optional phone: without any digit (blank, or an empty mask such as '(___)___-____') it is null; else phone(). */
export function optionalPhone(label = 'teléfono') {
  return z.preprocess((v) => (v === undefined ? v : v === null || (typeof v === 'string' && !/\d/.test(v)) ? null : v), phone(label).nullable()).optional();
}

export function formatPhone(digits: string | null | undefined): string {
  const d = (digits ?? '').replace(/\D/g, '');
  if (d.length !== 10) return digits ?? '';
  return `(${d.slice(0, 3)})${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Numeric input of section 5: digits, one decimal point, optional minus, at most 25 characters. */
export const NUMERIC_INPUT = /^-?\d{0,25}(\.\d*)?$/;

/** Coerces form text or a number into a number with a Spanish message. */
export function numberField(label: string) {
  return z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: msg.required(label) }).refine((n) => Number.isFinite(n), msg.invalid(label)),
  );
}
