import type { DbOrTx } from './client';

const statements = new WeakMap<DbOrTx, Map<string, unknown>>();

/**
 * A named prepared statement of `db`, built on first use. PostgreSQL then parses each such statement once
 * per pooled connection and may reuse its plan, and drizzle builds its SQL once: for the screens polled
 * all day (the agenda) planning a seven-table join cost more than running it. Statements take their
 * values through sql.placeholder(); the name must be unique in the application.
 */
export function prepared<Statement>(db: DbOrTx, name: string, build: (db: DbOrTx) => Statement): Statement {
  let ofDb = statements.get(db);
  if (!ofDb) statements.set(db, (ofDb = new Map()));
  let statement = ofDb.get(name) as Statement | undefined;
  if (!statement) ofDb.set(name, (statement = build(db)));
  return statement;
}
