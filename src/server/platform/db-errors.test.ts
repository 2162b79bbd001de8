import { describe, expect, it } from 'vitest';
import { toErrorBody } from './errors';

/** A database error as Drizzle throws it: the PostgreSQL code on the cause. */
const dbError = (code: string) => Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code }) });

describe('database errors on the wire', () => {
  it('answers an overlap, a deadlock and a serialization failure with 409 and a Spanish message, never 500', () => {
    expect(toErrorBody(dbError('23P01'))).toEqual({ statusCode: 409, code: 'APPOINTMENT_SLOT_TAKEN', message: 'El horario no está disponible' });
    for (const code of ['40P01', '40001'])
      expect(toErrorBody(dbError(code))).toEqual({ statusCode: 409, code: 'CONCURRENT_CHANGE', message: 'Otra operación cambió estos datos al mismo tiempo; intente de nuevo' });
    expect(toErrorBody(dbError('XX000')).statusCode).toBe(500);
  });
});
