import { describe, expect, it } from 'vitest';
import { availabilityError, lineSubtotal, linesTotal } from './line-items';

describe('line items arithmetic', () => {
  it('multiplies a unit price by the quantity exactly in cents', () => {
    expect(lineSubtotal({ quantity: 3, unitPrice: 0.1 })).toBe(0.3);
    expect(lineSubtotal({ quantity: 7, unitPrice: '1234.57' })).toBe(8641.99);
    expect(lineSubtotal({ quantity: 2, unitPrice: 19.999 })).toBe(40);
  });

  it('counts an incomplete line as zero', () => {
    expect(lineSubtotal(undefined)).toBe(0);
    expect(lineSubtotal({ quantity: 2 })).toBe(0);
    expect(lineSubtotal({ unitPrice: 10 })).toBe(0);
    expect(lineSubtotal({ quantity: 1.5, unitPrice: 10 })).toBe(0);
  });

  it('adds the subtotals in cents, with no float drift', () => {
    expect(
      linesTotal([
        { quantity: 1, unitPrice: 0.1 },
        { quantity: 1, unitPrice: 0.2 },
      ]),
    ).toBe(0.3);
    expect(linesTotal([{ quantity: 3, unitPrice: 33.33 }, undefined, { quantity: 1, unitPrice: 0.01 }])).toBe(100);
    expect(linesTotal([])).toBe(0);
  });

  it('refuses a quantity above the available one in Spanish', () => {
    expect(availabilityError(5, 3)).toBe('Solo hay 3 disponibles');
    expect(availabilityError(2, 1)).toBe('Solo hay 1 disponible');
    expect(availabilityError(1, 0)).toBe('No hay disponibles');
    expect(availabilityError(1500, 1200)).toBe('Solo hay 1,200 disponibles');
    expect(availabilityError(3, 3)).toBeNull();
    expect(availabilityError(3, undefined)).toBeNull();
    expect(availabilityError(undefined, 2)).toBeNull();
  });

  it("uses the screen's own wording when it has one (the sale order's 'No se cuenta con suficiente stock')", () => {
    expect(availabilityError(153, 152, 'No se cuenta con suficiente stock')).toBe('No se cuenta con suficiente stock');
    expect(availabilityError(1, 0, 'No se cuenta con suficiente stock')).toBe('No se cuenta con suficiente stock');
    expect(availabilityError(152, 152, 'No se cuenta con suficiente stock')).toBeNull();
  });
});
