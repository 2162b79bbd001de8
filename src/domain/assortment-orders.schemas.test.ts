import { describe, expect, it } from 'vitest';
import {
  approveAssortmentSchema,
  assortmentOrderSchema,
  branchFixedOnRestock,
  canDelete,
  confirmAssortmentSchema,
  receivedDiffers,
  restockMode,
  type RestockFacts,
  type RestockUser,
} from './assortment-orders.schemas';
import { ROLE_NAMES } from './roles';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const B = '33333333-3333-4333-8333-333333333333';

const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  (r.error?.issues ?? []).map((i) => ({ field: i.path.join('.'), message: i.message }));

describe('assortmentOrderSchema', () => {
  const valid = { orderType: 'opening', branchId: B, assortmentOrderProducts: [{ productId: P1, orderedQuantity: 0 }] };

  it('accepts a quantity of 0 and trims empty comments away', () => {
    expect(assortmentOrderSchema.parse({ ...valid, comments: '  ' })).toEqual(valid);
  });

  it('refuses a missing type, branch, product or quantity, a negative quantity and a repeated product', () => {
    expect(errors(assortmentOrderSchema.safeParse({ ...valid, orderType: undefined }))).toEqual([
      { field: 'orderType', message: 'El campo tipo de orden es requerido' },
    ]);
    expect(errors(assortmentOrderSchema.safeParse({ ...valid, branchId: '' }))).toEqual([{ field: 'branchId', message: 'El campo sucursal es requerido' }]);
    expect(errors(assortmentOrderSchema.safeParse({ ...valid, assortmentOrderProducts: [{ productId: P1, orderedQuantity: -1 }] }))).toEqual([
      { field: 'assortmentOrderProducts.0.orderedQuantity', message: 'El campo cantidad debe ser al menos 0' },
    ]);
    expect(errors(assortmentOrderSchema.safeParse({ ...valid, assortmentOrderProducts: [{ productId: P1 }] }))).toEqual([
      { field: 'assortmentOrderProducts.0.orderedQuantity', message: 'El campo cantidad es requerido' },
    ]);
    const twice = [
      { productId: P1, orderedQuantity: 1 },
      { productId: P2, orderedQuantity: 1 },
      { productId: P1, orderedQuantity: 2 },
    ];
    expect(errors(assortmentOrderSchema.safeParse({ ...valid, assortmentOrderProducts: twice }))).toEqual([
      { field: 'assortmentOrderProducts.2.productId', message: 'El producto ya fue agregado' },
    ]);
  });

  it('requires the quantity to send and the quantity received', () => {
    expect(errors(approveAssortmentSchema.safeParse({ assortmentOrderProducts: [{ id: P1 }] }))).toEqual([
      { field: 'assortmentOrderProducts.0.stockedQuantity', message: 'El campo cantidad a enviar es requerido' },
    ]);
    expect(approveAssortmentSchema.parse({ assortmentOrderProducts: [{ id: P1, stockedQuantity: 2, stockId: '' }] })).toEqual({
      assortmentOrderProducts: [{ id: P1, stockedQuantity: 2 }],
    });
    expect(errors(confirmAssortmentSchema.safeParse({ assortmentOrderProducts: [{ id: P1, receivedQuantity: null }] }))).toEqual([
      { field: 'assortmentOrderProducts.0.receivedQuantity', message: 'El campo cantidad recibida es requerido' },
    ]);
  });
});

describe('restock rules', () => {
  const user = (over: Partial<RestockUser> & { actions: string[] }): RestockUser => ({
    id: 'u1',
    branchId: B,
    branchBound: false,
    ...over,
    can: (a) => over.actions.includes(a),
  });
  const order = (over: Partial<RestockFacts>): RestockFacts => ({ status: 'En proceso', approvedAt: null, branchId: B, orderById: 'creator', ...over });

  it('opens approve mode for an approver who did not create the order, confirm mode for the receiving branch', () => {
    const logistics = user({ actions: ['approve', 'edit', 'delete'] });
    expect(restockMode(null, logistics)).toBe('create');
    expect(restockMode(order({}), logistics)).toBe('approve');
    expect(restockMode(order({ orderById: 'u1' }), logistics)).toBe('view');
    const manager = user({ branchBound: true, actions: ['edit'] });
    expect(restockMode(order({}), manager)).toBe('view');
    expect(restockMode(order({ status: 'En tránsito', approvedAt: '2026-01-01' }), manager)).toBe('confirm');
    expect(restockMode(order({ status: 'En tránsito', approvedAt: '2026-01-01', branchId: P2 }), manager)).toBe('view');
    for (const status of ['Terminada', 'Rechazada', 'Eliminada']) expect(restockMode(order({ status, approvedAt: '2026-01-01' }), logistics)).toBe('view');
  });

  it('hides delete for finished or deleted orders', () => {
    const admin = user({ actions: ['delete'] });
    expect(['En proceso', 'En tránsito', 'Rechazada', 'Terminada', 'Eliminada'].map((status) => canDelete(order({ status }), admin))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('fixes the branch of branch and operational managers, and marks a finished order received short', () => {
    expect(branchFixedOnRestock({ role: ROLE_NAMES.operations, branchBound: false })).toBe(true);
    expect(branchFixedOnRestock({ role: ROLE_NAMES.logistics, branchBound: false })).toBe(false);
    expect(receivedDiffers('Terminada', [{ stockedQuantity: 5, receivedQuantity: 4 }])).toBe(true);
    expect(receivedDiffers('Terminada', [{ stockedQuantity: 5, receivedQuantity: 5 }])).toBe(false);
    expect(receivedDiffers('En tránsito', [{ stockedQuantity: 5, receivedQuantity: null }])).toBe(false);
  });
});
