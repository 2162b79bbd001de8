import { describe, expect, it } from 'vitest';
import { packageSchema } from './packages.schemas';

const ID = '11111111-1111-4111-8111-111111111111';
const base = {
  type: 'Package',
  sku: 'PAQ-01',
  name: 'Paquete',
  description: 'Prueba',
  treatmentTypeId: ID,
  categoryId: ID,
  points: 0,
  cabainTime: '60',
  branchesIds: [ID, ID],
  paymentType: ['Efectivo', 'Efectivo'],
  treatmentPackage: [{ treatmentId: ID, areasIds: [ID], sessions: 2, limit: 1, promotionPrice: '99.90' }],
};
const messages = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join('.')}: ${i.message}`);

describe('packageSchema', () => {
  it('normalises lists, numbers and switches', () => {
    const v = packageSchema.parse({ ...base, validBySchedule: 0, startDate: '2026-01-01', validByTime: '1', startTime: '09:00:00', endTime: '10:30' });
    expect(v).toMatchObject({ cabainTime: 60, branchesIds: [ID], paymentType: ['Efectivo'], startDate: undefined, startTime: '09:00', endTime: '10:30' });
    expect(v.treatmentPackage[0]).toMatchObject({ sessions: 2, promotionPrice: 99.9 });
  });

  it('forces one session per promotion item and requires sessions on packages', () => {
    expect(
      packageSchema.parse({ ...base, type: 'Promotion', treatmentPackage: [{ treatmentId: ID, limit: 1, promotionPrice: 1 }] }).treatmentPackage[0].sessions,
    ).toBe(1);
    expect(messages(packageSchema.safeParse({ ...base, treatmentPackage: [{ treatmentId: ID, limit: 1, promotionPrice: 1 }] }))).toEqual([
      'treatmentPackage.0.sessions: El campo sesiones es requerido',
    ]);
  });

  it('requires dates and hours when limited, in order', () => {
    expect(messages(packageSchema.safeParse({ ...base, validBySchedule: true }))).toEqual([
      'startDate: El campo fecha inicial es requerido',
      'endDate: El campo fecha final es requerido',
    ]);
    expect(messages(packageSchema.safeParse({ ...base, validBySchedule: true, startDate: '2026-03-02', endDate: '2026-03-01' }))).toEqual([
      'endDate: La fecha final no puede ser anterior a la fecha inicial',
    ]);
    expect(messages(packageSchema.safeParse({ ...base, validByTime: true, startTime: '10:00', endTime: '10:00' }))).toEqual([
      'endTime: La hora final debe ser posterior a la hora inicial',
    ]);
    expect(packageSchema.safeParse({ ...base, validBySchedule: true, startDate: '2026-03-01', endDate: '2026-03-01' }).success).toBe(true);
  });

  it('applies the SKU and item limits', () => {
    expect(messages(packageSchema.safeParse({ ...base, sku: 'abc' }))).toEqual(['sku: El campo SKU debe tener al menos 4 caracteres']);
    expect(messages(packageSchema.safeParse({ ...base, sku: 'x'.repeat(13) }))).toEqual(['sku: El campo SKU debe tener como máximo 12 caracteres']);
    expect(messages(packageSchema.safeParse({ ...base, paymentType: ['Cheque'] }))[0]).toMatch(/^paymentType\.0: /);
    expect(messages(packageSchema.safeParse({ ...base, treatmentPackage: [] }))).toEqual(['treatmentPackage: Debe agregar al menos un tratamiento']);
    expect(messages(packageSchema.safeParse({ ...base, treatmentPackage: [{ treatmentId: ID, sessions: 1, limit: 0, promotionPrice: -1 }] }))).toEqual([
      'treatmentPackage.0.limit: El campo límite debe ser al menos 1',
      'treatmentPackage.0.promotionPrice: El campo precio promoción no puede ser negativo',
    ]);
  });
});
