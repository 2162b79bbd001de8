import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates';
import { EXPIRED_LOT, EXPIRED_LOT_EXITS, INVENTORY_MESSAGES, isExpired, pickFefo, type MovementCause } from '../../../domain/inventory';
import type { Cents } from '../../../domain/money';
import type { DbOrTx } from '../../db/client';
import { live } from '../../db/live';
import { branches, productStocks, stockMovements } from '../../db/schema';
import type { Actor } from '../../platform/auth/actor';
import { AppError } from '../../platform/app-error';
import { namedRead, namedRows } from '../../db/prepared';

/**
 * The only code that changes a lot's quantity. Each step changes one lot under a guard that keeps it ≥ 0 and
 * writes its movement row (signed quantity, balance after, cause, document, user) in the caller's transaction,
 * so a lot's quantity is always the sum of its movements.
 */

export type DocumentType = 'purchase' | 'assortment' | 'transfer' | 'sale' | 'cash_order' | 'appointment' | 'purchased_product' | 'adjustment';

export interface Movement {
  cause: MovementCause;
  document?: { type: DocumentType; id: string; number?: string | null };
  note?: string | null;
  /** The refusal when the lot lacks the units (default 'Inventario insuficiente'). */
  shortMessage?: string;
  /** When it happened (default now): the movement's date, and the day (in the lot's branch) its expiry is judged on. */
  at?: Date;
}

export type Lot = typeof productStocks.$inferSelect;

const lotColumns = {
  id: productStocks.id,
  productId: productStocks.productId,
  branchId: productStocks.branchId,
  allotment: productStocks.allotment,
  quantity: productStocks.quantity,
  price: productStocks.price,
  expiresAt: productStocks.expiresAt,
};

async function writeMovement(tx: DbOrTx, actor: Actor | null, lot: Pick<Lot, 'id' | 'productId' | 'branchId'>, quantity: number, balance: number, m: Movement) {
  await tx
    .insert(stockMovements)
    .values({
      stockId: lot.id,
      productId: lot.productId,
      branchId: lot.branchId,
      quantity,
      balance,
      cause: m.cause,
      documentType: m.document?.type ?? null,
      documentId: m.document?.id ?? null,
      documentNumber: m.document?.number ?? null,
      note: m.note ?? null,
      userId: actor?.id ?? null,
      ...(m.at && { createdAt: m.at, updatedAt: m.at }),
    });
}

/**
 * Branch time zones read once per transaction (an order of thirty lines asks for the same branch thirty times); a
 * minute at most, since a caller may pass the pool itself rather than a transaction.
 */
const zonesOf = new WeakMap<DbOrTx, Map<string, { zone: string; at: number }>>();
const ZONE_TTL_MS = 60_000;

/** Today at a branch (its own time zone): what decides whether a lot has expired. */
export async function branchToday(tx: DbOrTx, branchId: string, at = new Date()): Promise<string> {
  const zones = zonesOf.get(tx) ?? new Map<string, { zone: string; at: number }>();
  zonesOf.set(tx, zones);
  const known = zones.get(branchId);
  if (known && Date.now() - known.at < ZONE_TTL_MS) return dateInZone(known.zone, at);
  const [b] = await namedRead(tx.select({ timeZone: branches.timeZone }).from(branches).where(eq(branches.id, branchId)).limit(1));
  if (!b) throw new AppError('BRANCH_NOT_FOUND');
  zones.set(branchId, { zone: b.timeZone, at: Date.now() });
  return dateInZone(b.timeZone, at);
}

function assertPositive(units: number) {
  if (!Number.isInteger(units) || units <= 0) throw new AppError('BAD_REQUEST', 'La cantidad debe ser un número entero mayor a 0');
}

/**
 * Takes units from a lot. Refused with 422 when it lacks them (two requests racing for the last units: the guard in
 * the UPDATE lets one through) and with 409 when the lot has expired, unless the cause is a way out of an expired lot.
 */
export async function takeFromLot(tx: DbOrTx, actor: Actor | null, stockId: string, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [lot] = await tx
    .select()
    .from(productStocks)
    .where(and(eq(productStocks.id, stockId), live(productStocks)))
    // no key update: a transaction that has just inserted a row referencing the lot (an order line) holds a key-share
    // lock on it, which 'for update' would wait on; two such transactions then deadlock instead of one getting 422
    .for('no key update')
    .limit(1);
  if (!lot) throw new AppError('STOCK_NOT_FOUND');
  if (!EXPIRED_LOT_EXITS.includes(m.cause) && isExpired(lot.expiresAt, await branchToday(tx, lot.branchId, m.at)))
    throw new AppError('LOT_EXPIRED', EXPIRED_LOT(lot.allotment, lot.expiresAt!));
  return takeLocked(tx, actor, stockId, units, m);
}

/** The guarded decrement and its movement, for a lot the caller has locked and checked. */
async function takeLocked(tx: DbOrTx, actor: Actor | null, stockId: string, units: number, m: Movement): Promise<Lot> {
  const [after] = await tx
    .update(productStocks)
    .set({ quantity: sql`${productStocks.quantity} - ${units}` })
    .where(and(eq(productStocks.id, stockId), sql`${productStocks.quantity} >= ${units}`))
    .returning();
  if (!after) throw new AppError('INSUFFICIENT_INVENTORY', m.shortMessage ?? INVENTORY_MESSAGES.insufficient);
  await writeMovement(tx, actor, after, -units, after.quantity, m);
  return after;
}

/** Puts units back into a known lot (a return, a rejection after sending, a deleted sale). */
export async function returnToLot(tx: DbOrTx, actor: Actor | null, stockId: string, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [after] = await tx
    .update(productStocks)
    .set({ quantity: sql`${productStocks.quantity} + ${units}` })
    .where(eq(productStocks.id, stockId))
    .returning();
  if (!after) throw new AppError('STOCK_NOT_FOUND');
  await writeMovement(tx, actor, after, units, after.quantity, m);
  return after;
}

export interface LotIdentity {
  productId: string;
  branchId: string;
  allotment: string;
  expiresAt: string | null;
  price: Cents | null;
}

/** Puts units into a branch's lot by product and lot number, creating the lot when the branch has none. */
export async function putIntoLot(tx: DbOrTx, actor: Actor | null, lot: LotIdentity, units: number, m: Movement): Promise<Lot> {
  assertPositive(units);
  const [after] = await tx
    .insert(productStocks)
    .values({ ...lot, quantity: units })
    .onConflictDoUpdate({
      target: [productStocks.productId, productStocks.branchId, productStocks.allotment],
      targetWhere: sql`${productStocks.deletedAt} is null`,
      set: { quantity: sql`${productStocks.quantity} + ${units}` },
    })
    .returning();
  await writeMovement(tx, actor, after!, units, after!.quantity, m);
  return after!;
}

/** Records a count that does not move units (sent 10, received 8): the lot goes down by the difference, with its cause. */
export async function recordDifference(tx: DbOrTx, actor: Actor | null, stockId: string, missing: number, m: Movement): Promise<void> {
  if (missing > 0) await takeFromLot(tx, actor, stockId, missing, { ...m, cause: 'receipt_difference' });
}

/**
 * Takes units of a product at a branch first expiry first, from valid lots only: every automatic pick. Lots are
 * locked in id order so two picks over the same lots wait for each other instead of deadlocking.
 */
export async function takeFirstExpiry(
  tx: DbOrTx,
  actor: Actor | null,
  where: { productId: string; branchId: string },
  units: number,
  m: Movement,
): Promise<{ lot: Lot; units: number }[]> {
  assertPositive(units);
  const lots = await tx
    .select(lotColumns)
    .from(productStocks)
    .where(and(eq(productStocks.productId, where.productId), eq(productStocks.branchId, where.branchId), gt(productStocks.quantity, 0), live(productStocks)))
    .orderBy(asc(productStocks.id))
    .for('no key update');
  const picks = pickFefo(lots, units, await branchToday(tx, where.branchId, m.at));
  if (!picks) throw new AppError('INSUFFICIENT_INVENTORY', m.shortMessage ?? INVENTORY_MESSAGES.insufficient);
  const taken: { lot: Lot; units: number }[] = [];
  // the picked lots are locked and valid (pickFefo skips expired ones)
  for (const p of picks) taken.push({ lot: await takeLocked(tx, actor, p.lot.id, p.units, m), units: p.units });
  return taken;
}

/** One product's units to take at a branch: from a chosen lot, or first expiry first. */
export interface TakeRequest {
  productId: string;
  units: number;
  stockId?: string;
}

/** A lot a plan may pick from, as read. */
export interface Candidate {
  id: string;
  productId: string;
  allotment: string;
  quantity: number;
  expiresAt: string | null;
}
/** Per request, the lots it takes from and how many units of each. */
export type Picks = { lot: Candidate; units: number }[][];

const refusal = (fieldOf: (index: number) => string, index: number, code: 'INSUFFICIENT_INVENTORY' | 'LOT_EXPIRED' | 'VALIDATION_FAILED', message: string) =>
  new AppError(code, message, [{ field: fieldOf(index), message }]);

/** What a plan takes: requests at one branch on its day, for a movement; a refusal names the field `fieldOf(index)`. */
export interface PlanRequest {
  branchId: string;
  requests: TakeRequest[];
  m: Movement;
  fieldOf: (index: number) => string;
  today: string;
}

/**
 * Every request's picks from these lots, each from its chosen lot or first expiry first (valid lots only; the lots'
 * quantities go down by what each pick takes), or the refusal of the first request that cannot be served, on its field.
 */
function planPicks(lots: Candidate[], { requests, m, fieldOf, today }: PlanRequest): Picks {
  const short = m.shortMessage ?? INVENTORY_MESSAGES.insufficient;
  const pick = (r: TakeRequest, index: number) => {
    const own = lots.filter((l) => l.productId === r.productId);
    if (!r.stockId) {
      const picks = pickFefo(own, r.units, today);
      if (!picks) throw refusal(fieldOf, index, 'INSUFFICIENT_INVENTORY', short);
      return picks;
    }
    const lot = own.find((l) => l.id === r.stockId);
    if (!lot) throw refusal(fieldOf, index, 'VALIDATION_FAILED', 'El lote no es de esa sucursal o no es de ese producto');
    if (!EXPIRED_LOT_EXITS.includes(m.cause) && isExpired(lot.expiresAt, today))
      throw refusal(fieldOf, index, 'LOT_EXPIRED', EXPIRED_LOT(lot.allotment, lot.expiresAt!));
    if (lot.quantity < r.units) throw refusal(fieldOf, index, 'INSUFFICIENT_INVENTORY', short);
    return [{ lot, units: r.units }];
  };
  return requests.map((r, index) => {
    const picks = pick(r, index);
    // what a request takes is gone for the next one of the same product
    for (const p of picks) p.lot.quantity -= p.units;
    return picks;
  });
}

const idArray = (ids: string[]) => `{${ids.join(',')}}`;

/** The movements that take a plan's picks. */
export const takenMovements = (picks: Picks, m: Movement): (BatchMovement & { stockId: string })[] =>
  picks.flat().map((p) => ({ ...m, stockId: p.lot.id, quantity: -p.units }));

/** Units beyond twice those asked that the first lots locked must hold as read: what concurrent takers may take meanwhile. */
const FIRST_LOTS_SPARE = 16;

/**
 * The ids of each product's first valid lots at a branch, first expiry first, up to the ones that hold twice the units
 * asked of it and FIRST_LOTS_SPARE more (never more lots than that: each holds one unit at least), and of the lots chosen
 * by id: at a branch with dozens of lots of each product (the distribution centre) a few rows read from the
 * branch-product index.
 */
function firstLotIds(branchId: string, requests: TakeRequest[], today: string): SQL {
  const products = [...new Set(requests.map((r) => r.productId))];
  const wanted = products.map((productId) => ({
    product_id: productId,
    units: 2 * requests.filter((r) => r.productId === productId).reduce((sum, r) => sum + r.units, 0) + FIRST_LOTS_SPARE,
  }));
  return sql`select c.id from json_to_recordset(${JSON.stringify(wanted)}::json) as w(product_id uuid, units int)
    cross join lateral (
      select f.id, f.quantity, sum(f.quantity) over (order by f.expires_at asc nulls last, f.allotment collate "C", f.id) as through
      from (select s.id, s.quantity, s.expires_at, s.allotment from product_stocks s
        where s.branch_id = ${branchId} and s.product_id = w.product_id and s.deleted_at is null and s.quantity > 0
          and (s.expires_at is null or s.expires_at >= ${today}::date)
        order by s.expires_at asc nulls last, s.allotment collate "C", s.id limit w.units) f
    ) c where c.through - c.quantity < w.units
    union all
    select id from product_stocks where id = any(${idArray(requests.flatMap((r) => (r.stockId ? [r.stockId] : [])))}::uuid[])`;
}

/**
 * lockAndPlan on fewer lots: only each product's first valid lots, as many as hold twice the units asked and a spare as
 * read (concurrent takers of the same lots may empty some meanwhile), and the chosen ones, locked in id order. Null when
 * those lots no longer serve every request (or one is refused): the caller then decides on every lot (lockAndPlan),
 * after undoing its transaction, since locking more lots while holding these could deadlock with another taker.
 */
export async function lockFirstLotsAndPlan(tx: DbOrTx, plan: PlanRequest): Promise<Picks | null> {
  const { branchId, requests, today } = plan;
  requests.forEach((r) => assertPositive(r.units));
  // the ids as an array, not a join: a lot updated by another taker meanwhile is locked in its new version as is
  const lots = await namedRows<Candidate>(
    tx,
    sql`select s.id, s.product_id as "productId", s.allotment, s.quantity, s.expires_at::text as "expiresAt" from product_stocks s
      where s.id = any(array(${firstLotIds(branchId, requests, today)})) and s.branch_id = ${branchId} and s.deleted_at is null
      order by s.id for no key update`,
  );
  try {
    return planPicks(lots, plan);
  } catch {
    return null;
  }
}

/**
 * The plan of takeMany on locked lots: every lot of the products at the branch locked in id order (one statement), and
 * each request served from what the locked rows hold. Throws takeMany's refusal.
 */
export async function lockAndPlan(tx: DbOrTx, plan: PlanRequest): Promise<Picks> {
  const { branchId, requests } = plan;
  requests.forEach((r) => assertPositive(r.units));
  const chosen = requests.flatMap((r) => (r.stockId ? [r.stockId] : []));
  const products = [...new Set(requests.map((r) => r.productId))];
  const lots = await tx
    .select({
      id: productStocks.id,
      productId: productStocks.productId,
      allotment: productStocks.allotment,
      quantity: productStocks.quantity,
      expiresAt: productStocks.expiresAt,
    })
    .from(productStocks)
    .where(
      and(
        eq(productStocks.branchId, branchId),
        sql`${productStocks.productId} = any(${idArray(products)}::uuid[])`,
        sql`(${productStocks.quantity} > 0 or ${productStocks.id} = any(${idArray(chosen)}::uuid[]))`,
        live(productStocks),
      ),
    )
    .orderBy(asc(productStocks.id))
    .for('no key update');
  return planPicks(lots, plan);
}

/**
 * Takes several products' units at one branch at once (an order's lines): each request served from its chosen lot or
 * first expiry first (valid lots only) from the locked lots (lockAndPlan), and the movements written as applyMovements
 * writes them. A request that cannot be served is refused on its field (`fieldOf(index)`). Answers, per request, the
 * lots taken and how many units from each.
 */
export async function takeMany(
  tx: DbOrTx,
  actor: Actor | null,
  branchId: string,
  requests: TakeRequest[],
  m: Movement,
  fieldOf: (index: number) => string,
  /** The branch's day at the movement's moment, when the caller has it (a sale's business day): not read again. */
  today?: string,
): Promise<{ lotId: string; units: number }[][]> {
  // the branch's day is read before the lots are locked: they stay locked until commit
  const day = today ?? (await branchToday(tx, branchId, m.at));
  const taken = await lockAndPlan(tx, { branchId, requests, m, fieldOf, today: day });
  // the lots are locked and each pick checked (live, valid, enough units): written without locking them again
  const movements = takenMovements(taken, m);
  await writeLockedMovements(
    tx,
    actor,
    movements,
    movements.map((mv) => mv.stockId),
  );
  return taken.map((picks) => picks.map((p) => ({ lotId: p.lot.id, units: p.units })));
}

/** Lots whose quantity is not the sum of their movements: none, ever (the demo seed and the tests check it). */
export async function ledgerMismatches(tx: DbOrTx): Promise<string[]> {
  const result = (await tx.execute(
    sql`select s.id from product_stocks s left join (select stock_id, sum(quantity) as total from stock_movements group by stock_id) m on m.stock_id = s.id
        where s.quantity <> coalesce(m.total, 0)`,
  )) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** One movement of a batch: a signed quantity of a known lot, or units put into a branch's lot by its identity. */
export interface BatchMovement extends Movement {
  /** The lot taken from (quantity < 0) or returned to (quantity > 0), as takeFromLot and returnToLot. */
  stockId?: string;
  /** Or the lot units are put into by product, branch and lot number (quantity > 0), created when missing, as putIntoLot. */
  lot?: LotIdentity;
  quantity: number;
}

/**
 * The steps for many movements at once (the large data set's year of history): the same guards and the same rows as
 * takeFromLot (quantity < 0: a live lot, not expired on the movement's day unless the cause is a way out, never
 * below 0), returnToLot (quantity > 0 with stockId) and putIntoLot (quantity > 0 with lot), applied in array order in
 * a few set-based statements. The lots are locked in id order first; `balance` is the lot's quantity right after each
 * movement, and the movement rows take their seq in array order. Answers each movement's lot id.
 */
export async function applyMovements(tx: DbOrTx, actor: Actor | null, movements: BatchMovement[]): Promise<string[]> {
  if (!movements.length) return [];
  for (const m of movements) {
    if (!Number.isInteger(m.quantity) || m.quantity === 0 || !m.stockId === !m.lot || (m.lot && m.quantity < 0))
      throw new AppError('BAD_REQUEST', 'La cantidad debe ser un número entero mayor a 0');
  }
  // lots named by identity: created empty where the branch has none (the first movement's expiry and price, as putIntoLot)
  const keyOf = (l: LotIdentity) => `${l.productId}|${l.branchId}|${l.allotment}`;
  const identities = new Map<string, LotIdentity & { at?: Date }>();
  for (const m of movements) if (m.lot && !identities.has(keyOf(m.lot))) identities.set(keyOf(m.lot), { ...m.lot, at: m.at });
  const idOfKey = new Map<string, string>();
  if (identities.size) {
    const json = JSON.stringify(
      [...identities.values()].map((l) => ({
        product_id: l.productId,
        branch_id: l.branchId,
        allotment: l.allotment,
        expires_at: l.expiresAt,
        price: l.price === null ? null : productStocks.price.mapToDriverValue(l.price),
        created_at: l.at?.toISOString() ?? null,
      })),
    );
    const input = sql`json_to_recordset(${json}::json) as x(product_id uuid, branch_id uuid, allotment varchar, expires_at date, price numeric, created_at timestamptz)`;
    await tx.execute(sql`insert into product_stocks (product_id, branch_id, allotment, expires_at, price, quantity, created_at, updated_at)
      select x.product_id, x.branch_id, x.allotment, x.expires_at, x.price, 0, coalesce(x.created_at, now()), coalesce(x.created_at, now()) from ${input} order by x.product_id, x.branch_id, x.allotment
      on conflict (product_id, branch_id, allotment) where deleted_at is null do nothing`);
    const found = (await tx.execute(sql`select s.id, s.product_id, s.branch_id, s.allotment from product_stocks s
      join ${input} on s.product_id = x.product_id and s.branch_id = x.branch_id and s.allotment = x.allotment where s.deleted_at is null`)) as unknown as {
      rows: { id: string; product_id: string; branch_id: string; allotment: string }[];
    };
    for (const r of found.rows) idOfKey.set(`${r.product_id}|${r.branch_id}|${r.allotment}`, r.id);
  }
  const ids = movements.map((m) => m.stockId ?? idOfKey.get(keyOf(m.lot!))!);
  // every lot locked in id order, then the guards on what the locked rows hold
  const distinct = [...new Set(ids)].sort();
  const locked = (await tx.execute(sql`select s.id, s.quantity, s.allotment, s.expires_at, s.deleted_at, b.time_zone from product_stocks s
    join branches b on b.id = s.branch_id where s.id = any(${`{${distinct.join(',')}}`}::uuid[]) order by s.id for no key update of s`)) as unknown as {
    rows: { id: string; quantity: number; allotment: string; expires_at: string | null; deleted_at: unknown; time_zone: string }[];
  };
  const lots = new Map(locked.rows.map((r) => [r.id, { ...r, quantity: Number(r.quantity) }]));
  const balances: number[] = [];
  movements.forEach((m, i) => {
    const lot = lots.get(ids[i]!);
    if (!lot || (m.quantity < 0 && lot.deleted_at)) throw new AppError('STOCK_NOT_FOUND');
    if (m.quantity < 0 && !EXPIRED_LOT_EXITS.includes(m.cause) && isExpired(lot.expires_at, dateInZone(lot.time_zone, m.at ?? new Date())))
      throw new AppError('LOT_EXPIRED', EXPIRED_LOT(lot.allotment, lot.expires_at!));
    lot.quantity += m.quantity;
    if (lot.quantity < 0) throw new AppError('INSUFFICIENT_INVENTORY', m.shortMessage ?? INVENTORY_MESSAGES.insufficient);
    balances.push(lot.quantity);
  });
  await writeLockedMovements(tx, actor, movements, ids);
  return ids;
}

/**
 * The set-based write of applyMovements for lots the caller has locked and checked (`ids[i]` is movement i's lot), in
 * one statement (ledgerWrite).
 */
async function writeLockedMovements(tx: DbOrTx, actor: Actor | null, movements: BatchMovement[], ids: string[]): Promise<void> {
  if (!movements.length) return;
  const [written] = await namedRows<{ n: number }>(tx, sql`with ${ledgerWrite(actor, movements, ids)} select count(*)::int as n from moved`);
  if (written?.n !== movements.length) throw new AppError('INSUFFICIENT_INVENTORY', INVENTORY_MESSAGES.insufficient);
}

/**
 * The ledger write as common table expressions (x, d, u, moved) for a statement that may write more beside them, on
 * lots the caller has locked and checked: each lot changes by its movements' sum, under the guard that no movement
 * leaves it below 0 (its lowest running balance), and `moved` inserts the movement rows in array order (`ids[i]` is
 * movement i's lot); the statement checks that `moved` holds every movement.
 */
export function ledgerWrite(actor: Actor | null, movements: BatchMovement[], ids: string[]): SQL {
  const rows = JSON.stringify(
    movements.map((m, i) => ({
      i,
      stock_id: ids[i],
      quantity: m.quantity,
      cause: m.cause,
      document_type: m.document?.type ?? null,
      document_id: m.document?.id ?? null,
      document_number: m.document?.number ?? null,
      note: m.note ?? null,
      created_at: m.at?.toISOString() ?? null,
    })),
  );
  return sql`x as (
      select * from json_to_recordset(${rows}::json) as x(i int, stock_id uuid, quantity int, cause varchar, document_type varchar, document_id uuid,
        document_number varchar, note text, created_at timestamptz)
    ), d as (
      select stock_id, sum(quantity)::int as delta, min(run)::int as low
      from (select stock_id, quantity, sum(quantity) over (partition by stock_id order by i) as run from x) r group by stock_id
    ), u as (
      update product_stocks s set quantity = s.quantity + d.delta, updated_at = now() from d
      where s.id = d.stock_id and s.quantity + least(d.low, 0) >= 0
      returning s.id, s.product_id, s.branch_id, s.quantity - d.delta as before
    ), moved as (
      insert into stock_movements (created_at, stock_id, product_id, branch_id, quantity, balance, cause, document_type, document_id, document_number, note, user_id)
      select coalesce(x.created_at, now()), x.stock_id, u.product_id, u.branch_id, x.quantity, u.before + sum(x.quantity) over (partition by x.stock_id order by x.i),
        x.cause, x.document_type, x.document_id, x.document_number, x.note, ${actor?.id ?? null}::uuid
      from x join u on u.id = x.stock_id order by x.i
      returning balance
    )`;
}
