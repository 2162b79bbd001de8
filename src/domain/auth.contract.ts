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
} from './auth.schemas';
import { route, type Answer } from './contract';

export const tokenPair = z.object({ token: z.string(), refresh_token: z.string() });
export const messageAnswer = z.object({ message: z.string() });

export const checkInDto = z.object({
  id: z.string(),
  userId: z.string(),
  fullname: z.string(),
  branchId: z.string(),
  branchName: z.string(),
  checkedAt: z.date(),
});

export const authRoutes = {
  signIn: route({ method: 'POST', path: '/auth/sign-in', body: signInSchema, response: tokenPair }),
  quickLogin: route({
    method: 'POST',
    path: '/auth/quick-login',
    body: quickLoginSchema,
    response: z.object({ userId: z.string(), payload: z.object({ token: z.string() }), refresh_token: z.string() }),
  }),
  refresh: route({ method: 'POST', path: '/auth/refresh', body: refreshSchema, response: tokenPair }),
  signOut: route({ method: 'POST', path: '/auth/sign-out', body: z.object({ refreshToken: z.string().optional() }).nullish(), response: messageAnswer }),
  changePassword: route({ method: 'POST', path: '/auth/change-password', body: changePasswordSchema, response: messageAnswer }),
  resetPin: route({ method: 'POST', path: '/auth/reset-pin', body: resetPinSchema, response: messageAnswer }),
  /** Password recovery: a code by mail, then the new password with it. */
  requestRecovery: route({ method: 'POST', path: '/user/reset-password', body: recoveryRequestSchema, response: messageAnswer, status: 201 }),
  changePasswordWithCode: route({ method: 'PUT', path: '/user/change-password-code', body: recoveryChangeSchema, response: messageAnswer }),
  checkIn: route({
    method: 'POST',
    path: '/branch/:branchId/checkin',
    params: z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }) }),
    body: checkInSchema,
    response: checkInDto,
    status: 201,
  }),
};

export type TokenPair = Answer<typeof authRoutes.signIn>;
export type CheckIn = Answer<typeof authRoutes.checkIn>;
