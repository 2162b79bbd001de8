import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { useTestApp } from '../testing/harness';
import { demoId } from '../db/demo/random';
import { signAccessToken } from './auth/tokens';

const { t } = useTestApp({});

/** The only routes reachable without a token (API.md: sign-in, quick-login, recovery, health). */
const PUBLIC = [
  'GET /v1/health',
  'GET /v1/config',
  'POST /v1/auth/sign-in',
  'POST /v1/auth/quick-login',
  'POST /v1/auth/refresh',
  'POST /v1/user/reset-password',
  'PUT /v1/user/change-password-code',
  'GET /v1/branch/all',
  // customer and clinical-note photos: no token (an <img> cannot send one), but only through the short-lived
  // links signed by the server that the customer and note answers carry (platform/files.ts)
  'GET /v1/files/:folder/:name',
  'GET /v1/files/:folder/thumbnail/:name',
  // staff, product, treatment and package photos: an <img> cannot send a token; names are random UUIDs (docs/decisions.md)
  'GET /v1/package/photo/:name',
  'GET /v1/package/photo/thumbnail/:name',
  'GET /v1/photo/thumbnail/:name',
  'GET /v1/product/photo/:name',
  'GET /v1/product/photo/thumbnail/:name',
  'GET /v1/treatment/photo/:name',
  'GET /v1/user/photo/:name',
  'GET /v1/user/photo/thumbnail/:name',
  // the script a ticket page loads to print itself: a <script src> sends no token, and it holds no data
  'GET /v1/ticket/print.js',
  // a patient's appointment-reminder links: opened from an e-mail or WhatsApp; a random token, kept only as its keyed hash (issue 30)
  'GET /v1/reminder/:token/confirm',
  'GET /v1/reminder/:token/reschedule',
];

const ANY_ID = demoId('branch:tijuana');
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, ANY_ID);
const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const sorted = () => [...t.routes].sort((a, b) => cmp(a.url, b.url) || cmp(a.method, b.method));

describe('route privileges', () => {
  it('match the committed snapshot, so a diff shows who can reach what', async () => {
    const width = Math.max(...t.routes.map((r) => `${r.method} ${r.url}`.length));
    const text = sorted()
      .map((r) => `${`${r.method} ${r.url}`.padEnd(width)}  ${r.access}`)
      .join('\n');
    expect(t.routes.length).toBeGreaterThan(20);
    await expect(text + '\n').toMatchFileSnapshot('./__snapshots__/route-privileges.txt');
  });

  it('are unique per method and url, and every /v1 route is listed', async () => {
    const keys = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(t.routes.every((r) => r.url.startsWith('/v1/'))).toBe(true);
    // fastify's own table agrees with the guard's record
    for (const r of t.routes) expect(t.app.hasRoute({ method: r.method as 'GET', url: r.url }), `${r.method} ${r.url}`).toBe(true);
  });

  it('leave public exactly the sign-in, recovery, health and lookup routes', () => {
    const open = t.routes.filter((r) => r.access === 'public').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('answer 401 to every other route without a token, with any method the route takes', async () => {
    const closed = t.routes.filter((r) => r.access !== 'public');
    expect(closed.length).toBeGreaterThan(15);
    for (const r of closed) {
      const methods = r.method === 'GET' ? ['GET', 'HEAD'] : [r.method];
      for (const method of methods) {
        const res = await t.app.inject({ method: method as 'GET', url: concrete(r.url), payload: method === 'GET' || method === 'HEAD' ? undefined : {} });
        expect(res.statusCode, `${method} ${r.url}`).toBe(401);
        if (method !== 'HEAD')
          expect(res.json(), `${method} ${r.url}`).toMatchObject({ code: 'UNAUTHORIZED', message: 'Su sesión ha expirado, inicie sesión nuevamente' });
      }
    }
  });

  it('answer 401 to a token signed with another key, an expired token and a non-bearer scheme', async () => {
    const claims = { username: 'admin@demo.mx', privileges: { categories: ['show'] }, branchBound: false };
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(demoId('user:admin@demo.mx'))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('otra-clave'));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ ...claims, sub: 'x' })).toString('base64url')}.`;
    const good = await t.signIn('admin@demo.mx');
    for (const authorization of [`Bearer ${forged}`, `Bearer ${unsigned}`, `Basic ${good.token}`, good.token, 'Bearer ']) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/categories', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
    // a token signed with the server's own key but past its expiry
    const valid = JSON.parse(Buffer.from(good.token.split('.')[1], 'base64url').toString());
    const expired = await signAccessToken({ ...valid, sub: valid.sub }, t.ctx.config.jwtSecret, -60);
    expect((await t.as(expired)({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(401);
    expect((await t.as(good.token)({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
  });

  it('let the public routes through without a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/config' })).statusCode).toBe(200);
    const branches = await t.app.inject({ method: 'GET', url: '/v1/branch/all' });
    expect(branches.statusCode).toBe(200);
    // names only: no codes (the sign-in code is a second factor of sorts)
    for (const b of branches.json()) expect(Object.keys(b).sort()).toEqual(['id', 'name']);
  });
});
