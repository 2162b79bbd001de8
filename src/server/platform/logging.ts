import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';

/**
 * What the server logs, and what it never logs. Request lines carry the method, the path and a query whose
 * values are redacted unless they are paging, sorting or ids (a customer's name typed into a search must not
 * reach the log); no headers (so no Authorization), no bodies (so no passwords, PINs or recovery codes). Every
 * line written while a request runs carries its `reqId`, which is also sent back as `x-request-id`.
 */

/** Where the lines go: stdout by default; a test passes its own stream to read them. */
export interface LogOptions {
  stream?: { write(line: string): void };
}

export const REQUEST_ID_HEADER = 'x-request-id';
export const REDACTED = '[redactado]';

/** An incoming X-Request-Id (a proxy's or a client's) is kept only when it is short and harmless in a log line. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The request's id: the caller's X-Request-Id when it is safe, else a new random one (unique across servers). */
export function requestId(req: IncomingMessage): string {
  const sent = req.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** Query parameters whose values say nothing about a person: paging, sorting, flags. */
const PLAIN_KEYS = new Set(['page', 'take', 'order', 'field', 'format', 'active', 'status', 'withDeleted', 'type']);
const IDS = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(,[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})*$/i;
const DATE = /^\d{4}-\d{2}(-\d{2})?$/;

function keepsValue(key: string, value: string): boolean {
  if (PLAIN_KEYS.has(key)) return value.length <= 40;
  if (/(^id|Id|Ids)$/.test(key)) return IDS.test(value);
  if (/date$|^month$|^year$/i.test(key)) return DATE.test(value) || /^\d{1,4}$/.test(value);
  return false;
}

/**
 * The URL as it may be logged: the path, and the query with every value redacted except paging, sorting, ids and
 * dates (`/v1/customer?search={"filter":"name","value":"María"}` → `/v1/customer?search=[redactado]`).
 */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  if (!query) return url.slice(0, at);
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    let key: string;
    let value: string;
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    } catch {
      return `${/^[\w.-]{1,40}$/.test(rawKey) ? rawKey : REDACTED}=${REDACTED}`;
    }
    const safeKey = /^[\w.[\]-]{1,40}$/.test(key) ? key : REDACTED;
    return eq < 0 ? safeKey : `${safeKey}=${keepsValue(key, value) ? encodeURIComponent(value) : REDACTED}`;
  });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

interface ErrorLike {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  params?: unknown;
  cause?: unknown;
}

/**
 * Errors without the values a query carried: Drizzle puts every parameter of a failed query (a searched name,
 * an e-mail, a phone) in its message (`params: …`) and on the error; PostgreSQL's `detail` repeats a duplicate key.
 */
export function serializeError(err: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const chain: ErrorLike[] = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 5; e = (e as ErrorLike).cause) chain.push(e as ErrorLike);
  const scrub = (text: string) =>
    chain.reduce((t, e) => (Array.isArray(e.params) && e.params.length ? t.split(`params: ${String(e.params)}`).join(`params: ${REDACTED}`) : t), text);
  const top = chain[0];
  const pgCode = chain.map((e) => e.code).find((c) => typeof c === 'string');
  return {
    type: err.constructor?.name ?? err.name,
    message: scrub(chain.map((e) => e.message ?? '').join(': ')),
    stack: scrub(chain.map((e, i) => (i ? `caused by: ${e.stack ?? e.message}` : (e.stack ?? ''))).join('\n')),
    ...(pgCode ? { code: pgCode } : {}),
    ...(typeof top.statusCode === 'number' ? { statusCode: top.statusCode } : {}),
  };
}

/** The request as a log line shows it: no headers, no body, a redacted query. */
function serializeRequest(req: FastifyRequest | IncomingMessage) {
  const fastifyReq = req as FastifyRequest;
  return { method: req.method, url: redactUrl(req.url ?? ''), remoteAddress: fastifyReq.ip ?? req.socket?.remoteAddress };
}

/** Holds the id of the request being served, for lines written through the app's logger (e.g. the mailer's). */
const current = new AsyncLocalStorage<{ reqId: string }>();

/**
 * Fastify's per-request hooks into its own logging, used here for two things every request needs before any
 * hook runs (also a malformed URL, which skips the hooks): the `x-request-id` answer header, and the id in
 * async context so a line logged through the app's logger (not `req.log`) still names its request.
 */
class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>): void {
    // on the raw response: also present on answers Fastify writes itself
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    current.enterWith({ reqId: request.id });
    super.incomingRequest(request, reply, metadata);
  }
}

type LoggingOptions = Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'>;

/**
 * The Fastify constructor's logging options: the level, the serializers and redactions above, the request id
 * (`reqId` on every line of a request) and, when given, the stream the lines go to. `false` logs nothing (tests).
 */
export function loggingOptions(level: string, opts: boolean | LogOptions | undefined): LoggingOptions {
  const base: LoggingOptions = { genReqId: requestId, requestIdHeader: false, logController: new RequestLogController() };
  if (opts === false) return { ...base, logger: false };
  const stream = typeof opts === 'object' ? opts.stream : undefined;
  return {
    ...base,
    logger: {
      level,
      ...(stream ? { stream } : {}),
      serializers: { req: serializeRequest, err: serializeError },
      // what nobody should log, should anybody log headers or a body by hand
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'headers.authorization',
          'headers.cookie',
          'password',
          'pin',
          'token',
          'refresh_token',
          '*.password',
          '*.pin',
          '*.token',
          '*.refresh_token',
        ],
        censor: REDACTED,
      },
      // a line written through the app's logger during a request (not req.log, which has it already) gets its id
      mixin(_obj: object, _level: number, logger?: { bindings?: () => Record<string, unknown> }) {
        const store = current.getStore();
        if (!store || (logger?.bindings && 'reqId' in logger.bindings())) return {};
        return { reqId: store.reqId };
      },
    },
  };
}
