import { z } from 'zod';
import { INVENTORY_MESSAGES, ORDER_STATUSES, ORDER_TYPES, type OrderStatus } from './inventory';
import { ROLE_NAMES } from './roles';
import { msg } from './validation';

/** Restock (assortment) order payloads (API.md "Bodies", spec section 5) and the pure rules of its screens. */

const requiredId = (label: string) =>
  z.uuid({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? msg.required(label) : msg.invalid(label)) });

const optionalId = (label: string) => z.preprocess((v) => (v === '' || v === null ? undefined : v), z.uuid({ error: msg.invalid(label) }).optional());

/** A whole quantity, required, at least 0. */
export const quantity = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .number({ error: msg.required(label) })
      .int(msg.invalid(label))
      .min(0, `El campo ${label} debe ser al menos 0`)
      .max(1_000_000, msg.invalid(label)),
  );

const LINES_REQUIRED = 'Agregue al menos un producto';

export const assortmentLineSchema = z.object({ productId: requiredId('producto'), orderedQuantity: quantity('cantidad') });

export const assortmentOrderSchema = z
  .object({
    orderType: z.enum(ORDER_TYPES, { error: msg.required('tipo de orden') }),
    branchId: requiredId('sucursal'),
    comments: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), z.string().trim().max(500, msg.max('comentarios', 500)).optional()),
    assortmentOrderProducts: z.array(assortmentLineSchema, { error: LINES_REQUIRED }).min(1, LINES_REQUIRED).max(300),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.assortmentOrderProducts.forEach((line, i) => {
      if (seen.has(line.productId))
        ctx.addIssue({ code: 'custom', path: ['assortmentOrderProducts', i, 'productId'], message: INVENTORY_MESSAGES.duplicateProduct });
      seen.add(line.productId);
    });
  });
export type AssortmentOrderInput = z.output<typeof assortmentOrderSchema>;

const uniqueLineIds = (lines: { id: string }[], ctx: z.RefinementCtx) => {
  const seen = new Set<string>();
  lines.forEach((line, i) => {
    if (seen.has(line.id)) ctx.addIssue({ code: 'custom', path: ['assortmentOrderProducts', i, 'id'], message: 'La línea ya fue agregada' });
    seen.add(line.id);
  });
};

export const approveAssortmentSchema = z
  .object({
    assortmentOrderProducts: z
      .array(z.object({ id: requiredId('línea'), stockedQuantity: quantity('cantidad a enviar'), stockId: optionalId('lote') }), { error: LINES_REQUIRED })
      .min(1, LINES_REQUIRED)
      .max(300),
  })
  .superRefine((v, ctx) => uniqueLineIds(v.assortmentOrderProducts, ctx));
export type ApproveAssortmentInput = z.output<typeof approveAssortmentSchema>;

export const confirmAssortmentSchema = z
  .object({
    assortmentOrderProducts: z
      .array(z.object({ id: requiredId('línea'), receivedQuantity: quantity('cantidad recibida') }), { error: LINES_REQUIRED })
      .min(1, LINES_REQUIRED)
      .max(300),
  })
  .superRefine((v, ctx) => uniqueLineIds(v.assortmentOrderProducts, ctx));
export type ConfirmAssortmentInput = z.output<typeof confirmAssortmentSchema>;

export const isOrderStatus = (v: string | undefined): v is OrderStatus => (ORDER_STATUSES as readonly string[]).includes(v ?? '');

/** Roles whose own branch is fixed on a restock order and who see their branch's stock on the lines (section 6). */
export function branchFixedOnRestock(actor: { role: string; branchBound: boolean }): boolean {
  return actor.branchBound || actor.role === ROLE_NAMES.branchManager || actor.role === ROLE_NAMES.operations;
}

/** A finished order whose received quantities differ from the sent ones is highlighted in the list. */
export function receivedDiffers(status: string, lines: { stockedQuantity: number | null; receivedQuantity: number | null }[]): boolean {
  return status === 'Terminada' && lines.some((l) => (l.receivedQuantity ?? 0) !== (l.stockedQuantity ?? 0));
}

/** What the form of an order does for a user (section 4): approve, confirm, or only show it. */
export type RestockMode = 'create' | 'approve' | 'confirm' | 'view';

export interface RestockFacts {
  status: string;
  approvedAt: string | Date | null;
  branchId: string;
  orderById: string | null;
}

export interface RestockUser {
  id: string;
  branchId: string | null;
  branchBound: boolean;
  can: (action: 'approve' | 'edit' | 'delete') => boolean;
}

/** Approve mode: an approver who did not create it, while En proceso and not approved yet. */
export const canApprove = (o: RestockFacts, u: RestockUser) => o.status === 'En proceso' && !o.approvedAt && u.can('approve') && o.orderById !== u.id;

/** Confirm mode: once sent (En tránsito), by the receiving branch's user or a user with edit who is not bound to another branch. */
export const canConfirm = (o: RestockFacts, u: RestockUser) =>
  o.status === 'En tránsito' && Boolean(o.approvedAt) && u.can('edit') && (!u.branchBound || u.branchId === o.branchId);

/** Delete: hidden for finished or deleted orders. */
export const canDelete = (o: RestockFacts, u: RestockUser) => u.can('delete') && o.status !== 'Terminada' && o.status !== 'Eliminada';

export function restockMode(o: RestockFacts | null, u: RestockUser): RestockMode {
  if (!o) return 'create';
  if (canApprove(o, u)) return 'approve';
  if (canConfirm(o, u)) return 'confirm';
  return 'view';
}
