import { describe, expect, it } from 'vitest';
import { BUSINESS_DATES } from '../../domain/dates';
import { demoId } from '../db/demo/random';
import { useTestApp } from '../testing/harness';

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
/** Words of Fastify's, zod's and Node's default (English) messages that must never reach a user. */
const ENGLISH = /\b(Invalid|expected|received|must|should|Unexpected|Bad Request|not a valid|Error)\b/;

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: { format?: string };
}
type OpenApi = { paths: Record<string, Partial<Record<'get' | 'post', { parameters?: Parameter[] }>>> };

/** A query parameter that holds a date: declared `format: date` by the shared schemas (validation.ts), or named so. */
const isDated = (p: Parameter) => p.in === 'query' && (p.schema?.format === 'date' || /date$/i.test(p.name));

/**
 * Every GET route with a dated query parameter, read from the OpenAPI document the registered routes' own schemas
 * make: a new dated list is swept without being named here. The path parameters get an id of the right shape
 * (the query is checked before any handler runs), the other required parameters a valid value.
 */
function datedRoutes(): { url: string; dated: string[]; base: Record<string, string> }[] {
  const doc = t.app.swagger() as unknown as OpenApi;
  const found = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    const params = ops.get?.parameters ?? [];
    const dated = params.filter(isDated).map((p) => p.name);
    if (!dated.length) continue;
    const base: Record<string, string> = {};
    for (const p of params.filter((p) => p.in === 'query' && p.required)) base[p.name] = isDated(p) ? '2026-01-15' : TIJUANA;
    found.push({ url: path.replace(/\{[^}]+\}/g, TIJUANA), dated, base });
  }
  return found;
}

const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/**
 * The range's first and last days in each dated parameter; a start and an end go together (a list whose missing
 * start defaults to a month ago rightly refuses an end in 1900 as before its start).
 */
function edgeQueries(dated: string[]): Record<string, string>[] {
  const { min, max } = BUSINESS_DATES;
  if (!dated.includes('startDate') || !dated.includes('endDate')) return dated.flatMap((name) => [{ [name]: min }, { [name]: max }]);
  return [
    [min, min],
    [max, max],
    [min, max],
  ].map(([startDate, endDate]) => ({ startDate, endDate }));
}

describe('dated filters', () => {
  it('are found on every dated list, those of the issue among them', () => {
    const urls = datedRoutes().map((r) => r.url);
    for (const url of ['/v1/transfer', '/v1/assortment-order', '/v1/sale-order', '/v1/log', '/v1/system-log', '/v1/bitacora', '/v1/appointment-log']) {
      expect(urls, url).toContain(url);
    }
    // the sweep found 27 when it was written; a new dated list is welcome, one that lost its dates is not
    expect(urls.length, urls.join('\n')).toBeGreaterThanOrEqual(27);
  });

  it(`refuse a date outside ${BUSINESS_DATES.min} … ${BUSINESS_DATES.max} or not in the calendar with a Spanish 400 on the field, never a 500`, async () => {
    const failures: string[] = [];
    for (const { url, dated, base } of datedRoutes()) {
      for (const name of dated) {
        for (const [value, says] of [
          ['0001-01-01', /debe ser una fecha entre el 01\/01\/1900 y el 31\/12\/2100/],
          ['9999-12-31', /debe ser una fecha entre el 01\/01\/1900 y el 31\/12\/2100/],
          ['2026-02-30', /no es válido/],
        ] as const) {
          const target = `${url}?${query({ ...base, [name]: value })}`;
          const res = await admin({ method: 'GET', url: target });
          const body = res.json() as { code?: string; message?: string; errors?: { field: string; message: string }[] };
          const error = body.errors?.find((e) => e.field === name);
          if (res.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !error || !says.test(error.message) || ENGLISH.test(error.message))
            failures.push(`${target} → ${res.statusCode} ${res.body.slice(0, 200)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('take the first and the last day of that range, and both at once', async () => {
    const failures: string[] = [];
    for (const { url, dated, base } of datedRoutes()) {
      for (const edge of edgeQueries(dated)) {
        const target = `${url}?${query({ ...base, ...edge })}`;
        const res = await admin({ method: 'GET', url: target });
        // a path id that names no record may answer 404; a date on the edge is never refused and never a 500 — only the
        // whole range at once may be refused by a report's limit on its period's length (400 on startDate)
        const periodLimit = res.statusCode === 400 && edge.startDate !== edge.endDate && /El periodo no puede ser mayor/.test(res.body);
        if (res.statusCode !== 200 && res.statusCode !== 404 && !periodLimit) failures.push(`${target} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('say a date must be written YYYY-MM-DD (API.md), and read a blank one as no filter', async () => {
    const typed = await admin({ method: 'GET', url: '/v1/bitacora?startDate=01/01/2026&take=1' });
    expect(typed.statusCode, typed.body).toBe(400);
    expect(typed.json().errors).toEqual([{ field: 'startDate', message: 'El campo fecha inicial debe tener el formato AAAA-MM-DD' }]);
    const blank = await admin({ method: 'GET', url: '/v1/transfer?startDate=&endDate=&take=1' });
    expect(blank.statusCode, blank.body).toBe(200);
  });
});

describe('a malformed address', () => {
  it("answers the catalogue's BAD_URL in Spanish, not the framework's code", async () => {
    for (const url of ['/v1/goal/%E0%A4%A', '/v1/%E0%A4%A', '/v1/customer/%E0%A4%A/update']) {
      const res = await admin({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ statusCode: 400, code: 'BAD_URL', message: 'La dirección de la solicitud no es válida' });
    }
  });
});

describe('a path with a trailing slash', () => {
  it('answers as the path without it: GET /v1/goal/ is the list of goals, as the spec spells it', async () => {
    for (const path of ['/v1/goal', '/v1/categories', '/v1/customer', '/v1/transfer', '/v1/branch', '/v1/appointment']) {
      const plain = await admin({ method: 'GET', url: `${path}?take=5` });
      const slashed = await admin({ method: 'GET', url: `${path}/?take=5` });
      expect(plain.statusCode, `${path}: ${plain.body.slice(0, 200)}`).toBe(200);
      expect(slashed.statusCode, `${path}/: ${slashed.body.slice(0, 200)}`).toBe(200);
      expect(slashed.json(), `${path}/`).toEqual(plain.json());
    }
  });

  it('reaches a record and a public route the same way', async () => {
    const [goal] = (await admin({ method: 'GET', url: '/v1/goal?take=1' })).json().items as { id: string }[];
    const record = await admin({ method: 'GET', url: `/v1/goal/${goal.id}/` });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json().id).toBe(goal.id);
    const open = await t.app.inject({ method: 'GET', url: '/v1/branch/all/' });
    expect(open.statusCode, open.body).toBe(200);
    // an unknown path stays unknown, with or without its slash
    for (const url of ['/v1/no-existe', '/v1/no-existe/']) expect((await admin({ method: 'GET', url })).json().code).toBe('ROUTE_NOT_FOUND');
  });
});
