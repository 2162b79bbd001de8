import { describe, expect, it } from 'vitest';
import { ageOn, isAdult, todayIn } from './age';
import {
  addDays,
  balanceAfter,
  DEFAULT_TIER_THRESHOLDS,
  lastDaysRange,
  ledgerBalance,
  LOYALTY_WINDOW_DAYS,
  MISS_YOU_WINDOW_DAYS,
  pointsForPurchase,
  thresholdsOrDefault,
  thresholdsProblem,
  tierFor,
} from './loyalty';

describe('age', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2008-11-22', '2026-11-22')).toBe(18);
    expect(ageOn('2008-11-23', '2026-11-22')).toBe(17);
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
  });

  it('uses the business time zone for today', () => {
    // 05:00 UTC on 23 November is still 22 November in Tijuana
    expect(todayIn('America/Tijuana', new Date('2026-11-23T05:00:00Z'))).toBe('2026-11-22');
    expect(isAdult('2008-11-23', todayIn('America/Tijuana', new Date('2026-11-23T05:00:00Z')))).toBe(false);
    expect(isAdult('2008-11-23', todayIn('America/Tijuana', new Date('2026-11-23T09:00:00Z')))).toBe(true);
  });
});

describe('loyalty tiers', () => {
  it('picks the highest tier reached by the last 365 days of purchases', () => {
    expect(tierFor(0)).toBe('BRONCE');
    expect(tierFor(9_999.99)).toBe('BRONCE');
    expect(tierFor(10_000)).toBe('PLATA');
    expect(tierFor(29_999.99)).toBe('PLATA');
    expect(tierFor(30_000)).toBe('ORO');
    expect(tierFor(60_000)).toBe('PLATINO');
    expect(tierFor(250_000)).toBe('DIAMANTE');
  });

  it('follows edited thresholds', () => {
    const t = { ...DEFAULT_TIER_THRESHOLDS, PLATA: 5_000 };
    expect(tierFor(5_000, t)).toBe('PLATA');
    expect(thresholdsProblem(t)).toBeNull();
    expect(thresholdsProblem({ ...t, ORO: 4_000 })).toBe('El monto de ORO debe ser mayor que el de PLATA');
    expect(thresholdsProblem({ ...t, BRONCE: 1 })).toBe('El nivel BRONCE debe iniciar en $0.00');
  });
});

describe('points ledger', () => {
  it('explains a balance row by row and never goes negative', () => {
    expect(
      ledgerBalance([
        { movement: 'earned', points: 120 },
        { movement: 'redeemed', points: -50 },
        { movement: 'expired', points: -20 },
        { movement: 'adjusted', points: 5 },
      ]),
    ).toBe(55);
    expect(() => balanceAfter(10, { movement: 'redeemed', points: -11 })).toThrow('El saldo de puntos no puede quedar negativo');
    expect(() => balanceAfter(10, { movement: 'earned', points: -1 })).toThrow('Los puntos ganados deben ser positivos');
    expect(() => balanceAfter(10, { movement: 'expired', points: 3 })).toThrow();
  });

  it('earns one point per whole $100', () => {
    expect(pointsForPurchase(99.99)).toBe(0);
    expect(pointsForPurchase(100)).toBe(1);
    expect(pointsForPurchase(1_234.56)).toBe(12);
  });
});

describe('loyalty ranges and stored thresholds', () => {
  it('counts back whole calendar days, across months and leap days', () => {
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(lastDaysRange(LOYALTY_WINDOW_DAYS, '2026-06-15')).toEqual({ startDate: '2025-06-16', endDate: '2026-06-15' });
    expect(lastDaysRange(MISS_YOU_WINDOW_DAYS, '2026-03-10')).toEqual({ startDate: '2026-02-09', endDate: '2026-03-10' });
  });

  it('completes stored thresholds with the defaults', () => {
    expect(thresholdsOrDefault(null)).toEqual(DEFAULT_TIER_THRESHOLDS);
    expect(thresholdsOrDefault({ PLATA: 5_000, ORO: 'x' as unknown as number })).toEqual({ ...DEFAULT_TIER_THRESHOLDS, PLATA: 5_000 });
  });
});
