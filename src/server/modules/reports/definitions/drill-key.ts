import { AppError } from '../../../platform/app-error';

/** A uuid as a drill's key must be (anything else names no branch, cabin, person or customer). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: string | undefined): v is string => v !== undefined && UUID.test(v);

/** A drill key that names no row of the report: 400 on the field `key`. */
export function refuseKey(message = 'El detalle pedido no existe'): never {
  throw new AppError('VALIDATION_FAILED', message, [{ field: 'key', message }]);
}

/** A key that must be one id (a branch, a customer). */
export function uuidKey(key: string): string {
  if (!isUuid(key)) refuseKey();
  return key;
}
