import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyReply } from 'fastify';
import { asc, count, desc, eq, like, sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../testing/harness';
import { changeLog, users } from '../db/schema';
import { listQuerySchema } from '../../domain/list';
import { listPage, sendCsv, type ListSpec } from './list';

/**
 * CSV exports page by keyset where the sort allows it: the file is the one a single query in the list's order
 * gives (the spec's own tiebreaker included, ties across batch boundaries included), and no batch skips
 * thousands of rows by OFFSET. A sort the seek cannot serve (a joined table's column) pages by OFFSET, same file.
 */
let t: TestApp;
const ROWS = 2_650;
const MODULE = 'keyset-';

beforeAll(async () => {
  t = await createTestApp();
  const [user] = await t.ctx.db.select({ id: users.id }).from(users).limit(1);
  // few distinct instants, modules and actions: tie groups of up to ~900 rows, several across the 1,000-row batches;
  // two users (one of them none): two groups of 1,325
  const base = Date.parse('2026-06-01T12:00:00Z');
  const rows = Array.from({ length: ROWS }, (_, i) => ({
    module: MODULE + ['a', 'b', 'c'][i % 3],
    action: ['crear', 'editar', 'eliminar', 'create', 'restaurar', 'cancelar'][i % 6],
    orderNumber: i % 5 === 0 ? null : `N-${String(i % 97).padStart(3, '0')}`,
    userId: i % 2 ? user.id : null,
    createdAt: new Date(base + (i % 13) * 1000),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.ctx.db.insert(changeLog).values(rows.slice(i, i + 500));
  // instants a microsecond apart, which a JavaScript Date cannot tell apart: the seek keeps the keys in SQL
  await t.ctx.db.execute(
    sql`update change_log set created_at = created_at + interval '3 microseconds' where module like ${MODULE + '%'} and action = 'create'`,
  );
});
afterAll(() => t.close());

type Row = { id: string; module: string; action: string; orderNumber: string | null; createdAt: Date };

/** A list over the test rows whose query ends with `tiebreak`, recording the offsets it is asked for. */
function spec(tiebreak: SQL[], offsets: number[]): ListSpec<Row> {
  const db = t.ctx.db;
  return {
    sortable: {
      created_at: changeLog.createdAt,
      module: changeLog.module,
      action: sql`(case ${changeLog.action} when ${'create'} then ${'crear'} else ${changeLog.action} end)`,
      order: changeLog.orderNumber,
      user: users.name,
      who: changeLog.userId,
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: {},
    filters: [like(changeLog.module, MODULE + '%')],
    rows: async ({ where, orderBy, limit, offset }) => {
      offsets.push(offset);
      const base = db
        .select({ id: changeLog.id, module: changeLog.module, action: changeLog.action, orderNumber: changeLog.orderNumber, createdAt: changeLog.createdAt })
        .from(changeLog)
        .leftJoin(users, eq(users.id, changeLog.userId))
        .where(where)
        .orderBy(...orderBy, ...tiebreak)
        .offset(offset);
      return limit ? base.limit(limit) : base;
    },
    count: async (where) => (await db.select({ n: count() }).from(changeLog).leftJoin(users, eq(users.id, changeLog.userId)).where(where))[0].n,
  };
}

const columns = [
  { header: 'Id', value: (r: Row) => r.id },
  { header: 'Módulo', value: (r: Row) => r.module },
  { header: 'Acción', value: (r: Row) => r.action },
  { header: 'Fecha', value: (r: Row) => r.createdAt },
];

/** The CSV body sendCsv streams, through a reply that hands the stream back. */
async function exportCsv(s: ListSpec<Row>, query: Record<string, string>): Promise<string> {
  const reply = { header: () => reply, send: (body: unknown) => body } as unknown as FastifyReply;
  const stream = (await sendCsv(reply, listQuerySchema.parse({ ...query, format: 'csv' }), s, columns, 'prueba')) as unknown as AsyncIterable<Buffer>;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The same file from one query in the list's order, no batches. */
async function expected(tiebreak: SQL[], query: Record<string, string>): Promise<string> {
  const all: Row[] = [];
  const s = spec(tiebreak, []);
  for (let page = 1; ; page++) {
    const { items } = await listPage(listQuerySchema.parse({ ...query, take: '1000', page: String(page) }), s);
    all.push(...items);
    if (items.length < 1000) break;
  }
  const line = (cells: unknown[]) => cells.map((c) => (c instanceof Date ? c.toISOString() : String(c))).join(',') + '\r\n';
  return '\uFEFF' + line(columns.map((c) => c.header)) + all.map((r) => line(columns.map((c) => c.value(r)))).join('');
}

const TIEBREAKS: [string, SQL[]][] = [
  ['the id', [asc(changeLog.id)]],
  ['the id descending', [desc(changeLog.id)]],
  ['another column, then the id', [asc(changeLog.action), asc(changeLog.id)]],
];
const SORTS: Record<string, string>[] = [
  {},
  { field: 'created_at', order: 'ASC' },
  { field: 'module', order: 'ASC' },
  { field: 'module', order: 'DESC' },
  { field: 'action', order: 'ASC' },
  { field: 'order', order: 'ASC' },
  { field: 'order', order: 'DESC' },
];

describe('CSV exports by keyset', () => {
  for (const [name, tiebreak] of TIEBREAKS) {
    it(`gives the single query's file, ties across batches included, with a spec that breaks ties by ${name}`, async () => {
      for (const query of SORTS) {
        const offsets: number[] = [];
        const csv = await exportCsv(spec(tiebreak, offsets), query);
        expect(csv.split('\r\n').length, JSON.stringify(query)).toBe(ROWS + 2);
        expect(csv, JSON.stringify(query)).toBe(await expected(tiebreak, query));
        // three batches and the probes of their tie groups, none of them skipping a whole batch
        expect(offsets.length, JSON.stringify(query)).toBeGreaterThan(3);
        expect(Math.max(...offsets), JSON.stringify(query)).toBeLessThan(1000);
      }
    });
  }

  it('skips inside a tie group larger than a batch (nulls included), same file', async () => {
    for (const order of ['ASC', 'DESC']) {
      const query = { field: 'who', order };
      const offsets: number[] = [];
      expect(await exportCsv(spec([asc(changeLog.id)], offsets), query)).toBe(await expected([asc(changeLog.id)], query));
      expect(offsets.some((o) => o >= 1000)).toBe(true);
    }
  });

  it("pages by OFFSET, same file, when the sort reads a joined table's column", async () => {
    const offsets: number[] = [];
    const query = { field: 'user', order: 'ASC' };
    expect(await exportCsv(spec([asc(changeLog.id)], offsets), query)).toBe(await expected([asc(changeLog.id)], query));
    // the first batch, the probe that finds its last row is not the sorted table's, then OFFSET
    expect(offsets).toEqual([0, 0, 1000, 2000]);
  });
});

describe('take=all', () => {
  it('answers at most 1,000 rows and says the list was cut', async () => {
    const { items, meta } = await listPage(listQuerySchema.parse({ take: 'all' }), spec([asc(changeLog.id)], []));
    expect(items).toHaveLength(1000);
    expect(meta).toMatchObject({ take: 0, itemCount: ROWS, truncated: true });
    const few = await listPage(listQuerySchema.parse({ take: 'all', field: 'module' }), {
      ...spec([asc(changeLog.id)], []),
      filters: [eq(changeLog.module, MODULE + 'a'), sql`${changeLog.createdAt} < ${new Date('2026-06-01T12:00:03Z')}`],
    });
    expect(few.meta.truncated).toBeUndefined();
    expect(few.items.length).toBe(few.meta.itemCount);
  });
});
