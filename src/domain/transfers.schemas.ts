import { z } from 'zod';
import { INVENTORY_MESSAGES, type OrderStatus } from './inventory';
import { intField } from './treatments.schemas';
import { msg, uuid } from './validation';

/** Transfer payloads (API.md "Bodies of the inventory and sales calls"; section 5 "Transfer"). */

const MAX_UNITS = 1_000_000;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim());

const comments = z
  .preprocess(
    (v) => (blank(v) ? null : v),
    z
      .string({ error: msg.invalid('comentarios') })
      .trim()
      .max(500, msg.max('comentarios', 500))
      .nullable(),
  )
  .optional();

/** A required id: 'es requerido' when missing, 'no es válido' when malformed. */
const requiredId = (label: string) =>
  z.uuid({ error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? msg.required(label) : msg.invalid(label)) });

const lines = <T extends z.ZodType>(line: T) =>
  z
    .array(line, { error: msg.required('productos') })
    .min(1, msg.required('productos'))
    .max(200);

export const transferLineSchema = z.object({ stockId: requiredId('producto'), stockedQuantity: intField('cantidad a enviar', 1, MAX_UNITS) });

/** Lines that repeat a lot already on an earlier line. */
export function repeatedIndexes(ids: (string | null | undefined)[]): number[] {
  const seen = new Set<string>();
  return ids.flatMap((id, i) => {
    if (!id) return [];
    if (seen.has(id)) return [i];
    seen.add(id);
    return [];
  });
}

export const transferSchema = z
  .object({
    originBranchId: requiredId('sucursal de origen'),
    destinyBranchId: requiredId('sucursal de destino'),
    comments,
    transferProducts: lines(transferLineSchema),
  })
  .superRefine((v, ctx) => {
    if (v.originBranchId === v.destinyBranchId) ctx.addIssue({ code: 'custom', path: ['destinyBranchId'], message: INVENTORY_MESSAGES.sameBranch });
    for (const i of repeatedIndexes(v.transferProducts.map((l) => l.stockId)))
      ctx.addIssue({ code: 'custom', path: ['transferProducts', i, 'stockId'], message: INVENTORY_MESSAGES.duplicateStock });
  });
export type TransferInput = z.output<typeof transferSchema>;

/** Approve mode: the quantity sent per line (0 leaves a line out; at least one line sends units). */
export const transferApproveSchema = z.object({
  transferProducts: lines(z.object({ id: uuid('línea'), stockedQuantity: intField('cantidad a enviar', 0, MAX_UNITS) })).refine(
    (ls) => ls.some((l) => l.stockedQuantity > 0),
    'Debe enviar al menos una unidad',
  ),
});
export type TransferApproveInput = z.output<typeof transferApproveSchema>;

/** Confirm mode: the quantity received per line. */
export const transferConfirmSchema = z.object({
  transferProducts: lines(z.object({ id: uuid('línea'), receivedQuantity: intField('cantidad recibida', 0, MAX_UNITS) })),
});
export type TransferConfirmInput = z.output<typeof transferConfirmSchema>;

/** What a transfer's form is for, from its state (section 4). */
export type TransferMode = 'create' | 'approve' | 'confirm' | 'readOnly';

export interface TransferFacts {
  status: OrderStatus;
  approvedAt: unknown;
  acceptedAt: unknown;
  rejectedAt: unknown;
  deleted_at: unknown;
}

/** The form is disabled once accepted, rejected or deleted; pending is approve mode, sent is confirm mode. */
export function transferMode(t: TransferFacts | undefined): TransferMode {
  if (!t) return 'create';
  if (t.acceptedAt || t.rejectedAt || t.deleted_at || t.status === 'Terminada' || t.status === 'Rechazada' || t.status === 'Eliminada') return 'readOnly';
  return t.approvedAt ? 'confirm' : 'approve';
}

/** Delete (section 4): hidden once approved, accepted, rejected or deleted; the super administrator may also delete a sent or rejected one. */
export function transferDeletable(t: TransferFacts, superAdmin: boolean): boolean {
  if (t.status === 'En proceso') return true;
  return superAdmin && (t.status === 'En tránsito' || t.status === 'Rechazada');
}

/** A finished transfer where some line's received quantity differs from the sent one: its row is highlighted. */
export const transferHasDifference = (status: OrderStatus, lines: { stockedQuantity: number; receivedQuantity: number | null }[]) =>
  status === 'Terminada' && lines.some((l) => (l.receivedQuantity ?? 0) !== l.stockedQuantity);
