import { cents, subtractCents, sumCents, type Cents } from './money';

/**
 * Daily cash closings (second document, sections 2 and 3): a branch-day's totals per payment method and per
 * refund method from its sale_payments rows, the drawer the closing expects, and what was counted in it.
 * Everything in integer cents; dollars stay dollars (their cents), never converted.
 */

export const CLOSING_NUMBER_PREFIX = 'CC';
export const closingNumber = (n: number | string) => `${CLOSING_NUMBER_PREFIX}-${String(n).padStart(6, '0')}`;

/** A closing without a user was made by the nightly job. */
export const AUTOMATIC_LABEL = 'Automático';

/** The drawer's bills and coins, in their currency (0.5 = 50 centavos). */
export const DENOMINATIONS = { MXN: [1000, 500, 200, 100, 50, 20, 10, 5, 2, 1, 0.5], USD: [100, 50, 20, 10, 5, 1] } as const;
export type DrawerCurrency = keyof typeof DENOMINATIONS;
export const DRAWER_CURRENCIES = Object.keys(DENOMINATIONS) as DrawerCurrency[];

/**
 * The drawer's opening float (pesos in cents) of a clinic whose float was never set: the change a receptionist needs
 * for the first sales of a day. It stays in the drawer at the close (counted with the day's cash) and opens the next day;
 * a distribution centre has no drawer.
 */
export const DEFAULT_OPENING_FLOAT = cents(200_000);

export const CLOSING_MESSAGES = {
  futureDate: 'No se puede cerrar un día que aún no llega en la sucursal',
  distributionCenter: 'Un centro de distribución no tiene caja que cerrar',
  denomination: 'Denominación no válida',
  count: 'La cantidad debe ser un número entero mayor o igual a cero',
} as const;

/** One payment or refund row (or a sum of like rows): amounts in their currency and in pesos, refunds negative. */
export interface ClosingPaymentRow {
  kind: 'payment' | 'refund';
  orderKind: 'order' | 'cashOrder';
  method: string;
  currency: string;
  amount: Cents;
  amountMxn: Cents;
}

/** The change (pesos given back) of the sales whose payments a day counts, by kind of sale. */
export interface ClosingChangeRow {
  orderKind: 'order' | 'cashOrder';
  change: Cents;
}

export interface ClosingTotals {
  /** Pesos the drawer held when the day opened (the branch's float); not part of what the day took. */
  openingFloat: Cents;
  creditCardTotal: Cents;
  debitCardTotal: Cents;
  /** Pesos in cash, net of the change given. */
  cashTotal: Cents;
  /** Dollars in cash, in dollar cents. */
  cashTotalDollars: Cents;
  pointsTotal: Cents;
  transferTotal: Cents;
  depositTotal: Cents;
  /** Refunds per method, as positive amounts. */
  refundCash: Cents;
  refundCreditCardTotal: Cents;
  refundDebitCardTotal: Cents;
  refundPoints: Cents;
  /** Pesos the day took: every tender at its peso value, less the change and every refund. */
  total: Cents;
  productCashTotal: Cents;
  productCashTotalDollars: Cents;
  productRefundCash: Cents;
  productTotal: Cents;
}

const CASH = 'Efectivo';

type RowTest = (r: ClosingPaymentRow) => boolean;
const sumOf = (rows: ClosingPaymentRow[], test: RowTest, value: (r: ClosingPaymentRow) => Cents) => sumCents(rows.filter(test).map(value));
/** A refund's amount as the positive amount given back. */
const refunded = (r: ClosingPaymentRow) => cents(-r.amountMxn);

const payment =
  (method: string, currency?: string): RowTest =>
  (r) =>
    r.kind === 'payment' && r.method === method && (!currency || r.currency === currency);
const refund =
  (method: string): RowTest =>
  (r) =>
    r.kind === 'refund' && r.method === method;

/** Pesos in cash, net of change: the MXN cash tendered less the change given (always in pesos). */
export function netCash(rows: ClosingPaymentRow[], change: Cents): Cents {
  return subtractCents(
    sumOf(rows, payment(CASH, 'MXN'), (r) => r.amount),
    change,
  );
}

/** What a set of rows took in pesos: tenders at their peso value, less the change and the refunds. */
export function netTotal(rows: ClosingPaymentRow[], change: Cents): Cents {
  return subtractCents(sumCents(rows.map((r) => r.amountMxn)), change);
}

/** The cash refunds of the rows (pesos, positive). */
export const cashRefunds = (rows: ClosingPaymentRow[]): Cents => sumOf(rows, refund(CASH), refunded);

/**
 * A branch-day's totals from its payment and refund rows, the change of the sales those payments belong to and the
 * float the drawer opened with.
 */
export function closingTotals(rows: ClosingPaymentRow[], changes: ClosingChangeRow[], openingFloat: Cents = cents(0)): ClosingTotals {
  const change = sumCents(changes.map((c) => c.change));
  const products = rows.filter((r) => r.orderKind === 'cashOrder');
  const productChange = sumCents(changes.filter((c) => c.orderKind === 'cashOrder').map((c) => c.change));
  const amountMxn = (r: ClosingPaymentRow) => r.amountMxn;
  return {
    openingFloat,
    creditCardTotal: sumOf(rows, payment('Tarjeta de crédito'), amountMxn),
    debitCardTotal: sumOf(rows, payment('Tarjeta de débito'), amountMxn),
    cashTotal: netCash(rows, change),
    cashTotalDollars: sumOf(rows, payment(CASH, 'USD'), (r) => r.amount),
    pointsTotal: sumOf(rows, payment('Puntos'), amountMxn),
    transferTotal: sumOf(rows, payment('Transferencia electrónica'), amountMxn),
    depositTotal: sumOf(rows, payment('Depósito bancario'), amountMxn),
    refundCash: cashRefunds(rows),
    refundCreditCardTotal: sumOf(rows, refund('Tarjeta de crédito'), refunded),
    refundDebitCardTotal: sumOf(rows, refund('Tarjeta de débito'), refunded),
    refundPoints: sumOf(rows, refund('Puntos'), refunded),
    total: netTotal(rows, change),
    productCashTotal: netCash(products, productChange),
    productCashTotalDollars: sumOf(products, payment(CASH, 'USD'), (r) => r.amount),
    productRefundCash: cashRefunds(products),
    productTotal: netTotal(products, productChange),
  };
}

export const EMPTY_TOTALS: ClosingTotals = closingTotals([], []);

/** The drawer a closing expects: pesos = opening float + cash in − change − cash refunds; dollars = cash dollars. */
export function expectedDrawer(t: ClosingTotals): Record<DrawerCurrency, Cents> {
  return { MXN: subtractCents(sumCents([t.openingFloat, t.cashTotal]), t.refundCash), USD: t.cashTotalDollars };
}

/** The refunds of the four methods a closing shows (cash, credit card, debit card, points). */
export const refundsTotal = (t: ClosingTotals): Cents => sumCents([t.refundCash, t.refundCreditCardTotal, t.refundDebitCardTotal, t.refundPoints]);

/** Counts by denomination ("500": 3) of one currency. */
export type DenominationCounts = Partial<Record<string, number>>;
export type DrawerCount = Partial<Record<DrawerCurrency, DenominationCounts>>;

/** A denomination (pesos or dollars, up to two decimals) in cents. */
const denominationCents = (denomination: number) => cents(Math.round(denomination * 100));

/** The denominations of a currency as the keys a count uses ("1000", "0.5"). */
export const denominationKeys = (currency: DrawerCurrency) => DENOMINATIONS[currency].map(String);

/** What a count of one currency adds up to, in cents; unknown denominations are the contract's to refuse. */
export function countedAmount(currency: DrawerCurrency, counts: DenominationCounts | undefined): Cents {
  return sumCents(DENOMINATIONS[currency].map((d) => cents(denominationCents(d) * (counts?.[String(d)] ?? 0))));
}

export function countedDrawer(count: DrawerCount): Record<DrawerCurrency, Cents> {
  return { MXN: countedAmount('MXN', count.MXN), USD: countedAmount('USD', count.USD) };
}

/** Counted − expected, per currency: negative when the drawer is short. */
export function drawerDifference(counted: Record<DrawerCurrency, Cents>, expected: Record<DrawerCurrency, Cents>): Record<DrawerCurrency, Cents> {
  return { MXN: subtractCents(counted.MXN, expected.MXN), USD: subtractCents(counted.USD, expected.USD) };
}

/**
 * A count of bills and coins that adds up to `amount` (cents) as closely as the smallest coin allows, largest
 * first: what a drawer holding exactly that amount would be counted as (the demo's drawers).
 */
export function countFor(currency: DrawerCurrency, amount: Cents): Record<string, number> {
  let left = Math.max(0, amount);
  const counts: Record<string, number> = {};
  for (const d of DENOMINATIONS[currency]) {
    const unit = denominationCents(d);
    const n = Math.floor(left / unit);
    if (n > 0) counts[String(d)] = n;
    left -= n * unit;
  }
  return counts;
}
