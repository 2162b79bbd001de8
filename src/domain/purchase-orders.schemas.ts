import { z } from 'zod';
import { optionalText } from './branches.schemas';
import { isIsoDate } from './dates';
import { INVENTORY_MESSAGES, PAY_METHODS, PAY_STATUSES, TAX_RATES } from './inventory';
import { intField, moneyField } from './treatments.schemas';
import { msg, text, uuid } from './validation';

/** Purchase order payloads (API.md "Bodies of the inventory and sales calls"; section 5 rules). */

export const INVOICE_NUMBER_MAX = 20;
export const LOT_MAX = 40;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

/** A required YYYY-MM-DD. */
export const requiredDate = (label: string) =>
  z.preprocess((v) => (blank(v) ? undefined : v), z.string({ error: msg.required(label) }).refine(isIsoDate, msg.invalid(label)));

/** An optional YYYY-MM-DD: blank is null. */
const optionalDate = (label: string) =>
  z
    .preprocess(
      (v) => (blank(v) ? null : v),
      z
        .string({ error: msg.invalid(label) })
        .refine(isIsoDate, msg.invalid(label))
        .nullable(),
    )
    .optional();

export const taxField = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: msg.required('IVA') })
    .refine((n): n is (typeof TAX_RATES)[number] => (TAX_RATES as readonly number[]).includes(n), 'El IVA debe ser 0, 8 o 16 %'),
);

export const purchaseLineSchema = z.object({
  productId: uuid('producto'),
  quantity: intField('cantidad', 1, 1_000_000),
  price: moneyField('precio'),
  /** Required when the product's type requires a lot (checked by the server against product_types.requires_lot). */
  allotment: optionalText('lote', LOT_MAX),
  expiresAt: optionalDate('caducidad'),
});
export type PurchaseLineInput = z.output<typeof purchaseLineSchema>;

const fields = {
  invoiceNumber: text('número de factura', { max: INVOICE_NUMBER_MAX }),
  providerId: uuid('proveedor'),
  payMethod: z.enum(PAY_METHODS, { error: msg.required('método de pago') }),
  arrivedAt: requiredDate('fecha de llegada'),
  /** Shown by the form; the server always recomputes it from the arrival and the provider's payment days. */
  creditExpiration: optionalDate('vencimiento del crédito'),
  tax: taxField,
  amount: moneyField('monto'),
  comments: optionalText('comentarios', 500),
  purchaseOrderProducts: z
    .array(purchaseLineSchema, { error: msg.required('productos') })
    .min(1, msg.required('productos'))
    .max(200),
};

/** The same product with the same lot twice is refused on the repeated line's lot. */
export function duplicateLotIndexes(lines: { productId?: string | null; allotment?: string | null }[]): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  lines.forEach((l, i) => {
    if (!l.productId) return;
    const key = `${l.productId}|${(l.allotment ?? '').trim().toUpperCase()}`;
    if (seen.has(key)) repeated.push(i);
    seen.add(key);
  });
  return repeated;
}

const noDuplicateLots = (v: { purchaseOrderProducts: PurchaseLineInput[] }, ctx: z.RefinementCtx) => {
  for (const i of duplicateLotIndexes(v.purchaseOrderProducts))
    ctx.addIssue({ code: 'custom', path: ['purchaseOrderProducts', i, 'allotment'], message: INVENTORY_MESSAGES.duplicateLot });
};

export const purchaseOrderFields = z.object(fields);
export const purchaseOrderSchema = purchaseOrderFields.superRefine(noDuplicateLots);
export type PurchaseOrderInput = z.output<typeof purchaseOrderSchema>;

export const purchaseOrderUpdateFields = z.object({
  ...fields,
  payStatus: z.enum(PAY_STATUSES, { error: msg.required('estatus de pago') }),
  payedAt: requiredDate('fecha de pago'),
});
export const purchaseOrderUpdateSchema = purchaseOrderUpdateFields.superRefine(noDuplicateLots);
export type PurchaseOrderUpdateInput = z.output<typeof purchaseOrderUpdateSchema>;

/** Lines whose product requires a lot and lack the lot or the expiry: the field and its message. */
export function missingLotIssues(
  lines: { productId: string; allotment?: string | null; expiresAt?: string | null }[],
  requiresLot: (productId: string) => boolean,
): { field: string; message: string }[] {
  return lines.flatMap((l, i) => {
    if (!requiresLot(l.productId)) return [];
    const issues: { field: string; message: string }[] = [];
    if (!l.allotment?.trim()) issues.push({ field: `purchaseOrderProducts.${i}.allotment`, message: INVENTORY_MESSAGES.lotRequired });
    if (!l.expiresAt) issues.push({ field: `purchaseOrderProducts.${i}.expiresAt`, message: INVENTORY_MESSAGES.expiryRequired });
    return issues;
  });
}

export const payStatusColors: Record<(typeof PAY_STATUSES)[number], string> = { Pendiente: 'gold', Completado: 'green' };

/** A received order's provider and lines are what entered the stock: an edit may not change them. */
export const PURCHASE_LINES_LOCKED = 'La orden de compra ya fue recibida: su proveedor y sus productos ya no pueden cambiar';
