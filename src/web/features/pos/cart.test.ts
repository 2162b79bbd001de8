import { describe, expect, it } from 'vitest';
import { toCents } from '../../../domain/money';
import type { PosItem } from '../../../domain/pos.contract';
import { SALE_MESSAGES } from '../../../domain/sales';
import { addToCart, currentSaleKind, linesOf, placeOfError, remaining, saleBody, saleFigures, setQuantity, settle, type PaymentRow } from './cart';

const item = (kind: PosItem['kind'], id: string, price: number, tax = 16): PosItem => ({
  kind,
  id,
  sku: id.toUpperCase(),
  name: `Artículo ${id}`,
  price,
  points: 10,
  tax,
  barCode: null,
  stock: kind === 'product' ? 5 : null,
  paymentTypes: [],
});
const row = (method: PaymentRow['method'], amount: number, currency: PaymentRow['currency'] = 'MXN'): PaymentRow => ({
  id: 0,
  method,
  currency,
  amount,
  reference: '',
});

const pkg = item('package', 'p1', 1160);
const facial = item('treatment', 't1', 580);
const gel = item('product', 'g1', 345);

describe('the counter cart', () => {
  it('adds the same item to one line, changes quantities and removes at zero', () => {
    let cart = addToCart(addToCart([], gel), gel);
    expect(cart).toEqual([{ item: gel, quantity: 2 }]);
    cart = setQuantity(cart, 'product:g1', 5);
    expect(cart[0]!.quantity).toBe(5);
    expect(setQuantity(cart, 'product:g1', 0)).toEqual([]);
  });

  it('charges the services first, then the products', () => {
    const cart = addToCart(addToCart([], gel), pkg);
    expect(currentSaleKind(cart)).toBe('order');
    expect(currentSaleKind(linesOf(cart, 'cashOrder'))).toBe('cashOrder');
    expect(currentSaleKind([])).toBeNull();
  });

  it('figures a sale as the intake does: the coupon on one unit, the points off the total, the IVA included', () => {
    const lines = [
      { item: pkg, quantity: 1 },
      { item: facial, quantity: 2 },
    ];
    const f = saleFigures(lines, { code: 'X', name: 'X', itemKey: 'treatment:t1', discountPercent: 10 }, 100);
    expect(f.subtotal).toBe(toCents(2320));
    expect(f.discount).toBe(toCents(58));
    expect(f.total).toBe(toCents(2262));
    expect(f.due).toBe(toCents(2162));
    expect(f.taxes).toBe(toCents(312)); // 2,262 × 16 / 116, line by line
    expect(f.maxPoints).toBe(2262);
  });

  it('a treatment coupon on a package discounts one session at the package price, as the intake does', () => {
    const f = saleFigures([{ item: pkg, quantity: 2 }], { code: 'X', name: 'X', itemKey: 'package:p1', discountPercent: 10, itemPrice: 450 }, 0);
    expect(f.discount).toBe(toCents(45));
    expect(f.total).toBe(toCents(2275));
  });

  it('settles cash with change, refuses a card beyond the total and converts dollars at the rate', () => {
    const due = toCents(345);
    expect(settle(due, [row('Efectivo', 200), row('Tarjeta de débito', 172.5)], 17)).toMatchObject({ ok: true, change: toCents(27.5) });
    expect(settle(due, [row('Tarjeta de débito', 400)], 17)).toEqual({ ok: false, message: SALE_MESSAGES.cardOverpaid });
    expect(settle(due, [row('Efectivo', 20, 'USD')], 17.2)).toEqual({ ok: false, message: SALE_MESSAGES.paymentsMismatch });
    expect(settle(due, [row('Efectivo', 21, 'USD')], 17.2)).toMatchObject({ ok: true, change: toCents(16.2) });
    expect(remaining(due, [row('Efectivo', 10, 'USD')], 17.2)).toBe(toCents(173));
    expect(settle(due, [row('Efectivo', 10, 'USD')], null)).toEqual({ ok: false, message: SALE_MESSAGES.noExchangeRate });
  });

  it('sends ids and quantities only, and the coupon with the sale that has its item', () => {
    const coupon = { code: 'GEL10', name: 'Gel', itemKey: 'product:g1', discountPercent: 10 };
    const order = saleBody({
      kind: 'order',
      branchId: 'b',
      customerId: 'c',
      lines: [
        { item: pkg, quantity: 1 },
        { item: facial, quantity: 2 },
      ],
      coupon,
      points: 5,
      rows: [row('Efectivo', 100), { ...row('Tarjeta de crédito', 50), reference: ' A1 ' }, row('Efectivo', 0)],
    });
    expect(order).toEqual({
      channel: 'pos',
      branchId: 'b',
      customerId: 'c',
      points: 5,
      items: [
        { packageId: 'p1', quantity: 1 },
        { treatmentId: 't1', quantity: 2 },
      ],
      payments: [
        { method: 'Efectivo', currency: 'MXN', amount: 100 },
        { method: 'Tarjeta de crédito', currency: 'MXN', amount: 50, reference: 'A1' },
      ],
    });
    const cash = saleBody({
      kind: 'cashOrder',
      branchId: 'b',
      customerId: null,
      lines: [{ item: gel, quantity: 1 }],
      coupon,
      points: 0,
      rows: [row('Efectivo', 345)],
    });
    expect(cash).toMatchObject({ couponCode: 'GEL10', items: [{ productId: 'g1', quantity: 1 }] });
    expect(cash).not.toHaveProperty('customerId');
  });

  it("puts a server's field error next to what it concerns", () => {
    const lines = [{ item: gel, quantity: 9 }];
    expect(placeOfError('items.0.quantity', lines)).toEqual({ line: 'product:g1' });
    expect(placeOfError('payments', lines)).toEqual({ field: 'payments' });
    expect(placeOfError('points', lines)).toEqual({ field: 'points' });
    expect(placeOfError('couponCode', lines)).toEqual({ field: 'coupon' });
    expect(placeOfError('branchId', lines)).toEqual({ field: 'general' });
  });
});
