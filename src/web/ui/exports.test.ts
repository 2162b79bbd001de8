import { describe, expect, it } from 'vitest';
import { PRINT_LIMIT, printLimitNote } from './exports';

describe('printLimitNote', () => {
  it('says nothing when every row fits on the printed page', () => {
    expect(printLimitNote({ itemCount: 12 })).toBeNull();
    expect(printLimitNote({ itemCount: PRINT_LIMIT })).toBeNull();
    expect(printLimitNote(undefined)).toBeNull();
  });

  it('warns past the limit with both counts and points to CSV', () => {
    expect(printLimitNote({ itemCount: 3245 })).toBe('Se imprimirán los primeros 1,000 de 3,245 registros; use CSV para exportarlos todos.');
  });

  it('reads a capped count as «más de»', () => {
    expect(printLimitNote({ itemCount: 1000, itemCountCapped: true })).toBe(
      'Se imprimirán los primeros 1,000 de más de 1,000 registros; use CSV para exportarlos todos.',
    );
  });
});
