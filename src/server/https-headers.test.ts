import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/harness';

/** HSTS and upgrade-insecure-requests on http://servidor:3000 send the browser to an https:// nobody serves: a blank page. */
const httpsOnlyHeaders = (res: { headers: Record<string, unknown> }) => ({
  hsts: res.headers['strict-transport-security'] !== undefined,
  upgrade: String(res.headers['content-security-policy']).includes('upgrade-insecure-requests'),
});

describe('HTTPS-only headers', () => {
  const apps: TestApp[] = [];
  const app = async (env: Record<string, string>) => {
    const t = await createTestApp(env, { embedded: true });
    apps.push(t);
    return t;
  };
  afterAll(async () => {
    for (const t of apps) await t.close();
  });

  it('are not sent over plain HTTP on a LAN, even when a client claims HTTPS without a trusted proxy', async () => {
    const t = await app({});
    expect(httpsOnlyHeaders(await t.app.inject({ method: 'GET', url: '/v1/health' }))).toEqual({ hsts: false, upgrade: false });
    const forged = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(httpsOnlyHeaders(forged)).toEqual({ hsts: false, upgrade: false });
    // the rest of the policy stays
    expect(String(forged.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('are sent behind a trusted TLS proxy that says so, and only for its HTTPS requests', async () => {
    const t = await app({ TRUST_PROXY: 'true' });
    const https = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(httpsOnlyHeaders(https)).toEqual({ hsts: true, upgrade: true });
    expect(https.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const http = await t.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(httpsOnlyHeaders(http)).toEqual({ hsts: false, upgrade: false });
  });

  it('are sent on every answer with HTTPS_ONLY, errors included', async () => {
    const t = await app({ HTTPS_ONLY: 'true' });
    expect(httpsOnlyHeaders(await t.app.inject({ method: 'GET', url: '/v1/health' }))).toEqual({ hsts: true, upgrade: true });
    expect(httpsOnlyHeaders(await t.app.inject({ method: 'GET', url: '/v1/no-existe' }))).toEqual({ hsts: true, upgrade: true });
  });
});
