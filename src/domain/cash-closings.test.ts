import { describe, expect, it } from 'vitest';
import {
  closingNumber,
  closingTotals,
  countedAmount,
  countedDrawer,
  countFor,
  drawerDifference,
  DEFAULT_OPENING_FLOAT,
  EMPTY_TOTALS,
  expectedDrawer,
  netCash,
  refundsTotal,
  type ClosingPaymentRow,
} from './cash-closings';
import { cents, toCents, type Cents } from './money';

const row = (
  kind: ClosingPaymentRow['kind'],
  method: string,
  amount: number,
  opts: { currency?: string; amountMxn?: number; orderKind?: ClosingPaymentRow['orderKind'] } = {},
): ClosingPaymentRow => ({
  kind,
  orderKind: opts.orderKind ?? 'order',
  method,
  currency: opts.currency ?? 'MXN',
  amount: toCents(amount),
  amountMxn: toCents(opts.amountMxn ?? amount),
});
const pay = (method: string, amount: number, opts?: Parameters<typeof row>[3]) => row('payment', method, amount, opts);
const back = (method: string, amount: number, opts?: Parameters<typeof row>[3]) => row('refund', method, -amount, opts);

describe('closing totals to the cent', () => {
  // a package paid 1,000.00 by debit card and 1,250.10 cash (50.10 of it given back),
  // a product paid US$20.00 at 17.2534 (345.07 pesos) with 45.07 pesos of change, one of 0.03 by credit card,
  // points worth 200.00; a transfer and a deposit; refunds in cash, by card and in points
  const rows: ClosingPaymentRow[] = [
    pay('Tarjeta de débito', 1000),
    pay('Efectivo', 1250.1),
    pay('Puntos', 200),
    pay('Efectivo', 20, { currency: 'USD', amountMxn: 345.07, orderKind: 'cashOrder' }),
    pay('Tarjeta de crédito', 0.03, { orderKind: 'cashOrder' }),
    pay('Efectivo', 99.99, { orderKind: 'cashOrder' }),
    pay('Transferencia electrónica', 500.5),
    pay('Depósito bancario', 0.01),
    back('Efectivo', 300.25),
    back('Efectivo', 10.1, { orderKind: 'cashOrder' }),
    back('Tarjeta de crédito', 0.03, { orderKind: 'cashOrder' }),
    back('Tarjeta de débito', 999.99),
    back('Puntos', 100),
  ];
  const changes = [
    { orderKind: 'order' as const, change: toCents(50.1) },
    { orderKind: 'cashOrder' as const, change: toCents(45.07) },
  ];
  const totals = closingTotals(rows, changes);

  it('sums each method in pesos, cash net of the change, dollars in dollars', () => {
    expect(totals).toMatchObject({
      creditCardTotal: 3,
      debitCardTotal: 100_000,
      // 1,250.10 + 99.99 − 50.10 − 45.07
      cashTotal: 125_492,
      cashTotalDollars: 2000,
      pointsTotal: 20_000,
      transferTotal: 50_050,
      depositTotal: 1,
    });
  });

  it('sums the refunds per method as positive amounts', () => {
    expect(totals).toMatchObject({ refundCash: 31_035, refundCreditCardTotal: 3, refundDebitCardTotal: 99_999, refundPoints: 10_000 });
    expect(refundsTotal(totals)).toBe(141_037);
  });

  it('totals every tender at its peso value, less change and refunds', () => {
    // tenders 3,395.70 − change 95.17 − refunds 1,410.37 = 1,890.16
    expect(totals.total).toBe(189_016);
  });

  it('keeps the product (cash order) part apart', () => {
    expect(totals).toMatchObject({
      productCashTotal: 5492, // 99.99 − 45.07
      productCashTotalDollars: 2000,
      productRefundCash: 1010,
      // 345.07 + 0.03 + 99.99 − 45.07 − 10.10 − 0.03
      productTotal: 38_989,
    });
  });

  it('expects in the drawer the cash net of change less cash refunds, and the dollars', () => {
    expect(expectedDrawer(totals)).toEqual({ MXN: 94_457, USD: 2000 });
  });

  it('expects the opening float + cash in − change − cash refunds, and keeps the float out of what the day took', () => {
    const withFloat = closingTotals(rows, changes, toCents(2000.5));
    expect(withFloat.openingFloat).toBe(200_050);
    // 2,000.50 + 1,254.92 − 310.35
    expect(expectedDrawer(withFloat)).toEqual({ MXN: 294_507, USD: 2000 });
    expect({ ...withFloat, openingFloat: 0 }).toEqual(totals);
    expect(totals.openingFloat).toBe(0);
  });

  it('keeps the drawer of a day that refunded more cash than it took above zero by the float', () => {
    // the day's only sale, 150.00 cash with 50.00 of change, and an earlier sale's 1,200.00 given back in cash
    const day = closingTotals([pay('Efectivo', 150), back('Efectivo', 1200)], [{ orderKind: 'order', change: toCents(50) }], DEFAULT_OPENING_FLOAT);
    expect(DEFAULT_OPENING_FLOAT).toBe(200_000);
    expect(expectedDrawer(day).MXN).toBe(90_000);
    expect(expectedDrawer({ ...day, openingFloat: cents(0) }).MXN).toBe(-110_000);
    expect(day.total).toBe(-110_000);
  });

  it('answers zeros for a day without rows and lets change exceed the pesos tendered (a dollar sale)', () => {
    expect(Object.values(EMPTY_TOTALS).every((v) => v === 0)).toBe(true);
    expect(netCash([pay('Efectivo', 20, { currency: 'USD', amountMxn: 345.07 })], toCents(45.07))).toBe(-4507);
  });

  it('adds sums of like rows as exactly as the rows themselves', () => {
    const many = Array.from({ length: 1000 }, () => pay('Efectivo', 0.1));
    expect(closingTotals(many, []).cashTotal).toBe(10_000);
    expect(closingTotals([pay('Efectivo', 100)], []).cashTotal).toBe(closingTotals([pay('Efectivo', 33.33), pay('Efectivo', 66.67)], []).cashTotal);
  });
});

describe('the counted drawer', () => {
  it('adds bills and coins of each currency in cents, 50 centavos included', () => {
    expect(countedAmount('MXN', { '1000': 1, '500': 2, '20': 3, '0.5': 3 })).toBe(206_150);
    expect(countedAmount('USD', { '100': 1, '1': 7 })).toBe(10_700);
    expect(countedAmount('MXN', undefined)).toBe(0);
    expect(countedDrawer({ MXN: { '200': 4 } })).toEqual({ MXN: 80_000, USD: 0 });
  });

  it('answers the difference as counted − expected per currency', () => {
    const diff = drawerDifference({ MXN: cents(80_000), USD: cents(2000) }, { MXN: cents(80_050), USD: cents(1000) });
    expect(diff).toEqual({ MXN: -50, USD: 1000 });
  });

  it('counts an amount down to the 50-centavo coin, largest first', () => {
    expect(countFor('MXN', toCents(1888.5))).toEqual({ '1000': 1, '500': 1, '200': 1, '100': 1, '50': 1, '20': 1, '10': 1, '5': 1, '2': 1, '1': 1, '0.5': 1 });
    expect(countedAmount('MXN', countFor('MXN', toCents(1234.75)))).toBe(123_450);
    expect(countFor('USD', toCents(36))).toEqual({ '20': 1, '10': 1, '5': 1, '1': 1 });
    expect(countFor('MXN', -500 as Cents)).toEqual({});
  });

  it('numbers closings CC-000001', () => {
    expect(closingNumber(1)).toBe('CC-000001');
    expect(closingNumber('1234567')).toBe('CC-1234567');
  });
});
