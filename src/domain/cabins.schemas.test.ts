import { describe, expect, it } from 'vitest';
import { CABIN_TYPE_ORDER_MIN, cabinSchema, cabinTypeSchema, hexColor } from './cabins.schemas';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;
const messageOf = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }, field: string) =>
  r.error?.issues.find((i) => i.path.join('.') === field)?.message;

describe('cabin and cabin type payloads', () => {
  it('stores the colour without # in lower case', () => {
    expect(hexColor().parse('#E83E8C')).toBe('e83e8c');
    expect(hexColor().parse('13a8a8')).toBe('13a8a8');
    expect(firstMessage(hexColor().safeParse('#12345'))).toBe('El campo color no es válido');
    expect(firstMessage(hexColor().safeParse(''))).toBe('El campo color es requerido');
  });

  it('needs an order of at least 1', () => {
    const base = { treatmentTypeId: '0b0e8f3c-6f1e-4a4b-9c4d-2a9e6a1d2f10', name: 'Cabina', color: 'e83e8c' };
    expect(cabinTypeSchema.parse({ ...base, order: '2' }).order).toBe(2);
    expect(messageOf(cabinTypeSchema.safeParse({ ...base, order: 0 }), 'order')).toBe(CABIN_TYPE_ORDER_MIN);
    expect(messageOf(cabinTypeSchema.safeParse({ ...base }), 'order')).toBe('El campo orden es requerido');
    expect(messageOf(cabinTypeSchema.safeParse({ ...base, order: 1, treatmentTypeId: undefined }), 'treatmentTypeId')).toBe(
      'El campo tipo de tratamiento es requerido',
    );
  });

  it('limits the cabin description to 80 characters and requires name, type and branch', () => {
    const r = cabinSchema.safeParse({ description: 'x'.repeat(81) });
    expect(messageOf(r, 'description')).toBe('El campo descripción debe tener como máximo 80 caracteres');
    expect(messageOf(r, 'name')).toBe('El campo nombre es requerido');
    expect(messageOf(r, 'typeId')).toBe('El campo tipo de cabina es requerido');
    expect(messageOf(r, 'branchId')).toBe('El campo sucursal es requerido');
  });
});
