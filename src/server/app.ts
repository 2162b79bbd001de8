import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { registerGuard, type RouteRecord } from './platform/auth/guard';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './platform/errors';
import { loggingOptions, type LogOptions } from './platform/logging';
import { errorCatalogue } from '../domain/errors';
import { createMailer, type Mailer } from './platform/mail';
import { registerModules } from './modules';

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  /** false: no log (tests); an object: log to its stream (tests that read the log). */
  logger?: boolean | LogOptions;
  mailer?: Mailer;
}

export const MAX_UPLOAD_BYTES = 1024 * 1024;

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; routes: RouteRecord[]; ctx: AppContext }> {
  const app = Fastify({
    // redacted request lines, reqId on every line and the x-request-id answer header (platform/logging.ts)
    ...loggingOptions(opts.config.logLevel, opts.logger),
    // malformed URLs, over-long path parameters and requests the HTTP parser refuses answer the catalogue's Spanish shape
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // `GET /v1/goal/` (the spec's own spelling of a list) is `GET /v1/goal`, not the record with an empty id
    routerOptions: { maxParamLength: 100, ignoreTrailingSlash: true },
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
    // a request that arrives while the server stops gets the catalogue's Spanish 503 (refuseWhileStopping)
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  refuseWhileStopping(app);

  await registerSecurityHeaders(app, opts.config);
  // JSON and every text answer compressed; brotli at a level cheap enough per request (static files come precompressed at 11)
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'], brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } });
  await app.register(swagger, { openapi: { info: { title: 'API del back office de clínicas', version: '1.0.0' } }, transform: jsonSchemaTransform });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });

  const routes: RouteRecord[] = [];
  registerGuard(app, opts.config, routes);
  const mailer = opts.mailer ?? createMailer(opts.config, (m) => app.log.info(m));
  const ctx: AppContext = { db: opts.database.db, database: opts.database, config: opts.config, mailer, log: app.log };
  await app.register(async (api) => registerModules(api, ctx), { prefix: '/v1' });
  await serveWebApp(app, opts.config);
  return { app, routes, ctx };
}

const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'script-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  // only over HTTPS (httpsOnlyHeaders): on http://servidor:3000 it would send the browser to an https:// nobody serves
  'upgrade-insecure-requests': null,
};

/** Whether this request reached us over HTTPS: the HTTPS_ONLY setting, or a trusted proxy's X-Forwarded-Proto. */
const overHttps = (req: FastifyRequest, config: AppConfig) => config.httpsOnly || req.protocol === 'https';

/**
 * Helmet's headers for every answer; the two that only make sense over HTTPS (HSTS and
 * upgrade-insecure-requests) are added only when the request came over HTTPS, so plain HTTP on a clinic's LAN works.
 */
async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  await app.register(helmet, { contentSecurityPolicy: { directives: CSP_DIRECTIVES }, crossOriginEmbedderPolicy: false, strictTransportSecurity: false });
  app.addHook('onSend', async (req, reply) => {
    if (!overHttps(req, config)) return;
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', `${csp};upgrade-insecure-requests`);
  });
}

/** Once the server is stopping, new requests get a Spanish 503 (a proxy retries them on another server). */
function refuseWhileStopping(app: FastifyInstance): void {
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onRequest', async (_req, reply) => {
    if (!stopping) return;
    const { status, message } = errorCatalogue.SERVER_STOPPING;
    return reply.status(status).header('connection', 'close').send({ statusCode: status, code: 'SERVER_STOPPING', message });
  });
}

/** Hashed build assets never change under their name; everything else is revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built single-page app. Files under /assets carry a hash in their name and are cached for a year;
 * index.html is never cached, so a deploy reaches every browser at its next load. A GET of a path without an
 * extension falls back to index.html (the app's own routes); a missing file (an old asset after a deploy)
 * answers 404 instead of the app's HTML, which a browser would try to run as a script.
 */
async function serveWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const dir = config.webDir;
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  app.get('/*', { config: { access: 'public' } }, (req, reply) => {
    const pathname = req.url.split('?')[0];
    if (pathname.startsWith('/v1/') || pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname)) {
      return reply.status(404).send({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: errorCatalogue.ROUTE_NOT_FOUND.message });
    }
    // sendFile goes through setHeaders above: no-cache, and index.html.br/.gz when the browser accepts them
    return reply.sendFile('index.html');
  });
}
