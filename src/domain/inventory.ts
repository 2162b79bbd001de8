import { DATE_FORMAT } from './dates';
import type { ErrorCode } from './errors';

/** Inventory rules (second document: sections 4, 5 and 9) shared by the API and the screens. */

export const EXPIRY_WARNING_DAYS = 30;
export const EXPIRY_ALERT_DAYS = 60;

export type ExpiryColor = 'danger' | 'warning' | 'alert' | 'okay';
export type StockRowColor = 'danger' | 'volcano' | null;

const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(iso.slice(0, 10) + 'T00:00:00Z') / DAY_MS;

/** Whole days from `today` to `date` (both YYYY-MM-DD): 0 on the day itself, negative once past. */
export function daysBetween(today: string, date: string): number {
  return Math.round(dayNumber(date) - dayNumber(today));
}

/** `date` moved by whole days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The tag colour of an expiry date: 0 days or less danger, up to 30 warning, up to 60 alert, else okay. */
export function expiryColor(expiresAt: string | null | undefined, today: string): ExpiryColor {
  if (!expiresAt) return 'okay';
  const days = daysBetween(today, expiresAt);
  if (days <= 0) return 'danger';
  if (days <= EXPIRY_WARNING_DAYS) return 'warning';
  if (days <= EXPIRY_ALERT_DAYS) return 'alert';
  return 'okay';
}

export interface StockRowFacts {
  quantity: number;
  max: number | null;
  min: number | null;
  lots: { expiresAt: string | null; quantity: number }[];
}

/**
 * An inventory row's colour: danger when a lot with units expires in under 30 days; 'volcano' when the quantity
 * is above the max (a max of 0 or none sets no ceiling) or below the min.
 */
export function stockRowColor(row: StockRowFacts, today: string): StockRowColor {
  if (row.lots.some((l) => l.quantity > 0 && l.expiresAt && daysBetween(today, l.expiresAt) < EXPIRY_WARNING_DAYS)) return 'danger';
  if (row.max && row.quantity > row.max) return 'volcano';
  if (row.min !== null && row.quantity < row.min) return 'volcano';
  return null;
}

/** A lot may be sold, sent or applied through the day of its expiry date; from the next day it is expired. */
export function isExpired(expiresAt: string | null | undefined, today: string): boolean {
  return Boolean(expiresAt) && daysBetween(today, expiresAt!) < 0;
}

export const formatIsoDate = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return DATE_FORMAT.replace('DD', d!).replace('MM', m!).replace('YYYY', y!);
};

export const EXPIRED_LOT = (allotment: string, expiresAt: string) =>
  `El lote ${allotment} caducó el ${formatIsoDate(expiresAt)}: solo puede darse de baja como merma por caducidad o devolverse al proveedor`;

/** Branch managers and franchisees do not see unit prices, subtotals or totals of stock (section 6). */
export const hidesStockPrices = (roleName: string) => roleName === 'Sucursal Gerente' || roleName === 'Franquiciatario';

/** Credit expiration (section 9): arrival date + 1 day + the provider's payment days. */
export function creditExpiration(arrivedAt: string, payConditions: number): string {
  return addDays(arrivedAt, 1 + payConditions);
}

export const INVENTORY_MESSAGES = {
  insufficient: 'Inventario insuficiente',
  insufficientRestock: 'Inventarío insuficiente',
  saleOrderStock: 'No se cuenta con suficiente stock',
  minAboveMax: 'La cantidad mínima no puede ser mayor a la cantidad máxima',
  aboveMax: 'La cantidad excede el límite permitido',
  duplicateLot: 'El producto con ese lote ya fue agregado',
  duplicateStock: 'El lote ya fue agregado',
  duplicateProduct: 'El producto ya fue agregado',
  maxMinExists: 'Ya existe un máximo y mínimo para el producto en la sucursal',
  distributionCenter: 'El inventario del centro de distribución no admite ajustes ni máximos y mínimos',
  creatorCannotApprove: 'Quien creó la orden no puede aprobarla',
  sameBranch: 'La sucursal de origen y la de destino deben ser distintas',
  receivedAboveSent: 'La cantidad recibida no puede ser mayor a la enviada',
  purchaseReceived: 'No se puede eliminar una orden de compra cuyo inventario ya fue recibido',
  purchaseCompleted: 'La orden de compra está pagada (Completado) y ya no se puede modificar',
  purchaseNotReceivable: 'La orden de compra ya fue recibida',
  lotRequired: 'El lote es requerido',
  expiryRequired: 'La fecha de caducidad es requerida',
} as const;

/** Max/min (section 5): both required, min not above max. */
export function maxMinProblem(max: number, min: number): string | null {
  return min > max ? INVENTORY_MESSAGES.minAboveMax : null;
}

/** An ordered quantity above the product's max at the branch is refused; a max of 0 (or none) means no limit. */
export function aboveMaxProblem(ordered: number, max: number | null | undefined): string | null {
  return max && ordered > max ? INVENTORY_MESSAGES.aboveMax : null;
}

/**
 * What a restock suggestion orders for one product at a branch: up to its max, counting what is on hand, in
 * transit and already ordered, and only when that total is at or below its min (so a second press orders nothing).
 */
export function suggestedQuantity(facts: { onHand: number; inTransit: number; pending: number; max: number; min: number }): number {
  const covered = facts.onHand + facts.inTransit + facts.pending;
  if (!facts.max || covered > facts.min) return 0;
  return Math.max(0, facts.max - covered);
}

/** Document numbers: the prefix and six digits (OC-000045). */
export const DOCUMENT_PREFIXES = { purchase: 'OC', assortment: 'OR', sale: 'SO', transfer: 'TR' } as const;
export type DocumentKind = keyof typeof DOCUMENT_PREFIXES;
export const documentNumber = (kind: DocumentKind, n: number | bigint | string) => `${DOCUMENT_PREFIXES[kind]}-${String(n).padStart(6, '0')}`;

/** Restock (assortment) and transfer statuses (section 4). */
export const ORDER_STATUSES = ['En proceso', 'En tránsito', 'Terminada', 'Rechazada', 'Eliminada'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusColors: Record<OrderStatus, string> = {
  'En proceso': 'gold',
  'En tránsito': 'blue',
  Terminada: 'green',
  Rechazada: 'red',
  Eliminada: 'default',
};

/** The actions on a restock order or a transfer that its status allows or refuses (section 4). */
export type OrderAction = 'approve' | 'confirm' | 'reject' | 'delete';

/**
 * The 409 of the error catalogue (section 8) that refuses `action` on an order in `status`: finished; cancelled before
 * (rejected or deleted); not approved yet (receiving a pending order); approved already (approving a sent one); or it
 * cannot be cancelled (rejecting a sent order: rejecting belongs to approve mode; deleting one the user may not).
 */
export function orderStateRefusal(action: OrderAction, status: OrderStatus): ErrorCode {
  if (status === 'Terminada') return 'ORDER_FINISHED';
  if (status === 'Rechazada' || status === 'Eliminada') return 'ORDER_ALREADY_CANCELLED';
  if (action === 'confirm') return 'ORDER_NOT_APPROVED';
  if (action === 'approve' && status === 'En tránsito') return 'ORDER_ALREADY_APPROVED';
  return 'ORDER_CANNOT_BE_CANCELLED';
}

/** The five assortment order types (section 4). */
export const ORDER_TYPES = ['opening', 'ordinary_sale', 'ordinary_general', 'extraordinary_sale', 'extraordinary_general'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];
export const orderTypeLabels: Record<OrderType, string> = {
  opening: 'Apertura',
  ordinary_sale: 'Ordinaria de venta',
  ordinary_general: 'Ordinaria general',
  extraordinary_sale: 'Extraordinaria de venta',
  extraordinary_general: 'Extraordinaria general',
};

export const PAY_METHODS = ['Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const PAY_STATUSES = ['Pendiente', 'Completado'] as const;
export type PayStatus = (typeof PAY_STATUSES)[number];
export const TAX_RATES = [0, 8, 16] as const;

/** Adjustment types: the spec's drop and registration, and the two ways out of an expired lot. */
export const ADJUSTMENT_TYPES = ['drop', 'registration', 'expiry', 'return'] as const;
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
export const adjustmentTypeLabels: Record<AdjustmentType, string> = {
  drop: 'Baja',
  registration: 'Alta',
  expiry: 'Merma por caducidad',
  return: 'Devolución a proveedor',
};

/** Why a lot's quantity changed: one movement row per change, written with the change. */
export const MOVEMENT_CAUSES = [
  'purchase_received',
  'restock_sent',
  'restock_received',
  'restock_returned',
  'transfer_sent',
  'transfer_received',
  'transfer_returned',
  'receipt_difference',
  'sale_order',
  'sale_order_returned',
  'adjustment_drop',
  'adjustment_registration',
  'expiry_write_off',
  'provider_return',
  'product_sale',
  'product_sale_refund',
  'appointment',
] as const;
export type MovementCause = (typeof MOVEMENT_CAUSES)[number];
/** The movements the expense reports read: restocks and transfers received, transfers sent or given back, returns to the provider. */
export const EXPENSE_CAUSES = [
  'restock_received',
  'transfer_received',
  'transfer_sent',
  'transfer_returned',
  'provider_return',
] as const satisfies readonly MovementCause[];
export const movementCauseLabels: Record<MovementCause, string> = {
  purchase_received: 'Compra recibida',
  restock_sent: 'Resurtido enviado',
  restock_received: 'Resurtido recibido',
  restock_returned: 'Resurtido devuelto al origen',
  transfer_sent: 'Transferencia enviada',
  transfer_received: 'Transferencia recibida',
  transfer_returned: 'Transferencia devuelta al origen',
  receipt_difference: 'Diferencia entre enviado y recibido',
  sale_order: 'Orden de venta',
  sale_order_returned: 'Orden de venta eliminada',
  adjustment_drop: 'Ajuste: baja',
  adjustment_registration: 'Ajuste: alta',
  expiry_write_off: 'Merma por caducidad',
  provider_return: 'Devolución a proveedor',
  product_sale: 'Venta de producto',
  product_sale_refund: 'Devolución de venta de producto',
  appointment: 'Aplicado en cita',
};

/** Causes that may take units from an expired lot: the only ways out of one. */
export const EXPIRED_LOT_EXITS: readonly MovementCause[] = [
  'expiry_write_off',
  'provider_return',
  'restock_returned',
  'transfer_returned',
  'receipt_difference',
];

/** Units left after a sequence of signed movements: a lot's quantity is always this sum. */
export const replay = (movements: { quantity: number }[]) => movements.reduce((sum, m) => sum + m.quantity, 0);

/** Lots in first-expiry-first order: the earliest expiry first, lots without expiry last, then by lot. */
export function fefoOrder<L extends { expiresAt: string | null; allotment: string }>(lots: L[]): L[] {
  return [...lots].sort((a, b) => {
    if (a.expiresAt !== b.expiresAt) {
      if (!a.expiresAt) return 1;
      if (!b.expiresAt) return -1;
      return a.expiresAt < b.expiresAt ? -1 : 1;
    }
    return a.allotment < b.allotment ? -1 : a.allotment > b.allotment ? 1 : 0;
  });
}

/** Splits `units` over lots in first-expiry-first order, skipping expired ones; null when they do not hold enough. */
export function pickFefo<L extends { expiresAt: string | null; allotment: string; quantity: number }>(
  lots: L[],
  units: number,
  today: string,
): { lot: L; units: number }[] | null {
  const picks: { lot: L; units: number }[] = [];
  let left = units;
  for (const lot of fefoOrder(lots)) {
    if (left <= 0) break;
    if (lot.quantity <= 0 || isExpired(lot.expiresAt, today)) continue;
    const take = Math.min(lot.quantity, left);
    picks.push({ lot, units: take });
    left -= take;
  }
  return left > 0 ? null : picks;
}
