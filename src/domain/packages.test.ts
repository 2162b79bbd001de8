import { describe, expect, it } from 'vitest';
import { packageTotals } from './packages';

describe('packageTotals', () => {
  it('sums price × sessions for the regular and the promotion price', () => {
    const t = packageTotals([
      { regularPrice: 650, promotionPrice: 499.99, sessions: 3 },
      { regularPrice: 850, promotionPrice: 700.1, sessions: 2 },
    ]);
    expect(t).toEqual({ regularCents: 365_000, priceCents: 290_017, regularPrice: 3650, price: 2900.17 });
  });

  it('counts one session when there are none (promotions) or a nonsense value', () => {
    expect(packageTotals([{ regularPrice: 100, promotionPrice: 80 }]).price).toBe(80);
    expect(packageTotals([{ regularPrice: 100, promotionPrice: 80, sessions: null }]).regularPrice).toBe(100);
    expect(packageTotals([{ regularPrice: 100, promotionPrice: 80, sessions: 0 }]).price).toBe(80);
    expect(packageTotals([{ regularPrice: 100, promotionPrice: 80, sessions: '' }]).price).toBe(80);
  });

  it('has no float drift where plain numbers would have it', () => {
    // 0.1 + 0.2 style sums: 10 items of $0.10 and 3 sessions of $19.99
    const dimes = packageTotals(Array.from({ length: 10 }, () => ({ regularPrice: 0.1, promotionPrice: 0.1 })));
    expect(dimes.price).toBe(1);
    expect(dimes.priceCents).toBe(100);
    expect(packageTotals([{ regularPrice: 19.99, promotionPrice: 1.005, sessions: 3 }])).toEqual({
      regularCents: 5997,
      priceCents: 303,
      regularPrice: 59.97,
      price: 3.03,
    });
  });

  it('takes text from form inputs and ignores empty prices while the form is being filled', () => {
    expect(packageTotals([{ regularPrice: '1234.56', promotionPrice: '1000', sessions: '2' }])).toEqual({
      regularCents: 246_912,
      priceCents: 200_000,
      regularPrice: 2469.12,
      price: 2000,
    });
    expect(
      packageTotals([
        { regularPrice: undefined, promotionPrice: '' },
        { regularPrice: 'abc', promotionPrice: 5 },
      ]).price,
    ).toBe(5);
    expect(packageTotals([])).toEqual({ regularCents: 0, priceCents: 0, regularPrice: 0, price: 0 });
  });

  it('handles large packages exactly', () => {
    const t = packageTotals([{ regularPrice: 99_999.99, promotionPrice: 88_888.88, sessions: 1000 }]);
    expect(t.regularCents).toBe(9_999_999_000);
    expect(t.price).toBe(88_888_880);
  });
});
