import { describe, expect, it } from 'vitest';
import { cents } from './money';
import { couponDiscountAmount, dateIn, discountedPrice, discountedPriceCents, formatPercent, isCouponExhausted, isCouponExpired } from './coupons';
import { couponCreateSchema, couponUpdateSchema, couponValidateSchema } from './coupons.schemas';

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('discounted coupon price (price − price × discount / 100, in cents)', () => {
  it('gives exact cent values', () => {
    expect(discountedPrice(1000, 15)).toBe(850);
    expect(discountedPrice(1499.99, 15)).toBe(1274.99);
    expect(discountedPrice(19.99, 10)).toBe(17.99);
    expect(discountedPrice(899.5, 12.5)).toBe(787.06);
    expect(discountedPrice(333.33, 33.33)).toBe(222.23);
    expect(discountedPrice('2500.00', '20.00')).toBe(2000);
    expect(discountedPriceCents(cents(123_456), 7)).toBe(114_814);
  });

  it('rounds the discount half up once, where floats would drift', () => {
    // 1.15 × 50% is 0.575: floating point says 0.57499…, cents say 0.58
    expect(couponDiscountAmount(1.15, 50)).toBe(0.58);
    expect(discountedPrice(1.15, 50)).toBe(0.57);
    expect(discountedPrice(0.05, 50)).toBe(0.02);
    expect(couponDiscountAmount(1499.99, 15) + discountedPrice(1499.99, 15)).toBe(1499.99);
  });

  it('never goes below zero nor above the price', () => {
    expect(discountedPrice(2500, 100)).toBe(0);
    expect(discountedPrice(0, 30)).toBe(0);
    expect(discountedPrice(null, 30)).toBe(0);
    expect(discountedPrice(100, 0)).toBe(100);
  });

  it('shows the percentage', () => {
    expect(formatPercent(15)).toBe('15%');
    expect(formatPercent('12.50')).toBe('12.5%');
    expect(formatPercent(33.33)).toBe('33.33%');
  });
});

describe('coupon validity', () => {
  it('is valid through the expiry day in the branch time zone', () => {
    // 06:30 UTC on 1 March is still 28 February in Tijuana
    const now = new Date('2026-03-01T06:30:00Z');
    expect(dateIn('America/Tijuana', now)).toBe('2026-02-28');
    expect(dateIn('America/Mexico_City', now)).toBe('2026-03-01');
    expect(isCouponExpired('2026-02-28', dateIn('America/Tijuana', now))).toBe(false);
    expect(isCouponExpired('2026-02-28', dateIn('America/Mexico_City', now))).toBe(true);
  });

  it('is exhausted once used reaches the limit', () => {
    expect(isCouponExhausted({ used: 4, limit: 5 })).toBe(false);
    expect(isCouponExhausted({ used: 5, limit: 5 })).toBe(true);
  });
});

describe('coupon schemas', () => {
  const valid = {
    code: 'VERANO26',
    name: 'Verano',
    description: 'Descuento de verano',
    branchesIds: [ID],
    limit: 10,
    type: 'Treatment',
    treatmentId: ID,
    discount: 15,
    expireDate: '2026-08-31',
  };

  it('accepts a full coupon and drops the item of the other type', () => {
    const out = couponCreateSchema.parse({ ...valid, productId: ID, limit: '10', discount: '15' });
    expect(out).toMatchObject({ code: 'VERANO26', limit: 10, discount: 15, treatmentId: ID });
    expect(out.productId).toBeUndefined();
  });

  it('checks the code length (5 to 15) and the name (at most 50)', () => {
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, code: 'ABCD' }))).toBe('El campo código debe tener al menos 5 caracteres');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, code: 'A'.repeat(16) }))).toBe('El campo código debe tener como máximo 15 caracteres');
    expect(couponCreateSchema.safeParse({ ...valid, code: 'ABCDE' }).success).toBe(true);
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, name: 'x'.repeat(51) }))).toBe('El campo nombre debe tener como máximo 50 caracteres');
  });

  it('requires every field with the spec messages', () => {
    const messages = couponCreateSchema.safeParse({}).error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'El campo código es requerido',
        'El campo nombre es requerido',
        'El campo descripción es requerido',
        'El campo sucursales es requerido',
        'El campo límite de usos es requerido',
        'El campo vigencia es requerido',
        'El campo tipo es requerido',
        'El campo descuento es requerido',
      ]),
    );
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, branchesIds: [] }))).toBe('El campo sucursales es requerido');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, treatmentId: undefined }))).toBe('El campo tratamiento es requerido');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, type: 'Product' }))).toBe('El campo producto es requerido');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, discount: 0 }))).toBe('El descuento debe ser mayor a 0');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, discount: 101 }))).toBe('El descuento no puede ser mayor a 100');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, expireDate: '2026-02-30' }))).toBe('El campo vigencia no es válido');
    expect(firstMessage(couponCreateSchema.safeParse({ ...valid, limit: 0 }))).toBe('El límite de usos debe ser al menos 1');
  });

  it('lets an edit omit the locked fields', () => {
    const { code, name, description, branchesIds, limit, expireDate } = valid;
    expect(couponUpdateSchema.parse({ code, name, description, branchesIds, limit, expireDate, status: false })).toMatchObject({ status: false });
  });

  it('validates the validate call', () => {
    expect(couponValidateSchema.safeParse({ code: 'VERANO26', customerId: ID, branchId: ID, item: { type: 'Treatment', id: ID } }).success).toBe(true);
    expect(couponValidateSchema.safeParse({ code: 'VERANO26', customerId: ID, branchId: ID }).success).toBe(false);
  });
});
