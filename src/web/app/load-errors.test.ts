import { describe, expect, it } from 'vitest';
import { isChunkLoadError, isMissingRecord } from './load-errors';

class FakeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
  }
}

describe('isChunkLoadError', () => {
  it("recognises each browser's failed lazy screen", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/CategoriesPage-abc.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/agenda-1.css'))).toBe(true);
    const webpack = new Error('Loading chunk 42 failed.');
    webpack.name = 'ChunkLoadError';
    expect(isChunkLoadError(webpack)).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('isMissingRecord', () => {
  it('is a 404, or a 400 on the id of the address', () => {
    expect(isMissingRecord(new FakeApiError(404, 'Cliente no encontrado'))).toBe(true);
    expect(isMissingRecord(new FakeApiError(400, 'Identificador inválido', [{ field: 'id', message: 'Identificador inválido' }]))).toBe(true);
  });

  it('is not a validation error of a field, a refusal or a network failure', () => {
    expect(isMissingRecord(new FakeApiError(400, 'El campo nombre es requerido', [{ field: 'name', message: '…' }]))).toBe(false);
    expect(isMissingRecord(new FakeApiError(403, 'Sin permiso'))).toBe(false);
    expect(isMissingRecord(new FakeApiError(0, 'Sin conexión con el servidor.'))).toBe(false);
    expect(isMissingRecord(new Error('boom'))).toBe(false);
  });
});
