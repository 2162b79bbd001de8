import { addCents, cents, fromCents, toCents, ZERO_CENTS, type Cents } from './money';

/**
 * Product pricing (section 9): real cost = cost plus IVA; franchise price = cost with IVA ×
 * (1 + franchise IVA) × (1 + additional percent) + indirect expenses; suggested sale price =
 * cost with IVA × (1 + profit percent).
 *
 * Rounding: every amount is integer cents and every percentage integer hundredths of a percent, so
 * the chain of factors is multiplied exactly (BigInt) and rounded once, half up, to the cent at the
 * end of the chain. The cost with IVA is rounded first because it is an amount the user sees and the
 * other prices build on it. Example: cost 100.00, IVA 16 → 116.00; franchise IVA 16, additional 10,
 * indirect 5.00 → 116.00 × 1.16 × 1.10 = 148.016 → 148.02, + 5.00 = 153.02.
 */

const HUNDRED_PERCENT = 10_000n; // a percentage in hundredths: 100 % = 10 000

/** A percentage (up to two decimals) as hundredths of a percent. */
const basisPoints = (percent: number): bigint => BigInt(toCents(percent));

/** numerator / denominator rounded half up; both non-negative. */
function divRoundHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** amount × Π(1 + p/100), rounded once at the end. */
function applyPercents(amount: Cents, percents: number[]): Cents {
  let numerator = BigInt(amount);
  let denominator = 1n;
  for (const p of percents) {
    numerator *= HUNDRED_PERCENT + basisPoints(p);
    denominator *= HUNDRED_PERCENT;
  }
  return cents(Number(divRoundHalfUp(numerator, denominator)));
}

/** Cost with IVA, in cents. */
export function realCostCents(cost: Cents, taxPercent: number): Cents {
  return applyPercents(cost, [taxPercent]);
}

export function franchisePriceCents(realCost: Cents, franchiseTax: number, additionalCostFranchise: number, indirectExpenses: Cents = ZERO_CENTS): Cents {
  return addCents(applyPercents(realCost, [franchiseTax, additionalCostFranchise]), indirectExpenses);
}

export function suggestedSalePriceCents(realCost: Cents, profitPercent: number): Cents {
  return applyPercents(realCost, [profitPercent]);
}

export interface PricingInput {
  cost?: number | null;
  tax?: number | null;
  franchiseTax?: number | null;
  additionalCostFranchise?: number | null;
  indirectExpenses?: number | null;
  profitPorcentage?: number | null;
}

export interface Pricing {
  /** Cost with IVA. */
  realCost: number | null;
  franchisePrice: number | null;
  suggestedSalePrice: number | null;
}

const present = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/** The three derived prices in pesos (two decimals); null while an input they need is missing. */
export function computePricing(input: PricingInput): Pricing {
  if (!present(input.cost) || !present(input.tax)) return { realCost: null, franchisePrice: null, suggestedSalePrice: null };
  const real = realCostCents(toCents(input.cost), input.tax);
  const franchise =
    present(input.franchiseTax) && present(input.additionalCostFranchise)
      ? franchisePriceCents(
          real,
          input.franchiseTax,
          input.additionalCostFranchise,
          present(input.indirectExpenses) ? toCents(input.indirectExpenses) : ZERO_CENTS,
        )
      : null;
  const suggested = present(input.profitPorcentage) ? suggestedSalePriceCents(real, input.profitPorcentage) : null;
  return {
    realCost: fromCents(real),
    franchisePrice: franchise === null ? null : fromCents(franchise),
    suggestedSalePrice: suggested === null ? null : fromCents(suggested),
  };
}
