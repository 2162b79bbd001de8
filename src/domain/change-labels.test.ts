import { describe, expect, it } from 'vitest';
import {
  browserLabel,
  changedFieldLabels,
  changesText,
  describeChanges,
  fieldLabel,
  formatValue,
  logActionLabel,
  referencedIds,
  storedActions,
} from './change-labels';

const CABIN = '0b6f2d1e-1111-4a4a-8b8b-000000000001';
const BRANCH = '0b6f2d1e-2222-4a4a-8b8b-000000000002';
const names = { [CABIN]: 'Cabina 1', [BRANCH]: 'Tijuana' };

describe('change labels', () => {
  it('names the recorded keys in Spanish, never the raw key', () => {
    expect(fieldLabel('confirmMethod')).toBe('Método de confirmación');
    expect(fieldLabel('finishedAt')).toBe('Terminada el');
    expect(fieldLabel('cabinId')).toBe('Cabina');
    expect(fieldLabel('someNewKey')).toBe('Some new key');
  });

  it("describes a lock's create with names, Spanish codes and dates", () => {
    const after = {
      branchId: BRANCH,
      cabinId: CABIN,
      type: 'hour',
      reason: 'comida',
      time: ['14:00', '14:30'],
      date: '2026-12-01',
      days: [1, 3],
      recurrent: true,
      endDate: null,
    };
    const rows = Object.fromEntries(describeChanges(null, after, names).map((f) => [f.key, f]));
    expect(rows.cabinId).toEqual({ key: 'cabinId', label: 'Cabina', before: null, after: 'Cabina 1', changed: false });
    expect(rows.branchId.after).toBe('Tijuana');
    expect(rows.type.after).toBe('Hora');
    expect(rows.date.after).toBe('01/12/2026');
    expect(rows.days.after).toBe('Lunes, Miércoles');
    expect(rows.recurrent.after).toBe('Sí');
    expect(rows.endDate.after).toBe('—');
    expect(rows.time.after).toBe('14:00, 14:30');
  });

  it('reads appointment statuses and methods in Spanish and marks what an update changed', () => {
    const rows = describeChanges(
      { status: 'scheduled', confirmMethod: null, finishedAt: null },
      { status: 'cancelled', confirmMethod: 'whatsapp', finishedAt: '2026-11-20T18:30:00.000Z' },
    );
    expect(rows.map((r) => [r.label, r.before, r.after, r.changed])).toEqual([
      ['Estatus', 'Agendada', 'Cancelada', true],
      ['Método de confirmación', '—', 'WhatsApp', true],
      ['Terminada el', '—', '20/11/2026 10:30', true],
    ]);
    expect(changedFieldLabels({ status: 'scheduled', date: '2026-11-20' }, { status: 'finished', date: '2026-11-20' })).toEqual(['Estatus']);
    expect(changesText({ status: 'scheduled' }, { status: 'finished' })).toBe('Estatus: Agendada → Terminada');
  });

  it('hides bookkeeping keys and the id twin of a named field', () => {
    const rows = describeChanges(null, { id: 'x', created_at: 'y', categoryId: BRANCH, category: { id: BRANCH, name: 'Facial' } });
    expect(rows).toEqual([{ key: 'category', label: 'Categoría', before: null, after: 'Facial', changed: false }]);
  });

  it('says a reference was not found instead of showing its id, unless names were not looked up', () => {
    expect(formatValue('customerId', CABIN, {})).toBe('Registro no encontrado');
    expect(formatValue('customerId', CABIN)).toBe(CABIN);
  });

  it('collects the referenced ids by kind, nested items included', () => {
    const found = referencedIds([{ branchId: BRANCH, treatmentPackage: [{ treatmentId: CABIN, areasIds: [BRANCH] }] }, null]);
    expect([...found.get('branch')!]).toEqual([BRANCH]);
    expect([...found.get('treatment')!]).toEqual([CABIN]);
    expect([...found.get('area')!]).toEqual([BRANCH]);
  });

  it('gives English-recorded actions in Spanish and filters by either spelling', () => {
    expect(logActionLabel('create')).toBe('crear');
    expect(logActionLabel('terminar')).toBe('terminar');
    expect(storedActions('crear')).toEqual(['crear', 'create']);
  });

  it('names the browser of a user agent', () => {
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome 131 en Windows',
    );
    expect(browserLabel('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 en Linux');
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0')).toBe('Edge 130 en Windows');
    expect(browserLabel(null)).toBe('Desconocido');
  });
});
