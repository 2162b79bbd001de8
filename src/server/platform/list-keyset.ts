import { and, Column, inArray, is, or, Param, SQL, sql, StringChunk, type AnyColumn } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

type Expr = AnyColumn | SQL;

/**
 * Keyset ("seek") paging for CSV exports: the next batch starts at the last row's sort keys instead of skipping
 * every row already sent (OFFSET reads and drops them again, batch after batch: a 200,000-row export read ~20
 * billion rows). The order stays the spec's own: its keys, then its tiebreaker, whatever that is (an id, a name
 * then an id, an id descending). So the seek does not pass the last row; it starts at its keys and skips the
 * rows of that tie group already sent (usually none but the last row itself).
 *
 * It needs the sort keys read from one table with a one-column primary key, and the rows to carry that key as
 * `id` (checked on every batch against the database: a row whose id is not that table's stops the seek). A
 * sort by an expression over a joined table (a log's user name), an aliased table or a row without an id
 * pages by OFFSET as before. A sort by a column with few values (a status) seeks to the tie group and skips
 * inside it, so there it is no faster than OFFSET.
 */
export interface Seek {
  table: PgTable;
  id: AnyColumn;
  keys: Expr[];
  descending: boolean;
  /** Keys whose value is never null (a not-null column, or a strict function of one): their bound an index can serve. */
  notNull: boolean[];
}

const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** The columns an expression reads, or undefined when it reads anything else (a table, a subquery, an alias). */
function columnsOf(expr: unknown, into: Column[]): boolean {
  if (expr instanceof Column) {
    into.push(expr);
    return true;
  }
  if (is(expr, SQL)) return expr.queryChunks.every((chunk) => columnsOf(chunk, into));
  if (is(expr, StringChunk) || is(expr, Param)) return true;
  if (Array.isArray(expr)) return expr.every((e) => columnsOf(e, into));
  return expr === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof expr);
}

/** How a list's sort can seek, or undefined when it cannot (then it pages by OFFSET). */
export function seekOf(keys: Expr[], descending: boolean, notNull: boolean[]): Seek | undefined {
  const columns: Column[] = [];
  if (!keys.length || !keys.every((k) => columnsOf(k, columns)) || !columns.length) return undefined;
  const table = columns[0].table;
  if (!(table instanceof PgTable) || (table as unknown as Record<symbol, unknown>)[IS_ALIAS] || columns.some((c) => c.table !== table)) return undefined;
  let id: AnyColumn | undefined;
  try {
    const config = getTableConfig(table);
    id = config.primaryKeys.length ? undefined : config.columns.find((c) => c.primary);
  } catch {
    return undefined;
  }
  return id ? { table, id, keys, descending, notNull } : undefined;
}

/** The last row's value of a key, read back from its table (kept in SQL: a timestamp keeps its microseconds). */
const valueOf = (seek: Seek, key: Expr, lastId: unknown) => sql`(select ${key} from ${seek.table} where ${seek.id} = ${lastId})`;

/** Rows whose keys all equal the last row's (null equal to null, as ORDER BY groups them). */
export function sameKeys(seek: Seek, lastId: unknown): SQL {
  return and(...seek.keys.map((k) => sql`${k} is not distinct from ${valueOf(seek, k, lastId)}`))!;
}

/**
 * Rows at or after the last row's keys in the list's order: PostgreSQL puts nulls last ascending and first
 * descending, and the conditions say the same. The first key's plain bound comes first, for an index to serve.
 */
export function atOrAfter(seek: Seek, lastId: unknown): SQL {
  const after = (k: Expr, v: SQL) =>
    seek.descending ? sql`(${k} < ${v} or (${v} is null and ${k} is not null))` : sql`(${k} > ${v} or (${k} is null and ${v} is not null))`;
  let condition: SQL = sql`true`;
  for (let i = seek.keys.length - 1; i >= 0; i--) {
    const k = seek.keys[i];
    const v = valueOf(seek, k, lastId);
    condition = or(after(k, v), and(sql`${k} is not distinct from ${v}`, condition))!;
  }
  const first = seek.keys[0];
  const bound = seek.notNull[0]
    ? seek.descending
      ? sql`${first} <= ${valueOf(seek, first, lastId)}`
      : sql`${first} >= ${valueOf(seek, first, lastId)}`
    : undefined;
  return and(bound, condition)!;
}

/** The id of a row as the list answers it, when it has one that can be looked up. */
export function rowId(row: unknown): string | number | undefined {
  const id = row && typeof row === 'object' ? (row as { id?: unknown }).id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? id : undefined;
}

/** `id in (…)` over the given ids of the seek's table. */
export const idIn = (seek: Seek, ids: (string | number)[]) => inArray(seek.id, ids);
