import { describe, expect, it } from 'vitest';
import { bookedSessionsProblem, isPurchasedExpired, noLotMessage, productsWithoutLots } from './session-rules';

describe('sessions of a purchased treatment', () => {
  it('books only the sessions left that no live appointment holds', () => {
    expect(bookedSessionsProblem(3, 0, 3)).toBeNull();
    expect(bookedSessionsProblem(3, 2, 1)).toBeNull();
    expect(bookedSessionsProblem(1, 1, 1)).toBe('Queda 1 sesión del tratamiento adquirido y 1 ya está agendada: no hay sesiones por agendar');
    expect(bookedSessionsProblem(3, 1, 3)).toBe('Quedan 3 sesiones del tratamiento adquirido y 1 ya está agendada: solo puede agendar 2');
    expect(bookedSessionsProblem(2, 2, 1, true)).toBe('Quedan 2 sesiones del tratamiento adquirido y 2 ya están agendadas: termínelas desde sus citas');
    expect(bookedSessionsProblem(3, 1, 3, true)).toBe('Quedan 3 sesiones del tratamiento adquirido y 1 ya está agendada: solo puede terminar 2');
  });

  it('is expired when marked so or in process past its limit date', () => {
    expect(isPurchasedExpired('expired', null, '2026-11-26')).toBe(true);
    expect(isPurchasedExpired('onProcess', '2026-11-25', '2026-11-26')).toBe(true);
    expect(isPurchasedExpired('onProcess', '2026-11-26', '2026-11-26')).toBe(false);
    expect(isPurchasedExpired('onProcess', null, '2026-11-26')).toBe(false);
    expect(isPurchasedExpired('finished', '2020-01-01', '2026-11-26')).toBe(false);
  });
});

describe('supplies of a finish', () => {
  it('names each product without a lot at the branch and what to do', () => {
    expect(noLotMessage(['Lidocaína al 2 %'], 'Tijuana')).toBe(
      'No hay lotes con existencia de «Lidocaína al 2 %» en la sucursal Tijuana: registre una entrada de inventario o pida un traspaso',
    );
    expect(noLotMessage(['A', 'B', 'C'], 'Mexicali')).toBe(
      'No hay lotes con existencia de «A», «B» y «C» en la sucursal Mexicali: registre una entrada de inventario o pida un traspaso',
    );
  });

  it('finds the products no lot with stock covers', () => {
    const needs = [{ productId: 'a' }, { productId: 'b' }];
    expect(productsWithoutLots(needs, [{ productId: 'b' }])).toEqual([{ productId: 'a' }]);
    expect(productsWithoutLots(needs, [{ productId: 'a' }, { productId: 'b' }])).toEqual([]);
  });
});
