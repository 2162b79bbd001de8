import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { errorCatalogue, statusMessages, type ApiErrorBody, type ErrorCode } from '../../domain/errors';

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

/** Database errors arrive wrapped by Drizzle; the PostgreSQL code is on the cause. */
function pgCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const PG_CODES: Record<string, ErrorCode> = {
  '23505': 'CONFLICT',
  '23P01': 'APPOINTMENT_SLOT_TAKEN',
  // two transactions waiting on each other (e.g. both inserting overlapping rows checked by an exclusion constraint)
  '40P01': 'CONCURRENT_CHANGE',
  '40001': 'CONCURRENT_CHANGE',
  '23503': 'CANNOT_DELETE',
  '22P02': 'BAD_REQUEST',
  '22001': 'BAD_REQUEST',
  '22003': 'BAD_REQUEST',
  '22007': 'BAD_REQUEST',
  '22008': 'BAD_REQUEST',
  '22021': 'BAD_REQUEST',
};

export function toErrorBody(err: unknown): ApiErrorBody {
  if (err instanceof AppError) {
    return { statusCode: err.status, code: err.code, message: err.message, ...(err.errors ? { errors: err.errors } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({
      field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
      message: v.message ?? 'Valor inválido',
    }));
    return { statusCode: 400, code: 'VALIDATION_FAILED', message: errors[0]?.message ?? errorCatalogue.VALIDATION_FAILED.message, errors };
  }
  const code = pgCode(err);
  if (code && PG_CODES[code]) {
    const c = PG_CODES[code];
    return { statusCode: errorCatalogue[c].status, code: c, message: errorCatalogue[c].message };
  }
  const status = (err as FastifyError)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fcode = (err as FastifyError).code;
    const message =
      fcode === 'FST_REQ_FILE_TOO_LARGE' ? errorCatalogue.FILE_TOO_LARGE.message : (statusMessages[status] ?? statusMessages[400]);
    return { statusCode: status, code: fcode ?? `HTTP_${status}`, message };
  }
  return { statusCode: 500, code: 'SERVER_ERROR', message: errorCatalogue.SERVER_ERROR.message };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, req, reply) => {
    const body = toErrorBody(err);
    if (body.statusCode >= 500) req.log.error({ err }, 'request failed');
    // never a stack trace: only the catalogue body leaves the server
    return reply.status(body.statusCode).send(body);
  });
  app.setNotFoundHandler((req, reply) => {
    const body: ApiErrorBody = { statusCode: 404, code: 'ROUTE_NOT_FOUND', message: errorCatalogue.ROUTE_NOT_FOUND.message };
    req.log.debug({ url: req.url }, 'route not found');
    return reply.status(404).send(body);
  });
}
