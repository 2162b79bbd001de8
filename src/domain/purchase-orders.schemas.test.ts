import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from './inventory';
import { duplicateLotIndexes, missingLotIssues, purchaseOrderSchema, purchaseOrderUpdateSchema } from './purchase-orders.schemas';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const order = {
  invoiceNumber: 'F-1',
  providerId: P1,
  payMethod: 'Efectivo',
  arrivedAt: '2026-11-20',
  tax: 16,
  amount: 100,
  purchaseOrderProducts: [{ productId: P2, quantity: 1, price: 10 }],
};

describe('purchase order rules', () => {
  it('finds the same product with the same lot (case and spaces aside), not another lot or product', () => {
    expect(
      duplicateLotIndexes([
        { productId: P1, allotment: 'a-1' },
        { productId: P1, allotment: ' A-1 ' },
        { productId: P1, allotment: 'A-2' },
        { productId: P2, allotment: 'A-1' },
        { productId: P2, allotment: null },
        { productId: P2, allotment: '' },
      ]),
    ).toEqual([1, 5]);
  });

  it('asks lot and expiry only where the product requires a lot', () => {
    const lines = [{ productId: P1 }, { productId: P2 }, { productId: P1, allotment: 'L', expiresAt: '2028-01-31' }];
    expect(missingLotIssues(lines, (id) => id === P1)).toEqual([
      { field: 'purchaseOrderProducts.0.allotment', message: INVENTORY_MESSAGES.lotRequired },
      { field: 'purchaseOrderProducts.0.expiresAt', message: INVENTORY_MESSAGES.expiryRequired },
    ]);
  });

  it('accepts a valid body and requires payment status and date on edit', () => {
    expect(purchaseOrderSchema.safeParse(order).success).toBe(true);
    expect(purchaseOrderSchema.safeParse({ ...order, tax: 10 }).success).toBe(false);
    expect(purchaseOrderSchema.safeParse({ ...order, invoiceNumber: 'X'.repeat(21) }).success).toBe(false);
    expect(purchaseOrderUpdateSchema.safeParse(order).success).toBe(false);
    expect(purchaseOrderUpdateSchema.safeParse({ ...order, payStatus: 'Completado', payedAt: '2026-11-21' }).success).toBe(true);
  });
});
