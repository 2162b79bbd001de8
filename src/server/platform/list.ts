import type { FastifyReply } from 'fastify';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { listMeta, type ListMeta, type ListQuery } from '../../domain/list';
import { csvLine } from './csv';

export type Expr = AnyColumn | SQL;

export interface ListSpec<Row> {
  /** Sortable columns by the `field` name the client sends. */
  sortable: Record<string, Expr>;
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** Columns the `search` filter may name; accent- and case-insensitive. */
  searchable: Record<string, Expr>;
  filters: (SQL | undefined)[];
  rows: (q: { where: SQL | undefined; orderBy: SQL[]; limit?: number; offset: number }) => Promise<Row[]>;
  count: (where: SQL | undefined) => Promise<number>;
}

/** `immutable_unaccent(lower(col)) LIKE %value%`, served by trigram indexes. */
export function matches(column: Expr, value: string): SQL {
  const escaped = value.replace(/[\\%_]/g, (c) => '\\' + c);
  return sql`immutable_unaccent(lower(${column}::text)) like immutable_unaccent(lower(${'%' + escaped + '%'}))`;
}

function buildWhere<Row>(q: ListQuery, spec: ListSpec<Row>): SQL | undefined {
  const parts = [...spec.filters];
  if (q.search?.value.trim()) {
    const value = q.search.value.trim();
    const column = spec.searchable[q.search.filter];
    if (column) parts.push(matches(column, value));
    else {
      const all = Object.values(spec.searchable).map((c) => matches(c, value));
      if (all.length) parts.push(sql`(${sql.join(all, sql` or `)})`);
    }
  }
  return and(...parts.filter(Boolean));
}

function buildOrder<Row>(q: ListQuery, spec: ListSpec<Row>): SQL[] {
  const field = q.field && spec.sortable[q.field] ? q.field : spec.defaultSort.field;
  const dir = q.order ?? (q.field ? 'ASC' : spec.defaultSort.order);
  const col = spec.sortable[field];
  return [dir === 'DESC' ? desc(col) : asc(col)];
}

export async function listPage<Row>(q: ListQuery, spec: ListSpec<Row>): Promise<{ items: Row[]; meta: ListMeta }> {
  const where = buildWhere(q, spec);
  const orderBy = buildOrder(q, spec);
  const take = q.take;
  const [items, itemCount] = await Promise.all([
    spec.rows({ where, orderBy, limit: take || undefined, offset: take ? (q.page - 1) * take : 0 }),
    spec.count(where),
  ]);
  return { items, meta: listMeta(q.page, take, itemCount) };
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/** Streams every filtered row as CSV (UTF-8 with BOM, Spanish headers), a batch at a time. */
export async function sendCsv<Row>(reply: FastifyReply, q: ListQuery, spec: ListSpec<Row>, columns: CsvColumn<Row>[], name: string) {
  const where = buildWhere(q, spec);
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
