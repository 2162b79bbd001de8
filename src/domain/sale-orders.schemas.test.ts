import { describe, expect, it } from 'vitest';
import { INVENTORY_MESSAGES } from './inventory';
import { repeatedLots, saleOrderSchema } from './sale-orders.schemas';

const body = (lines: { stockId: string; quantity: number; price?: number }[], extra: Record<string, unknown> = {}) => ({
  name: 'Spa Las Palmas',
  rfc: 'SPA010203AB4',
  phone: '(664) 555-1234',
  note: 'N-1001',
  comments: 'Entrega en mostrador',
  branchId: '00000000-0000-4000-8000-0000000000aa',
  saleOrderProducts: lines.map((l) => ({ price: 250.5, ...l })),
  ...extra,
});

it('repeatedLots names every line whose lot an earlier line holds', () => {
  expect(repeatedLots([{ stockId: 'a' }, { stockId: 'b' }, { stockId: 'a' }, { stockId: null }, { stockId: 'b' }])).toEqual([2, 4]);
  expect(repeatedLots([])).toEqual([]);
});

describe('sale order payload (section 5)', () => {
  const lot = '00000000-0000-4000-8000-000000000001';
  const lot2 = '00000000-0000-4000-8000-000000000002';
  const parse = (extra: Record<string, unknown>) => saleOrderSchema.safeParse(body([{ stockId: lot, quantity: 1 }], extra));
  const messages = (extra: Record<string, unknown>) => {
    const r = parse(extra);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('accepts a full order and one without RFC or comments', () => {
    expect(parse({}).success).toBe(true);
    const r = parse({ rfc: '', comments: '' });
    expect(r.success && r.data).toMatchObject({ rfc: null, comments: null, phone: '6645551234' });
  });

  it('requires name, phone and note number; checks the RFC pattern', () => {
    expect(messages({ name: '' })).toEqual(['name: El campo nombre es requerido']);
    expect(messages({ phone: '' })).toEqual(['phone: El campo teléfono es requerido']);
    expect(messages({ phone: '12345' })).toEqual(['phone: El teléfono debe tener 10 dígitos']);
    expect(messages({ note: ' ' })).toEqual(['note: El campo número de nota es requerido']);
    expect(messages({ rfc: 'XYZ' })).toEqual(['rfc: RFC Invalido']);
  });

  it('checks each line: lot, quantity ≥ 1, price ≥ 0 with two decimals, no lot twice', () => {
    const lines = (l: unknown[]) => messages({ saleOrderProducts: l });
    expect(lines([])).toEqual(['saleOrderProducts: Agregue al menos un producto']);
    expect(lines([{ quantity: 1, price: 1 }])).toEqual(['saleOrderProducts.0.stockId: El campo lote es requerido']);
    expect(lines([{ stockId: lot, quantity: 0, price: 1 }])).toEqual(['saleOrderProducts.0.quantity: El campo cantidad debe ser al menos 1']);
    expect(lines([{ stockId: lot, quantity: 1, price: -1 }])).toEqual(['saleOrderProducts.0.price: El campo precio no puede ser negativo']);
    expect(lines([{ stockId: lot, quantity: 1, price: 1.234 }])).toEqual(['saleOrderProducts.0.price: El campo precio admite como máximo dos decimales']);
    expect(
      lines([
        { stockId: lot, quantity: 1, price: 1 },
        { stockId: lot2, quantity: 1, price: 1 },
        { stockId: lot, quantity: 2, price: 1 },
      ]),
    ).toEqual([`saleOrderProducts.2.stockId: ${INVENTORY_MESSAGES.duplicateStock}`]);
  });
});
