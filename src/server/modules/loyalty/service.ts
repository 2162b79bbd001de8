import { and, between, count, eq, gte, lt, not, or, sql, type SQL } from 'drizzle-orm';
import { todayIn } from '../../../domain/age';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import { lastDaysRange, LOYALTY_WINDOW_DAYS, thresholdsOrDefault, tierFor, type LoyaltyTier, type TierThresholds } from '../../../domain/loyalty';
import type { DbOrTx } from '../../db/client';
import { appointments, cashOrders, customers, orders, settings } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { activeFlag, findLive, selectRows } from '../../platform/records';
import { customerSearchFields, tutors } from '../customers';
import { loyaltyThresholds } from '../settings';
import { beforeInstant, countedSale, identityColumns, inInstants, instantRange, purchaseExists, visitExists } from './queries';
import { live } from '../../db/live';

export interface RangeQuery extends ListQuery {
  startDate?: string;
  endDate?: string;
  blackList?: string;
  gender?: string;
}

export interface Range {
  startDate: string;
  endDate: string;
}

/** The asked range, or the last `days` days in the business time zone. */
export function rangeOf(q: { startDate?: string; endDate?: string }, days: number): Range {
  const fallback = lastDaysRange(days, todayIn());
  const range = { startDate: q.startDate ?? fallback.startDate, endDate: q.endDate ?? fallback.endDate };
  if (range.startDate > range.endDate) {
    const message = 'La fecha inicial no puede ser posterior a la fecha final';
    throw new AppError('VALIDATION_FAILED', message, [{ field: 'startDate', message }]);
  }
  return range;
}

const searchable = customerSearchFields;

function identityFilters(q: RangeQuery): (SQL | undefined)[] {
  const active = activeFlag(q);
  return [
    live(customers),
    active === undefined ? undefined : eq(customers.active, active),
    q.blackList === undefined ? undefined : eq(customers.blackList, isTruthyFlag(q.blackList) ?? false),
    q.gender ? eq(customers.gender, q.gender) : undefined,
  ];
}

const identitySort = {
  customerId: customers.customerNumber,
  name: customers.name,
  lastName: customers.lastName,
  points: customers.points,
  gender: customers.gender,
  email: customers.email,
};

interface IdentityRow {
  id: string;
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  gender: string;
  email: string | null;
  mobilePhone: string | null;
  tutorMobilePhone: string | null;
  points: number;
  blackList: boolean;
  status: boolean;
}

function toIdentity(r: IdentityRow) {
  return {
    id: r.id,
    customerId: r.customerId,
    name: r.name,
    lastName: r.lastName,
    motherLastName: r.motherLastName,
    gender: r.gender,
    email: r.email,
    mobilePhone: r.mobilePhone,
    tutorMobilePhone: r.tutorMobilePhone,
    points: r.points,
    blackList: r.blackList,
    status: r.status,
  };
}

export interface MemberDto extends ReturnType<typeof toIdentity> {
  total: number;
  loyaltyScale: LoyaltyTier;
}

/**
 * Every customer with what they paid in the range (orders plus cash orders, paid and not refunded) and
 * the tier it reaches. One statement: each sales table is aggregated by customer over the range (the
 * created_at bound is evaluated once; the per-customer indexes serve it), then joined to the page of customers.
 */
export function membersSpec(db: DbOrTx, q: RangeQuery, range: Range, thresholds: TierThresholds): ListSpec<MemberDto> {
  const { from, to } = instantRange(range.startDate, range.endDate);
  // drizzle leaves a CTE's columns unqualified: each CTE names its own so the join stays unambiguous
  const sums = (t: typeof orders | typeof cashOrders, name: string) =>
    db.$with(name).as(
      db
        .select({ customerId: sql<string>`${t.customerId}`.as(`${name}_customer_id`), total: sql<string>`sum(${t.total})`.as(`${name}_total`) })
        .from(t)
        .where(and(countedSale(t), gte(t.createdAt, from), lt(t.createdAt, to)))
        .groupBy(t.customerId),
    );
  const orderSums = sums(orders, 'order_sums');
  const cashSums = sums(cashOrders, 'cash_sums');
  const total = sql<string>`(coalesce(${orderSums.total}, 0) + coalesce(${cashSums.total}, 0))`;
  return {
    sortable: { ...identitySort, total, loyaltyScale: total },
    defaultSort: { field: 'total', order: 'DESC' },
    searchable,
    filters: identityFilters(q),
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db
        .with(orderSums, cashSums)
        .select({ ...identityColumns, total })
        .from(customers)
        .leftJoin(tutors, eq(tutors.id, customers.tutorId))
        .leftJoin(orderSums, eq(orderSums.customerId, customers.id))
        .leftJoin(cashSums, eq(cashSums.customerId, customers.id))
        .where(where)
        .orderBy(...orderBy, customers.id)
        .offset(offset);
      const rows = limit ? await base.limit(limit) : await base;
      return rows.map((r) => {
        const sum = Math.round(Number(r.total) * 100) / 100;
        return { ...toIdentity(r), total: sum, loyaltyScale: tierFor(sum, thresholds) };
      });
    },
    count: async (where) => (await db.select({ n: count() }).from(customers).where(where))[0].n,
  };
}

/**
 * Customers who came before the range (a finished or in-process appointment, or a paid sale) and neither
 * came nor bought inside it. A customer who never came is not "missed". NOT EXISTS / EXISTS on
 * (customer_id, date) and (customer_id, created_at) indexes.
 */
export function missYouSpec(db: DbOrTx, q: RangeQuery, range: Range): ListSpec<ReturnType<typeof toIdentity>> {
  const { from, to } = instantRange(range.startDate, range.endDate);
  const inRange = inInstants(from, to);
  const before = beforeInstant(from);
  const absent = and(
    not(visitExists(between(appointments.date, range.startDate, range.endDate))),
    not(purchaseExists(orders, inRange)),
    not(purchaseExists(cashOrders, inRange)),
  );
  const cameBefore = or(visitExists(lt(appointments.date, range.startDate)), purchaseExists(orders, before), purchaseExists(cashOrders, before));
  return {
    sortable: identitySort,
    defaultSort: { field: 'customerId', order: 'DESC' },
    searchable,
    filters: [...identityFilters(q), absent, cameBefore],
    rows: selectRows(
      () => db.select(identityColumns).from(customers).leftJoin(tutors, eq(tutors.id, customers.tutorId)).$dynamic(),
      [customers.id],
      (rows) => rows.map(toIdentity),
    ),
    count: async (where) => (await db.select({ n: count() }).from(customers).where(where))[0].n,
  };
}

/** One customer's purchases in the loyalty window and the tier they reach (the summary card). */
export async function customerLoyalty(db: DbOrTx, customerId: string, q: { startDate?: string; endDate?: string }) {
  const range = rangeOf(q, LOYALTY_WINDOW_DAYS);
  await findLive(db, customers, customerId, 'CUSTOMER_NOT_FOUND');
  const { from, to } = instantRange(range.startDate, range.endDate);
  const sum = (t: typeof orders | typeof cashOrders) =>
    sql`(select coalesce(sum(${t.total}), 0) from ${t} where ${t.customerId} = ${customerId} and ${countedSale(t)} and ${t.createdAt} >= ${from} and ${t.createdAt} < ${to})`;
  const [row] = await db.select({ total: sql<string>`${sum(orders)} + ${sum(cashOrders)}` }).from(sql`(select 1) as one`);
  const total = Math.round(Number(row.total) * 100) / 100;
  const thresholds = await loyaltyThresholds(db);
  return { customerId, ...range, total, loyaltyScale: tierFor(total, thresholds), thresholds };
}

/**
 * The tier a sale earns by (customerLoyalty's loyaltyScale over `range`), in one statement: the customer (404 when not
 * live), what they paid in the range and the settings' thresholds read together.
 */
export async function customerTierIn(db: DbOrTx, customerId: string, range: Range): Promise<LoyaltyTier> {
  const { from, to } = instantRange(range.startDate, range.endDate);
  const sum = (t: typeof orders | typeof cashOrders) =>
    sql`(select coalesce(sum(${t.total}), 0) from ${t} where ${t.customerId} = ${customerId} and ${countedSale(t)} and ${t.createdAt} >= ${from} and ${t.createdAt} < ${to})`;
  const [row] = await db
    .select({
      found: sql<boolean>`exists (select 1 from ${customers} where ${customers.id} = ${customerId} and ${live(customers)})`,
      total: sql<string>`${sum(orders)} + ${sum(cashOrders)}`,
      thresholds: sql<Record<
        string,
        number
      > | null>`(select ${settings.loyaltyThresholds} from ${settings} where ${live(settings)} order by ${settings.createdAt} asc limit 1)`,
    })
    .from(sql`(select 1) as one`);
  if (!row?.found) throw new AppError('CUSTOMER_NOT_FOUND');
  return tierFor(Math.round(Number(row.total) * 100) / 100, thresholdsOrDefault(row.thresholds));
}
