import { describe, expect, it } from 'vitest';
import { cents, toCents } from './money';
import {
  cosmetologyCommission,
  couponUnitDiscount,
  medicalCommission,
  pointsEarned,
  pointsValue,
  paidByMethod,
  refundPlan,
  saleClock,
  SALE_MESSAGES,
  saleNumber,
  saleTotals,
  settlePayments,
  vatIncluded,
} from './sales';

describe('sale formulas, to the cent', () => {
  it('takes the IVA a price includes', () => {
    expect(vatIncluded(toCents(116), 16)).toBe(toCents(16));
    expect(vatIncluded(toCents(3500), 16)).toBe(toCents(482.76)); // 3500 / 1.16 = 3017.2413… → 3017.24
    expect(vatIncluded(toCents(100), 8)).toBe(toCents(7.41));
    expect(vatIncluded(toCents(100), 0)).toBe(0);
  });

  it('discounts one unit of the coupon item, never below zero', () => {
    expect(couponUnitDiscount(toCents(3500), 15)).toBe(toCents(525));
    expect(couponUnitDiscount(toCents(99.99), 12.5)).toBe(toCents(12.5)); // 12.49875 → 12.50
    expect(couponUnitDiscount(toCents(10), 150)).toBe(toCents(10));
  });

  it('adds a sale: subtotal at catalogue prices, the discount, the total and its IVA', () => {
    const t = saleTotals([
      { unitPrice: toCents(3500), quantity: 2, vat: 16, discount: toCents(525) },
      { unitPrice: toCents(1355), quantity: 1, vat: 16, discount: cents(0) },
    ]);
    expect(t).toEqual({ subtotal: toCents(8355), discountTotal: toCents(525), total: toCents(7830), taxes: toCents(1080) });
    // 6475 → IVA 893.10; 1355 → 186.90: 1080.00
  });

  it('earns the catalogue points times the tier factor, whole points', () => {
    expect(pointsEarned([{ points: 35, quantity: 1 }], 'BRONCE')).toBe(35);
    expect(pointsEarned([{ points: 35, quantity: 1 }], 'PLATA')).toBe(38); // 38.5
    expect(
      pointsEarned(
        [
          { points: 35, quantity: 2 },
          { points: 17, quantity: 1 },
        ],
        'DIAMANTE',
      ),
    ).toBe(174);
    expect(pointsValue(250)).toBe(toCents(250));
  });

  it('settles cash in pesos and dollars with change in pesos, and refuses a total that does not match', () => {
    const due = toCents(1355);
    const mixed = settlePayments(
      due,
      [
        { method: 'Tarjeta de débito', currency: 'MXN', amount: toCents(677.5) },
        { method: 'Efectivo', currency: 'MXN', amount: toCents(700) },
      ],
      17.25,
    );
    expect(mixed).toMatchObject({ ok: true, paid: toCents(1377.5), change: toCents(22.5) });
    const dollars = settlePayments(due, [{ method: 'Efectivo', currency: 'USD', amount: toCents(80) }], 17.2534);
    expect(dollars).toMatchObject({ ok: true, change: toCents(25.27) }); // 80 × 17.2534 = 1380.272 → 1380.27
    if (dollars.ok) expect(dollars.tenders[0]).toMatchObject({ exchangeRate: 17.2534, amountMxn: toCents(1380.27) });
    expect(settlePayments(due, [{ method: 'Efectivo', currency: 'MXN', amount: toCents(1355) }], null)).toMatchObject({ ok: true, change: 0 });
    expect(settlePayments(due, [{ method: 'Efectivo', currency: 'MXN', amount: toCents(1354.99) }], null)).toEqual({
      ok: false,
      message: SALE_MESSAGES.paymentsMismatch,
    });
    expect(settlePayments(due, [{ method: 'Tarjeta de crédito', currency: 'MXN', amount: toCents(1400) }], null)).toEqual({
      ok: false,
      message: SALE_MESSAGES.cardOverpaid,
    });
    expect(settlePayments(due, [{ method: 'Efectivo', currency: 'USD', amount: toCents(100) }], null)).toEqual({
      ok: false,
      message: SALE_MESSAGES.noExchangeRate,
    });
  });

  it('computes the seller commission without IVA and the medical ISR', () => {
    expect(cosmetologyCommission(toCents(1355), toCents(186.9), 5)).toEqual({ base: toCents(1168.1), commission: toCents(58.41) });
    expect(medicalCommission(toCents(700), 10)).toEqual({ isrAmount: toCents(70), payable: toCents(630) });
    expect(medicalCommission(toCents(333.33), 10)).toEqual({ isrAmount: toCents(33.33), payable: toCents(300) });
  });

  it('numbers a sale by its channel', () => {
    expect(saleNumber('pos', 123)).toBe('POS-000123');
    expect(saleNumber('online', '7')).toBe('WEB-000007');
  });
});

describe('refund plan', () => {
  const tenders = [
    { method: 'Tarjeta de débito', amountMxn: toCents(1000) },
    { method: 'Efectivo', amountMxn: toCents(600) },
    { method: 'Puntos', amountMxn: toCents(200) },
  ];
  it('gives the points back as points and the money by the chosen method', () => {
    expect(refundPlan('Efectivo', tenders, toCents(50))).toEqual({
      rows: [
        { method: 'Puntos', amountMxn: toCents(-200) },
        { method: 'Efectivo', amountMxn: toCents(-1550) },
      ],
      pointsBack: 200,
      cashForCard: true,
    });
    expect(refundPlan('Tarjeta', tenders, toCents(50))).toEqual({
      rows: [
        { method: 'Puntos', amountMxn: toCents(-200) },
        { method: 'Tarjeta de débito', amountMxn: toCents(-1000) },
        { method: 'Efectivo', amountMxn: toCents(-550) },
      ],
      pointsBack: 200,
      cashForCard: false,
    });
    expect(refundPlan('Puntos', tenders, toCents(50.5))).toMatchObject({ pointsBack: 200 + 1550 });
    expect(refundPlan('Tarjeta', [{ method: 'Efectivo', amountMxn: toCents(10) }], cents(0))).toEqual({
      problem: 'La venta no se pagó con tarjeta: elija Efectivo o Puntos',
      field: 'refundMethod',
    });
  });

  it('gives a split payment back as it was paid: cash net of change, each card what it paid (the issue: $500 cash, $76.25 change, $420 debit)', () => {
    const paid = [
      { method: 'Efectivo', amountMxn: toCents(500) },
      { method: 'Tarjeta de débito', amountMxn: toCents(420) },
    ];
    expect(refundPlan('Como se pagó', paid, toCents(76.25))).toEqual({
      rows: [
        { method: 'Efectivo', amountMxn: toCents(-423.75) },
        { method: 'Tarjeta de débito', amountMxn: toCents(-420) },
      ],
      pointsBack: 0,
      cashForCard: false,
    });
    expect(paidByMethod(paid, toCents(76.25))).toEqual([
      { method: 'Efectivo', amountMxn: toCents(423.75) },
      { method: 'Tarjeta de débito', amountMxn: toCents(420) },
    ]);
    // dollars in cash count in pesos at their rate, with the peso cash, less the change
    expect(
      paidByMethod(
        [
          { method: 'Efectivo', amountMxn: toCents(350) },
          { method: 'Efectivo', amountMxn: toCents(1865.4) },
        ],
        toCents(15.4),
      ),
    ).toEqual([{ method: 'Efectivo', amountMxn: toCents(2200) }]);
  });

  it('takes a split that adds up to what was paid, where a card gets at most what it paid', () => {
    const split = (lines: [string, number][]) => lines.map(([method, amount]) => ({ method, amountMxn: toCents(amount) }));
    expect(
      refundPlan(
        'Dividido',
        tenders,
        toCents(50),
        split([
          ['Efectivo', 1000],
          ['Tarjeta de débito', 500],
          ['Puntos', 50],
        ]),
      ),
    ).toEqual({
      rows: [
        { method: 'Puntos', amountMxn: toCents(-200) },
        { method: 'Efectivo', amountMxn: toCents(-1000) },
        { method: 'Tarjeta de débito', amountMxn: toCents(-500) },
        { method: 'Puntos', amountMxn: toCents(-50) },
      ],
      pointsBack: 250,
      cashForCard: false,
    });
    expect(refundPlan('Dividido', tenders, toCents(50), split([['Efectivo', 1000]]))).toEqual({
      problem: 'La devolución dividida debe sumar $1,550.00, lo pagado en la venta',
      field: 'split',
    });
    expect(
      refundPlan(
        'Dividido',
        tenders,
        toCents(50),
        split([
          ['Tarjeta de débito', 1200],
          ['Efectivo', 350],
        ]),
      ),
    ).toEqual({ problem: 'A Tarjeta de débito se le devuelve a lo más $1,000.00, lo que se pagó con ese método', field: 'split' });
    expect(refundPlan('Dividido', tenders, toCents(50), split([['Transferencia electrónica', 1550]]))).toMatchObject({ field: 'split' });
    expect(refundPlan('Dividido', tenders, toCents(50))).toEqual({ problem: 'Indique cómo se divide la devolución', field: 'split' });
  });
});

describe('the business day of a sale', () => {
  it('falls on its own day at 23:59 and at 00:01 local, whatever the server zone', () => {
    // Tijuana in November: UTC−8
    expect(saleClock('America/Tijuana', new Date('2026-11-26T07:59:00Z'))).toEqual({ date: '2026-11-25', time: '23:59' });
    expect(saleClock('America/Tijuana', new Date('2026-11-26T08:01:00Z'))).toEqual({ date: '2026-11-26', time: '00:01' });
    expect(saleClock('America/Mexico_City', new Date('2026-11-26T05:59:00Z'))).toEqual({ date: '2026-11-25', time: '23:59' });
  });

  it('follows US daylight saving time in Tijuana and none in Mazatlán, on both change days', () => {
    // 2026-03-08: Tijuana moves to UTC−7 at 02:00 local; Mazatlán stays at UTC−7
    expect(saleClock('America/Tijuana', new Date('2026-03-08T07:59:00Z')).date).toBe('2026-03-07');
    expect(saleClock('America/Tijuana', new Date('2026-03-09T06:59:00Z'))).toEqual({ date: '2026-03-08', time: '23:59' });
    expect(saleClock('America/Tijuana', new Date('2026-03-09T07:01:00Z'))).toEqual({ date: '2026-03-09', time: '00:01' });
    expect(saleClock('America/Mazatlan', new Date('2026-03-09T06:59:00Z'))).toEqual({ date: '2026-03-08', time: '23:59' });
    // 2026-11-01: Tijuana back to UTC−8
    expect(saleClock('America/Tijuana', new Date('2026-11-01T06:59:00Z'))).toEqual({ date: '2026-10-31', time: '23:59' });
    expect(saleClock('America/Tijuana', new Date('2026-11-02T07:59:00Z'))).toEqual({ date: '2026-11-01', time: '23:59' });
    expect(saleClock('America/Tijuana', new Date('2026-11-02T08:01:00Z'))).toEqual({ date: '2026-11-02', time: '00:01' });
    expect(saleClock('America/Mazatlan', new Date('2026-11-02T06:59:00Z'))).toEqual({ date: '2026-11-01', time: '23:59' });
  });
});
