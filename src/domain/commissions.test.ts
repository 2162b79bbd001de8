import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { cosmetologyCommission, medicalCommission } from './sales';
import { COMMISSION_PERCENT_MESSAGES, commissionPercentValue } from './settings.schemas';

describe('cosmetology percent (settings)', () => {
  it('takes 0 to 100 with two decimals, numeric text from a form too', () => {
    expect(commissionPercentValue.parse(0)).toBe(0);
    expect(commissionPercentValue.parse('7.25')).toBe(7.25);
    expect(commissionPercentValue.parse(100)).toBe(100);
  });
  it('refuses with Spanish messages', () => {
    const message = (v: unknown) => commissionPercentValue.safeParse(v).error?.issues[0]?.message;
    expect(message(-1)).toBe(COMMISSION_PERCENT_MESSAGES.range);
    expect(message(100.01)).toBe(COMMISSION_PERCENT_MESSAGES.range);
    expect(message(5.125)).toBe(COMMISSION_PERCENT_MESSAGES.decimals);
    expect(message('')).toBe(COMMISSION_PERCENT_MESSAGES.required);
    expect(message('abc')).toBe(COMMISSION_PERCENT_MESSAGES.required);
  });
});

describe('a line keeps its own rate', () => {
  it('the same sale and fee give the same line whatever the rates in force later', () => {
    // a sale of $1,160.00 with $160.00 of IVA at 5 %: base $1,000.00, commission $50.00
    expect(cosmetologyCommission(cents(116_000), cents(16_000), 5)).toEqual({ base: 100_000, commission: 5_000 });
    // a fee of $350.50 at 10 % ISR: $35.05 withheld, $315.45 payable
    expect(medicalCommission(cents(35_050), 10)).toEqual({ isrAmount: 3_505, payable: 31_545 });
    expect(medicalCommission(cents(35_050), 0)).toEqual({ isrAmount: 0, payable: 35_050 });
  });
});
