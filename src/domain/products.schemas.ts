import { z } from 'zod';
import { msg, numberField, text, uuid } from './validation';

/** Product kinds: the product type's slug, which also names its update route. */
export const PRODUCT_KINDS = ['cosmetologist', 'sale', 'medical', 'supply'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];
export const productKindLabels: Record<ProductKind, string> = { cosmetologist: 'Cosmetológico', sale: 'Venta', medical: 'Médico', supply: 'Insumo' };
/** A product type as the screens name it: by its kind's Spanish label, whatever name the table holds ('cosmetologist' → Cosmetológico). */
export const productTypeLabel = (type: { slug?: string | null; name?: string | null }): string =>
  (type.slug && Object.prototype.hasOwnProperty.call(productKindLabels, type.slug) ? productKindLabels[type.slug as ProductKind] : type.name) ?? '';

export const CONTENT_TYPES = ['Bolsa', 'Paquete', 'Caja', 'Pieza', 'Vial', 'Jeringuilla', 'Ampolleta'] as const;
export const MEASURE_UNITS = ['ml', 'l', 'g', 'kg', 'pza', 'ud'] as const;
export const TAX_OPTIONS = [0, 8, 16] as const;
export const PRODUCT_PHOTOS_MAX = 3;
export const SKU_MIN = 4;
export const SKU_MAX = 12;

/** Approval (section 4): pending until approved_at or rejected_at is set. */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
export const approvalLabels: Record<ApprovalState, string> = { pending: 'Pendiente', approved: 'Aprobado', rejected: 'Rechazado' };
export const approvalColors: Record<ApprovalState, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

export function approvalOf(p: { approved_at?: unknown; rejected_at?: unknown }): ApprovalState {
  if (p.approved_at) return 'approved';
  if (p.rejected_at) return 'rejected';
  return 'pending';
}

export const productMessages = {
  skuLocked: 'El SKU no se puede modificar',
  typeLocked: 'El tipo de producto no se puede modificar',
  kindMismatch: 'La ruta de actualización no corresponde al tipo del producto',
  pricingNeedsApprove: 'Se requiere el privilegio de aprobar para modificar los costos de franquicia y el precio de venta',
  alreadyDecided: 'El producto ya fue aprobado o rechazado',
  pricingMissing: 'Capture los costos de franquicia, el precio de venta y los puntos antes de aprobar',
  photoRequired: 'Debe subir al menos una foto del producto',
  photoBeforeApprove: 'Agregue al menos una foto antes de aprobar',
  tooManyPhotos: `Se permiten como máximo ${PRODUCT_PHOTOS_MAX} fotos por producto`,
  lastPhoto: 'El producto debe conservar al menos una foto',
  tax: 'El IVA debe ser 0, 8 o 16 %',
};

const twoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;
const MAX_MONEY = 999_999_999_999.99; // numeric(14,2)

const moneyRule = (label: string) =>
  z
    .number({ error: msg.invalid(label) })
    .min(0, `El campo ${label} no puede ser negativo`)
    .max(MAX_MONEY, msg.invalid(label))
    .refine(twoDecimals, `El campo ${label} admite como máximo dos decimales`);

const percentRule = (label: string) =>
  z
    .number({ error: msg.invalid(label) })
    .min(0, `El campo ${label} no puede ser negativo`)
    .max(1000, `El campo ${label} no puede ser mayor a 1000 %`)
    .refine(twoDecimals, `El campo ${label} admite como máximo dos decimales`);

const pointsRule = (label: string) =>
  z
    .number({ error: msg.invalid(label) })
    .int(msg.invalid(label))
    .min(0, `El campo ${label} no puede ser negativo`)
    .max(1_000_000, msg.invalid(label));

/** An optional number: blank or null clears it; text is coerced. */
const nullable = (rule: z.ZodType<number>) => z.preprocess((v) => (v === '' ? null : typeof v === 'string' ? Number(v) : v), rule.nullable()).optional();

const ids = (label: string) =>
  z
    .array(uuid(label), { error: msg.required(label) })
    .min(1, msg.required(label))
    .max(100)
    .transform((list) => [...new Set(list)]);

/** Fields only an approver may set (section 6: the franchise cost fields need approve). */
export const pricingShape = {
  franchiseTax: nullable(percentRule('IVA de franquicia')),
  additionalCostFranchise: nullable(percentRule('costo adicional de franquicia')),
  indirectExpenses: nullable(moneyRule('gastos indirectos')),
  profitPorcentage: nullable(percentRule('porcentaje de utilidad')),
  salePrice: nullable(moneyRule('precio de venta')),
  points: nullable(pointsRule('puntos')),
};
export type PricingField = keyof typeof pricingShape;
export const PRICING_FIELDS = Object.keys(pricingShape) as PricingField[];
export const pricingLabels: Record<PricingField, string> = {
  franchiseTax: 'IVA de franquicia',
  additionalCostFranchise: 'costo adicional de franquicia',
  indirectExpenses: 'gastos indirectos',
  profitPorcentage: 'porcentaje de utilidad',
  salePrice: 'precio de venta',
  points: 'puntos',
};

/** Kinds whose approver must also capture indirect expenses (supplies do not carry them). */
export const INDIRECT_EXPENSES_KINDS: readonly ProductKind[] = ['cosmetologist', 'sale', 'medical'];

/** The pricing fields the approver's edit view requires for a product of this kind. */
export function requiredPricingFields(kind: ProductKind): PricingField[] {
  return PRICING_FIELDS.filter((f) => f !== 'indirectExpenses' || INDIRECT_EXPENSES_KINDS.includes(kind));
}

export function missingPricingFields(kind: ProductKind, values: Partial<Record<PricingField, unknown>>): PricingField[] {
  return requiredPricingFields(kind).filter((f) => values[f] === null || values[f] === undefined || values[f] === '');
}

const required = <T extends z.ZodType<unknown, string>>(label: string, inner: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: msg.required(label) }).pipe(inner));

/** The product payload (sections 3 and 5); photos travel as multipart files beside it. */
export const productFields = z.object({
  productTypeId: required('tipo de producto', uuid('tipo de producto')),
  sku: text('SKU', { min: SKU_MIN, max: SKU_MAX }),
  name: text('nombre', { max: 100 }),
  brand: text('marca', { max: 60 }),
  barCode: text('código de barras', { max: 40 }),
  description: text('descripción', { max: 2000 }),
  contentType: z.enum(CONTENT_TYPES, { error: msg.required('tipo de contenido') }),
  content: numberField('contenido').pipe(z.number().gt(0, 'El contenido debe ser mayor a 0').max(999_999_999, msg.invalid('contenido'))),
  measureUnit: z.enum(MEASURE_UNITS, { error: msg.required('unidad de medida') }),
  cost: numberField('costo').pipe(moneyRule('costo')),
  tax: numberField('IVA').pipe(z.number().refine((n) => (TAX_OPTIONS as readonly number[]).includes(n), productMessages.tax)),
  providersIds: ids('proveedores'),
  categoriesIds: ids('categorías'),
  active: z.boolean().optional(),
  ...pricingShape,
});

export const productCreateSchema = productFields;
export type ProductCreateInput = z.output<typeof productCreateSchema>;

/** On edit the SKU and the type may be sent back, but only unchanged. */
export const productUpdateSchema = productFields.extend({ productTypeId: z.string().optional(), sku: z.string().trim().optional() });
export type ProductUpdateInput = z.output<typeof productUpdateSchema>;
