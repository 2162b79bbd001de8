import { describe, expect, it } from 'vitest';
import { daysInMonth, goalProgress, monthText, periodLabel } from './goals';
import { cents, toCents } from './money';

describe('goal progress to the cent', () => {
  it('divides the goal by the days of its month and compares the month sales', () => {
    // $150,000.00 in a 31-day month: 4,838.709… → $4,838.71
    expect(goalProgress(toCents(150_000), toCents(37_512.34), 2026, 3)).toEqual({
      totalSale: 3_751_234,
      dailyGoal: 483_871,
      percent: 25.01, // 25.00822…
      remaining: 11_248_766,
    });
  });

  it('uses 29 days in February of a leap year and 28 otherwise', () => {
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2000, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    // $100,000.00 / 29 = 3,448.2758… → $3,448.28; / 28 = 3,571.4285… → $3,571.43
    expect(goalProgress(toCents(100_000), cents(0), 2024, 2).dailyGoal).toBe(344_828);
    expect(goalProgress(toCents(100_000), cents(0), 2025, 2).dailyGoal).toBe(357_143);
  });

  it('answers 0 % and the whole goal remaining for a month without sales', () => {
    expect(goalProgress(toCents(80_000), cents(0), 2026, 4)).toEqual({ totalSale: 0, dailyGoal: 266_667, percent: 0, remaining: 8_000_000 });
  });

  it('rounds the percent once to two decimals, half away from zero', () => {
    // 1 / 3 = 33.333… %
    expect(goalProgress(cents(300), cents(100), 2026, 1).percent).toBe(33.33);
    // 2 / 3 = 66.666… %
    expect(goalProgress(cents(300), cents(200), 2026, 1).percent).toBe(66.67);
    // 0.125 % exactly → 0.13
    expect(goalProgress(cents(80_000), cents(100), 2026, 1).percent).toBe(0.13);
    // a daily goal of exactly half a cent more rounds up: 42 cents / 28 days = 1.5
    expect(goalProgress(cents(42), cents(0), 2025, 2).dailyGoal).toBe(2);
    expect(goalProgress(cents(47), cents(0), 2026, 1).dailyGoal).toBe(2); // 1.516…
  });

  it('goes past 100 % and leaves a negative remaining once the goal is exceeded', () => {
    expect(goalProgress(toCents(10_000), toCents(12_345.67), 2026, 6)).toEqual({
      totalSale: 1_234_567,
      dailyGoal: 33_333,
      percent: 123.46,
      remaining: -234_567,
    });
  });

  it('names the month in Spanish and writes it with two digits', () => {
    expect(monthText(3)).toBe('03');
    expect(monthText(12)).toBe('12');
    expect(periodLabel(2026, 9)).toBe('Septiembre 2026');
  });
});
