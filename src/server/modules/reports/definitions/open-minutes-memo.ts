import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from './money-rows';

/** Periods and scopes kept (a chain's year, a branch's month…): the least recently read goes first. */
const KEPT = 64;

interface Kept {
  version: number;
  open: Map<string, number[]>;
}

/**
 * The occupation's open minutes a server has worked out, each with the version of the schedules, locks and cabins it
 * read (report_open_minutes_version, migration 0038: a statement trigger adds one in the writer's transaction). The
 * version is read before anything else, so what is worked out after it is as new as that version or newer; once
 * another write moves the version (on this server or another) they are worked out again.
 */
class OpenMinutesMemo {
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly db: DbOrTx) {}

  async version(): Promise<number> {
    const [row] = rowsOf<{ version: number }>(await this.db.execute(sql`select version from report_open_minutes_version where id = 1`));
    return Number(row?.version ?? -1);
  }

  get(key: string, version: number): Map<string, number[]> | undefined {
    const kept = this.kept.get(key);
    if (kept?.version !== version) return undefined;
    // read again: last to go
    this.kept.delete(key);
    this.kept.set(key, kept);
    return kept.open;
  }

  set(key: string, version: number, open: Map<string, number[]>): void {
    this.kept.delete(key);
    this.kept.set(key, { version, open });
    if (this.kept.size > KEPT) this.kept.delete(this.kept.keys().next().value!);
  }
}

/** Each database's own (a test run holds several; a transaction's reads get one of their own). */
const memos = new WeakMap<DbOrTx, OpenMinutesMemo>();

export function openMinutesMemo(db: DbOrTx): OpenMinutesMemo {
  let memo = memos.get(db);
  if (!memo) memos.set(db, (memo = new OpenMinutesMemo(db)));
  return memo;
}
