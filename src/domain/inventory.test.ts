import { describe, expect, it } from 'vitest';
import {
  aboveMaxProblem,
  creditExpiration,
  documentNumber,
  EXPIRED_LOT,
  expiryColor,
  isExpired,
  maxMinProblem,
  orderStateRefusal,
  pickFefo,
  stockRowColor,
  suggestedQuantity,
} from './inventory';

const today = '2026-11-26';

describe('expiry colours (days to expiry: ≤ 0 danger, ≤ 30 warning, ≤ 60 alert, else okay)', () => {
  it.each([
    ['2026-11-25', 'danger'],
    ['2026-11-26', 'danger'],
    ['2026-11-27', 'warning'],
    ['2026-12-26', 'warning'],
    ['2026-12-27', 'alert'],
    ['2027-01-25', 'alert'],
    ['2027-01-26', 'okay'],
    [null, 'okay'],
  ])('%s → %s', (date, color) => expect(expiryColor(date, today)).toBe(color));
});

describe('inventory row colours', () => {
  const lot = (expiresAt: string | null, quantity = 5) => ({ expiresAt, quantity });
  it('is danger when a lot with units expires in under 30 days, before volcano', () => {
    expect(stockRowColor({ quantity: 50, max: 10, min: 1, lots: [lot('2026-12-20')] }, today)).toBe('danger');
    expect(stockRowColor({ quantity: 5, max: 10, min: 1, lots: [lot('2026-12-20', 0), lot('2027-06-01')] }, today)).toBeNull();
    expect(stockRowColor({ quantity: 5, max: 10, min: 1, lots: [lot('2026-12-26')] }, today)).toBeNull();
  });
  it('is volcano above max or below min; a max of 0 sets no ceiling', () => {
    expect(stockRowColor({ quantity: 11, max: 10, min: 1, lots: [] }, today)).toBe('volcano');
    expect(stockRowColor({ quantity: 1, max: 10, min: 2, lots: [] }, today)).toBe('volcano');
    expect(stockRowColor({ quantity: 500, max: 0, min: 2, lots: [] }, today)).toBeNull();
    expect(stockRowColor({ quantity: 10, max: 10, min: 10, lots: [] }, today)).toBeNull();
    expect(stockRowColor({ quantity: 0, max: null, min: null, lots: [] }, today)).toBeNull();
  });
});

describe('credit expiration = arrival + 1 day + payment days', () => {
  it.each([
    ['2026-11-26', 0, '2026-11-27'],
    ['2026-11-26', 30, '2026-12-27'],
    ['2026-12-31', 15, '2027-01-16'],
    ['2028-02-28', 0, '2028-02-29'],
  ])('%s + %d days', (arrival, days, expected) => expect(creditExpiration(arrival, days)).toBe(expected));
});

describe('max/min rules', () => {
  it('refuses a min above the max with the spec message', () => {
    expect(maxMinProblem(10, 11)).toBe('La cantidad mínima no puede ser mayor a la cantidad máxima');
    expect(maxMinProblem(10, 10)).toBeNull();
    expect(maxMinProblem(0, 0)).toBeNull();
  });
  it('refuses an ordered quantity above the max unless the max is 0', () => {
    expect(aboveMaxProblem(11, 10)).toBe('La cantidad excede el límite permitido');
    expect(aboveMaxProblem(10, 10)).toBeNull();
    expect(aboveMaxProblem(999, 0)).toBeNull();
    expect(aboveMaxProblem(999, null)).toBeNull();
  });
  it('suggests up to the max only at or below the min, counting transit and pending orders', () => {
    expect(suggestedQuantity({ onHand: 2, inTransit: 0, pending: 0, max: 20, min: 5 })).toBe(18);
    expect(suggestedQuantity({ onHand: 2, inTransit: 3, pending: 0, max: 20, min: 5 })).toBe(15);
    expect(suggestedQuantity({ onHand: 2, inTransit: 3, pending: 15, max: 20, min: 5 })).toBe(0);
    expect(suggestedQuantity({ onHand: 6, inTransit: 0, pending: 0, max: 20, min: 5 })).toBe(0);
    expect(suggestedQuantity({ onHand: 0, inTransit: 0, pending: 0, max: 0, min: 0 })).toBe(0);
  });
});

describe('lots: expiry and first-expiry-first picks', () => {
  it('counts a lot valid through its expiry date and names it once expired', () => {
    expect(isExpired('2026-11-26', today)).toBe(false);
    expect(isExpired('2026-11-25', today)).toBe(true);
    expect(isExpired(null, today)).toBe(false);
    expect(EXPIRED_LOT('A1', '2026-11-25')).toContain('El lote A1 caducó el 25/11/2026');
  });

  it('takes the valid lot that expires first, never an expired one, over random lots', () => {
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const lots = Array.from({ length: 1 + rand(6) }, (_, i) => ({
        allotment: `L${i}`,
        quantity: rand(8),
        expiresAt: rand(5) === 0 ? null : `2026-${String(10 + rand(3)).padStart(2, '0')}-${String(1 + rand(28)).padStart(2, '0')}`,
      }));
      const units = 1 + rand(12);
      const usable = lots.filter((l) => !isExpired(l.expiresAt, today) && l.quantity > 0);
      const available = usable.reduce((s, l) => s + l.quantity, 0);
      const picks = pickFefo(lots, units, today);
      if (available < units) {
        expect(picks).toBeNull();
        continue;
      }
      expect(picks!.reduce((s, p) => s + p.units, 0)).toBe(units);
      for (const p of picks!) expect(isExpired(p.lot.expiresAt, today)).toBe(false);
      // every lot skipped for a later one was either used up or expires later
      const expiries = picks!.map((p) => p.lot.expiresAt ?? '9999');
      expect([...expiries].sort()).toEqual(expiries);
      for (const p of picks!.slice(0, -1)) expect(p.units).toBe(p.lot.quantity);
      for (const l of usable.filter((l) => !picks!.some((p) => p.lot === l)))
        expect((l.expiresAt ?? '9999') >= (picks!.at(-1)!.lot.expiresAt ?? '9999')).toBe(true);
    }
  });

  it('numbers documents with their prefix and six digits', () => {
    expect(documentNumber('purchase', 45)).toBe('OC-000045');
    expect(documentNumber('transfer', 1234567)).toBe('TR-1234567');
  });
});

describe('orderStateRefusal', () => {
  it("names the catalogue's 409 of each wrong state (section 8)", () => {
    expect(orderStateRefusal('confirm', 'En proceso')).toBe('ORDER_NOT_APPROVED');
    expect(orderStateRefusal('approve', 'En tránsito')).toBe('ORDER_ALREADY_APPROVED');
    expect(orderStateRefusal('reject', 'En tránsito')).toBe('ORDER_CANNOT_BE_CANCELLED');
    expect(orderStateRefusal('delete', 'En tránsito')).toBe('ORDER_CANNOT_BE_CANCELLED');
    for (const action of ['approve', 'confirm', 'reject', 'delete'] as const) {
      expect(orderStateRefusal(action, 'Terminada')).toBe('ORDER_FINISHED');
      expect(orderStateRefusal(action, 'Rechazada')).toBe('ORDER_ALREADY_CANCELLED');
      expect(orderStateRefusal(action, 'Eliminada')).toBe('ORDER_ALREADY_CANCELLED');
    }
  });
});
