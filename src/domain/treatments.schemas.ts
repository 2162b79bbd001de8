import { z } from 'zod';
import { msg, numberField, text, uuid } from './validation';

/** The three treatment types of the lookups, by their stored names. */
export const TREATMENT_TYPE_NAMES = { medical: 'Medico', cosmetology: 'Cosmetologico', valuation: 'Valoracion' } as const;
export const treatmentTypeLabels: Record<string, string> = { Medico: 'Médico', Cosmetologico: 'Cosmetológico', Valoracion: 'Valoración' };
export const treatmentTypeLabel = (name: string | null | undefined): string => (name ? (treatmentTypeLabels[name] ?? name) : '');

export const SKU_IMMUTABLE = 'El SKU no se puede modificar';
export const PHOTO_BEFORE_ACTIVATE = 'Agregue una foto antes de activar el tratamiento';
export const TERM_INVALID = 'La duración debe tener el formato HH:mm';
export const TERM_ZERO = 'La duración debe ser mayor a 00:00';

const TERM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** 'HH:mm' → minutes (null when the text is not a duration). */
export function termToMinutes(term: string): number | null {
  const m = TERM.exec(term);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function minutesToTerm(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 0/1, '0'/'1' or a boolean, as the spec's flags arrive from forms and clients. */
export function flag(label: string) {
  return z.preprocess(
    (v) => (v === 1 || v === '1' || v === 'true' ? true : v === 0 || v === '0' || v === 'false' ? false : v),
    z.boolean({ error: msg.invalid(label) }),
  );
}

/** Pesos with at most two decimals, from 0 to 99,999,999.99. */
export function moneyField(label: string) {
  return numberField(label).pipe(
    z
      .number()
      .min(0, `El campo ${label} no puede ser negativo`)
      .max(99_999_999.99, msg.invalid(label))
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `El campo ${label} admite como máximo dos decimales`),
  );
}

export function intField(label: string, min: number, max: number) {
  return numberField(label).pipe(
    z
      .number()
      .int(msg.invalid(label))
      .min(min, min === 0 ? `El campo ${label} no puede ser negativo` : `El campo ${label} debe ser al menos ${min}`)
      .max(max, msg.invalid(label)),
  );
}

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
/** A required id: 'required' when missing or empty, 'invalid' when not a UUID. */
export const requiredId = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.uuid({ error: (iss) => (iss.input === undefined ? msg.required(label) : msg.invalid(label)) }),
  );
const ids = (label: string) =>
  z
    .array(uuid(label), { error: msg.invalid(label) })
    .max(100)
    .default([])
    .transform((v) => [...new Set(v)]);

export const termField = z
  .string({ error: msg.required('duración') })
  .min(1, msg.required('duración'))
  .regex(TERM, TERM_INVALID)
  .refine((v) => termToMinutes(v) !== 0, TERM_ZERO);

export const treatmentProductSchema = z.object({ productId: requiredId('producto'), quantity: intField('cantidad', 1, 10_000) });

/** Every field of the treatment form, one at a time (the form's zodRule reads them). */
export const treatmentFieldsSchema = z.object({
  sku: text('SKU', { min: 4, max: 10 }),
  name: text('nombre', { max: 80 }),
  description: text('descripción', { max: 2000 }),
  treatmentTypeId: requiredId('tipo de tratamiento'),
  categories: z
    .array(uuid('categoría'), { error: msg.required('categorías') })
    .min(1, msg.required('categorías'))
    .max(50),
  price: moneyField('precio'),
  medicalFee: optional(moneyField('honorario médico')),
  points: intField('puntos', 0, 1_000_000),
  term: termField,
  validity: optional(intField('vigencia', 1, 3650)),
  areasIds: ids('área'),
  applianceIds: ids('aparato'),
  assessment: flag('valoración').default(false),
  consent: flag('consentimiento').default(false),
  consentId: optional(uuid('consentimiento')),
  productsIds: optional(z.array(uuid('producto')).max(100)),
  treatmentProduct: optional(z.array(treatmentProductSchema).max(100)),
  active: optional(flag('activo')),
});

interface RuleFields {
  consent?: boolean;
  consentId?: string;
  productsIds?: string[];
  treatmentProduct?: { productId: string; quantity: number }[];
}

function commonRules(v: RuleFields, ctx: z.RefinementCtx) {
  if (v.consent && !v.consentId) ctx.addIssue({ code: 'custom', path: ['consentId'], message: msg.required('consentimiento') });
  const seen = new Set<string>();
  (v.treatmentProduct ?? []).forEach((p, i) => {
    if (seen.has(p.productId)) ctx.addIssue({ code: 'custom', path: ['treatmentProduct', i, 'productId'], message: 'El producto ya está en la lista' });
    seen.add(p.productId);
  });
}

/** treatmentProduct wins; productsIds alone means one unit of each product. */
function normalise<T extends RuleFields & { term: string }>(v: T) {
  const products = v.treatmentProduct ?? (v.productsIds ?? []).map((productId) => ({ productId, quantity: 1 }));
  return { ...v, consentId: v.consent ? v.consentId : undefined, treatmentProduct: products, durationMinutes: termToMinutes(v.term)! };
}

export const treatmentCreateSchema = treatmentFieldsSchema.superRefine(commonRules).transform(normalise);
export type TreatmentCreateInput = z.output<typeof treatmentCreateSchema>;

/** An edit may repeat the SKU (the form shows it disabled); changing it is refused by the server. */
export const treatmentUpdateSchema = treatmentFieldsSchema
  .extend({ sku: optional(z.string().trim().max(40)) })
  .superRefine(commonRules)
  .transform(normalise);
export type TreatmentUpdateInput = z.output<typeof treatmentUpdateSchema>;

export interface TreatmentTypeInfo {
  name: string;
  hasAreas: boolean;
}

/** The rules that depend on the chosen treatment type (section 5): medical fee and areas. */
export function treatmentTypeIssues(v: { medicalFee?: number | null; areasIds?: string[] }, type: TreatmentTypeInfo): { field: string; message: string }[] {
  const issues: { field: string; message: string }[] = [];
  if (type.name === TREATMENT_TYPE_NAMES.medical && (v.medicalFee === undefined || v.medicalFee === null)) {
    issues.push({ field: 'medicalFee', message: msg.required('honorario médico') });
  }
  if (areasRequired(type) && !v.areasIds?.length) issues.push({ field: 'areasIds', message: msg.required('áreas') });
  return issues;
}

export const areasRequired = (type: TreatmentTypeInfo | undefined) => Boolean(type && type.hasAreas && type.name !== TREATMENT_TYPE_NAMES.valuation);
export const medicalFeeRequired = (type: TreatmentTypeInfo | undefined) => type?.name === TREATMENT_TYPE_NAMES.medical;
