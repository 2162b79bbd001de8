import { dateInZone } from './dates';
import { fromCents, percentOfCents, subtractCents, toCents, ZERO_CENTS, type Cents } from './money';

/**
 * Section 9: discounted coupon price = price − price × discount / 100.
 * The discount is a percentage with up to two decimals, so it is carried as hundredths of a percent
 * and the discount amount is rounded half up to the cent once; the price never goes below zero.
 */
export function couponDiscountCents(priceCents: Cents, discountPercent: number): Cents {
  if (priceCents <= 0 || !(discountPercent > 0)) return ZERO_CENTS;
  const amount = percentOfCents(priceCents, discountPercent);
  return amount > priceCents ? priceCents : amount;
}

export function discountedPriceCents(priceCents: Cents, discountPercent: number): Cents {
  return subtractCents(priceCents, couponDiscountCents(priceCents, discountPercent));
}

/** Pesos in, pesos out (two decimals), computed in integer cents. */
export function discountedPrice(price: number | string | null | undefined, discountPercent: number | string): number {
  return fromCents(discountedPriceCents(toCents(price ?? 0), Number(discountPercent)));
}

export function couponDiscountAmount(price: number | string | null | undefined, discountPercent: number | string): number {
  return fromCents(couponDiscountCents(toCents(price ?? 0), Number(discountPercent)));
}

/** Today's calendar date (YYYY-MM-DD) in a time zone: a coupon is valid through its expiry day there. */
export function dateIn(timeZone: string, now: Date = new Date()): string {
  return dateInZone(timeZone, now);
}

export function isCouponExpired(expireDate: string, today: string): boolean {
  return expireDate < today;
}

export function isCouponExhausted(coupon: { used: number; limit: number }): boolean {
  return coupon.used >= coupon.limit;
}

/** '15%' or '12.5%': the percentage as the list shows it next to the discounted price. */
export function formatPercent(discount: number | string): string {
  const n = Number(discount);
  return `${Number.isInteger(n) ? n : n.toFixed(2).replace(/0$/, '')}%`;
}
