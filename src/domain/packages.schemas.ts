import { z } from 'zod';
import type { ModuleKey } from './privileges';
import { flag, intField, moneyField, requiredId } from './treatments.schemas';
import { msg, text, uuid } from './validation';

export const PACKAGE_TYPES = ['Package', 'Promotion'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const packageTypeLabels: Record<PackageType, string> = { Package: 'Paquete', Promotion: 'Promoción' };
/** Each type has its own privileges: packages.* for Package, promotions.* for Promotion. */
export const packageModule: Record<PackageType, ModuleKey> = { Package: 'packages', Promotion: 'promotions' };

/** Payment methods of section 9. */
export const PAYMENT_TYPES = ['Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const END_DATE_BEFORE_START = 'La fecha final no puede ser anterior a la fecha inicial';
export const END_TIME_BEFORE_START = 'La hora final debe ser posterior a la hora inicial';
export const VALUATION_NOT_ALLOWED = 'El tipo de tratamiento Valoración no se permite en paquetes ni promociones';
export const TREATMENT_OF_OTHER_TYPE = 'El tratamiento no corresponde al tipo de tratamiento seleccionado';
export const AREA_NOT_OF_TREATMENT = 'El área no corresponde al tratamiento';
export const PHOTO_BEFORE_ACTIVATE = 'Agregue una foto antes de activar el paquete o la promoción';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function calendarDate(label: string) {
  return z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .refine(
      (v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v),
      msg.invalid(label),
    );
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)(:00)?$/;
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

export function clockTime(label: string) {
  return z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .regex(HHMM, `El campo ${label} debe tener el formato HH:mm`)
    .transform((v) => v.slice(0, 5));
}

export const packageItemSchema = z.object({
  /** An existing item keeps its id across edits. */
  id: optional(uuid('partida')),
  treatmentId: requiredId('tratamiento'),
  areasIds: z
    .array(uuid('área'), { error: msg.invalid('áreas') })
    .max(50)
    .default([])
    .transform((v) => [...new Set(v)]),
  sessions: optional(intField('sesiones', 1, 1000)),
  limit: intField('límite', 1, 1000),
  /** Read-only in the form; the server takes it from the treatment's price. */
  regularPrice: optional(moneyField('precio regular')),
  promotionPrice: moneyField('precio promoción'),
});
export type PackageItemInput = z.output<typeof packageItemSchema>;

/** Every field of the form, one at a time (the form's zodRule reads them). */
export const packageFieldsSchema = z.object({
  type: z.enum(PACKAGE_TYPES, { error: msg.required('tipo') }),
  sku: text('SKU', { min: 4, max: 12 }),
  name: text('nombre', { max: 100 }),
  description: text('descripción', { max: 2000 }),
  treatmentTypeId: requiredId('tipo de tratamiento'),
  categoryId: requiredId('categoría'),
  points: intField('puntos', 0, 1_000_000),
  cabainTime: intField('tiempo de cabina', 1, 1440),
  branchesIds: z
    .array(uuid('sucursal'), { error: msg.required('sucursales') })
    .min(1, msg.required('sucursales'))
    .max(200)
    .transform((v) => [...new Set(v)]),
  paymentType: z
    .array(z.enum(PAYMENT_TYPES, { error: msg.invalid('tipo de pago') }), { error: msg.required('tipo de pago') })
    .min(1, msg.required('tipo de pago'))
    .transform((v) => [...new Set(v)]),
  active: optional(flag('activo')),
  validBySchedule: flag('vigencia por fechas').default(false),
  startDate: optional(calendarDate('fecha inicial')),
  endDate: optional(calendarDate('fecha final')),
  validByTime: flag('vigencia por horario').default(false),
  startTime: optional(clockTime('hora inicial')),
  endTime: optional(clockTime('hora final')),
  treatmentPackage: z
    .array(packageItemSchema, { error: msg.required('tratamientos') })
    .min(1, 'Debe agregar al menos un tratamiento')
    .max(50),
});

type Fields = z.output<typeof packageFieldsSchema>;

/** Cross-field rules of section 5: dates and hours when limited by them; sessions on packages. */
export function packageRules(v: Partial<Fields>, ctx: z.RefinementCtx) {
  if (v.validBySchedule) {
    if (!v.startDate) ctx.addIssue({ code: 'custom', path: ['startDate'], message: msg.required('fecha inicial') });
    if (!v.endDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: msg.required('fecha final') });
    if (v.startDate && v.endDate && v.endDate < v.startDate) ctx.addIssue({ code: 'custom', path: ['endDate'], message: END_DATE_BEFORE_START });
  }
  if (v.validByTime) {
    if (!v.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: msg.required('hora inicial') });
    if (!v.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: msg.required('hora final') });
    if (v.startTime && v.endTime && v.endTime <= v.startTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: END_TIME_BEFORE_START });
  }
  if (v.type === 'Package') {
    (v.treatmentPackage ?? []).forEach((item, i) => {
      if (item.sessions === undefined) ctx.addIssue({ code: 'custom', path: ['treatmentPackage', i, 'sessions'], message: msg.required('sesiones') });
    });
  }
}

/** Dates and hours only count when their switch is on; promotions have one session per item. */
function normalise(v: Fields) {
  return {
    ...v,
    startDate: v.validBySchedule ? v.startDate : undefined,
    endDate: v.validBySchedule ? v.endDate : undefined,
    startTime: v.validByTime ? v.startTime : undefined,
    endTime: v.validByTime ? v.endTime : undefined,
    treatmentPackage: v.treatmentPackage.map((item) => ({ ...item, sessions: v.type === 'Promotion' ? 1 : (item.sessions ?? 1) })),
  };
}

export const packageSchema = packageFieldsSchema.superRefine(packageRules).transform(normalise);
export type PackageInput = z.output<typeof packageSchema>;
