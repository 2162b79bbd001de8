import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { computePricing, franchisePriceCents, realCostCents, suggestedSalePriceCents } from './pricing';

describe('real cost (cost plus IVA)', () => {
  it('adds the IVA in exact cents', () => {
    expect(realCostCents(cents(10_000), 16)).toBe(11_600);
    expect(realCostCents(cents(10_000), 8)).toBe(10_800);
    expect(realCostCents(cents(10_000), 0)).toBe(10_000);
    expect(realCostCents(cents(0), 16)).toBe(0);
  });

  it('rounds half up to the cent', () => {
    // 0.05 × 1.16 = 0.058 → 0.06
    expect(realCostCents(cents(5), 16)).toBe(6);
    // 0.25 × 1.08 = 0.27 exactly, no float drift
    expect(realCostCents(cents(25), 8)).toBe(27);
    // 12.34 × 1.16 = 14.3144 → 14.31
    expect(realCostCents(cents(1234), 16)).toBe(1431);
    // 2.50 × 1.25 = 3.125 → 3.13 (the half goes up)
    expect(realCostCents(cents(250), 25)).toBe(313);
    // 1.1 floating point would make 1.1 × 1.16 = 1.2759999…; cents give 1.28 (1.276 → 1.28)
    expect(realCostCents(cents(110), 16)).toBe(128);
  });
});

describe('franchise price', () => {
  it('multiplies the cost with IVA by both percentages and adds the indirect expenses', () => {
    // 116 × 1.16 × 1.10 = 148.016 → 148.02, + 5.00 = 153.02
    expect(franchisePriceCents(cents(11_600), 16, 10, cents(500))).toBe(15_302);
    expect(franchisePriceCents(cents(11_600), 16, 10)).toBe(14_802);
    expect(franchisePriceCents(cents(11_600), 0, 0, cents(0))).toBe(11_600);
  });

  it('rounds once at the end of the chain, not after each factor', () => {
    // 0.99 × 1.005 × 1.005 = 0.99992475 → 1.00 (per-step rounding would give 0.99 then 0.99 → 0.99)
    expect(franchisePriceCents(cents(99), 0.5, 0.5)).toBe(100);
  });

  it('stays exact for large amounts', () => {
    // 9 999 999 999.99 × 1.16 × 1.10 = 12 759 999 999.98724 → …999.99
    expect(franchisePriceCents(cents(999_999_999_999), 16, 10)).toBe(1_275_999_999_999);
  });
});

describe('suggested sale price', () => {
  it('applies the profit percentage to the cost with IVA', () => {
    expect(suggestedSalePriceCents(cents(11_600), 50)).toBe(17_400);
    expect(suggestedSalePriceCents(cents(11_600), 33.33)).toBe(15_466);
  });
});

describe('computePricing', () => {
  it('answers pesos with two decimals', () => {
    expect(computePricing({ cost: 100, tax: 16, franchiseTax: 16, additionalCostFranchise: 10, indirectExpenses: 5, profitPorcentage: 50 })).toEqual({
      realCost: 116,
      franchisePrice: 153.02,
      suggestedSalePrice: 174,
    });
    expect(computePricing({ cost: 249.9, tax: 8, franchiseTax: 16, additionalCostFranchise: 12.5, indirectExpenses: 18.75, profitPorcentage: 40 })).toEqual({
      // 249.90 × 1.08 = 269.892 → 269.89; × 1.16 × 1.125 = 352.20645 → 352.21 + 18.75 = 370.96; × 1.40 = 377.846 → 377.85
      realCost: 269.89,
      franchisePrice: 370.96,
      suggestedSalePrice: 377.85,
    });
  });

  it('leaves a price empty while an input it needs is missing', () => {
    expect(computePricing({ cost: null, tax: 16 })).toEqual({ realCost: null, franchisePrice: null, suggestedSalePrice: null });
    expect(computePricing({ cost: 100, tax: 16, franchiseTax: 16 })).toEqual({ realCost: 116, franchisePrice: null, suggestedSalePrice: null });
    // indirect expenses are optional (supplies do not carry them)
    expect(computePricing({ cost: 100, tax: 16, franchiseTax: 16, additionalCostFranchise: 10 }).franchisePrice).toBe(148.02);
  });
});
