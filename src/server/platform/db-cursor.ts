import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** Rows read a batch at a time (a cursor's): whoever writes them out loops over a batch without an await per row. */
export interface RowBatches<T> {
  batches: AsyncIterable<T[]>;
}

/**
 * The rows of a query read through a server-side cursor, `batch` rows at a time, so a caller that writes them out
 * (a workbook of a hundred thousand rows) never holds more than two batches. The cursor lives in a read-only
 * transaction of its own, open while the rows are being consumed: on PostgreSQL one pooled connection; on PGlite,
 * which runs one transaction at a time, the other queries wait for it. Leaving the loop early (break, an error)
 * closes the cursor and ends the transaction; an error of the query is thrown to the consumer. The planner is told
 * every row will be read (a cursor is otherwise planned for its first tenth).
 */
export function cursorBatches<T>(db: DbOrTx, query: SQL, batch = 2000): RowBatches<T> {
  return {
    batches: {
      async *[Symbol.asyncIterator]() {
        let deliver!: (rows: T[] | Error) => void;
        let arrived = new Promise<T[] | Error>((resolve) => (deliver = resolve));
        // the producer waits here after each batch: true = fetch the next, false = the consumer left
        let resume: (more: boolean) => void = () => {};
        let stopped = false;
        const done = db
          .transaction(async (tx) => {
            await tx.execute(sql`set transaction read only`);
            await tx.execute(sql`set local cursor_tuple_fraction = 1`);
            await tx.execute(sql`declare rows_cursor no scroll cursor for ${query}`);
            for (;;) {
              const rows = (await tx.execute(sql.raw(`fetch forward ${batch} from rows_cursor`))) as unknown as { rows: T[] };
              if (stopped) return;
              const more = new Promise<boolean>((resolve) => (resume = resolve));
              deliver(rows.rows);
              if (rows.rows.length < batch || !(await more)) return;
            }
          })
          .catch((err: unknown) => deliver(err instanceof Error ? err : new Error(String(err))));
        try {
          for (;;) {
            const rows = await arrived;
            if (rows instanceof Error) throw rows;
            const last = rows.length < batch;
            if (!last) {
              arrived = new Promise<T[] | Error>((resolve) => (deliver = resolve));
              // the next batch is read while this one is consumed
              resume(true);
            }
            if (rows.length) yield rows;
            if (last) return;
          }
        } finally {
          stopped = true;
          resume(false);
          await done;
        }
      },
    },
  };
}

/** The cursor's rows one by one. */
export async function* cursorRows<T>(db: DbOrTx, query: SQL, batch = 2000): AsyncIterable<T> {
  for await (const rows of cursorBatches<T>(db, query, batch).batches) yield* rows;
}

/** Each row of the batches mapped (a cursor's raw rows to a report's rows). */
export function mapBatches<T, U>(source: RowBatches<T>, map: (row: T) => U): RowBatches<U> {
  return {
    batches: {
      async *[Symbol.asyncIterator]() {
        for await (const rows of source.batches) yield rows.map(map);
      },
    },
  };
}
