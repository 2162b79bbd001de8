import { zonedClock } from './dates';
import type { LoyaltyTier } from './loyalty';
import { cents, formatMoney, fromCents, multiplyCents, percentOfCents, subtractCents, sumCents, usdToMxn, ZERO_CENTS, type Cents } from './money';

/** Sales (section 2 "Sales, refunds, cash closings"; section 9): the formulas of a sale, in integer cents. */

export const PAYMENT_METHODS = ['Efectivo', 'Transferencia electrónica', 'Depósito bancario', 'Tarjeta de crédito', 'Tarjeta de débito'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * Section 4's three (Efectivo, Puntos, Tarjeta), plus 'Como se pagó' (the default: each tender back by its own method,
 * cash net of change) and 'Dividido' (a split the user chooses that adds up to the sale).
 */
export const REFUND_METHODS = ['Como se pagó', 'Efectivo', 'Puntos', 'Tarjeta', 'Dividido'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const CURRENCIES = ['MXN', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const SALE_CHANNELS = ['pos', 'app', 'online'] as const;
export type SaleChannel = (typeof SALE_CHANNELS)[number];
/** Tenders of a sale as stored: the five methods, and points redeemed. */
export const POINTS_TENDER = 'Puntos';
export const SALE_TENDERS = [...PAYMENT_METHODS, POINTS_TENDER] as const;
/** Section 4: a sale's payment status. */
export const PAYMENT_STATUSES = ['paid', 'error', 'pending_payment', 'pending_confirmation'] as const;

/** The prefix of a sale's number by its channel (POS-000123, APP-…, WEB-…). */
export const SALE_PREFIX: Record<SaleChannel, string> = { pos: 'POS', app: 'APP', online: 'WEB' };
export const saleNumber = (channel: SaleChannel, n: number | string) => `${SALE_PREFIX[channel]}-${String(n).padStart(6, '0')}`;

/**
 * The business day and wall-clock time of a sale at its branch, fixed when it happens: the branch's own zone decides
 * (Tijuana keeps US daylight saving time, Mazatlán keeps none), never the server's.
 */
export function saleClock(timeZone: string, at: Date = new Date()): { date: string; time: string } {
  const { date, minutes } = zonedClock(timeZone, at);
  return { date, time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}` };
}

/** IVA on treatments and packages, whose prices include it. */
export const SERVICES_VAT = 16;
/** What one point is worth when redeemed (docs/decisions.md). */
export const POINT_VALUE: Cents = cents(100);

export const SALE_MESSAGES = {
  paymentsMismatch: 'El total de los pagos no coincide con el total de la venta',
  cardOverpaid: 'Solo el efectivo puede exceder el total: el cambio se entrega en efectivo',
  pointsAboveBalance: (balance: number) => `El cliente solo tiene ${balance} punto(s)`,
  pointsAboveTotal: 'Los puntos no pueden exceder el total de la venta',
  pointsWithoutCustomer: 'Para canjear puntos la venta debe tener cliente',
  couponWithoutCustomer: 'Para aplicar un cupón la venta debe tener cliente',
  /** The coupon's item (or a package or promotion with its treatment) is not in the sale. */
  couponItemMissing: (code: string, item: string) => `El cupón ${code} es para «${item}»: agréguelo a la venta`,
  idempotencyKey: 'El encabezado Idempotency-Key es obligatorio (de 8 a 64 caracteres)',
  idempotencyReused: 'La clave Idempotency-Key ya se usó con otra venta',
  noExchangeRate: 'La sucursal no tiene tipo de cambio para cobrar en dólares',
  refunded: 'La venta ya fue devuelta',
  notPaid: 'Solo se puede devolver una venta pagada',
  wrongPassword: 'La contraseña no es correcta',
} as const;

/** The IVA contained in a price that includes it: amount × vat / (100 + vat), rounded once. */
export function vatIncluded(amount: Cents, vatPercent: number): Cents {
  if (!vatPercent) return ZERO_CENTS;
  // the price without IVA = amount × 100 / (100 + vat), half up to the cent (amounts here are never negative)
  const gross = BigInt(Math.round((100 + vatPercent) * 100));
  const net = (BigInt(amount) * 10_000n * 2n + gross) / (gross * 2n);
  return subtractCents(amount, cents(Number(net)));
}

/** Points a purchase earns: the catalogue points of its items times the customer's tier factor, whole points. */
export const TIER_POINT_FACTOR: Record<LoyaltyTier, number> = { BRONCE: 1, PLATA: 1.1, ORO: 1.25, PLATINO: 1.5, DIAMANTE: 2 };

export function pointsEarned(items: { points: number; quantity: number }[], tier: LoyaltyTier): number {
  const base = items.reduce((s, i) => s + Math.max(0, i.points) * i.quantity, 0);
  // the factor has two decimals at most: work in hundredths so 1.1 × 35 is 38, never 38.50000001
  return Math.floor((base * Math.round(TIER_POINT_FACTOR[tier] * 100)) / 100);
}

export const pointsValue = (points: number, pointValue: Cents = POINT_VALUE): Cents => multiplyCents(pointValue, points);

export interface TenderInput {
  method: PaymentMethod;
  currency: Currency;
  /** In its own currency. */
  amount: Cents;
  reference?: string | null;
}

export interface SettledTender extends TenderInput {
  exchangeRate: number;
  amountMxn: Cents;
}

export type Settlement = { ok: true; tenders: SettledTender[]; paid: Cents; change: Cents } | { ok: false; message: string };

/**
 * What a sale's tenders settle: each in pesos at the branch's rate (dollars), the sum at least what is due, and
 * only cash beyond it — the change, given in pesos, never more than the cash tendered.
 */
export function settlePayments(due: Cents, tenders: TenderInput[], usdRate: number | null): Settlement {
  if (tenders.some((t) => t.currency === 'USD') && !(usdRate && usdRate > 0)) return { ok: false, message: SALE_MESSAGES.noExchangeRate };
  const settled = tenders.map((t) => {
    const exchangeRate = t.currency === 'USD' ? usdRate! : 1;
    return { ...t, exchangeRate, amountMxn: t.currency === 'USD' ? usdToMxn(t.amount, exchangeRate) : t.amount };
  });
  const paid = sumCents(settled.map((t) => t.amountMxn));
  const cash = sumCents(settled.filter((t) => t.method === 'Efectivo').map((t) => t.amountMxn));
  if (paid < due) return { ok: false, message: SALE_MESSAGES.paymentsMismatch };
  const change = subtractCents(paid, due);
  if (change > cash) return { ok: false, message: SALE_MESSAGES.cardOverpaid };
  return { ok: true, tenders: settled, paid, change };
}

/**
 * A coupon's discount on one unit of the line holding its item: the item's price in that unit × discount / 100, never
 * more than the unit. The item's price is the unit's own for a line of the item itself; for a package or promotion that
 * includes the coupon's treatment it is one session of that treatment at the package's price (its promotion price).
 */
export function couponUnitDiscount(unitPrice: Cents, discountPercent: number, itemPrice: Cents = unitPrice): Cents {
  if (unitPrice <= 0 || itemPrice <= 0 || !(discountPercent > 0)) return ZERO_CENTS;
  const d = percentOfCents(itemPrice, discountPercent);
  return d > unitPrice ? unitPrice : d;
}

export interface PricedLine {
  unitPrice: Cents;
  quantity: number;
  /** IVA percent included in the price. */
  vat: number;
  /** The coupon's discount on one unit of this line (zero for the others). */
  discount: Cents;
}

/** A sale's totals: subtotal at catalogue prices, the coupon's discount, the total and the IVA it includes. */
export function saleTotals(lines: PricedLine[]): { subtotal: Cents; discountTotal: Cents; total: Cents; taxes: Cents } {
  const subtotal = sumCents(lines.map((l) => multiplyCents(l.unitPrice, l.quantity)));
  const discountTotal = sumCents(lines.map((l) => l.discount));
  const taxes = sumCents(lines.map((l) => vatIncluded(subtractCents(multiplyCents(l.unitPrice, l.quantity), l.discount), l.vat)));
  return { subtotal, discountTotal, total: subtractCents(subtotal, discountTotal), taxes };
}

/** A seller's commission on a product sale: a percentage of what was paid without IVA. */
export function cosmetologyCommission(total: Cents, taxes: Cents, percent: number): { base: Cents; commission: Cents } {
  const base = subtractCents(total, taxes);
  return { base, commission: percentOfCents(base, percent) };
}

/** Section 9: ISR amount = commission × isr / 100; payable = commission − ISR. */
export function medicalCommission(commission: Cents, isrPercent: number): { isrAmount: Cents; payable: Cents } {
  const isrAmount = percentOfCents(commission, isrPercent || 0);
  return { isrAmount, payable: subtractCents(commission, isrAmount) };
}

export const CARD_METHODS = ['Tarjeta de crédito', 'Tarjeta de débito'] as const;

/** A tender paid by card (a refund by card goes back to it). */
export const isCardMethod = (method: string): boolean => (CARD_METHODS as readonly string[]).includes(method);

export interface PaidTender {
  method: string;
  amountMxn: Cents;
}

export interface RefundPlan {
  /** The refund's rows, in pesos, negative. */
  rows: { method: string; amountMxn: Cents }[];
  /** Points credited back: the points redeemed, plus the whole refund when it is paid in points (a peso a point, rounded up). */
  pointsBack: number;
  /** Cash given back for a sale paid by card (the refund reason explains it). */
  cashForCard: boolean;
}

/** What a refund gives back: the points redeemed (always as points) and the money paid net of change. */
function refundable(tenders: PaidTender[], change: Cents) {
  const redeemed = sumCents(tenders.filter((t) => t.method === POINTS_TENDER).map((t) => t.amountMxn));
  const money = subtractCents(sumCents(tenders.filter((t) => t.method !== POINTS_TENDER).map((t) => t.amountMxn)), change);
  const rows: RefundPlan['rows'] = redeemed ? [{ method: POINTS_TENDER, amountMxn: cents(-redeemed) }] : [];
  return { redeemed, money, rows, pointsBack: Math.round(redeemed / POINT_VALUE) };
}

/** What each method paid, net of change for cash (the change came out of the drawer's cash), in the tenders' order. */
export function paidByMethod(tenders: PaidTender[], change: Cents): { method: string; amountMxn: Cents }[] {
  const by = new Map<string, Cents>();
  for (const t of tenders) if (t.method !== POINTS_TENDER) by.set(t.method, sumCents([by.get(t.method) ?? ZERO_CENTS, t.amountMxn]));
  if (by.has('Efectivo')) by.set('Efectivo', subtractCents(by.get('Efectivo')!, change));
  return [...by].filter(([, a]) => a > 0).map(([method, amountMxn]) => ({ method, amountMxn }));
}

/** One refund line the user chose: a method and its amount in pesos. */
export interface RefundSplitLine {
  method: string;
  amountMxn: Cents;
}

export const REFUND_MESSAGES = {
  splitTotal: (money: string) => `La devolución dividida debe sumar ${money}, lo pagado en la venta`,
  splitAbove: (method: string, money: string) => `A ${method} se le devuelve a lo más ${money}, lo que se pagó con ese método`,
  splitRequired: 'Indique cómo se divide la devolución',
  noCard: 'La venta no se pagó con tarjeta: elija Efectivo o Puntos',
} as const;

/**
 * Where a refund goes. The points redeemed always go back as points. The money paid (net of change) goes back: as it
 * was paid ('Como se pagó': each method what it paid, cash net of change), all in cash, all as points, to the sale's own
 * cards up to what each paid (the rest in cash), or by a split the user chooses ('Dividido') that adds up to it, where
 * a method other than cash or points gives back at most what the sale paid with it.
 */
export function refundPlan(
  method: RefundMethod,
  tenders: PaidTender[],
  change: Cents,
  split: RefundSplitLine[] = [],
): RefundPlan | { problem: string; field?: string } {
  const { money, rows, pointsBack: redeemedBack } = refundable(tenders, change);
  let pointsBack = redeemedBack;
  const cards = tenders.filter((t) => isCardMethod(t.method));
  const give = (m: string, amount: Cents) => {
    if (amount <= 0) return;
    if (m === POINTS_TENDER) pointsBack += Math.ceil(amount / POINT_VALUE);
    const same = rows.find((r) => r.method === m && m !== POINTS_TENDER);
    if (same) same.amountMxn = subtractCents(same.amountMxn, amount);
    else rows.push({ method: m, amountMxn: cents(-amount) });
  };
  if (method === 'Como se pagó') for (const p of paidByMethod(tenders, change)) give(p.method, p.amountMxn);
  else if (method === 'Puntos') give(POINTS_TENDER, money);
  else if (method === 'Tarjeta') {
    if (!cards.length) return { problem: REFUND_MESSAGES.noCard, field: 'refundMethod' };
    let left = money;
    for (const c of cards) {
      const back = c.amountMxn < left ? c.amountMxn : left;
      give(c.method, back);
      left = subtractCents(left, back);
    }
    give('Efectivo', left);
  } else if (method === 'Dividido') {
    if (!split.length) return { problem: REFUND_MESSAGES.splitRequired, field: 'split' };
    if (sumCents(split.map((l) => l.amountMxn)) !== money) return { problem: REFUND_MESSAGES.splitTotal(formatMoney(fromCents(money))), field: 'split' };
    const paid = paidByMethod(tenders, change);
    for (const m of new Set(split.map((l) => l.method))) {
      if (m === 'Efectivo' || m === POINTS_TENDER) continue;
      const asked = sumCents(split.filter((l) => l.method === m).map((l) => l.amountMxn));
      const most = paid.find((p) => p.method === m)?.amountMxn ?? ZERO_CENTS;
      if (asked > most) return { problem: REFUND_MESSAGES.splitAbove(m, formatMoney(fromCents(most))), field: 'split' };
    }
    for (const l of split) give(l.method, l.amountMxn);
  } else give('Efectivo', money);
  return { rows, pointsBack, cashForCard: method === 'Efectivo' && cards.length > 0 };
}
