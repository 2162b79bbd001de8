import { addCents, fromCents, multiplyCents, toCents, ZERO_CENTS, type Cents } from './money';

export interface TotalsItem {
  regularPrice?: number | string | null;
  promotionPrice?: number | string | null;
  /** Packages carry sessions; a missing value counts as one (promotions). */
  sessions?: number | string | null;
}

export interface PackageTotals {
  regularCents: Cents;
  priceCents: Cents;
  /** Pesos with two decimals, as stored and sent. */
  regularPrice: number;
  price: number;
}

const amount = (v: number | string | null | undefined): Cents => {
  if (v === null || v === undefined || v === '') return ZERO_CENTS;
  const n = Number(v);
  return Number.isFinite(n) ? toCents(n) : ZERO_CENTS;
};

const sessionsOf = (v: number | string | null | undefined): number => {
  const n = Number(v);
  return v === null || v === undefined || v === '' || !Number.isFinite(n) || n < 1 ? 1 : Math.floor(n);
};

/**
 * Totals of a package or promotion (section 5): Σ price × sessions (1 if none), for the regular
 * and the promotion price, in integer cents so no float drift creeps into the sum.
 */
export function packageTotals(items: readonly TotalsItem[]): PackageTotals {
  let regularCents = ZERO_CENTS;
  let priceCents = ZERO_CENTS;
  for (const item of items) {
    const sessions = sessionsOf(item.sessions);
    regularCents = addCents(regularCents, multiplyCents(amount(item.regularPrice), sessions));
    priceCents = addCents(priceCents, multiplyCents(amount(item.promotionPrice), sessions));
  }
  return { regularCents, priceCents, regularPrice: fromCents(regularCents), price: fromCents(priceCents) };
}
