import pg from 'pg';
import { testDatabaseUrl } from './test-database';

/**
 * While `burst` runs, polls PostgreSQL (a connection of its own) for the most sessions of the test's database seen
 * waiting on a lock at once (`on`: only those waiting on that table's rows). On PGlite there is nothing to watch: 0.
 */
export async function maxLockWaiters<T>(burst: () => Promise<T>, on?: string): Promise<{ result: T; waiting: number }> {
  const url = testDatabaseUrl();
  if (!url) return { result: await burst(), waiting: 0 };
  const watcher = new pg.Client({ connectionString: url });
  await watcher.connect();
  const count = on
    ? `select count(distinct a.pid)::int as n from pg_stat_activity a join pg_locks l on l.pid = a.pid
        where a.datname = current_database() and a.wait_event_type = 'Lock' and l.locktype = 'tuple' and l.relation = '${on}'::regclass`
    : `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`;
  let waiting = 0;
  let done = false;
  const watching = (async () => {
    while (!done) {
      waiting = Math.max(waiting, ((await watcher.query(count)).rows[0] as { n: number }).n);
      await new Promise((r) => setTimeout(r, 2));
    }
  })();
  try {
    return { result: await burst(), waiting };
  } finally {
    done = true;
    await watching;
    await watcher.end();
  }
}
