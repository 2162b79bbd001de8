import { describe, expect, it } from 'vitest';
import { answerViolations, dbErrorOf, isViolation } from './db-errors';
import { AppError, toErrorBody } from './errors';

/** A database error as Drizzle throws it: the PostgreSQL code on the cause. */
const dbError = (code: string, constraint?: string) =>
  Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('db'), { code, constraint }) });

describe('database errors on the wire', () => {
  it('answers an overlap, a deadlock and a serialization failure with 409 and a Spanish message, never 500', () => {
    expect(toErrorBody(dbError('23P01'))).toEqual({ statusCode: 409, code: 'APPOINTMENT_SLOT_TAKEN', message: 'El horario no está disponible' });
    for (const code of ['40P01', '40001'])
      expect(toErrorBody(dbError(code))).toEqual({
        statusCode: 409,
        code: 'CONCURRENT_CHANGE',
        message: 'Otra operación cambió estos datos al mismo tiempo; intente de nuevo',
      });
    expect(toErrorBody(dbError('XX000')).statusCode).toBe(500);
  });
});

describe('the database-error helper', () => {
  it('reads the code, the constraint and the kind of violation through the wrapping', () => {
    expect(dbErrorOf(dbError('23505', 'branches_code_unique'))).toEqual({ code: '23505', constraint: 'branches_code_unique', violation: 'unique' });
    expect(dbErrorOf(dbError('23P01'))?.violation).toBe('exclusion');
    expect(dbErrorOf(dbError('23503'))?.violation).toBe('foreign-key');
    expect(dbErrorOf(dbError('23514'))?.violation).toBe('check');
    expect(dbErrorOf(dbError('40P01'))?.violation).toBe('deadlock');
    expect(dbErrorOf(dbError('XX000'))).toEqual({ code: 'XX000', constraint: undefined, violation: undefined });
    expect(dbErrorOf(new Error('x'))).toBeUndefined();
    // an ECONNRESET is not a PostgreSQL code
    expect(dbErrorOf(Object.assign(new Error('socket'), { code: 'ECONNRESET' }))).toBeUndefined();
  });

  it('matches a violation, of one constraint when named', () => {
    const err = dbError('23505', 'branches_code_unique');
    expect(isViolation(err, 'unique')).toBe(true);
    expect(isViolation(err, 'unique', 'branches_code_unique')).toBe(true);
    expect(isViolation(err, 'unique', 'otro')).toBe(false);
    expect(isViolation(err, 'check')).toBe(false);
    expect(isViolation(new Error('x'), 'unique')).toBe(false);
  });

  it('answers the violations a write names with the catalogue and lets every other error through', async () => {
    const failing = (err: unknown) => () => Promise.reject(err);
    await expect(answerViolations(failing(dbError('23505', 'products_sku_unique')), { unique: 'SKU_EXISTS' })).rejects.toMatchObject({
      code: 'SKU_EXISTS',
      status: 400,
      message: 'El SKU ya existe',
    });
    const byConstraint = { unique: { users_username_unique: 'USER_EXISTS', staff_files_employee_number_unique: 'EMPLOYEE_NUMBER_EXISTS' } } as const;
    await expect(answerViolations(failing(dbError('23505', 'staff_files_employee_number_unique')), byConstraint)).rejects.toMatchObject({
      code: 'EMPLOYEE_NUMBER_EXISTS',
    });
    // a constraint the write does not name, and a kind it does not name, pass through as they came
    const other = dbError('23505', 'otro');
    await expect(answerViolations(failing(other), byConstraint)).rejects.toBe(other);
    const check = dbError('23514');
    await expect(answerViolations(failing(check), { unique: 'SKU_EXISTS' })).rejects.toBe(check);
    // an answer with its own message
    await expect(answerViolations(failing(dbError('23505')), { unique: () => new AppError('CONFLICT', 'La clave ya existe') })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: 'La clave ya existe',
    });
    await expect(answerViolations(Promise.resolve(7), { unique: 'SKU_EXISTS' })).resolves.toBe(7);
  });
});
