import { and, count, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '../../domain/errors';
import { isTruthyFlag, type ListQuery } from '../../domain/list';
import type { DbOrTx } from '../db/client';
import { live, softDelete } from '../db/live';
import type { Actor } from './auth/actor';
import { recordChange } from './change-log';
import { AppError } from './errors';
import type { ListSpec } from './list';

/**
 * The pieces every catalogue service repeated: a table whose rows have an `id` and are deleted softly, read
 * live or 404, checked for a taken code, listed page by page and written with their change-log row.
 */
export type RecordTable = PgTable & { id: AnyPgColumn; deletedAt: AnyPgColumn; updatedAt: AnyPgColumn };
type RowOf<T extends RecordTable> = T['$inferSelect'];

/** The `active` flag of a list: `active`, or `status` '1'/'0' as the older screens send it. */
export function activeFlag(q: ListQuery): boolean | undefined {
  return isTruthyFlag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
}

/** Live rows only, unless the list asks `withDeleted`. */
export function liveUnlessWithDeleted(q: ListQuery, table: { deletedAt: AnyPgColumn }): SQL | undefined {
  return isTruthyFlag(q.withDeleted) ? undefined : live(table);
}

/** The two filters a record list starts with: live rows (unless `withDeleted`) and the `active` flag. */
export function recordFilters(q: ListQuery, table: { deletedAt: AnyPgColumn; active: AnyPgColumn }): (SQL | undefined)[] {
  const active = activeFlag(q);
  return [liveUnlessWithDeleted(q, table), active === undefined ? undefined : eq(table.active, active)];
}

/** A list's rows and count over one table: sorted as asked, then by id, turned into the wire by `view`. */
export function tableRows<T extends RecordTable, Row>(
  db: DbOrTx,
  table: T,
  view: (rows: RowOf<T>[]) => Row[] | Promise<Row[]>,
): Pick<ListSpec<Row>, 'rows' | 'count'> {
  const from = table as PgTable;
  return {
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db
        .select()
        .from(from)
        .where(where)
        .orderBy(...orderBy, table.id)
        .offset(offset);
      return view((limit ? await base.limit(limit) : await base) as RowOf<T>[]);
    },
    count: async (where) => (await db.select({ n: count() }).from(from).where(where))[0].n,
  };
}

/** The refusal a helper throws: a catalogue code, or a function that builds the error (a custom message). */
export type Refusal = ErrorCode | (() => Error);
const refuse = (refusal: Refusal): Error => (typeof refusal === 'function' ? refusal() : new AppError(refusal));

/**
 * The row with this id locked for a write, or the area's 404; a softly deleted row is refused with `deleted` (an
 * order deleted before answers 409 ORDER_ALREADY_CANCELLED, not 404). The lock is `for no key update`, the one the
 * UPDATE takes anyway (ids never change): a `for update` would also stop every insert whose foreign key names the row
 * (a sale of the branch being edited) and deadlock with the edit's triggers waiting on that sale's customer.
 */
export async function lockForWrite<T extends RecordTable>(db: DbOrTx, table: T, id: string, notFound: Refusal, deleted: Refusal): Promise<RowOf<T>> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1)
    .for('no key update');
  if (!row) throw refuse(notFound);
  if ((row as { deletedAt: Date | null }).deletedAt) throw refuse(deleted);
  return row as RowOf<T>;
}

/** The live row with this id (locked when asked: for a write, `no key update`, as lockForWrite says), or the area's 404. */
export async function findLive<T extends RecordTable>(
  db: DbOrTx,
  table: T,
  id: string,
  notFound: Refusal,
  lock?: 'no key update' | 'share',
): Promise<RowOf<T>> {
  const q = db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.id, id), live(table)))
    .limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  if (!row) throw refuse(notFound);
  return row as RowOf<T>;
}

/**
 * Refuses a value another live row already holds (a SKU, a code, a name): `taken` picks the rows holding it,
 * `exceptId` is the row being edited. The unique index settles a race with the same answer (answerViolations).
 */
export async function assertFree(db: DbOrTx, table: RecordTable, taken: SQL | SQL[], exceptId: string | undefined, refusal: Refusal) {
  const [dup] = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(...[taken].flat(), live(table), exceptId ? ne(table.id, exceptId) : undefined))
    .limit(1);
  if (dup) throw refuse(refusal);
}

/** How a record is written to the change log: its area's module name and the wire shape it is kept in. */
export interface RecordLog<T extends RecordTable, Dto> {
  table: T;
  module: string;
  /** The wire shape of a row; `db` is the transaction, for shapes that read related rows. */
  view: (row: RowOf<T>, db: DbOrTx) => Dto | Promise<Dto>;
}

/** Sets columns of the row with this id; answers the row as it is now. */
async function updateRow<T extends RecordTable>(tx: DbOrTx, table: T, id: string, values: Partial<T['$inferInsert']>): Promise<RowOf<T>> {
  const [row] = (await tx
    .update(table)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- drizzle cannot see the columns of a generic table
    .set(values as any)
    .where(eq(table.id, id))
    .returning()) as RowOf<T>[];
  return row;
}

/** Inserts one row and logs it ('crear'); answers its wire shape. */
export async function insertRecord<T extends RecordTable, Dto>(tx: DbOrTx, actor: Actor, log: RecordLog<T, Dto>, values: T['$inferInsert']): Promise<Dto> {
  const [row] = (await tx.insert(log.table).values(values).returning()) as RowOf<T>[];
  const after = await log.view(row, tx);
  await recordChange(tx, actor, { module: log.module, action: 'crear', entityId: (row as { id: string }).id, after });
  return after;
}

/** Updates the row read as `before` and logs both sides ('editar'); answers its new wire shape. */
export async function updateRecord<T extends RecordTable, Dto>(
  tx: DbOrTx,
  actor: Actor,
  log: RecordLog<T, Dto>,
  id: string,
  before: RowOf<T>,
  values: Partial<T['$inferInsert']>,
): Promise<Dto> {
  const beforeView = await log.view(before, tx);
  const after = await log.view(await updateRow(tx, log.table, id, values), tx);
  await recordChange(tx, actor, { module: log.module, action: 'editar', entityId: id, before: beforeView, after });
  return after;
}

/** Deletes softly the row read as `before` and logs it ('eliminar'); answers its wire shape, now deleted. */
export async function softDeleteRecord<T extends RecordTable, Dto>(
  tx: DbOrTx,
  actor: Actor,
  log: RecordLog<T, Dto>,
  id: string,
  before: RowOf<T>,
): Promise<Dto> {
  const beforeView = await log.view(before, tx);
  const [row] = (await softDelete(tx, log.table, eq(log.table.id, id))) as RowOf<T>[];
  await recordChange(tx, actor, { module: log.module, action: 'eliminar', entityId: id, before: beforeView });
  return log.view(row, tx);
}

/**
 * Gives the row its new photo file and logs only the photo; `activate` also switches the row on (the photo
 * that completes a create). `also` are more columns to set with it. Answers the updated row.
 */
export async function writePhoto<T extends RecordTable>(
  tx: DbOrTx,
  actor: Actor,
  target: { table: T; module: string; id: string },
  photo: { previous: string | null; name: string; activate: boolean },
  also: Partial<T['$inferInsert']> = {},
): Promise<RowOf<T>> {
  const switchOn = photo.activate ? { active: true } : {};
  const row = await updateRow(tx, target.table, target.id, { photo: photo.name, ...also, ...switchOn } as Partial<T['$inferInsert']>);
  const before = { photo: photo.previous, ...(photo.activate ? { active: false } : {}) };
  await recordChange(tx, actor, { module: target.module, action: 'editar', entityId: target.id, before, after: { photo: photo.name, ...switchOn } });
  return row;
}

/**
 * A list's rows from a select the area builds (its joins and columns, made `$dynamic()`): sorted as asked, then
 * by `tieBreak`, one page, turned into the wire by `view`.
 */
export function selectRows<Q extends PgSelect, Row>(
  select: () => Q,
  tieBreak: AnyPgColumn[],
  view: (rows: Awaited<Q>) => Row[] | Promise<Row[]>,
): ListSpec<Row>['rows'] {
  return async ({ where, orderBy, limit, offset }) => {
    const base = select()
      .where(where)
      .orderBy(...orderBy, ...tieBreak)
      .offset(offset);
    return view((limit ? await base.limit(limit) : await base) as Awaited<Q>);
  };
}
