import { describe, expect, it } from 'vitest';
import { gs1Date, isValidGtin, parseGs1, sameGtin } from './gs1';

const GS = '\u001d';

describe('GS1 scans of injectable boxes', () => {
  it('checks the GTIN check digit', () => {
    expect(isValidGtin('07501234567893')).toBe(true);
    expect(isValidGtin('07501234567894')).toBe(false);
    expect(isValidGtin('4006381333931')).toBe(true);
    expect(isValidGtin('4006381333932')).toBe(false);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('12345')).toBe(false);
  });

  it('reads YYMMDD with day 00 as the last day of the month', () => {
    expect(gs1Date('271231')).toBe('2027-12-31');
    expect(gs1Date('280200')).toBe('2028-02-29');
    expect(gs1Date('270200')).toBe('2027-02-28');
    expect(gs1Date('271300')).toBeNull();
    expect(gs1Date('270231')).toBeNull();
  });

  it('reads the element string with the group separator', () => {
    expect(parseGs1(`0107501234567893172712311024A117${GS}21SN99`)).toEqual({ gtin: '07501234567893', lot: '24A117', expiresAt: '2027-12-31' });
    expect(parseGs1(`]d20107501234567893${'10'}LOTE-7${GS}17270600`)).toEqual({ gtin: '07501234567893', lot: 'LOTE-7', expiresAt: '2027-06-30' });
  });

  it('reads the element string without separator, the lot last or followed by the expiry', () => {
    expect(parseGs1('0107501234567893172712311024A117')).toEqual({ gtin: '07501234567893', lot: '24A117', expiresAt: '2027-12-31' });
    expect(parseGs1('010750123456789310AB12317271231')).toEqual({ gtin: '07501234567893', lot: 'AB123', expiresAt: '2027-12-31' });
  });

  it('reads the printed form with parenthesised AIs', () => {
    expect(parseGs1('(01)07501234567893(17)280100(10)X-55')).toEqual({ gtin: '07501234567893', lot: 'X-55', expiresAt: '2028-01-31' });
    expect(parseGs1('(01) 07501234567893 (10) L1')).toEqual({ gtin: '07501234567893', lot: 'L1', expiresAt: null });
  });

  it('takes a plain EAN as just the GTIN and matches it with the GTIN-14 of a box', () => {
    expect(parseGs1('7501234567893')).toEqual({ gtin: '7501234567893', lot: null, expiresAt: null });
    expect(sameGtin('07501234567893', '7501234567893')).toBe(true);
    expect(sameGtin('07501234567893', '7501234567894')).toBe(false);
  });
});
