import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  checkInSchema,
  quickLoginSchema,
  recoveryChangeSchema,
  recoveryRequestSchema,
  refreshSchema,
  resetPinSchema,
  signInSchema,
} from '../../../domain/auth.schemas';
import type { AppContext } from '../../context';
import { setSessionCheck } from '../../platform/auth/guard';
import * as auth from './service';
import { isSessionLive } from './tokens.service';

const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });
const message = z.object({ message: z.string() });

export function meta(req: FastifyRequest): auth.ClientMeta {
  return { address: req.ip, userAgent: req.headers['user-agent'] };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  setSessionCheck(app, (userId, familyId) => isSessionLive(ctx.db, userId, familyId));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/auth/sign-in', { config: { access: 'public' }, schema: { body: signInSchema, response: { 200: tokenPair } } }, (req) =>
    auth.signIn(ctx, req.body, meta(req)),
  );
  r.post(
    '/auth/quick-login',
    {
      config: { access: 'public' },
      schema: { body: quickLoginSchema, response: { 200: z.object({ userId: z.string(), payload: z.object({ token: z.string() }), refresh_token: z.string() }) } },
    },
    (req) => auth.quickLogin(ctx, req.body, meta(req)),
  );
  r.post('/auth/refresh', { config: { access: 'public' }, schema: { body: refreshSchema, response: { 200: tokenPair } } }, (req) =>
    auth.refresh(ctx, req.body.refreshToken),
  );
  r.post(
    '/auth/sign-out',
    { config: { access: 'authenticated' }, schema: { body: z.object({ refreshToken: z.string().optional() }).nullish(), response: { 200: message } } },
    async (req) => {
      await auth.signOut(ctx, req, req.body?.refreshToken, meta(req));
      return { message: 'Sesión cerrada' };
    },
  );
  r.post('/auth/change-password', { config: { access: 'authenticated' }, schema: { body: changePasswordSchema, response: { 200: message } } }, (req) =>
    auth.changePassword(ctx, req, req.body),
  );
  r.post('/auth/reset-pin', { config: { access: 'authenticated' }, schema: { body: resetPinSchema, response: { 200: message } } }, (req) =>
    auth.resetPin(ctx, req, req.body),
  );
  r.post(
    '/user/reset-password',
    { config: { access: 'public' }, schema: { body: recoveryRequestSchema, response: { 201: message } } },
    async (req, reply) => reply.status(201).send(await auth.requestRecovery(ctx, req.body.email, meta(req))),
  );
  r.put('/user/change-password-code', { config: { access: 'public' }, schema: { body: recoveryChangeSchema, response: { 200: message } } }, (req) =>
    auth.changePasswordWithCode(ctx, req.body, meta(req)),
  );
  r.post(
    '/branch/:branchId/checkin',
    {
      config: { access: 'authenticated' },
      schema: {
        params: z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }) }),
        body: checkInSchema,
        response: {
          201: z.object({ id: z.string(), userId: z.string(), fullname: z.string(), branchId: z.string(), branchName: z.string(), checkedAt: z.date() }),
        },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.checkIn(ctx, req, req.params.branchId, req.body, meta(req))),
  );
}
