import { describe, expect, it } from 'vitest';
import {
  averageTicket,
  formatIndicator,
  indicatorChange,
  INDICATOR_NAMES,
  INDICATORS,
  noShowRate,
  periodLastYear,
  rebookingRate,
  retentionRate,
  revenuePerCabinHour,
  sameDayLastYear,
} from './indicators';
import { toCents } from './money';

describe('indicator formulas', () => {
  it('rates are part ÷ whole × 100 with two decimals, null when nothing was counted', () => {
    expect(rebookingRate(2, 3)).toBe(66.67);
    expect(rebookingRate(1, 3)).toBe(33.33);
    expect(retentionRate(1, 8)).toBe(12.5);
    expect(noShowRate(1, 200)).toBe(0.5);
    expect(noShowRate(1, 7)).toBe(14.29);
    expect(noShowRate(0, 5)).toBe(0);
    expect(rebookingRate(0, 0)).toBeNull();
    expect(retentionRate(0, 0)).toBeNull();
    expect(noShowRate(0, 0)).toBeNull();
  });

  it('the average ticket is exact to the cent (half a cent up), null without sales', () => {
    expect(averageTicket(toCents('1000.00'), 3)).toBe(333.33);
    expect(averageTicket(toCents('2000.00'), 3)).toBe(666.67);
    expect(averageTicket(toCents('0.05'), 2)).toBe(0.03);
    expect(averageTicket(toCents('1250.50'), 2)).toBe(625.25);
    expect(averageTicket(toCents('0'), 0)).toBeNull();
  });

  it('revenue per open cabin hour is income ÷ open minutes × 60, to the cent; null with no cabin open', () => {
    // $1,000.00 over 1,860 open minutes (31 h) = $32.258… → $32.26
    expect(revenuePerCabinHour(toCents('1000.00'), 1860)).toBe(32.26);
    expect(revenuePerCabinHour(toCents('4500.00'), 90)).toBe(3000);
    expect(revenuePerCabinHour(toCents('-120.00'), 60)).toBe(-120);
    expect(revenuePerCabinHour(toCents('500.00'), 0)).toBeNull();
  });

  it('the change against last year: the difference exact to two decimals, and its percent; null when either is', () => {
    expect(indicatorChange(0.3, 0.1)).toEqual({ change: 0.2, changePercent: 200 });
    expect(indicatorChange(333.33, 400)).toEqual({ change: -66.67, changePercent: -16.67 });
    expect(indicatorChange(12.5, 0)).toEqual({ change: 12.5, changePercent: null });
    expect(indicatorChange(null, 10)).toEqual({ change: null, changePercent: null });
    expect(indicatorChange(10, null)).toEqual({ change: null, changePercent: null });
  });

  it('last year is the same days, 29 February on the 28th', () => {
    expect(sameDayLastYear('2031-03-10')).toBe('2030-03-10');
    expect(sameDayLastYear('2028-02-29')).toBe('2027-02-28');
    expect(sameDayLastYear('2029-02-28')).toBe('2028-02-28');
    expect(periodLastYear({ from: '2031-01-01', to: '2031-12-31' })).toEqual({ from: '2030-01-01', to: '2030-12-31' });
  });

  it("shows '—' for a missing figure, percents and pesos with two decimals", () => {
    expect(formatIndicator('percent', null)).toBe('—');
    expect(formatIndicator('money', null)).toBe('—');
    expect(formatIndicator('percent', 66.67)).toBe('66.67 %');
    expect(formatIndicator('money', 1234.5)).toBe('$1,234.50');
  });

  it('every indicator has its label and definition in Spanish', () => {
    for (const name of INDICATOR_NAMES) {
      expect(INDICATORS[name].name).toBe(name);
      expect(INDICATORS[name].definition.length).toBeGreaterThan(40);
    }
  });
});
