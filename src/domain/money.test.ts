import { describe, expect, it } from 'vitest';
import {
  addCents,
  allocateCents,
  cents,
  fromCents,
  multiplyCents,
  mxnToUsd,
  percentOfCents,
  subtractCents,
  sumCents,
  toCents,
  toDecimalText,
  usdToMxn,
} from './money';

describe('money in integer cents', () => {
  it('reads pesos exactly from wire numbers and database decimal text, rounding half away from zero', () => {
    expect(toCents(0.1) + toCents(0.2)).toBe(30);
    expect(toCents('1234.50')).toBe(123_450);
    expect(toCents('1234.565')).toBe(123_457);
    expect(toCents('-1234.565')).toBe(-123_457);
    expect(toCents(1.005)).toBe(101); // 1.005 × 100 is 100.49999… in floats
    expect(toCents('9999999999.99')).toBe(999_999_999_999);
    expect(toCents('.5')).toBe(50);
    expect(toCents(1e-7)).toBe(0);
    // the database's plain text, read without BigInt: the same cents as the general reading, never a negative zero
    expect(toCents('1234.5')).toBe(123_450);
    expect(toCents('-0.05')).toBe(-5);
    expect(toCents('-0.00')).toBe(0);
    expect(Object.is(toCents('-0.00'), -0)).toBe(false);
    expect(toCents('0012.07')).toBe(1207);
    expect(toCents('9999999999999.99')).toBe(999_999_999_999_999);
    expect(toCents(' 12.5 ')).toBe(1250);
    expect(toCents('5.')).toBe(500);
    for (const bad of ['', 'abc', '1,234.50', '1e3', NaN, Infinity]) expect(() => toCents(bad)).toThrow(/Importe inválido/);
  });

  it('writes cents back as pesos for the wire and as exact decimal text for the database', () => {
    expect(fromCents(cents(123_456))).toBe(1234.56);
    expect(fromCents(cents(-5))).toBe(-0.05);
    expect(toDecimalText(cents(123_450))).toBe('1234.50');
    expect(toDecimalText(cents(-5))).toBe('-0.05');
    expect(toDecimalText(cents(0))).toBe('0.00');
    expect(toDecimalText(toCents('999999999999.99'))).toBe('999999999999.99');
  });

  it('refuses a fraction of a cent where whole cents are meant', () => {
    expect(() => cents(1.5)).toThrow(RangeError);
    expect(() => multiplyCents(cents(100), 1.5)).toThrow(/Cantidad inválida/);
  });

  it('adds, subtracts, multiplies and sums without drift', () => {
    expect(addCents(toCents(0.1), toCents(0.2), toCents(0.3))).toBe(60);
    expect(subtractCents(cents(1000), cents(1001))).toBe(-1);
    expect(multiplyCents(toCents(19.99), 3)).toBe(5997);
    expect(sumCents(Array.from({ length: 1000 }, () => toCents(0.01)))).toBe(1000);
  });

  it('takes a percentage with up to two decimals and rounds once, half away from zero', () => {
    expect(percentOfCents(cents(10_000), 16)).toBe(1600);
    expect(percentOfCents(cents(115), 50)).toBe(58); // 0.575 → 0.58 (floats say 0.57499…)
    expect(percentOfCents(cents(-115), 50)).toBe(-58);
    expect(percentOfCents(cents(89_950), '12.5')).toBe(11_244); // 112.4375 → 112.44
    expect(percentOfCents(cents(33_333), 33.33)).toBe(11_110); // 111.0989 → 111.10
  });

  it('spreads an amount over weights so the parts add up to it exactly', () => {
    const parts = allocateCents(cents(1000), [1, 1, 1]);
    expect(parts).toEqual([334, 333, 333]);
    expect(allocateCents(cents(-1000), [1, 1, 1])).toEqual([-334, -333, -333]);
    const discount = allocateCents(cents(999), [19_999, 4_550, 120_000, 1]);
    expect(sumCents(discount)).toBe(999);
    expect(allocateCents(cents(5), [0, 1])).toEqual([0, 5]);
    expect(() => allocateCents(cents(5), [0, 0])).toThrow(RangeError);
  });

  it('converts between dollars and pesos at a rate of pesos per dollar with up to four decimals', () => {
    expect(usdToMxn(cents(10_000), 17.25)).toBe(172_500);
    expect(usdToMxn(cents(1), '17.2549')).toBe(17); // 0.172549 → 0.17
    expect(mxnToUsd(cents(172_500), '17.25')).toBe(10_000);
    expect(mxnToUsd(cents(100_000), 17.3)).toBe(5780); // 57.80346… → 57.80
    expect(mxnToUsd(cents(1_001), 2)).toBe(501); // 5.005 → 5.01, half away from zero
    expect(() => mxnToUsd(cents(100), 0)).toThrow(/Tipo de cambio inválido/);
    expect(() => usdToMxn(cents(100), -1)).toThrow(/Tipo de cambio inválido/);
  });
});
