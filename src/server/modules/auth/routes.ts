import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authRoutes } from '../../../domain/auth.contract';
import type { AppContext } from '../../context';
import { setSessionCheck } from '../../platform/auth/guard';
import { serve } from '../../platform/serve';
import * as auth from './service';
import { isSessionLive } from './tokens.service';

export function meta(req: FastifyRequest): auth.ClientMeta {
  return { address: req.ip, userAgent: req.headers['user-agent'] };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  setSessionCheck(app, (userId, familyId) => isSessionLive(ctx.db, userId, familyId));
  serve(app, authRoutes.signIn, 'public', (req) => auth.signIn(ctx, req.body, meta(req)));
  serve(app, authRoutes.quickLogin, 'public', (req) => auth.quickLogin(ctx, req.body, meta(req)));
  serve(app, authRoutes.refresh, 'public', (req) => auth.refresh(ctx, req.body.refreshToken));
  serve(app, authRoutes.signOut, 'authenticated', async (req) => {
    await auth.signOut(ctx, req.actor, req.body?.refreshToken, meta(req));
    return { message: 'Sesión cerrada' };
  });
  serve(app, authRoutes.changePassword, 'authenticated', (req) => auth.changePassword(ctx, req.actor, req.body));
  serve(app, authRoutes.resetPin, 'authenticated', (req) => auth.resetPin(ctx, req.actor, req.body));
  serve(app, authRoutes.requestRecovery, 'public', (req) => auth.requestRecovery(ctx, req.body.email, meta(req)));
  serve(app, authRoutes.changePasswordWithCode, 'public', (req) => auth.changePasswordWithCode(ctx, req.body, meta(req)));
  serve(app, authRoutes.checkIn, 'authenticated', (req) => auth.checkIn(ctx, req.actor, req.params.branchId, req.body, meta(req)));
}
