import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../testing/harness';
import { signInRequest, type SignInBody } from '../../testing/sign-in';
import { demoId } from '../../db/demo/random';

const { t } = useTestApp({});

const TIJUANA = demoId('branch:tijuana');
const MONTERREY = demoId('branch:monterrey');

const signIn = (payload: SignInBody, remoteAddress?: string) => signInRequest(t, payload, remoteAddress);

function claims(token: string) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
}

describe('sign-in', () => {
  it('issues a token carrying the spec claims', async () => {
    const res = await signIn({ username: 'gerente@demo.mx', password: 'Demo2026!', branchId: TIJUANA });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBeTruthy();
    const c = claims(body.token);
    expect(c).toMatchObject({
      sub: demoId('user:gerente@demo.mx'),
      username: 'gerente@demo.mx',
      role: 'Sucursal Gerente',
      branch: TIJUANA,
      branchName: 'Tijuana',
    });
    expect(c.fullname).toBe('Gabriela Núñez Ortega');
    expect(c.privileges.dairy).toContain('show');
    expect(c.path).toBeTruthy();
    // the role's editable flag travels in the token: the booking form reads the cancellation limit from it
    expect(c.extendedCancellationLimit).toBe(true);
    const medico = await signIn({ username: 'medico@demo.mx', password: 'Demo2026!' });
    expect(claims(medico.json().token).extendedCancellationLimit).toBe(false);
  });

  it('refuses a wrong password with the catalogue message', async () => {
    const res = await signIn({ username: 'medico@demo.mx', password: 'Nope2026!' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ statusCode: 401, code: 'WRONG_CREDENTIALS', message: 'Usuario o contraseña incorrectos' });
  });

  it('validates the username as an e-mail, in Spanish', async () => {
    const res = await signIn({ username: 'medico', password: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'username', message: 'El campo usuario debe ser un correo electrónico válido' });
  });

  it('keeps a branch-bound role out of another branch', async () => {
    const res = await signIn({ username: 'gerente@demo.mx', password: 'Demo2026!', branchId: MONTERREY });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('BRANCH_FORBIDDEN');
  });

  it('limits failures to 5 per account and address in 15 minutes', async () => {
    const attempt = (password: string) => signIn({ username: 'cosmetologa@demo.mx', password }, '10.0.0.9');
    for (let i = 0; i < 5; i++) expect((await attempt('Wrong2026!')).statusCode).toBe(401);
    const blocked = await attempt('Demo2026!');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Demasiados intentos/);
    // another address is not blocked
    const other = await signIn({ username: 'cosmetologa@demo.mx', password: 'Demo2026!' }, '10.0.0.10');
    expect(other.statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate, and a reused one revokes the whole family', async () => {
    const first = await t.signIn('operativo@demo.mx');
    const r1 = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refresh_token } });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // replay of the first token: refused, and the family (with the second token) is revoked
    const replay = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: first.refresh_token } });
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('REFRESH_TOKEN_INVALID');
    const afterReplay = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: second.refresh_token } });
    expect(afterReplay.statusCode).toBe(422);
  });

  it('refuses an expired one', async () => {
    const s = await t.signIn('operativo@demo.mx');
    await t.ctx.db.execute(
      (await import('drizzle-orm')).sql`update refresh_tokens set expires_at = now() - interval '1 minute' where revoked_at is null and used_at is null`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: s.refresh_token } });
    expect(res.statusCode).toBe(422);
  });

  it('refuses a malformed one', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: 'garbage' } });
    expect(res.statusCode).toBe(422);
  });
});

describe('quick login with PIN', () => {
  it('signs in with the refresh token kept on the device', async () => {
    const s = await t.signIn('medico@demo.mx');
    const wrong = await t.app.inject({ method: 'POST', url: '/v1/auth/quick-login', payload: { pin: '9999', refreshToken: s.refresh_token } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('WRONG_PIN');
    // a typo does not burn the token
    const ok = await t.app.inject({ method: 'POST', url: '/v1/auth/quick-login', payload: { pin: 1234, refreshToken: s.refresh_token } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ userId: demoId('user:medico@demo.mx') });
    expect(claims(ok.json().payload.token).quick).toBe(true);
  });

  it('requires exactly 4 digits', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/auth/quick-login', payload: { pin: '12', refreshToken: 'x' } });
    expect(res.statusCode).toBe(400);
  });
});

describe('protected routes', () => {
  it('answer 401 without a token or with a forged one', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(401);
    const forged = await t.app.inject({ method: 'GET', url: '/v1/categories', headers: { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.x' } });
    expect(forged.statusCode).toBe(401);
  });

  it('answer 401 to a token written with padding or standard base64', async () => {
    const s = await t.signIn('admin@demo.mx');
    const [h, b, sig] = s.token.split('.');
    expect((await t.as(s.token)({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
    const standard = (x: string) => x.replace(/-/g, '+').replace(/_/g, '/');
    const variants = [`${h}.${b}.${sig}=`, `${h}.${b}=.${sig}`, `${h}=.${b}.${sig}`, `${h}.${b}.${sig}==`];
    if (/[-_]/.test(sig)) variants.push(`${h}.${b}.${standard(sig)}`);
    if (/[-_]/.test(b)) variants.push(`${h}.${standard(b)}.${sig}`);
    for (const token of variants) {
      const res = await t.as(token)({ method: 'GET', url: '/v1/categories' });
      expect(res.statusCode, token).toBe(401);
      expect(res.json().code).toBe('UNAUTHORIZED');
    }
  });
});
