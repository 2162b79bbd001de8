import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { listMeta, type ListMeta, type ListQuery } from '../../domain/list';
import { csvLine } from './csv';

export type Expr = AnyColumn | SQL;

/**
 * How the `search` filter reads a field. A column or expression is matched accent- and case-insensitively,
 * word by word; `digits` compares only the digits typed (a masked phone finds the stored one); `lower`
 * compares an expression that is already lower case (e-mails); `normalized` one already without accents and
 * lower case (customers.search_name), matched word by word; `number` is an exact match of a number;
 * a function builds the condition itself (e.g. from the ids a query on another table finds first).
 */
export type SearchField = Expr | { expr: Expr; mode: 'digits' | 'lower' | 'normalized' | 'number' } | ((value: string) => SQL | Promise<SQL>);

export interface ListSpec<Row> {
  /** Sortable columns by the `field` name the client sends; several columns sort in that order. */
  sortable: Record<string, Expr | Expr[]>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Fields the `search` filter may name. */
  searchable: Record<string, SearchField>;
  filters: (SQL | undefined)[];
  rows: (q: { where: SQL | undefined; orderBy: SQL[]; limit?: number; offset: number }) => Promise<Row[]>;
  /** The number of matching rows; with `limit`, counting may stop there. */
  count: (where: SQL | undefined, limit?: number) => Promise<number>;
  /**
   * Lists over tables of millions of rows count at most this many (meta.itemCountCapped tells), and
   * "all" returns at most this many: an exact count of a common surname's appointments costs more than the page.
   */
  countCap?: number;
}

const likeEscape = (value: string) => value.replace(/[\\%_]/g, (c) => '\\' + c);
/** The words typed in a search box. */
export const words = (value: string) => value.split(/\s+/).filter(Boolean);
/** `matchOne` for every typed word, given as a LIKE pattern ('%word%', escaped), all required. */
function everyWord(value: string, matchOne: (pattern: string) => SQL): SQL {
  const parts = words(value).map((w) => matchOne('%' + likeEscape(w) + '%'));
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`;
}

/** The rows of one table that match, counting no further than `limit` when given (ListSpec.countCap). */
export async function countMatching(db: DbOrTx, table: PgTable, where: SQL | undefined, limit?: number): Promise<number> {
  const matching = db.select({ one: sql`1` }).from(table).where(where);
  return (await db.select({ n: count() }).from((limit ? matching.limit(limit) : matching).as('matching')))[0].n;
}

/** Every word of `value` in `immutable_unaccent(lower(col))`, served by trigram indexes on that expression. */
export function matches(column: Expr, value: string): SQL {
  return everyWord(value, (pattern) => sql`immutable_unaccent(lower(${column}::text)) like immutable_unaccent(lower(${pattern}))`);
}

/** The condition of one column-like search field for the typed value. */
export function searchCondition(field: Exclude<SearchField, (value: string) => unknown>, value: string): SQL {
  if (!('mode' in field)) return matches(field, value);
  if (field.mode === 'digits') {
    const digits = value.replace(/\D/g, '');
    return digits ? sql`${field.expr} like ${'%' + digits + '%'}` : sql`false`;
  }
  if (field.mode === 'lower') return everyWord(value.toLowerCase(), (pattern) => sql`${field.expr} like ${pattern}`);
  if (field.mode === 'normalized') return everyWord(value, (pattern) => sql`${field.expr} like immutable_unaccent(lower(${pattern}))`);
  const n = Number(value.replace(/\D/g, ''));
  return /\d/.test(value) && Number.isSafeInteger(n) ? sql`${field.expr} = ${n}` : sql`false`;
}

const fieldCondition = (field: SearchField, value: string) => (typeof field === 'function' ? field(value) : searchCondition(field, value));

async function buildWhere<Row>(q: ListQuery, spec: ListSpec<Row>): Promise<SQL | undefined> {
  const parts = [...spec.filters];
  const value = q.search?.value.trim();
  if (q.search && value) {
    const field = spec.searchable[q.search.filter];
    if (field) parts.push(await fieldCondition(field, value));
    else {
      const all = await Promise.all(Object.values(spec.searchable).map((f) => fieldCondition(f, value)));
      if (all.length) parts.push(sql`(${sql.join(all, sql` or `)})`);
    }
  }
  return and(...parts.filter(Boolean));
}

function buildOrder<Row>(q: ListQuery, spec: ListSpec<Row>): SQL[] {
  const field = q.field && spec.sortable[q.field] ? q.field : spec.defaultSort.field;
  const dir = q.order ?? (q.field ? 'ASC' : spec.defaultSort.order);
  const cols = [spec.sortable[field]].flat();
  return cols.map((col) => (dir === 'DESC' ? desc(col) : asc(col)));
}

export async function listPage<Row>(q: ListQuery, spec: ListSpec<Row>): Promise<{ items: Row[]; meta: ListMeta }> {
  const where = await buildWhere(q, spec);
  const orderBy = buildOrder(q, spec);
  const cap = spec.countCap;
  const take = q.take || cap || 0;
  const [items, counted] = await Promise.all([
    spec.rows({ where, orderBy, limit: take || undefined, offset: q.take ? (q.page - 1) * q.take : 0 }),
    spec.count(where, cap ? cap + 1 : undefined),
  ]);
  const capped = cap !== undefined && counted > cap;
  return { items, meta: listMeta(q.page, q.take, capped ? cap : counted, capped) };
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Streams every filtered row as CSV (UTF-8 with BOM, Spanish headers), a batch at a time. */
export async function sendCsv<Row>(reply: FastifyReply, q: ListQuery, spec: ListSpec<Row>, columns: CsvColumn<Row>[], name: string) {
  const where = await buildWhere(q, spec);
  const orderBy = buildOrder(q, spec);
  reply.raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
  });
  reply.raw.write('\uFEFF' + csvLine(columns.map((c) => c.header)));
  const batch = 1000;
  for (let offset = 0; ; offset += batch) {
    const rows = await spec.rows({ where, orderBy, limit: batch, offset });
    if (rows.length) reply.raw.write(rows.map((r) => csvLine(columns.map((c) => c.value(r)))).join(''));
    if (rows.length < batch) break;
  }
  reply.raw.end();
  return reply;
}

/** Answers a list request as JSON or, with format=csv, as a CSV download. */
export async function answerList<Row>(reply: FastifyReply, q: ListQuery, spec: ListSpec<Row>, csv: { name: string; columns: CsvColumn<Row>[] }) {
  if (q.format === 'csv') return sendCsv(reply, q, spec, csv.columns, csv.name);
  return listPage(q, spec);
}
