import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/**
 * The rows of a query read through a server-side cursor, `batch` rows at a time, so a caller that writes them out
 * (a workbook of a hundred thousand rows) never holds more than two batches. The cursor lives in a read-only
 * transaction of its own, open while the rows are being consumed: on PostgreSQL one pooled connection; on PGlite,
 * which runs one transaction at a time, the other queries wait for it. Leaving the loop early (break, an error)
 * closes the cursor and ends the transaction; an error of the query is thrown to the consumer.
 */
export function cursorRows<T>(db: DbOrTx, query: SQL, batch = 2000): AsyncIterable<T> {
  return {
    async *[Symbol.asyncIterator]() {
      let deliver!: (rows: T[] | Error) => void;
      let arrived = new Promise<T[] | Error>((resolve) => (deliver = resolve));
      // the producer waits here after each batch: true = fetch the next, false = the consumer left
      let resume: (more: boolean) => void = () => {};
      let stopped = false;
      const done = db
        .transaction(async (tx) => {
          await tx.execute(sql`set transaction read only`);
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
          yield* rows;
          if (last) return;
        }
      } finally {
        stopped = true;
        resume(false);
        await done;
      }
    },
  };
}

/** Each item of an async source mapped (a cursor's raw rows to a report's rows). */
export async function* mapRows<T, U>(source: AsyncIterable<T>, map: (row: T) => U): AsyncIterable<U> {
  for await (const row of source) yield map(row);
}
