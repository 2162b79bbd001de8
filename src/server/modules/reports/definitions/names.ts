import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { rowsOf } from './money-rows';

/** Every branch's name by id (deleted ones too: a past row keeps its branch's name). */
export async function branchNames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from branches`));
  return new Map(rows.map((r) => [r.id, r.name]));
}
