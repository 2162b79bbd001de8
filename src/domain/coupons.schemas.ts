import { z } from 'zod';
import { msg, numberField, text, uuid } from './validation';

export const COUPON_TYPES = ['Treatment', 'Product'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];
export const couponTypeLabels: Record<CouponType, string> = { Treatment: 'Tratamiento', Product: 'Producto' };

/** Product types a coupon may discount (section 5: cosmetologist or sale products). */
export const COUPON_PRODUCT_TYPES = ['cosmetologist', 'sale'] as const;

export const COUPON_LOCKED_MESSAGE = 'El tipo, el tratamiento o producto y el descuento de un cupón no se pueden modificar';
export const COUPON_LIMIT_BELOW_USED = (used: number) => `El límite de usos no puede ser menor a los usos registrados (${used})`;
export const COUPON_DISCOUNT_MIN = 'El descuento debe ser mayor a 0';
export const COUPON_DISCOUNT_MAX = 'El descuento no puede ser mayor a 100';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as YYYY-MM-DD that exists (no 2026-02-30). */
export function isoDate(label: string) {
  return z
    .string({ error: msg.required(label) })
    .min(1, msg.required(label))
    .refine(
      (v) => ISO_DATE.test(v) && !Number.isNaN(Date.parse(v + 'T00:00:00Z')) && new Date(v + 'T00:00:00Z').toISOString().startsWith(v),
      msg.invalid(label),
    );
}

const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), uuid(label).optional());

/** The fields an edit may change (type, item and discount are fixed once created). */
export const couponEditableShape = {
  code: text('código', { min: 5, max: 15 }),
  name: text('nombre', { max: 50 }),
  description: text('descripción', { max: 1000 }),
  branchesIds: z
    .array(uuid('sucursal'), { error: msg.required('sucursales') })
    .min(1, msg.required('sucursales'))
    .max(200)
    .transform((ids) => [...new Set(ids)]),
  limit: numberField('límite de usos').pipe(
    z.number().int(msg.invalid('límite de usos')).min(1, 'El límite de usos debe ser al menos 1').max(1_000_000, msg.invalid('límite de usos')),
  ),
  expireDate: isoDate('vigencia'),
  status: z.boolean().optional(),
};

export const couponLockedShape = {
  type: z.enum(COUPON_TYPES, { error: msg.required('tipo') }),
  treatmentId: optionalId('tratamiento'),
  productId: optionalId('producto'),
  discount: numberField('descuento').pipe(
    z
      .number()
      .gt(0, COUPON_DISCOUNT_MIN)
      .max(100, COUPON_DISCOUNT_MAX)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'El descuento admite como máximo dos decimales'),
  ),
};

type ItemFields = { type?: CouponType; treatmentId?: string; productId?: string };

/** The item matching the type is required; the other one is dropped. */
function requireItem(v: ItemFields, ctx: z.RefinementCtx) {
  if (v.type === 'Treatment' && !v.treatmentId) ctx.addIssue({ code: 'custom', path: ['treatmentId'], message: msg.required('tratamiento') });
  if (v.type === 'Product' && !v.productId) ctx.addIssue({ code: 'custom', path: ['productId'], message: msg.required('producto') });
}

const couponObject = z.object({ ...couponEditableShape, ...couponLockedShape });

/** Fields one at a time, for the form's zodRule. */
export const couponFieldsSchema = couponObject;

export const couponCreateSchema = couponObject
  .superRefine(requireItem)
  .transform((v) => ({ ...v, treatmentId: v.type === 'Treatment' ? v.treatmentId : undefined, productId: v.type === 'Product' ? v.productId : undefined }));
export type CouponCreateInput = z.output<typeof couponCreateSchema>;

/** An edit may repeat the locked fields (the form sends them disabled); the server refuses a change. */
export const couponUpdateSchema = z.object({
  ...couponEditableShape,
  type: couponLockedShape.type.optional(),
  treatmentId: couponLockedShape.treatmentId,
  productId: couponLockedShape.productId,
  discount: z.preprocess((v) => (v === '' || v === null ? undefined : v), couponLockedShape.discount.optional()),
});
export type CouponUpdateInput = z.output<typeof couponUpdateSchema>;

/** What a coupon is checked against at a sale: its treatment or product, or a package or promotion (`Package`) that includes its treatment. */
export const COUPON_ITEM_TYPES = [...COUPON_TYPES, 'Package'] as const;

export const couponValidateSchema = z.object({
  code: text('código', { max: 15 }),
  customerId: uuid('cliente'),
  branchId: uuid('sucursal'),
  item: z.object({ type: z.enum(COUPON_ITEM_TYPES, { error: msg.required('tipo de artículo') }), id: uuid('artículo') }, { error: msg.required('artículo') }),
});
export type CouponValidateInput = z.output<typeof couponValidateSchema>;
