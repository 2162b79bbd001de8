import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { useTestApp } from '../../testing/harness';
import { demoId } from '../../db/demo/random';

const { t } = useTestApp({});

/** A call any signed-in user may make, with the given access token. */
const call = (token: string) => t.as(token)({ method: 'GET', url: '/v1/area' });
const refresh = (refreshToken: string) => t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken } });

describe('a session that ends, ends at once', () => {
  it('signing out refuses the access token at its next call', async () => {
    const s = await t.signIn('medico@demo.mx');
    const other = await t.signIn('medico@demo.mx');
    expect((await call(s.token)).statusCode).toBe(200);
    expect((await t.as(s.token)({ method: 'POST', url: '/v1/auth/sign-out' })).statusCode).toBe(200);
    const after = await call(s.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Su sesión ha expirado, inicie sesión nuevamente' });
    // the same user's other session goes on
    expect((await call(other.token)).statusCode).toBe(200);
  });

  it('a replayed refresh token revokes the family: every access token of it is refused', async () => {
    const first = await t.signIn('operativo@demo.mx');
    const rotated = (await refresh(first.refresh_token)).json() as { token: string; refresh_token: string };
    expect((await call(rotated.token)).statusCode).toBe(200);
    expect((await refresh(first.refresh_token)).statusCode).toBe(422);
    expect((await call(rotated.token)).statusCode).toBe(401);
    expect((await call(first.token)).statusCode).toBe(401);
  });

  it('a deleted or deactivated user is refused at the next call', async () => {
    const admin = await t.signIn('admin@demo.mx');
    const logistica = await t.signIn('logistica@demo.mx');
    expect((await call(logistica.token)).statusCode).toBe(200);
    const deleted = await t.as(admin.token)({ method: 'DELETE', url: `/v1/user/${demoId('user:logistica@demo.mx')}/delete` });
    expect(deleted.statusCode).toBe(200);
    expect((await call(logistica.token)).statusCode).toBe(401);

    // switched off behind the API's back (no session revoked): the user's state is read too
    const gerente = await t.signIn('gerente@demo.mx');
    expect((await call(gerente.token)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update users set status = 'inactivo' where id = ${demoId('user:gerente@demo.mx')}`);
    expect((await call(gerente.token)).statusCode).toBe(401);
    await t.ctx.db.execute(sql`update users set status = 'activo' where id = ${demoId('user:gerente@demo.mx')}`);
    expect((await call(gerente.token)).statusCode).toBe(200);
  });

  it('changing the password ends the other sessions and keeps the current one', async () => {
    const current = await t.signIn('cosmetologa@demo.mx');
    const other = await t.signIn('cosmetologa@demo.mx');
    const res = await t.as(current.token)({
      method: 'POST',
      url: '/v1/auth/change-password',
      payload: { currentPassword: 'Demo2026!', password: 'Cambio2026x', passwordConfirm: 'Cambio2026x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await call(other.token)).statusCode).toBe(401);
    expect((await call(current.token)).statusCode).toBe(200);
  });

  it('a refreshed or PIN-renewed session keeps working, and its family is live', async () => {
    const s = await t.signIn('medico@demo.mx');
    const quick = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/quick-login',
      remoteAddress: '10.30.0.1',
      payload: { pin: '1234', refreshToken: s.refresh_token },
    });
    expect(quick.statusCode).toBe(200);
    expect((await call(quick.json().payload.token)).statusCode).toBe(200);
    const next = await refresh(quick.json().refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await call(next.json().token)).statusCode).toBe(200);
  });

  it('a token of a session the server never issued is refused', async () => {
    const s = await t.signIn('medico@demo.mx');
    const { signAccessToken } = await import('../../platform/auth/tokens');
    const claims = JSON.parse(Buffer.from(s.token.split('.')[1], 'base64url').toString());
    const stray = await signAccessToken({ ...claims, fam: '00000000-0000-4000-8000-000000000000' }, t.ctx.config.jwtSecret, 60);
    expect((await call(stray)).statusCode).toBe(401);
    const noFamily = await signAccessToken({ ...claims, fam: undefined }, t.ctx.config.jwtSecret, 60);
    expect((await call(noFamily)).statusCode).toBe(401);
    const otherUser = await signAccessToken({ ...claims, sub: demoId('user:admin@demo.mx') }, t.ctx.config.jwtSecret, 60);
    expect((await call(otherUser)).statusCode).toBe(401);
    expect((await call(s.token)).statusCode).toBe(200);
  });
});
