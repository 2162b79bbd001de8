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
