import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { confirmationPercent, expensesTotal, medicalIsr, occupationBand, occupationPercent, profitability, REPORT_NAMES, REPORTS } from './reports';

describe('section 9 formulas', () => {
  it('expenses total = restocks + transfers received − transfers sent − returns, to the cent', () => {
    expect(expensesTotal({ assortments: cents(1_000_001), transfersReceived: cents(25_050), transfersSent: cents(10_001), returns: cents(99) })).toBe(
      1_014_951,
    );
    expect(expensesTotal({ assortments: cents(0), transfersReceived: cents(0), transfersSent: cents(500), returns: cents(1) })).toBe(-501);
  });

  it('medical ISR = commission × isr / 100 rounded once; payable = commission − ISR', () => {
    expect(medicalIsr(cents(123_457), 10)).toEqual({ isr: 12_346, payable: 111_111 });
    expect(medicalIsr(cents(100_000), 0)).toEqual({ isr: 0, payable: 100_000 });
    expect(medicalIsr(cents(33_333), 12.5)).toEqual({ isr: 4_167, payable: 29_166 });
  });

  it('confirmation = confirmed ÷ the seven methods × 100 with two decimals, 0 with no contact', () => {
    const counts = { yes: 5, no: 1, voicemail: 1, whatsapp: 2, email: 0, app: 0, ecommerce: 0 };
    expect(confirmationPercent(counts, 7)).toBe(77.78);
    expect(confirmationPercent({ yes: 0, no: 0, voicemail: 0, whatsapp: 0, email: 0, app: 0, ecommerce: 0 }, 0)).toBe(0);
    expect(confirmationPercent({ ...counts, no: 0, voicemail: 0 }, 7)).toBe(100);
  });

  it('profitability = income − expenses, signed', () => {
    expect(profitability(cents(1_000_050), cents(250_075))).toBe(749_975);
    expect(profitability(cents(100), cents(250))).toBe(-150);
  });

  it('occupation bands: below 50 red, 50–69 yellow, 70 and above green', () => {
    expect([0, 49.99, 50, 69.99, 70, 100].map(occupationBand)).toEqual(['red', 'red', 'yellow', 'yellow', 'green', 'green']);
    expect(occupationPercent(330, 480)).toBe(68.75);
    expect(occupationPercent(10, 0)).toBe(0);
  });
});

describe('the catalogue', () => {
  it('holds the 16 reports of the spec, each with a total column when it is a money report', () => {
    expect(REPORT_NAMES).toHaveLength(16);
    for (const name of REPORT_NAMES) {
      const meta = REPORTS[name];
      expect(meta.name).toBe(name);
      // profitability's columns follow the period: its months and its total come with the answer
      const periodColumns = name === 'profitability-by-branch';
      if (meta.money && !periodColumns) expect(meta.columns.map((c) => c.key)).toContain('total');
      if (meta.drill && !periodColumns) expect(meta.columns.map((c) => c.key)).toContain(meta.drill);
    }
  });
});
