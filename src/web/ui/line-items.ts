import { fromCents, multiplyCents, sumCents, toCents, type Cents } from '../../domain/money';

/** The amounts of one order or sale line as the form holds them (either may still be empty). */
export interface LineAmounts {
  quantity?: number | null;
  unitPrice?: number | string | null;
}

function subtotalCents(line: LineAmounts | undefined): Cents {
  const quantity = line?.quantity;
  const price = line?.unitPrice;
  if (price === undefined || price === null || price === '' || !quantity || !Number.isSafeInteger(quantity)) return toCents(0);
  return multiplyCents(toCents(price), quantity);
}

/** Unit price × quantity in pesos, exact to the cent; 0 while the line is incomplete. */
export function lineSubtotal(line: LineAmounts | undefined): number {
  return fromCents(subtotalCents(line));
}

/** The sum of the lines' subtotals in pesos, added in cents. */
export function linesTotal(lines: readonly (LineAmounts | undefined)[]): number {
  return fromCents(sumCents(lines.map(subtotalCents)));
}

/**
 * The Spanish refusal of a quantity above what is available, or null when it fits (or nothing is known): `short` when
 * the screen's spec words it, else how many there are.
 */
export function availabilityError(quantity: number | null | undefined, available: number | null | undefined, short?: string): string | null {
  if (available === undefined || available === null || !quantity || quantity <= available) return null;
  if (short) return short;
  if (available <= 0) return 'No hay disponibles';
  return available === 1 ? 'Solo hay 1 disponible' : `Solo hay ${available.toLocaleString('es-MX')} disponibles`;
}
