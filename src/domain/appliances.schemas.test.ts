import { describe, expect, it } from 'vitest';
import { applianceSchema, branchApplianceSchema } from './appliances.schemas';

const ID = '3f1c2a4e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('appliance schema', () => {
  it('requires type, name, brand and model', () => {
    const messages = applianceSchema.safeParse({}).error!.issues.map((i) => i.message);
    expect(messages).toEqual(['El campo tipo es requerido', 'El campo nombre es requerido', 'El campo marca es requerido', 'El campo modelo es requerido']);
    expect(firstMessage(applianceSchema.safeParse({ type: 'Cocina', name: 'a', brand: 'b', model: 'c' }))).toBe('El campo tipo es requerido');
    expect(applianceSchema.parse({ type: 'Cómputo', name: ' Laptop ', brand: 'Dell', model: 'X1', description: '  ' })).toEqual({
      type: 'Cómputo',
      name: 'Laptop',
      brand: 'Dell',
      model: 'X1',
      description: null,
    });
  });

  it("keeps the appliance's state of the spec (Funcionando, Averiado, Con fallas, En reparación) instead of dropping it", () => {
    const base = { type: 'Aparatología', name: 'Láser', brand: 'Alma', model: 'Soprano' };
    for (const status of ['Funcionando', 'Averiado', 'Con fallas', 'En reparación']) expect(applianceSchema.parse({ ...base, status }).status).toBe(status);
    expect(firstMessage(applianceSchema.safeParse({ ...base, status: 'Roto' }))).toBe('El campo estado no es válido');
  });
});

describe('branch appliance schema', () => {
  it('requires the appliance and the SKU; the rest is optional', () => {
    expect(firstMessage(branchApplianceSchema.safeParse({ sku: 'AP-1' }))).toBe('El campo aparato es requerido');
    expect(firstMessage(branchApplianceSchema.safeParse({ applianceId: ID }))).toBe('El campo SKU es requerido');
    expect(firstMessage(branchApplianceSchema.safeParse({ applianceId: ID, sku: 'x'.repeat(13) }))).toBe('El campo SKU debe tener como máximo 12 caracteres');
    expect(branchApplianceSchema.parse({ applianceId: ID, sku: 'LAS-001', number: '', lastMaintenance: '' })).toEqual({
      applianceId: ID,
      sku: 'LAS-001',
      number: null,
      lastMaintenance: null,
      statusDescription: null,
      comments: null,
    });
    expect(firstMessage(branchApplianceSchema.safeParse({ applianceId: ID, sku: 'LAS-001', status: 'Roto' }))).toBe('El campo estatus es requerido');
    expect(firstMessage(branchApplianceSchema.safeParse({ applianceId: ID, sku: 'LAS-001', lastMaintenance: '2026-13-01' }))).toBe(
      'El campo último mantenimiento no es válido',
    );
  });
});
