import { fromCents, subtractCents, sumCents, toCents, usdToMxn, ZERO_CENTS, type Cents } from '../../../domain/money';
import type { PosItem } from '../../../domain/pos.contract';
import {
  couponUnitDiscount,
  pointsValue,
  POINT_VALUE,
  saleTotals,
  settlePayments,
  type Currency,
  type PaymentMethod,
  type Settlement,
} from '../../../domain/sales';

/**
 * The counter's cart and the money it shows, with the same formulas the sale intake uses (domain/sales.ts): the
 * screen's total, change and refusals are the server's. Services (treatments, packages, promotions) and products are
 * two sales — an order and a cash order — charged one after the other: services first.
 */

export interface CartLine {
  item: PosItem;
  quantity: number;
}

export type SaleKind = 'order' | 'cashOrder';

export const kindOfItem = (item: PosItem): SaleKind => (item.kind === 'product' ? 'cashOrder' : 'order');
export const lineKey = (item: PosItem) => `${item.kind}:${item.id}`;
export const MAX_QUANTITY: Record<SaleKind, number> = { order: 99, cashOrder: 999 };

export const SALE_TITLES: Record<SaleKind, string> = { order: 'Tratamientos y paquetes', cashOrder: 'Productos' };

export function addToCart(cart: CartLine[], item: PosItem, quantity = 1): CartLine[] {
  const key = lineKey(item);
  const found = cart.find((l) => lineKey(l.item) === key);
  if (!found) return [...cart, { item, quantity }];
  return cart.map((l) => (l === found ? { ...l, quantity: Math.min(MAX_QUANTITY[kindOfItem(item)], l.quantity + quantity) } : l));
}

export function setQuantity(cart: CartLine[], key: string, quantity: number): CartLine[] {
  if (quantity < 1) return cart.filter((l) => lineKey(l.item) !== key);
  return cart.map((l) => (lineKey(l.item) === key ? { ...l, quantity: Math.min(MAX_QUANTITY[kindOfItem(l.item)], Math.floor(quantity)) } : l));
}

/** The sale charged now: the services while there are any, then the products. */
export function currentSaleKind(cart: CartLine[]): SaleKind | null {
  if (cart.some((l) => kindOfItem(l.item) === 'order')) return 'order';
  return cart.length ? 'cashOrder' : null;
}

export const linesOf = (cart: CartLine[], kind: SaleKind) => cart.filter((l) => kindOfItem(l.item) === kind);

/**
 * A coupon the server quoted: its code, the cart line it discounts, its percent and, when that line is a package or
 * promotion holding the coupon's treatment, the price of one session inside it (what the percent applies to).
 */
export interface AppliedCoupon {
  code: string;
  name: string;
  itemKey: string;
  discountPercent: number;
  /** Pesos the percent applies to on one unit of the line (absent: the unit's own price). */
  itemPrice?: number;
}

export interface SaleFigures {
  subtotal: Cents;
  discount: Cents;
  total: Cents;
  taxes: Cents;
  pointsValue: Cents;
  /** What the tenders must cover: the total less the points. */
  due: Cents;
  /** Most points this sale takes (whole points, their value never above the total). */
  maxPoints: number;
}

/** A sale's totals as the intake computes them: catalogue prices, the coupon on one unit of its item, the points. */
export function saleFigures(lines: CartLine[], coupon: AppliedCoupon | null, points: number): SaleFigures {
  const priced = lines.map((l) => {
    const unitPrice = toCents(l.item.price);
    const discounted = coupon && coupon.itemKey === lineKey(l.item);
    const itemPrice = discounted && coupon.itemPrice !== undefined ? toCents(coupon.itemPrice) : unitPrice;
    return {
      unitPrice,
      quantity: l.quantity,
      vat: l.item.tax,
      discount: discounted ? couponUnitDiscount(unitPrice, coupon.discountPercent, itemPrice) : ZERO_CENTS,
    };
  });
  const totals = saleTotals(priced);
  const value = pointsValue(points);
  return {
    subtotal: totals.subtotal,
    discount: totals.discountTotal,
    total: totals.total,
    taxes: totals.taxes,
    pointsValue: value,
    due: value > totals.total ? ZERO_CENTS : subtractCents(totals.total, value),
    maxPoints: Math.floor(totals.total / POINT_VALUE),
  };
}

export const CARD_METHODS: readonly PaymentMethod[] = ['Tarjeta de crédito', 'Tarjeta de débito', 'Transferencia electrónica', 'Depósito bancario'];
export const needsReference = (method: PaymentMethod) => CARD_METHODS.includes(method);

export interface PaymentRow {
  id: number;
  method: PaymentMethod;
  currency: Currency;
  /** What the cashier typed, in the row's currency (null: nothing yet). */
  amount: number | null;
  reference: string;
}

const filled = (rows: PaymentRow[]) => rows.filter((r) => r.amount !== null && r.amount > 0);

/** The tenders as the intake settles them: the change (only cash gives it) or why they do not cover the sale. */
export function settle(due: Cents, rows: PaymentRow[], usdRate: number | null): Settlement {
  return settlePayments(
    due,
    filled(rows).map((r) => ({ method: r.method, currency: r.currency, amount: toCents(r.amount!) })),
    usdRate,
  );
}

/** Pesos still to cover (zero once the tenders reach the amount due). */
export function remaining(due: Cents, rows: PaymentRow[], usdRate: number | null): Cents {
  const paid = sumCents(filled(rows).map((r) => (r.currency === 'USD' ? (usdRate ? usdToMxn(toCents(r.amount!), usdRate) : ZERO_CENTS) : toCents(r.amount!))));
  return paid >= due ? ZERO_CENTS : subtractCents(due, paid);
}

/** The body of the sale: ids and quantities only (the server prices), the coupon only with the sale that has its item. */
export function saleBody(input: {
  kind: SaleKind;
  branchId: string;
  customerId: string | null;
  lines: CartLine[];
  coupon: AppliedCoupon | null;
  points: number;
  rows: PaymentRow[];
}) {
  const couponHere = input.coupon && input.lines.some((l) => lineKey(l.item) === input.coupon!.itemKey) ? input.coupon.code : undefined;
  const payments = filled(input.rows).map((r) => ({
    method: r.method,
    currency: r.currency,
    amount: r.amount!,
    ...(r.reference.trim() && { reference: r.reference.trim() }),
  }));
  const items = input.lines.map((l) =>
    input.kind === 'cashOrder'
      ? { productId: l.item.id, quantity: l.quantity }
      : l.item.kind === 'treatment'
        ? { treatmentId: l.item.id, quantity: l.quantity }
        : { packageId: l.item.id, quantity: l.quantity },
  );
  return {
    channel: 'pos' as const,
    branchId: input.branchId,
    ...(input.customerId && { customerId: input.customerId }),
    ...(couponHere && { couponCode: couponHere }),
    ...(input.points > 0 && { points: input.points }),
    items,
    payments,
  };
}

/** Where a server's field error goes on the screen: a cart line (items.N.…), the payments, the points, the coupon… */
export type ErrorPlace = { line: string } | { field: 'payments' | 'points' | 'coupon' | 'customer' | 'general' };

export function placeOfError(field: string, lines: CartLine[]): ErrorPlace {
  const item = /^items\.(\d+)\./.exec(field);
  if (item) {
    const line = lines[Number(item[1])];
    return line ? { line: lineKey(line.item) } : { field: 'general' };
  }
  if (field.startsWith('payments')) return { field: 'payments' };
  if (field === 'points') return { field: 'points' };
  if (field === 'couponCode') return { field: 'coupon' };
  if (field === 'customerId') return { field: 'customer' };
  return { field: 'general' };
}

/** A fresh key per checkout attempt: 8–64 visible characters the intake accepts. */
export function newIdempotencyKey(): string {
  const random = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return `pos-${random}`;
}

export const pesos = (amount: Cents) => fromCents(amount);
