import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { and, asc, count, desc, sql, Column, type AnyColumn, type SQL } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { ALL_ROWS_LIMIT, listMessages, listMeta, type ListMeta, type ListQuery } from '../../domain/list';
import { csvFileName, csvLine } from './csv';
import { atOrAfter, idIn, rowId, sameKeys, seekOf, type Seek } from './list-keyset';
import { AppError } from './errors';

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
  /** Conditions every row meets; a promise where the condition needs a read first (a branch's time zone). */
  filters: (SQL | undefined | Promise<SQL | undefined>)[];
  rows: (q: { where: SQL | undefined; orderBy: SQL[]; limit?: number; offset: number }) => Promise<Row[]>;
  /** The number of matching rows; with `limit`, counting may stop there. */
  count: (where: SQL | undefined, limit?: number) => Promise<number>;
  /**
   * Lists over tables of millions of rows count at most this many (meta.itemCountCapped tells), and
   * "all" returns at most this many (and never more than ALL_ROWS_LIMIT): an exact count of a common surname's
   * appointments costs more than the page.
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
  const matching = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
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

/**
 * The entry a client named (`field`, the search `filter`), looked up among the spec's own keys only.
 * `constructor`, `toString`, `valueOf`, `__proto__`… are Object.prototype's: indexing with them hands a
 * function or the prototype itself to the query builder (a 500). Such a name answers 400; any other name that
 * is not a column is just unknown (undefined: the default order, or a search over every field).
 */
function ownEntry<T>(record: Record<string, T>, name: string, param: 'field' | 'search', message: string): T | undefined {
  if (Object.hasOwn(record, name)) return record[name];
  if (name in record) throw new AppError('VALIDATION_FAILED', message, [{ field: param, message }]);
  return undefined;
}

async function buildWhere<Row>(q: ListQuery, spec: ListSpec<Row>): Promise<SQL | undefined> {
  const parts = await Promise.all(spec.filters);
  // the named field is checked even when the value is empty, so a bad name always answers the same
  const field = q.search ? ownEntry(spec.searchable, q.search.filter, 'search', listMessages.badSearchField) : undefined;
  const value = q.search?.value.trim();
  if (value) {
    if (field) parts.push(await fieldCondition(field, value));
    else {
      const all = await Promise.all(Object.values(spec.searchable).map((f) => fieldCondition(f, value)));
      if (all.length) parts.push(sql`(${sql.join(all, sql` or `)})`);
    }
  }
  return and(...parts.filter(Boolean));
}

/** Text columns whose sort an index walks (keepIndexOrder): they keep the column's own order. */
const indexOrdered = new WeakSet<AnyColumn>();

/**
 * Declared by the module that owns the index: sorting by these columns walks it (customers by name on a
 * chain's hundreds of thousands), so they are not sorted by the Spanish key, which no index serves.
 */
export function keepIndexOrder(...columns: AnyColumn[]): void {
  for (const c of columns) indexOrdered.add(c);
}

const TEXT_COLUMNS = new Set(['PgText', 'PgVarchar', 'PgChar']);
const leadsIndex = new WeakMap<AnyColumn, boolean>();

/** Whether an index of its table starts with the column (appointment numbers, a log's module): a page can walk it. */
function leadsAnIndex(col: AnyColumn): boolean {
  let known = leadsIndex.get(col);
  if (known === undefined) {
    try {
      const first = (c: unknown) => (c && typeof c === 'object' && 'name' in c ? (c as { name?: string }).name : undefined);
      known = col.isUnique || (col.table instanceof PgTable && getTableConfig(col.table).indexes.some((i) => first(i.config.columns[0]) === col.name));
    } catch {
      known = false;
    }
    leadsIndex.set(col, known);
  }
  return known;
}

/**
 * The keys a sort column is ordered by. A text column sorts the Spanish way, accents and case aside
 * ('Ácido' with the A's, 'Bálsamo' before 'Biorrevitalizante'), then by itself so that ties keep one order;
 * both in the "C" collation, so PGlite and PostgreSQL (whatever the database's collation) give the same order.
 * A column an index serves keeps its own order: sorting by the key would read and sort the whole table.
 */
function sortKeys(col: Expr): Expr[] {
  if (!(col instanceof Column) || !TEXT_COLUMNS.has(col.columnType) || indexOrdered.has(col) || leadsAnIndex(col)) return [col];
  const keys = [sql`immutable_unaccent(lower(${col}::text)) collate "C"`, sql`${col}::text collate "C"`];
  for (const key of keys) keyColumn.set(key, col);
  return keys;
}

/** The column a Spanish sort key was made from (strict functions of it: null only when it is). */
const keyColumn = new WeakMap<SQL, Column>();
const neverNull = (key: Expr) => (key instanceof Column ? key : keyColumn.get(key))?.notNull ?? false;

/** The keys a list is ordered by (before the spec's own tiebreaker), all in one direction. */
interface Sort {
  keys: Expr[];
  descending: boolean;
}

function buildSort<Row>(q: ListQuery, spec: ListSpec<Row>): Sort {
  const chosen = q.field ? ownEntry(spec.sortable, q.field, 'field', listMessages.badSortField) : undefined;
  const dir = q.order ?? (q.field ? 'ASC' : spec.defaultSort.order);
  return { keys: [chosen ?? spec.sortable[spec.defaultSort.field]].flat().flatMap(sortKeys), descending: dir === 'DESC' };
}

const orderOf = (sort: Sort): SQL[] => sort.keys.map((col) => (sort.descending ? desc(col) : asc(col)));

function buildOrder<Row>(q: ListQuery, spec: ListSpec<Row>): SQL[] {
  return orderOf(buildSort(q, spec));
}

/** Every filtered row in the list's order, up to `limit`: for a file built in memory (an .xlsx), never for a page. */
export async function listRows<Row>(q: ListQuery, spec: ListSpec<Row>, limit: number): Promise<Row[]> {
  return spec.rows({ where: await buildWhere(q, spec), orderBy: buildOrder(q, spec), limit, offset: 0 });
}

export async function listPage<Row>(q: ListQuery, spec: ListSpec<Row>): Promise<{ items: Row[]; meta: ListMeta }> {
  const where = await buildWhere(q, spec);
  const orderBy = buildOrder(q, spec);
  const cap = spec.countCap;
  // "all" answers at most ALL_ROWS_LIMIT rows (meta.truncated beyond): a larger read is a CSV export, which streams
  const take = q.take || Math.min(cap ?? ALL_ROWS_LIMIT, ALL_ROWS_LIMIT);
  const [items, counted] = await Promise.all([
    spec.rows({ where, orderBy, limit: take, offset: q.take ? (q.page - 1) * q.take : 0 }),
    spec.count(where, cap ? cap + 1 : undefined),
  ]);
  const capped = cap !== undefined && counted > cap;
  const truncated = !q.take && (capped || counted > items.length) && items.length === take;
  return { items, meta: listMeta(q.page, q.take, capped ? cap : counted, capped, truncated) };
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

const CSV_BATCH = 1000;

/** Where the next batch of an export starts: past `offset` rows of the whole list, or at the last row's keys and past `skip` rows there. */
type Cursor = { offset: number } | { lastId?: string | number; skip: number };

/**
 * The cursor after a batch. With a seek, the rows of the batch that tie with its last row are found by id (few:
 * the tie group at the end of the batch); when the last row is not among them its id is not the sort table's,
 * and the export goes on by OFFSET.
 */
async function nextCursor<Row>(
  spec: ListSpec<Row>,
  where: SQL | undefined,
  orderBy: SQL[],
  seek: Seek | undefined,
  rows: Row[],
  sent: number,
  cursor: Cursor,
): Promise<Cursor> {
  const ids = rows.map(rowId);
  const lastId = ids[ids.length - 1];
  if (!seek || lastId === undefined || ids.some((id) => id === undefined) || 'offset' in cursor) return { offset: sent };
  // the previous batch's last row too: a batch that is all one tie group may continue that one's group
  const probe = cursor.skip && cursor.lastId !== undefined ? [...ids, cursor.lastId] : ids;
  const tied = new Set(
    (await spec.rows({ where: and(where, idIn(seek, probe as (string | number)[]), sameKeys(seek, lastId)), orderBy, limit: probe.length, offset: 0 })).map(
      rowId,
    ),
  );
  if (!tied.has(lastId)) return { offset: sent };
  let skip = 0;
  while (skip < ids.length && tied.has(ids[ids.length - 1 - skip])) skip++;
  if (skip === ids.length && cursor.lastId !== undefined && tied.has(cursor.lastId)) skip += cursor.skip;
  return { lastId, skip };
}

/**
 * Streams every filtered row as CSV (UTF-8 with BOM, Spanish headers), a batch at a time, each batch seeking from
 * the last row's sort keys where the sort allows it (list-keyset.ts), by OFFSET where it does not. Everything that can
 * refuse the request (the parameters, the filters, the first query, the cells of the first batch) runs before
 * the first byte is sent, so a failing export answers its JSON error instead of a 200 with a cut file. Sent
 * through Fastify (not the raw response), so the answer carries the same headers and compression as any other.
 */
export async function sendCsv<Row>(reply: FastifyReply, q: ListQuery, spec: ListSpec<Row>, columns: CsvColumn<Row>[], name: string) {
  const where = await buildWhere(q, spec);
  const sort = buildSort(q, spec);
  const orderBy = orderOf(sort);
  const seek = seekOf(sort.keys, sort.descending, sort.keys.map(neverNull));
  const lines = (rows: Row[]) => rows.map((r) => csvLine(columns.map((c) => c.value(r)))).join('');
  const first = await spec.rows({ where, orderBy, limit: CSV_BATCH, offset: 0 });
  const head = '\uFEFF' + csvLine(columns.map((c) => c.header)) + lines(first);
  async function* body() {
    yield Buffer.from(head);
    // a later batch that fails ends the transfer without its last chunk: the client sees an incomplete download
    let cursor: Cursor = { skip: 0 };
    for (let rows = first, sent = first.length; rows.length === CSV_BATCH; sent += rows.length) {
      cursor = await nextCursor(spec, where, orderBy, seek, rows, sent, cursor);
      rows = await spec.rows(
        'offset' in cursor
          ? { where, orderBy, limit: CSV_BATCH, offset: cursor.offset }
          : { where: and(where, atOrAfter(seek!, cursor.lastId!)), orderBy, limit: CSV_BATCH, offset: cursor.skip },
      );
      if (rows.length) yield Buffer.from(lines(rows));
    }
  }
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${csvFileName(name)}"`)
    .send(Readable.from(body()));
}

/** Answers a list request as JSON or, with format=csv, as a CSV download. */
export async function answerList<Row>(reply: FastifyReply, q: ListQuery, spec: ListSpec<Row>, csv: { name: string; columns: CsvColumn<Row>[] }) {
  if (q.format === 'csv') return sendCsv(reply, q, spec, csv.columns, csv.name);
  return listPage(q, spec);
}
