/** Money as integer cents; pesos on the wire as numbers with two decimals. */
export type Cents = number;

export function toCents(amount: number | string): Cents {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(n)) throw new RangeError(`Importe inválido: ${amount}`);
  return Math.round(n * 100 + Math.sign(n) * 1e-7);
}

export function fromCents(cents: Cents): number {
  return Math.round(cents) / 100;
}

const mxn = new Intl.NumberFormat('es-MX', { style: 'currency', currency: 'MXN', currencyDisplay: 'narrowSymbol' });

/** `$1,234.56` */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = Number(amount ?? 0);
  return mxn.format(Number.isFinite(n) ? n : 0);
}
