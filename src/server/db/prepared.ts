import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';

/** What drizzle keeps on a database or transaction and on its prepared queries (runtime fields, not in its types). */
interface Bound {
  client: unknown;
}
interface WithSession {
  session: Bound;
  dialect: object;
}

/** Keyed by the dialect, which a database shares with its transactions. */
const statements = new WeakMap<object, Map<string, Bound>>();

/**
 * A named prepared statement, built on first use and reused by the database and every transaction on it.
 * PostgreSQL then parses each such statement once per pooled connection and may reuse its plan, and drizzle
 * builds its SQL once: building a query costs the API more than many of the queries cost the database (for
 * the agenda, planning a seven-table join cost more than running it). A drizzle prepared query holds the
 * client it runs on; inside a transaction the cached one is lent that transaction's client (a prototype
 * copy whose own `client` wins). Statements take their values through sql.placeholder(); the name must be
 * unique in the application.
 */
export function prepared<Statement>(db: DbOrTx, name: string, build: (db: DbOrTx) => Statement): Statement {
  const { session, dialect } = db as unknown as WithSession;
  let ofDb = statements.get(dialect);
  if (!ofDb) statements.set(dialect, (ofDb = new Map()));
  let statement = ofDb.get(name);
  if (!statement) ofDb.set(name, (statement = build(db) as Bound));
  const bound = statement.client === session.client ? statement : (Object.create(statement, { client: { value: session.client } }) as Bound);
  return bound as Statement;
}

/** A statement's name made from its text: the same text always gets the same name, so each connection prepares it once. */
const nameOfText = (text: string) => `read_${createHash('sha1').update(text).digest('hex').slice(0, 32)}`;

/** A drizzle read (select, union) that can be run as a named statement. */
interface NamedReadable<Result> {
  prepare(name: string): { execute(): Promise<Result> };
}

/** What node-postgres' prepared query keeps (runtime fields, not in drizzle's types); PGlite's has none of them. */
interface PgPrepared {
  queryString?: string;
  rawQueryConfig?: { name?: string };
  queryConfig?: { name?: string };
}

/** Names a built statement after its text (the text is known only once drizzle has built it, and building it twice costs). */
function nameAfterText<Q>(prepared: Q): Q {
  const p = prepared as PgPrepared;
  if (p.queryString && p.rawQueryConfig && p.queryConfig) p.rawQueryConfig.name = p.queryConfig.name = nameOfText(p.queryString);
  return prepared;
}

/**
 * Runs a read whose text changes with its filters (a list page, its count) as a statement named after that text:
 * PostgreSQL parses it once per pooled connection and, after a few runs, keeps one plan for it; planning a list's
 * page cost about as much as running it. Only for reads whose text takes a bounded number of forms (filters chosen
 * from a list, pages of a bounded size): each connection keeps every form it has seen. Not for a page that an index
 * walk stops early: a kept plan does not know the limit. PGlite ignores the name.
 */
export function namedRead<Result>(query: NamedReadable<Result>): Promise<Result> {
  return nameAfterText(query.prepare('')).execute();
}

/** namedRead for a raw query: its rows (snake_case records). */
export async function namedRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const { session, dialect } = db as unknown as { session: PgSession; dialect: PgDialect };
  const result = await nameAfterText(session.prepareQuery(dialect.sqlToQuery(query), undefined, undefined, false)).execute();
  return (result as { rows: T[] }).rows;
}
