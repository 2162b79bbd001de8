import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './testing/harness';

/**
 * Compression and caching of the API and of the built web app (serveWebApp in app.ts), on a small fixture
 * directory instead of dist/web, so it does not depend on a build: an index.html and one hashed asset, each with
 * its .br and .gz, as vite.config.ts's precompress plugin writes them.
 */
const ASSET = 'app-abc123.js';
const SCRIPT = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{ id: ${i}, name: 'fila ${i}' }`).join(', ')}];\n`;
const INDEX =
  '<!doctype html><html lang="es-MX"><head><title>Clínicas</title></head><body><div id="root"></div><script type="module" src="/assets/app-abc123.js"></script></body></html>';
const IMMUTABLE = 'public, max-age=31536000, immutable';

let dir: string;
let t: TestApp;
let token: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'web-serving-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), INDEX);
  writeFileSync(path.join(dir, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dir, 'index.html.gz'), gzipSync(INDEX));
  const asset = path.join(dir, 'assets', ASSET);
  writeFileSync(asset, SCRIPT);
  writeFileSync(`${asset}.br`, brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${asset}.gz`, gzipSync(SCRIPT, { level: 9 }));
  t = await createTestApp({ WEB_DIR: dir }, { web: true, embedded: true });
  ({ token } = await t.signIn('admin@demo.mx'));
});

afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('JSON answers', () => {
  const list = (encoding?: string) => t.as(token)({ method: 'GET', url: '/v1/categories', headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('are compressed in brotli or gzip, as the client accepts, and decode to the same JSON', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // above the 1 KB threshold, so worth compressing
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list('br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await list('gzip, deflate');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    // a browser's header: brotli is preferred
    expect((await list('gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
  });

  it('below the threshold go as they are', async () => {
    const health = await get('/v1/health', { 'accept-encoding': 'br, gzip' });
    expect(health.rawPayload.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('the built web app', () => {
  it('sends a hashed asset precompressed (the build’s .br and .gz files), cached for a year as immutable', async () => {
    const file = (ext: string) => readFileSync(path.join(dir, 'assets', `${ASSET}${ext}`));

    const br = await get(`/assets/${ASSET}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    // the very bytes of the .br file (brotli at quality 11), not a compression made per request
    expect(Buffer.compare(br.rawPayload, file('.br'))).toBe(0);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gzip = await get(`/assets/${ASSET}`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(Buffer.compare(gzip.rawPayload, file('.gz'))).toBe(0);

    const plain = await get(`/assets/${ASSET}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    expect(plain.body).toBe(SCRIPT);
  });

  it('never lets a browser cache index.html, nor the app page answered for its own routes', async () => {
    // with a trailing slash too: the router answers a path as the one without it (app.ts, ignoreTrailingSlash)
    for (const url of ['/', '/index.html', '/login', '/dashboard/agenda', '/dashboard/agenda/', '/dashboard/agenda?date=2026-03-02']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      // the build's index.html.br, like every other text file of the build
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it('answers 404 in JSON, not the app page, for a missing asset or file', async () => {
    for (const url of [
      '/assets/x.js',
      '/assets/app-old999.js',
      '/assets/nested/x.css',
      '/favicon-missing.png',
      '/robots.txt',
      '/v1/no-existe',
      '/v1/no-existe/',
      '/v1/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toMatchObject({ statusCode: 404, code: 'ROUTE_NOT_FOUND' });
      expect(res.body, url).not.toContain('<!doctype html>');
      // a 404 is not an asset: never cached as immutable
      expect(res.headers['cache-control'], url).not.toBe(IMMUTABLE);
    }
  });
});
