import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from './inventory';
import {
  repeatedIndexes,
  transferApproveSchema,
  transferConfirmSchema,
  transferDeletable,
  transferHasDifference,
  transferMode,
  transferSchema,
  type TransferFacts,
} from './transfers.schemas';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const LOT = '33333333-3333-4333-8333-333333333333';
const LOT2 = '44444444-4444-4444-8444-444444444444';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('transferSchema', () => {
  const ok = { originBranchId: A, destinyBranchId: B, transferProducts: [{ stockId: LOT, stockedQuantity: '2' }] };
  it('accepts a valid transfer and coerces the quantity', () => {
    expect(transferSchema.parse(ok).transferProducts[0]!.stockedQuantity).toBe(2);
  });
  it('refuses the same branch on both sides, on the destination', () => {
    expect(issues(transferSchema.safeParse({ ...ok, destinyBranchId: A }))).toEqual([['destinyBranchId', INVENTORY_MESSAGES.sameBranch]]);
  });
  it('requires both branches, a line and a quantity of at least 1', () => {
    const r = issues(transferSchema.safeParse({ transferProducts: [{ stockId: LOT, stockedQuantity: 0 }] }));
    expect(r.map(([f]) => f)).toEqual(['originBranchId', 'destinyBranchId', 'transferProducts.0.stockedQuantity']);
    expect(r[0]).toEqual(['originBranchId', 'El campo sucursal de origen es requerido']);
    expect(issues(transferSchema.safeParse({ ...ok, originBranchId: 'x' }))).toEqual([['originBranchId', 'El campo sucursal de origen no es válido']]);
    expect(issues(transferSchema.safeParse({ ...ok, transferProducts: [] }))).toEqual([['transferProducts', 'El campo productos es requerido']]);
  });
  it('refuses the same lot twice', () => {
    const twice = { ...ok, transferProducts: [...ok.transferProducts, { stockId: LOT2, stockedQuantity: 1 }, { stockId: LOT, stockedQuantity: 1 }] };
    expect(issues(transferSchema.safeParse(twice))).toEqual([['transferProducts.2.stockId', INVENTORY_MESSAGES.duplicateStock]]);
    expect(repeatedIndexes(['a', 'b', 'a', null, 'b'])).toEqual([2, 4]);
  });
});

describe('approve and confirm bodies', () => {
  it('approve needs a quantity per line and at least one unit sent', () => {
    expect(
      transferApproveSchema.safeParse({
        transferProducts: [
          { id: LOT, stockedQuantity: 3 },
          { id: LOT2, stockedQuantity: 0 },
        ],
      }).success,
    ).toBe(true);
    expect(issues(transferApproveSchema.safeParse({ transferProducts: [{ id: LOT, stockedQuantity: 0 }] }))).toEqual([
      ['transferProducts', 'Debe enviar al menos una unidad'],
    ]);
    expect(issues(transferApproveSchema.safeParse({ transferProducts: [{ id: LOT }] }))[0]![0]).toBe('transferProducts.0.stockedQuantity');
  });
  it('confirm needs the received quantity, zero allowed', () => {
    expect(transferConfirmSchema.safeParse({ transferProducts: [{ id: LOT, receivedQuantity: 0 }] }).success).toBe(true);
    expect(issues(transferConfirmSchema.safeParse({ transferProducts: [{ id: LOT, receivedQuantity: -1 }] }))[0]![0]).toBe(
      'transferProducts.0.receivedQuantity',
    );
  });
});

describe('transfer states', () => {
  const facts = (over: Partial<TransferFacts>): TransferFacts => ({
    status: 'En proceso',
    approvedAt: null,
    acceptedAt: null,
    rejectedAt: null,
    deleted_at: null,
    ...over,
  });
  it('gives the form its mode', () => {
    expect(transferMode(undefined)).toBe('create');
    expect(transferMode(facts({}))).toBe('approve');
    expect(transferMode(facts({ status: 'En tránsito', approvedAt: 'x' }))).toBe('confirm');
    expect(transferMode(facts({ status: 'Terminada', approvedAt: 'x', acceptedAt: 'y' }))).toBe('readOnly');
    expect(transferMode(facts({ status: 'Rechazada', rejectedAt: 'y' }))).toBe('readOnly');
    expect(transferMode(facts({ status: 'Eliminada', deleted_at: 'y' }))).toBe('readOnly');
  });
  it('lets anyone with delete remove a pending transfer and the super administrator a sent or rejected one', () => {
    expect(transferDeletable(facts({}), false)).toBe(true);
    expect(transferDeletable(facts({ status: 'En tránsito' }), false)).toBe(false);
    expect(transferDeletable(facts({ status: 'En tránsito' }), true)).toBe(true);
    expect(transferDeletable(facts({ status: 'Rechazada' }), true)).toBe(true);
    expect(transferDeletable(facts({ status: 'Terminada' }), true)).toBe(false);
    expect(transferDeletable(facts({ status: 'Eliminada' }), true)).toBe(false);
  });
  it('highlights a finished transfer whose received quantity differs from the sent one', () => {
    expect(transferHasDifference('Terminada', [{ stockedQuantity: 3, receivedQuantity: 3 }])).toBe(false);
    expect(transferHasDifference('Terminada', [{ stockedQuantity: 3, receivedQuantity: 2 }])).toBe(true);
    expect(transferHasDifference('En tránsito', [{ stockedQuantity: 3, receivedQuantity: null }])).toBe(false);
  });
});
