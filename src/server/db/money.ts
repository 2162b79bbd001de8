import { fromCents, toCents, type Cents } from '../../domain/money';

/**
 * The two edges of a money column (schema/columns.ts moneyCents): the database reads Cents, the wire carries
 * pesos. A DTO turns each money column read into pesos here; a write turns the request's pesos into Cents.
 */
export function pesos(amount: Cents): number;
export function pesos(amount: Cents | null): number | null;
export function pesos(amount: Cents | null): number | null {
  return amount === null ? null : fromCents(amount);
}

/** Pesos from a request (or a computation in pesos) as the Cents a money column is written with. */
export function centsOf(amount: number): Cents;
export function centsOf(amount: number | null | undefined): Cents | null;
export function centsOf(amount: number | null | undefined): Cents | null {
  return amount === null || amount === undefined ? null : toCents(amount);
}
