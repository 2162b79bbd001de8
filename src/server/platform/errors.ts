import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/connection-errors';
import { AppError } from './app-error';
import { dbErrorOf } from './db-errors';
import { errorCatalogue, statusMessages, type ApiErrorBody, type ErrorCode } from '../../domain/errors';

export { AppError, fail } from './app-error';
import { redactUrl } from './logging';

/** A body read by hand (multipart fields, a JSON part) checked by its domain schema, with field errors in the API's shape. */
export function parseWithSchema<T>(schema: z.ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
    throw new AppError('VALIDATION_FAILED', errors[0]?.message, errors);
  }
  return parsed.data;
}

/** Constraints (and triggers raising under a constraint name, migration 0014) whose refusal has its own catalogue entry. */
const PG_CONSTRAINTS: Record<string, ErrorCode> = {
  cabins_live_appointments: 'CABIN_HAS_APPOINTMENTS',
  appointments_cabin_live: 'CABIN_NOT_FOUND',
  // 23P01 of the patient's exclusion constraint; the cabin's (appointments_no_overlap) stays APPOINTMENT_SLOT_TAKEN
  appointments_customer_no_overlap: 'PATIENT_SLOT_TAKEN',
  product_categories_category_live: 'CATEGORY_NOT_FOUND',
};

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

const catalogueBody = (code: ErrorCode): ApiErrorBody => ({ statusCode: errorCatalogue[code].status, code, message: errorCatalogue[code].message });

export function toErrorBody(err: unknown): ApiErrorBody {
  if (err instanceof AppError) {
    return { statusCode: err.status, code: err.code, message: err.message, ...(err.errors ? { errors: err.errors } : {}) };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const errors = err.validation.map((v) => ({ field: v.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: v.message ?? 'Valor inválido' }));
    return { statusCode: 400, code: 'VALIDATION_FAILED', message: errors[0]?.message ?? errorCatalogue.VALIDATION_FAILED.message, errors };
  }
  if (isDatabaseUnavailable(err)) return catalogueBody('DATABASE_UNAVAILABLE');
  const pg = dbErrorOf(err);
  const mapped = pg && ((pg.constraint && Object.hasOwn(PG_CONSTRAINTS, pg.constraint) ? PG_CONSTRAINTS[pg.constraint] : undefined) ?? PG_CODES[pg.code]);
  if (mapped) return catalogueBody(mapped);
  const status = (err as FastifyError)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return frameworkBody((err as FastifyError).code, status);
  return { statusCode: 500, code: 'SERVER_ERROR', message: errorCatalogue.SERVER_ERROR.message };
}

/**
 * The catalogue's code (and, where it is not the catalogue's, the Spanish words) for refusals that come from
 * Fastify and its plugins rather than from our code: their own codes (FST_…) never reach a client.
 */
const FRAMEWORK_ERRORS: Record<string, { code: ErrorCode; message?: string }> = {
  FST_ERR_BAD_URL: { code: 'BAD_URL' },
  FST_ERR_MAX_PARAM_LENGTH: { code: 'URL_TOO_LONG' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'BAD_REQUEST' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'BAD_REQUEST', message: 'La solicitud no trae datos' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: 'La longitud del contenido no coincide con los datos enviados' },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'BODY_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_REQ_FILE_TOO_LARGE: { code: 'FILE_TOO_LARGE' },
  // @fastify/multipart answers 406 when a route reads files from a request that is not multipart
  FST_INVALID_MULTIPART_CONTENT_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE' },
};

/** A framework's 4xx: its catalogue entry, or any other the generic Spanish text of its status under BAD_REQUEST or HTTP_<status>. */
function frameworkBody(fcode: string | undefined, status: number): ApiErrorBody {
  const known = typeof fcode === 'string' && Object.hasOwn(FRAMEWORK_ERRORS, fcode) ? FRAMEWORK_ERRORS[fcode] : undefined;
  if (known) {
    const entry = errorCatalogue[known.code];
    return { statusCode: entry.status, code: known.code, message: known.message ?? entry.message };
  }
  return { statusCode: status, code: status === 400 ? 'BAD_REQUEST' : `HTTP_${status}`, message: statusMessages[status] ?? statusMessages[400] };
}

/**
 * Errors raised before a request reaches a route (a malformed percent-encoding in the path, a path parameter
 * longer than the router takes): Fastify's `frameworkErrors` option, so they answer the catalogue's shape too.
 */
export function answerFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const body = toErrorBody(err);
  void reply.status(body.statusCode).send(body);
  // Fastify writes no completion line for these (no route, no hooks): the same line as any other request's
  req.log.info({ res: { statusCode: body.statusCode }, code: body.code }, 'request completed');
}

/**
 * A request the HTTP parser itself refuses (a malformed request line, headers over Node's limit): Fastify's
 * `clientErrorHandler` option. There is no request to route, so the Spanish JSON answer is written on the socket.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const message =
    statusCode === 431 ? 'Los encabezados de la solicitud son demasiado grandes' : statusCode === 408 ? 'La solicitud tardó demasiado' : statusMessages[400];
  const body = JSON.stringify({ statusCode, code: statusCode === 400 ? 'BAD_REQUEST' : `HTTP_${statusCode}`, message } satisfies ApiErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
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
    req.log.debug({ url: redactUrl(req.url) }, 'route not found');
    return reply.status(404).send(body);
  });
}
