import { once } from 'node:events';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { listQuerySchema } from '../../domain/list';
import { createTestApp, type TestApp } from '../testing/harness';
import { AppError, registerErrorHandling } from './errors';
import { sendCsv, type ListSpec } from './list';

let t: TestApp;
let admin: ReturnType<TestApp['as']>;
/** Every list route (GET answering `{ items, meta }`), found by asking each GET route without path parameters. */
const lists: string[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = t.as((await t.signIn('admin@demo.mx')).token);
  for (const r of t.routes.filter((r) => r.method === 'GET' && !r.url.includes(':') && r.access !== 'public')) {
    const res = await admin({ method: 'GET', url: `${r.url}?take=1` });
    if (res.statusCode !== 200 || !String(res.headers['content-type']).startsWith('application/json')) continue;
    const body = res.json();
    if (body && typeof body === 'object' && 'items' in body && 'meta' in body) lists.push(r.url);
  }
});
afterAll(() => t.close());

/** Words of Fastify's, zod's and Node's default (English) messages that must never reach a user. */
const ENGLISH = /\b(Invalid|expected|received|Too (big|small)|must|should|Unexpected|Body|Bad Request|not a valid|exceeding|Client Error|Error)\b/;

/** The project's error shape: `{ statusCode, code, message }` (and `errors` on validation), in Spanish, as JSON. */
function expectErrorShape(res: LightMyRequestResponse, status: number, label: string) {
  expect(res.statusCode, `${label}: ${res.body.slice(0, 200)}`).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = res.json();
  expect(body.statusCode, label).toBe(status);
  expect(typeof body.code, label).toBe('string');
  // the catalogue's code (src/domain/errors.ts), never the framework's own (FST_ERR_BAD_URL…)
  expect(body.code, label).not.toMatch(/^FST_/);
  expect(body.message, label).not.toMatch(ENGLISH);
  expect(
    Object.keys(body)
      .filter((k) => k !== 'errors')
      .sort(),
    label,
  ).toEqual(['code', 'message', 'statusCode']);
  expect(res.body, label).not.toMatch(/stack|node_modules|at .*\.(ts|js):\d+/);
  return body as { statusCode: number; code: string; message: string; errors?: { field: string; message: string }[] };
}

const search = (filter: string, value: string) => encodeURIComponent(JSON.stringify({ filter, value }));

/** Names every plain object inherits: looked up in a spec's columns without an own-property check, they reach the SQL builder. */
const INHERITED = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupSetter__',
];

describe('list parameters that name Object.prototype members', () => {
  it('finds every list route', () => {
    // the issue counted 25; a new list is welcome, a list that stopped answering is not
    expect(lists.length, lists.join('\n')).toBeGreaterThanOrEqual(25);
  });

  it('answer 400 with a Spanish message on every list route, never a 500', async () => {
    const failures: string[] = [];
    for (const url of lists) {
      for (const name of INHERITED) {
        for (const [query, param] of [
          [`field=${encodeURIComponent(name)}`, 'field'],
          [`search=${search(name, 'ana')}`, 'search'],
          [`search=${search(name, '')}`, 'search'],
        ] as const) {
          const res = await admin({ method: 'GET', url: `${url}?${query}` });
          if (res.statusCode !== 400) {
            failures.push(`${url}?${query} → ${res.statusCode}`);
            continue;
          }
          const body = expectErrorShape(res, 400, `${url}?${query}`);
          expect(body.code).toBe('VALIDATION_FAILED');
          expect(body.errors?.[0]?.field).toBe(param);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('are refused on exports too, before any CSV is written', async () => {
    const failures: string[] = [];
    for (const url of lists) {
      for (const query of [`field=constructor`, `search=${search('toString', 'ana')}`]) {
        const res = await admin({ method: 'GET', url: `${url}?format=csv&${query}` });
        if (res.statusCode !== 400 || !String(res.headers['content-type']).startsWith('application/json'))
          failures.push(`${url}?format=csv&${query} → ${res.statusCode} ${res.headers['content-type']}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('leave the other names as they were: an unknown sort field sorts by default, an unknown search field searches every field', async () => {
    const plain = await admin({ method: 'GET', url: '/v1/categories?take=all' });
    const unknownSort = await admin({ method: 'GET', url: '/v1/categories?take=all&field=noExiste' });
    expect(unknownSort.statusCode).toBe(200);
    expect(
      unknownSort
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort(),
    ).toEqual(
      plain
        .json()
        .items.map((c: { id: string }) => c.id)
        .sort(),
    );
    const unknownSearch = await admin({ method: 'GET', url: `/v1/categories?take=all&search=${search('noExiste', 'facial')}` });
    expect(unknownSearch.statusCode).toBe(200);
    expect(unknownSearch.json().items.length).toBeGreaterThan(0);
  });

  it('paging values out of range answer a Spanish 400', async () => {
    for (const query of ['page=1e400', 'page=99999999999999999', 'page=abc', 'take=5000', 'take=-1', 'take=1&take=2']) {
      const body = expectErrorShape(await admin({ method: 'GET', url: `/v1/customer?${query}` }), 400, query);
      expect(body.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('CSV exports', () => {
  it('a filter the database refuses answers a 400 JSON error instead of a cut file', async () => {
    // PostgreSQL refuses a NUL character in text (22021) when the first batch is read
    const nul = search('name', 'a\u0000b');
    for (const url of ['/v1/categories', '/v1/customer', '/v1/user', '/v1/appointment']) {
      const res = await admin({ method: 'GET', url: `${url}?format=csv&search=${nul}` });
      const body = expectErrorShape(res, 400, url);
      expect(res.body).not.toContain('\uFEFF');
      expect(body.code).toBe('BAD_REQUEST');
    }
  });

  it('still stream every filtered row with its BOM and Spanish headers, also compressed', async () => {
    const res = await admin({ method: 'GET', url: '/v1/categories?format=csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="/);
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.body.startsWith('\uFEFFNombre,')).toBe(true);
    const count = (await admin({ method: 'GET', url: '/v1/categories?take=1' })).json().meta.itemCount as number;
    expect(res.body.trim().split('\r\n')).toHaveLength(count + 1);

    const gz = await admin({ method: 'GET', url: '/v1/categories?format=csv', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(res.body);
  });

  it('streams past one batch of 1000 rows, and a first batch that fails answers JSON', async () => {
    const spec = (total: number, failFrom?: number): ListSpec<{ n: number }> => ({
      sortable: { n: sql`n` },
      defaultSort: { field: 'n', order: 'ASC' },
      searchable: {},
      filters: [],
      rows: async ({ limit = total, offset }) => {
        if (failFrom !== undefined && offset >= failFrom) throw new AppError('BAD_REQUEST');
        return Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({ n: offset + i }));
      },
      count: async () => total,
    });
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/:total/:failFrom', (req, reply) => {
      const { total, failFrom } = req.params as { total: string; failFrom: string };
      return sendCsv(
        reply,
        listQuerySchema.parse({ format: 'csv' }),
        spec(Number(total), failFrom === 'no' ? undefined : Number(failFrom)),
        [{ header: 'Número', value: (r) => r.n }],
        'prueba',
      );
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/2500/no' });
      expect(res.statusCode).toBe(200);
      const rows = res.body.replace(/\r\n$/, '').split('\r\n');
      expect(rows[0]).toBe('\uFEFFNúmero');
      expect(rows.slice(1)).toEqual(Array.from({ length: 2500 }, (_, i) => String(i)));
      const exact = await app.inject({ method: 'GET', url: '/2000/no' });
      expect(exact.body.trim().split('\r\n')).toHaveLength(2001);
      const empty = await app.inject({ method: 'GET', url: '/0/no' });
      expect(empty.body).toBe('\uFEFFNúmero\r\n');
      const failing = await app.inject({ method: 'GET', url: '/2500/0' });
      expect(failing.statusCode).toBe(400);
      expect(failing.json()).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'Solicitud inválida' });
    } finally {
      await app.close();
    }
  });
});

describe('framework errors', () => {
  const firstProductId = async () => ((await t.ctx.db.execute(sql`select id from products where deleted_at is null limit 1`)).rows as { id: string }[])[0].id;

  const cases = async (): Promise<[string, InjectOptions, number][]> => {
    const product = await firstProductId();
    const json = { 'content-type': 'application/json' };
    return [
      ['malformed percent-encoding in a path parameter', { method: 'GET', url: '/v1/customer/%E0%A4%A' }, 400],
      ['malformed percent-encoding in an unknown path', { method: 'GET', url: '/v1/%E0%A4%A' }, 400],
      ['malformed percent-encoding in a query value', { method: 'GET', url: '/v1/categories?search=%E0%A4%A' }, 400],
      ['a path parameter over the router limit', { method: 'GET', url: `/v1/categories/${'a'.repeat(150)}` }, 414],
      ['a path parameter that is not an id', { method: 'GET', url: `/v1/categories/${'a'.repeat(90)}` }, 400],
      ['a JSON body cut short', { method: 'POST', url: '/v1/categories/create', headers: json, payload: '{"name": "x", ' }, 400],
      ['an empty JSON body', { method: 'POST', url: '/v1/categories/create', headers: json, payload: '' }, 400],
      [
        'a JSON body with __proto__',
        { method: 'POST', url: '/v1/categories/create', headers: json, payload: '{"__proto__": {"a": 1}, "name": "x", "type": "product"}' },
        400,
      ],
      [
        'a JSON body with constructor.prototype',
        { method: 'POST', url: '/v1/categories/create', headers: json, payload: '{"constructor": {"prototype": {"a": 1}}}' },
        400,
      ],
      [
        'a Content-Length that does not match',
        { method: 'POST', url: '/v1/categories/create', headers: { ...json, 'content-length': '50' }, payload: '{}' },
        400,
      ],
      ['an unknown content type', { method: 'POST', url: '/v1/categories/create', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }, 415],
      ['a content type that is not one', { method: 'POST', url: '/v1/categories/create', headers: { 'content-type': 'nada' }, payload: '{}' }, 415],
      ['JSON where files are expected', { method: 'POST', url: `/v1/product/${product}/photos`, payload: { image: 'x' } }, 400],
      [
        'multipart without a boundary',
        { method: 'POST', url: `/v1/product/${product}/photos`, headers: { 'content-type': 'multipart/form-data' }, payload: 'zzz' },
        400,
      ],
      ['a body over the size limit', { method: 'POST', url: '/v1/categories/create', payload: { name: 'x'.repeat(3 * 1024 * 1024), type: 'product' } }, 413],
      ['an unknown method', { method: 'PROPFIND' as 'GET', url: '/v1/categories' }, 404],
    ];
  };

  it('answer the project error shape in Spanish with their 4xx status, never a 500', async () => {
    for (const [label, opts, status] of await cases()) {
      const res = await admin(opts);
      expectErrorShape(res, status, label);
      // answered before any hook ran, and still traceable
      expect(res.headers['x-request-id'], label).toBeTruthy();
    }
  });

  it('requests the HTTP parser refuses get a Spanish JSON answer on the socket', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = async (request: string) => {
      const socket = net.connect(port, '127.0.0.1');
      await once(socket, 'connect');
      socket.write(request);
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      await once(socket, 'close');
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body] = text.split('\r\n\r\n');
      return { status: Number(head.split(' ')[1]), head, body: JSON.parse(body) as { statusCode: number; code: string; message: string } };
    };
    const bad = await raw('GET /v1/health HTTP/1.1\r\nHost: x\r\nEsto no es un encabezado\r\n\r\n');
    expect(bad.status).toBe(400);
    expect(bad.head).toMatch(/content-type: application\/json; charset=utf-8/i);
    expect(bad.body).toEqual({ statusCode: 400, code: 'BAD_REQUEST', message: 'Solicitud inválida' });
    const huge = await raw(`GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge.status).toBe(431);
    expect(huge.body.statusCode).toBe(431);
    expect(huge.body.message).not.toMatch(ENGLISH);
  });
});

describe('request ids', () => {
  it('are sent back as x-request-id, keeping a safe incoming one and replacing any other', async () => {
    const own = await admin({ method: 'GET', url: '/v1/categories', headers: { 'x-request-id': 'proxy-7f3a.12' } });
    expect(own.headers['x-request-id']).toBe('proxy-7f3a.12');
    for (const unsafe of ['<script>', 'a'.repeat(65), 'con espacio', 'x\u00e9']) {
      const res = await admin({ method: 'GET', url: '/v1/categories', headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    const a = await t.app.inject({ method: 'GET', url: '/v1/health' });
    const b = await t.app.inject({ method: 'GET', url: '/v1/no-existe' });
    expect(a.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});
