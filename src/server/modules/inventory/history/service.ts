import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { HISTORY_MODULES, type historyRowDto } from '../../../../domain/inventory.contract';
import { logActionLabel } from '../../../../domain/change-labels';
import type { ListQuery } from '../../../../domain/list';
import { MODULES, type ModuleKey } from '../../../../domain/privileges';
import type { DbOrTx } from '../../../db/client';
import { branchScope, type Actor } from '../../../platform/auth/actor';
import { businessDaysFilter } from '../../../platform/business-day';
import { AppError } from '../../../platform/app-error';
import type { ListSpec } from '../../../platform/list';
import { sqlListSpec } from '../../../platform/list-sql';
import { logDetail } from '../../logs';

type HistoryRow = z.output<typeof historyRowDto>;

export interface HistoryFilters extends ListQuery {
  module?: (typeof HISTORY_MODULES)[number];
  branchId?: string;
  startDate?: string;
  endDate?: string;
}

interface HistoryRecord {
  id: string;
  module: ModuleKey;
  action: string;
  order_number: string | null;
  has_changes: boolean;
  stock: number | null;
  product: string | null;
  origin: string | null;
  destination: string | null;
  before: unknown;
  after: unknown;
  user_first_name: string | null;
  user_last_name: string | null;
  user_mother_last_name: string | null;
  created_at: Date | string;
}

/**
 * The change-log rows of the inventory modules, with the product and stock an adjustment names and the branches of the
 * document a row is about (origin → destination: provider → centre, centre → clinic, clinic → clinic, branch → buyer).
 */
const HISTORY_FROM = sql`(
  select l.id, l.module, l.action, l.order_number, l.created_at, l.branch_id, l.affected_branch_id,
    (l.before is not null or l.after is not null) as has_changes,
    array_remove(array[l.affected_branch_id, ao.origin_branch_id, ao.branch_id, tr.origin_branch_id, tr.destiny_branch_id, po.received_branch_id, so.branch_id], null) as about,
    (l.after ->> 'stock')::int as stock, l.after ->> 'product' as product, l.before, l.after,
    u.name as user_first_name, u.last_name as user_last_name, u.mother_last_name as user_mother_last_name,
    coalesce(ob_a.name, ob_t.name, pv.name, sb.name) as origin,
    coalesce(db_a.name, db_t.name, db_p.name, so.name, ab.name) as destination,
    nullif(concat_ws(' ', u.name, u.last_name, u.mother_last_name), '') as user_name
  from change_log l
  left join assortment_orders ao on l.module = 'assortmentOrder' and ao.id = l.entity_id
  left join branches ob_a on ob_a.id = ao.origin_branch_id
  left join branches db_a on db_a.id = ao.branch_id
  left join transfers tr on l.module = 'transfers' and tr.id = l.entity_id
  left join branches ob_t on ob_t.id = tr.origin_branch_id
  left join branches db_t on db_t.id = tr.destiny_branch_id
  left join purchase_orders po on l.module = 'purchaseOrder' and po.id = l.entity_id
  left join providers pv on pv.id = po.provider_id
  left join branches db_p on db_p.id = po.received_branch_id
  left join sale_orders so on l.module = 'saleOrder' and so.id = l.entity_id
  left join branches sb on sb.id = so.branch_id
  left join branches ab on l.module = 'inventory' and ab.id = l.affected_branch_id
  left join users u on u.id = l.user_id
  where l.module in (${sql.join(
    HISTORY_MODULES.map((m) => sql`${m}`),
    sql`, `,
  )})
) k`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The Log entity's changes (second document, section 3): JSON text of each field whose value differs between the row's
 * before and after, as { before, after }; a creation's fields change from null, a deletion's to null.
 */
export function changesText(before: unknown, after: unknown): string | null {
  if (before == null && after == null) return null;
  const was = isObject(before) ? before : {};
  const now = isObject(after) ? after : {};
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    const pair = { before: was[key] ?? null, after: now[key] ?? null };
    if (JSON.stringify(pair.before) !== JSON.stringify(pair.after)) changes[key] = pair;
  }
  return JSON.stringify(changes);
}

const toHistoryRow = (r: HistoryRecord): HistoryRow => ({
  id: r.id,
  module: { name: r.module, alias: MODULES[r.module] ?? r.module },
  action: logActionLabel(r.action),
  order: r.order_number,
  hasChanges: r.has_changes,
  stock: r.stock,
  product: r.product,
  originBranch: r.origin,
  destinationBranch: r.destination,
  changes: changesText(r.before, r.after),
  user: r.user_first_name === null ? null : { name: r.user_first_name, lastName: r.user_last_name ?? '', motherLastName: r.user_mother_last_name ?? '' },
  created_at: new Date(r.created_at),
});

/** GET /log: the inventory history; a branch-bound reader sees the rows about their branch (not those its users wrote about others). */
export function historySpec(db: DbOrTx, actor: Actor, q: HistoryFilters): ListSpec<HistoryRow> {
  const scope = branchScope(actor, q.branchId);
  return sqlListSpec<HistoryRecord, HistoryRow>(db, {
    from: HISTORY_FROM,
    tiebreak: sql`k.id`,
    toRows: (records) => records.map(toHistoryRow),
    sortable: { created_at: sql`k.created_at`, module: sql`k.module`, action: sql`k.action`, order: sql`k.order_number`, user: sql`k.user_name` },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: { order: sql`k.order_number`, product: sql`k.product`, user: sql`k.user_name`, action: sql`k.action` },
    filters: [
      q.module ? sql`k.module = ${q.module}` : undefined,
      // the branches the row is about (its document's, the adjusted one); the writer's own branch only when it names none
      scope ? sql`(${scope}::uuid = any(k.about) or (cardinality(k.about) = 0 and k.branch_id = ${scope}))` : undefined,
      businessDaysFilter(db, sql`k.created_at`, scope, q),
    ],
  });
}

/** GET /log/:id: the 'Cambios' of one inventory row, field by field in Spanish. */
export async function historyDetail(db: DbOrTx, actor: Actor, id: string) {
  const detail = await logDetail(db, actor, id);
  if (!(HISTORY_MODULES as readonly string[]).includes(detail.module.name)) throw new AppError('LOG_NOT_FOUND');
  return detail;
}
