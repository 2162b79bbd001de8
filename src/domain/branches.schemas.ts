import { z } from 'zod';
import { ZONE_TIME_ZONES, type BranchZone } from './dates';
import { reminderHourField } from './reminders';
import { weekScheduleSchema } from './schedules';
import { msg, optionalPhone, phone, text } from './validation';

export const BRANCH_ZONES = ['Sureste', 'Centro', 'Pacifico', 'Noroeste'] as const satisfies readonly BranchZone[];
export const zoneLabels: Record<BranchZone, string> = { Sureste: 'Sureste', Centro: 'Centro', Pacifico: 'Pacífico', Noroeste: 'Noroeste' };

export function timeZoneOf(zone: BranchZone): string {
  return ZONE_TIME_ZONES[zone];
}

/** Mexican RFC: 3 letters (legal person) or 4 (natural person), the date YYMMDD, a 3-character check. */
export const RFC_PATTERN = /^[A-ZÑ&]{3,4}\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])[A-Z\d]{2}[A\d]$/;
export const RFC_INVALID = 'RFC Invalido';

export const rfc = (label = 'RFC') =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .toUpperCase()
    .min(1, msg.required(label))
    .regex(RFC_PATTERN, RFC_INVALID);

const blankToNull = (v: unknown) => (v === '' || v === undefined ? null : typeof v === 'string' && !v.trim() ? null : v);

/** Optional text: blank becomes null. */
export const optionalText = (label: string, max: number) =>
  z
    .preprocess(
      blankToNull,
      z
        .string({ error: msg.invalid(label) })
        .trim()
        .max(max, msg.max(label, max))
        .nullable(),
    )
    .optional();

const coordinate = (label: string, limit: number) =>
  z
    .preprocess(
      (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
      z
        .number({ error: msg.invalid(label) })
        .refine(Number.isFinite, msg.invalid(label))
        .min(-limit, msg.invalid(label))
        .max(limit, msg.invalid(label))
        .nullable(),
    )
    .optional();

const exactDigits = (label: string, n: number) =>
  z
    .string({ error: msg.required(label) })
    .trim()
    .min(1, msg.required(label))
    .length(n, msg.exact(label, n))
    .regex(/^\d+$/, msg.invalid(label));

const mapsUrl = z
  .preprocess(
    blankToNull,
    z
      .string({ error: msg.invalid('URL de Google Maps') })
      .trim()
      .max(500, msg.max('URL de Google Maps', 500))
      .regex(/^https?:\/\/\S+$/i, msg.invalid('URL de Google Maps'))
      .nullable(),
  )
  .optional();

/** The branch payload (section 3 and 5); the schedule list is named `schedule` on writes. */
export const branchSchema = z.object({
  name: text('nombre', { max: 100 }),
  street: text('calle', { max: 255 }),
  extNumber: text('número exterior', { max: 20 }),
  intNumber: optionalText('número interior', 20),
  suburb: text('colonia', { max: 100 }),
  city: text('ciudad', { max: 50 }),
  state: text('estado', { max: 50 }),
  zipCode: exactDigits('código postal', 5),
  phone: optionalPhone('teléfono'),
  mobilePhone: phone('teléfono celular'),
  lat: coordinate('latitud', 90),
  lng: coordinate('longitud', 180),
  code: text('código')
    .toUpperCase()
    .pipe(z.string().length(10, msg.exact('código', 10))),
  zone: z.enum(BRANCH_ZONES, { error: msg.required('zona') }),
  active: z.boolean().optional(),
  franchise: z.boolean().optional(),
  rfc: rfc(),
  businessName: text('razón social', { max: 255 }),
  description: optionalText('descripción', 1000),
  note: optionalText('nota', 1000),
  googleMapsUrl: mapsUrl,
  showInClients: z.boolean().optional(),
  distributionCenter: z.boolean().optional(),
  /** The local hour of the day-before appointment reminders (absent: 10 on create, unchanged on update). */
  reminderHour: reminderHourField,
  schedule: weekScheduleSchema.optional(),
});
export type BranchInput = z.output<typeof branchSchema>;
export type BranchFormInput = z.input<typeof branchSchema>;

export const BRANCH_CODE_EXISTS = 'Ya existe una sucursal con ese código';
export const BRANCH_CODE_LENGTH = 10;
export const ZIP_CODE_LENGTH = 5;
