/**
 * Money. Computations use integer cents (centavos) of a branded type, so a peso amount, a quantity or a
 * percentage cannot be passed where cents are meant; the wire carries pesos as numbers with two
 * decimals and the database numeric(14,2) as exact decimal text.
 *
 * One rounding rule everywhere: to the cent, half away from zero (12.345 → 12.35, −12.345 → −12.35),
 * applied once at the end of a chain of factors, never to intermediate results.
 */

declare const centsBrand: unique symbol;
/** An amount in integer cents. Made only by the functions of this module. */
export type Cents = number & { readonly [centsBrand]: 'Cents' };

export const ZERO_CENTS = 0 as Cents;

/** Whole cents already counted (a sum from the database, a literal in a test). */
export function cents(n: number): Cents {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Importe inválido: ${n} no es un número entero de centavos`);
  return n as Cents;
}

/** n / d rounded half away from zero, for BigInts (d > 0). */
function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= d ? q + (n < 0n ? -1n : 1n) : q;
}

/** A decimal number as an integer scaled by 10^scale, rounded half away from zero beyond it; null when it is not a number. */
function scaledDecimal(value: string | number, scale: number): bigint | null {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const [, sign, whole, fraction = ''] = m;
  const digits = BigInt((whole || '0') + fraction.padEnd(scale, '0').slice(0, scale));
  const rest = fraction.slice(scale);
  const rounded = rest && Number(rest[0]) >= 5 ? digits + 1n : digits;
  return sign === '-' ? -rounded : rounded;
}

/** A JS number's shortest decimal text, without exponent (1e-7 → '0.0000001'). */
function numberText(n: number): string {
  if (!Number.isFinite(n)) return 'NaN';
  const text = String(n);
  return /e/i.test(text) ? n.toFixed(20).replace(/\.?0+$/, '') : text;
}

const PLAIN_PESOS = /^(-?)(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Pesos (a number from the wire or exact decimal text from the database) as cents, half away from zero. */
export function toCents(amount: number | string): Cents {
  // the database's numeric text ('1234.5', '-0.05'): whole cents, exact in a double (a report reads it a million times)
  const plain = typeof amount === 'string' ? PLAIN_PESOS.exec(amount) : null;
  if (plain) {
    const value = Number(plain[2]) * 100 + (plain[3] ? Number(plain[3].padEnd(2, '0')) : 0);
    return cents(plain[1] && value ? -value : value);
  }
  const scaled = scaledDecimal(amount, 2);
  if (scaled === null) throw new RangeError(`Importe inválido: ${amount}`);
  return cents(Number(scaled));
}

/** Cents as pesos for the wire (a number with at most two decimals). */
export function fromCents(amount: Cents): number {
  return amount / 100;
}

/** Cents as exact decimal text ('1234.50', '-0.05'), what a numeric(14,2) column is written with. */
export function toDecimalText(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function addCents(...amounts: Cents[]): Cents {
  return cents(amounts.reduce((sum, a) => sum + a, 0));
}

export function subtractCents(from: Cents, amount: Cents): Cents {
  return cents(from - amount);
}

/** A unit price times a whole quantity. */
export function multiplyCents(amount: Cents, quantity: number): Cents {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Cantidad inválida: ${quantity}`);
  return cents(amount * quantity);
}

export function sumCents(amounts: Iterable<Cents>): Cents {
  let sum = 0;
  for (const a of amounts) sum += a;
  return cents(sum);
}

/** A percentage (up to two decimals: 16, 12.5) of an amount, rounded once. */
export function percentOfCents(amount: Cents, percent: number | string): Cents {
  const basisPoints = scaledDecimal(percent, 2);
  if (basisPoints === null) throw new RangeError(`Porcentaje inválido: ${percent}`);
  return cents(Number(divRound(BigInt(amount) * basisPoints, 10_000n)));
}

/**
 * Splits an amount in proportion to weights (a discount over a sale's lines) so that the parts add up to
 * the amount exactly: each part is rounded down and the leftover cents go to the largest remainders.
 */
export function allocateCents(amount: Cents, weights: number[]): Cents[] {
  const total = weights.reduce((s, w) => s + w, 0);
  if (weights.length === 0) return [];
  if (total <= 0 || weights.some((w) => w < 0)) throw new RangeError('Los pesos de un reparto deben ser positivos');
  const sign = amount < 0 ? -1 : 1;
  const abs = Math.abs(amount);
  const exact = weights.map((w) => (abs * w) / total);
  const parts = exact.map(Math.floor);
  let left = abs - parts.reduce((s, p) => s + p, 0);
  const byRemainder = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]!++;
    left--;
  }
  return parts.map((p) => cents(sign * p));
}

/** An exchange rate (pesos per dollar, up to four decimals) as ten-thousandths. */
function rateOf(rate: number | string): bigint {
  const scaled = scaledDecimal(rate, 4);
  if (scaled === null || scaled <= 0n) throw new RangeError(`Tipo de cambio inválido: ${rate}`);
  return scaled;
}

/** Dollars (in cents) to pesos (in cents) at a rate of pesos per dollar. */
export function usdToMxn(usd: Cents, rate: number | string): Cents {
  return cents(Number(divRound(BigInt(usd) * rateOf(rate), 10_000n)));
}

/** Pesos (in cents) to dollars (in cents) at a rate of pesos per dollar. */
export function mxnToUsd(mxn: Cents, rate: number | string): Cents {
  return cents(Number(divRound(BigInt(mxn) * 10_000n, rateOf(rate))));
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', currencyDisplay: 'narrowSymbol' });

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** `$1,234.56 USD`: an amount tendered in dollars. */
export function formatUsd(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return `${usd.format(Number.isFinite(n) ? n : 0)} USD`;
}

/** `$1,234.56` */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return mxn.format(Number.isFinite(n) ? n : 0);
}
