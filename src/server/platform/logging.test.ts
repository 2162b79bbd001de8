import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_PASSWORD } from '../db/demo/data';
import { createTestApp, type TestApp } from '../testing/harness';
import { redactUrl, serializeError } from './logging';

/**
 * The app as a server runs it (its own logger and the file outbox, no captured mailer), on the test database,
 * with every log line caught.
 */
let t: TestApp;
let app: FastifyInstance;
let dataDir: string;
const lines: string[] = [];
const records = () => lines.map((l) => JSON.parse(l) as Record<string, unknown> & { reqId?: string; msg?: string });
const logText = () => lines.join('\n');

beforeAll(async () => {
  t = await createTestApp();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'clinic-logging-'));
  const built = await buildApp({
    database: t.database,
    config: { ...t.ctx.config, dataDir, logLevel: 'debug', smtp: undefined },
    logger: { stream: { write: (line: string) => void lines.push(line) } },
  });
  app = built.app;
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const inject = (opts: InjectOptions) => app.inject(opts);
async function signIn(username = 'admin@demo.mx') {
  const res = await inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { username, password: DEMO_PASSWORD } });
  expect(res.statusCode).toBe(200);
  return res.json() as { token: string; refresh_token: string };
}

describe('request log lines', () => {
  it('never carry what a user typed into a search, only the path and a redacted query', async () => {
    const { token } = await signIn();
    const typed = ['María López', 'Quiñones', '6641234567', 'ana.perez@correo.mx'];
    for (const value of typed) {
      const res = await inject({
        method: 'GET',
        url: `/v1/customer?take=15&page=1&search=${encodeURIComponent(JSON.stringify({ filter: 'name', value }))}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
    }
    // and in an export, and on a route that does not exist
    await inject({
      method: 'GET',
      url: `/v1/customer?format=csv&search=${encodeURIComponent(JSON.stringify({ filter: 'name', value: 'María López' }))}`,
      headers: { authorization: `Bearer ${token}` },
    });
    await inject({ method: 'GET', url: `/v1/no-existe?nombre=${encodeURIComponent('María López')}` });
    const text = logText();
    for (const value of typed) {
      for (const form of [value, encodeURIComponent(value), encodeURIComponent(JSON.stringify(value)), value.split(' ')[0]]) expect(text).not.toContain(form);
    }
    const urls = records()
      .map((r) => (r.req as { url?: string } | undefined)?.url)
      .filter(Boolean);
    expect(urls).toContain('/v1/customer?take=15&page=1&search=[redactado]');
  });

  it('never carry tokens, passwords or the Authorization header', async () => {
    const token = await signIn();
    await inject({ method: 'GET', url: '/v1/categories', headers: { authorization: `Bearer ${token.token}` } });
    await inject({ method: 'POST', url: '/v1/auth/refresh', payload: { refresh_token: token.refresh_token } });
    await inject({ method: 'POST', url: '/v1/auth/sign-in', payload: { username: 'admin@demo.mx', password: 'ContraseñaEquivocada9' } });
    const text = logText();
    expect(text).not.toContain(token.token);
    expect(text).not.toContain(token.token.split('.')[2]);
    expect(text).not.toContain(token.refresh_token);
    expect(text).not.toContain(DEMO_PASSWORD);
    expect(text).not.toContain('ContraseñaEquivocada9');
    expect(text.toLowerCase()).not.toContain('bearer');
  });

  it('never carry a password recovery code; the outbox line names only the domain, the subject and the file', async () => {
    const before = lines.length;
    const res = await inject({ method: 'POST', url: '/v1/user/reset-password', payload: { email: 'logistica@demo.mx' } });
    expect(res.statusCode).toBe(201);
    const outbox = path.join(dataDir, 'outbox');
    const files = readdirSync(outbox);
    expect(files).toHaveLength(1);
    // the file's name does not carry the address either
    expect(files[0]).not.toContain('logistica');
    const eml = readFileSync(path.join(outbox, files[0]), 'utf8').replace(/=\r?\n/g, '');
    const code = eml.match(/es ([A-HJ-NP-Z2-9]{6})\./)?.[1];
    expect(code, eml).toBeTruthy();
    const text = lines.slice(before).join('\n');
    expect(text).not.toContain(code!);
    expect(text).not.toContain('logistica');
    const saved = records()
      .slice(before)
      .find((r) => String(r.msg).startsWith('Correo guardado'));
    expect(saved?.msg).toBe(`Correo guardado en ${path.join(outbox, files[0])} (para @demo.mx): Código para restablecer su contraseña`);
    // logged through the app's logger, still tied to the request that sent it
    expect(saved?.reqId).toBe(res.headers['x-request-id']);
  });

  it('carry the request id on every line written while a request runs', async () => {
    const { token } = await signIn();
    const before = lines.length;
    const sent = [
      await inject({ method: 'GET', url: '/v1/categories', headers: { authorization: `Bearer ${token}`, 'x-request-id': 'balanceador-42' } }),
      await inject({ method: 'GET', url: '/v1/categories?field=constructor', headers: { authorization: `Bearer ${token}` } }),
      await inject({ method: 'GET', url: '/v1/customer/%E0%A4%A' }),
      await inject({ method: 'GET', url: '/v1/no-existe' }),
      await inject({ method: 'POST', url: '/v1/user/reset-password', payload: { email: 'recepcion.tijuana@demo.mx' } }),
      await inject({
        method: 'POST',
        url: '/v1/categories/create',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: '{"name": ',
      }),
    ];
    const ids = sent.map((r) => String(r.headers['x-request-id']));
    expect(ids[0]).toBe('balanceador-42');
    expect(new Set(ids).size).toBe(ids.length);
    const written = records().slice(before);
    expect(written.length).toBeGreaterThan(sent.length * 2);
    // every line of this stretch names one of the requests, and each request has its incoming and completed lines
    for (const r of written) expect(ids, JSON.stringify(r)).toContain(r.reqId);
    for (const id of ids) {
      expect(
        written.filter((r) => r.reqId === id).map((r) => r.msg),
        JSON.stringify(written.filter((r) => r.reqId === id)),
      ).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    }
    // one reqId per line: the app logger's id is not added again to a request's own logger lines
    for (const l of lines) expect(l.match(/"reqId"/g)?.length ?? 0, l).toBeLessThanOrEqual(1);
    // lines are JSON with the redacted URL, never the raw one
    expect(written.find((r) => r.reqId === ids[2] && r.msg === 'incoming request')?.req).toMatchObject({ method: 'GET', url: '/v1/customer/%E0%A4%A' });
  });
});

describe('over a real connection', () => {
  it('a line the mailer writes after the body was read still names its request', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const before = lines.length;
    const ids: string[] = [];
    // two requests on one kept-alive connection, then one more: each mail line names its own request
    for (const email of ['logistica@demo.mx', 'admin@demo.mx', 'logistica@demo.mx']) {
      const res = await fetch(`http://127.0.0.1:${port}/v1/user/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(res.status).toBe(201);
      ids.push(String(res.headers.get('x-request-id')));
    }
    const mailLines = records()
      .slice(before)
      .filter((r) => String(r.msg).startsWith('Correo guardado'));
    expect(mailLines.map((r) => r.reqId)).toEqual(ids);
  });
});

describe('redaction helpers', () => {
  it('redactUrl keeps the path, paging, sorting, ids and dates, and hides every other value', () => {
    expect(redactUrl('/v1/customer')).toBe('/v1/customer');
    expect(redactUrl('/v1/customer?')).toBe('/v1/customer');
    expect(redactUrl('/v1/customer?search=%7B%22filter%22%3A%22name%22%2C%22value%22%3A%22Mar%C3%ADa%22%7D&take=15&page=2&order=DESC&field=name')).toBe(
      '/v1/customer?search=[redactado]&take=15&page=2&order=DESC&field=name',
    );
    expect(redactUrl('/v1/appointment?branchId=0b6a1a4e-2f1c-4c1e-9a51-6a3c1f6e2d10&startDate=2026-03-01&email=ana%40x.mx')).toBe(
      '/v1/appointment?branchId=0b6a1a4e-2f1c-4c1e-9a51-6a3c1f6e2d10&startDate=2026-03-01&email=[redactado]',
    );
    expect(redactUrl('/v1/x?branchId=Mar%C3%ADa&name=Ana+L%C3%B3pez&%E0%A4%A=%E0%A4%A&flag')).toBe(
      '/v1/x?branchId=[redactado]&name=[redactado]&[redactado]=[redactado]&flag',
    );
  });

  it('serializeError drops the parameters of a failed query from the message, the stack and the error', () => {
    class DrizzleQueryError extends Error {
      constructor(
        readonly query: string,
        readonly params: unknown[],
        cause: Error,
      ) {
        super(`Failed query: ${query}\nparams: ${params}`, { cause });
      }
    }
    const pg = Object.assign(new Error('la consulta falló'), { code: 'XX000', detail: 'Key (email)=(ana@correo.mx) already exists.' });
    const err = new DrizzleQueryError('select * from customers where name like $1 and email = $2', ['%María López%', 'ana@correo.mx'], pg);
    const out = serializeError(err);
    const text = JSON.stringify(out);
    expect(text).not.toContain('María');
    expect(text).not.toContain('ana@correo.mx');
    expect(out.message).toContain('select * from customers where name like $1');
    expect(out.message).toContain('la consulta falló');
    expect(out.code).toBe('XX000');
  });
});
