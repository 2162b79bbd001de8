import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerErrorHandling } from './platform/errors';
import { createMailer, type Mailer } from './platform/mail';
import { registerModules } from './modules';

export interface BuildOptions {
  database: Database;
  config: AppConfig;
  logger?: boolean;
  mailer?: Mailer;
}

export const MAX_UPLOAD_BYTES = 1024 * 1024;

export async function buildApp(opts: BuildOptions): Promise<{ app: FastifyInstance; routes: RouteRecord[]; ctx: AppContext }> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: opts.config.logLevel },
    trustProxy: opts.config.trustProxy,
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 5 } });
  await app.register(swagger, {
    openapi: { info: { title: 'API del back office de clínicas', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/v1/docs', staticCSP: true });

  const routes: RouteRecord[] = [];
  registerGuard(app, opts.config, routes);
  const mailer = opts.mailer ?? createMailer(opts.config, (m) => app.log.info(m));
  const ctx: AppContext = { db: opts.database.db, database: opts.database, config: opts.config, mailer };
  await app.register(async (api) => registerModules(api, ctx), { prefix: '/v1' });
  await serveWebApp(app, opts.config);
  return { app, routes, ctx };
}

/** The built single-page app; any non-API GET falls back to index.html so client routes load. */
async function serveWebApp(app: FastifyInstance, config: AppConfig): Promise<void> {
  const dir = config.webDir;
  if (!dir || !existsSync(path.join(dir, 'index.html'))) return;
  await app.register(fastifyStatic, { root: dir, wildcard: false, index: false, maxAge: '1h' });
  app.get('/*', { config: { access: 'public' } }, (req, reply) => {
    if (req.url.startsWith('/v1/')) return reply.status(404).send({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'Ruta no encontrada' });
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
