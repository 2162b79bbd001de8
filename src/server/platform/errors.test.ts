import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { useTestApp } from '../testing/harness';
import { demoId } from '../db/demo/random';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

/** Words of zod's and fastify's default (English) messages that must never reach a user. */
const ENGLISH = /\b(Invalid|expected|received|Too (big|small)|must|should|Unexpected|Body)\b/;

function expectCatalogueBody(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.statusCode).toBe(status);
  expect(typeof body.code).toBe('string');
  expect(body.message).not.toMatch(ENGLISH);
  expect(
    Object.keys(body)
      .filter((k) => k !== 'errors')
      .sort(),
  ).toEqual(['code', 'message', 'statusCode']);
  expect(res.body).not.toMatch(/stack|node_modules|at .*\.(ts|js):\d+/);
  return body;
}

describe('error bodies', () => {
  it('a malformed JSON body gets 400 with a Spanish message and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/sign-in',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin@demo.mx", ',
    });
    const body = expectCatalogueBody(res, 400);
    expect(body.message).toBe('Solicitud inválida');
  });

  it('an unknown /v1 route gets 404 ROUTE_NOT_FOUND in Spanish, with or without a token', async () => {
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/v1/no-existe' }),
      await admin({ method: 'GET', url: '/v1/no-existe/123' }),
      await t.app.inject({ method: 'DELETE', url: '/v1/health' }),
    ]) {
      const body = expectCatalogueBody(res, 404);
      expect(body).toEqual({ statusCode: 404, code: 'ROUTE_NOT_FOUND', message: 'Ruta no encontrada' });
    }
  });

  it('an unsupported content type gets 415 and an oversized body 413, in Spanish', async () => {
    const xml = await admin({ method: 'POST', url: '/v1/categories/create', headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
    expect(expectCatalogueBody(xml, 415).message).toBe('Tipo de contenido no soportado');
    const big = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: 'x'.repeat(3 * 1024 * 1024), type: 'product' } });
    expectCatalogueBody(big, 413);
  });

  it('a NUL character in text is a 400, not a 500', async () => {
    const nul = 'a\u0000b';
    const search = encodeURIComponent(JSON.stringify({ filter: 'name', value: nul }));
    for (const res of [
      await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: nul, type: 'product' } }),
      await admin({ method: 'GET', url: `/v1/categories?search=${search}` }),
      await admin({ method: 'GET', url: `/v1/system-log?module=${encodeURIComponent(nul)}` }),
      await admin({ method: 'POST', url: '/v1/role/create', payload: { name: nul, privileges: {} } }),
    ]) {
      expectCatalogueBody(res, 400);
    }
  });

  it('validation failures carry Spanish messages for every field, including list parameters', async () => {
    const cases = [
      { method: 'GET' as const, url: '/v1/categories?take=muchos' },
      { method: 'GET' as const, url: '/v1/categories?page=0' },
      { method: 'GET' as const, url: '/v1/categories?order=sideways' },
      { method: 'GET' as const, url: '/v1/categories?format=xml' },
      { method: 'POST' as const, url: '/v1/categories/create', payload: { name: 'Con estatus', type: 'product', active: 'si' } },
      { method: 'POST' as const, url: '/v1/categories/create', payload: [1, 2] },
      { method: 'POST' as const, url: '/v1/categories/create', headers: { 'content-type': 'text/plain' }, payload: 'hola' },
      { method: 'PUT' as const, url: `/v1/role/${demoId('role:Médico')}/update`, payload: { name: 'Médico', privileges: { dairy: ['volar'] } } },
    ];
    const english: string[] = [];
    for (const c of cases) {
      const res = await admin(c);
      expect(res.statusCode, c.url).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      for (const m of new Set<string>([body.message, ...body.errors.map((e: { message: string }) => e.message)]))
        if (ENGLISH.test(m)) english.push(`${c.url}: ${m}`);
    }
    expect(english).toEqual([]);
  });
});

describe('security headers', () => {
  const expectHeaders = (res: LightMyRequestResponse, label: string) => {
    expect(res.headers['x-content-type-options'], label).toBe('nosniff');
    const csp = String(res.headers['content-security-policy'] ?? '');
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("object-src 'none'");
    const framing = /frame-ancestors 'none'/.test(csp) || ['DENY', 'SAMEORIGIN'].includes(String(res.headers['x-frame-options']));
    expect(framing, label).toBe(true);
    expect(res.headers['referrer-policy'], label).toBe('no-referrer');
    expect(res.headers['x-powered-by'], label).toBeUndefined();
  };

  it('are sent on successes, errors and downloads', async () => {
    expectHeaders(await t.app.inject({ method: 'GET', url: '/v1/health' }), 'health');
    expectHeaders(await t.app.inject({ method: 'GET', url: '/v1/categories' }), '401');
    expectHeaders(await t.app.inject({ method: 'GET', url: '/v1/no-existe' }), '404');
    expectHeaders(await t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { username: 'x' } }), '400');
    expectHeaders(await admin({ method: 'GET', url: '/v1/categories?format=csv' }), 'csv');
    const csp = String((await t.app.inject({ method: 'GET', url: '/v1/health' })).headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
