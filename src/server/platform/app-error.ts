import { errorCatalogue, type ErrorCode } from '../../domain/errors';

/** A refusal the API answers with the catalogue's status, code and Spanish message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message ?? errorCatalogue[code].message);
    this.status = errorCatalogue[code].status;
  }
}

export function fail(code: ErrorCode, message?: string): never {
  throw new AppError(code, message);
}
