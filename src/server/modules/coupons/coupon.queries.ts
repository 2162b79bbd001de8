import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { dateIn, discountedPrice, isCouponExhausted, isCouponExpired } from '../../../domain/coupons';
import type { CouponType } from '../../../domain/coupons.schemas';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import type { DbOrTx } from '../../db/client';
import { branches, cashOrders, couponBranches, couponRedemptions, coupons, customers, orders, products, treatments, users } from '../../db/schema';
import { branchScope, type Actor } from '../../platform/auth/actor';
import type { ListSpec } from '../../platform/list';
import { byOwner, linkedNames, pageOf } from '../../platform/query-links';
import { stamps } from '../dto';
import { pesos } from '../../db/money';
import type { Cents } from '../../../domain/money';
import { live } from '../../db/live';

export type CouponRow = typeof coupons.$inferSelect;
type ItemRef = { id: string; name: string; sku: string; price: Cents | null } | null;
export type CouponJoined = { coupon: CouponRow; treatment: ItemRef; product: ItemRef };

export function toCouponDto({ coupon, treatment, product }: CouponJoined, branchList: { id: string; name: string }[], today = dateIn(BUSINESS_TIME_ZONE)) {
  const item = coupon.type === 'Treatment' ? treatment : product;
  const price = pesos(item?.price ?? null) ?? 0;
  return {
    id: coupon.id,
    code: coupon.code,
    name: coupon.name,
    description: coupon.description,
    branchesIds: branchList.map((b) => b.id),
    branches: branchList,
    limit: coupon.limit,
    used: coupon.used,
    type: coupon.type as CouponType,
    treatmentId: coupon.treatmentId,
    productId: coupon.productId,
    treatment: treatment ? { id: treatment.id, name: treatment.name, sku: treatment.sku, price: pesos(treatment.price) ?? 0 } : null,
    product: product ? { id: product.id, name: product.name, sku: product.sku, salePrice: pesos(product.price) } : null,
    price,
    discount: coupon.discount,
    discountedPrice: discountedPrice(price, coupon.discount),
    expireDate: coupon.expireDate,
    status: coupon.active,
    expired: isCouponExpired(coupon.expireDate, today),
    exhausted: isCouponExhausted(coupon),
    ...stamps(coupon),
  };
}
export type CouponDto = ReturnType<typeof toCouponDto>;

/** The change-log view of a coupon: its own columns and branches. */
export const couponSnapshot = (c: CouponRow, branchesIds: string[]) => ({
  id: c.id,
  code: c.code,
  name: c.name,
  description: c.description,
  limit: c.limit,
  used: c.used,
  type: c.type,
  treatmentId: c.treatmentId,
  productId: c.productId,
  discount: c.discount,
  expireDate: c.expireDate,
  status: c.active,
  branchesIds,
});

const itemColumns = {
  coupon: coupons,
  treatment: { id: treatments.id, name: treatments.name, sku: treatments.sku, price: treatments.price },
  product: { id: products.id, name: products.name, sku: products.sku, price: products.salePrice },
};

function joinedQuery(db: DbOrTx) {
  return db
    .select(itemColumns)
    .from(coupons)
    .leftJoin(treatments, eq(treatments.id, coupons.treatmentId))
    .leftJoin(products, eq(products.id, coupons.productId));
}

export async function branchesOf(db: DbOrTx, couponIds: string[]): Promise<Map<string, { id: string; name: string }[]>> {
  if (!couponIds.length) return new Map();
  return byOwner(await linkedNames(db, { via: couponBranches, owner: couponBranches.couponId, target: couponBranches.branchId }, branches, couponIds));
}

export async function withBranches(db: DbOrTx, rows: CouponJoined[]): Promise<CouponDto[]> {
  const map = await branchesOf(
    db,
    rows.map((r) => r.coupon.id),
  );
  const today = dateIn(BUSINESS_TIME_ZONE);
  return rows.map((r) => toCouponDto(r, map.get(r.coupon.id) ?? [], today));
}

/** Coupons that apply at a branch (the branch-bound user's view). */
export const appliesAtBranch = (branchId: string): SQL =>
  sql`exists (select 1 from ${couponBranches} where ${couponBranches.couponId} = ${coupons.id} and ${couponBranches.branchId} = ${branchId})`;

export interface CouponFilters extends ListQuery {
  type?: CouponType;
  branchId?: string;
}

export function couponListSpec(db: DbOrTx, actor: Actor, q: CouponFilters): ListSpec<CouponDto> {
  const scope = branchScope(actor, q.branchId);
  const active = isTruthyFlag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
  const itemName = sql`coalesce(${treatments.name}, ${products.name})`;
  return {
    sortable: {
      code: coupons.code,
      name: sql`immutable_unaccent(lower(${coupons.name}))`,
      limit: coupons.limit,
      used: coupons.used,
      expireDate: coupons.expireDate,
      type: coupons.type,
      discount: coupons.discount,
      item: sql`immutable_unaccent(lower(${itemName}))`,
      status: coupons.active,
      created_at: coupons.createdAt,
    },
    defaultSort: { field: 'created_at', order: 'DESC' },
    searchable: { code: coupons.code, name: coupons.name, item: itemName },
    filters: [
      isTruthyFlag(q.withDeleted) ? undefined : live(coupons),
      scope ? appliesAtBranch(scope) : undefined,
      q.type ? eq(coupons.type, q.type) : undefined,
      active === undefined ? undefined : eq(coupons.active, active),
    ],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = joinedQuery(db)
        .where(where)
        .orderBy(...orderBy, coupons.id)
        .offset(offset);
      return withBranches(db, await pageOf(base, limit));
    },
    count: async (where) =>
      (
        await db
          .select({ n: count() })
          .from(coupons)
          .leftJoin(treatments, eq(treatments.id, coupons.treatmentId))
          .leftJoin(products, eq(products.id, coupons.productId))
          .where(where)
      )[0].n,
  };
}

export async function findCouponJoined(db: DbOrTx, id: string): Promise<CouponJoined | undefined> {
  const [row] = await joinedQuery(db)
    .where(and(eq(coupons.id, id), live(coupons)))
    .limit(1);
  return row;
}

/**
 * The usage history of the detail modal: sales (orders) and product sales (cash orders), with the
 * customer's name, the branch, the order number (the sale's own when the redemption lacks it) and the
 * user (who redeemed it, else the sale's seller). A deleted customer keeps their name in the history.
 */
export async function redemptionsOf(db: DbOrTx, couponId: string, branchId?: string) {
  const rows = await db
    .select({
      id: couponRedemptions.id,
      orderKind: couponRedemptions.orderKind,
      orderId: couponRedemptions.orderId,
      orderNumber: sql<string | null>`coalesce(${couponRedemptions.orderNumber}, ${orders.orderNumber}, ${cashOrders.orderNumber})`,
      created_at: couponRedemptions.createdAt,
      customerId: sql<string | null>`coalesce(${couponRedemptions.customerId}, ${orders.customerId}, ${cashOrders.customerId})`,
      customerName: sql<string | null>`nullif(concat_ws(' ', ${customers.name}, ${customers.lastName}, ${customers.motherLastName}), '')`,
      branch: { id: branches.id, name: branches.name },
      user: { id: users.id, name: users.name, lastName: users.lastName, motherLastName: users.motherLastName },
    })
    .from(couponRedemptions)
    .leftJoin(orders, and(eq(couponRedemptions.orderKind, 'order'), eq(orders.id, couponRedemptions.orderId)))
    .leftJoin(cashOrders, and(eq(couponRedemptions.orderKind, 'cashOrder'), eq(cashOrders.id, couponRedemptions.orderId)))
    .leftJoin(customers, sql`${customers.id} = coalesce(${couponRedemptions.customerId}, ${orders.customerId}, ${cashOrders.customerId})`)
    .leftJoin(branches, sql`${branches.id} = coalesce(${couponRedemptions.branchId}, ${orders.branchId}, ${cashOrders.branchId})`)
    .leftJoin(users, sql`${users.id} = coalesce(${couponRedemptions.userId}, ${orders.sellerId}, ${cashOrders.sellerId})`)
    .where(and(eq(couponRedemptions.couponId, couponId), live(couponRedemptions), branchId ? eq(couponRedemptions.branchId, branchId) : undefined))
    .orderBy(sql`${couponRedemptions.createdAt} desc`, couponRedemptions.id);
  const view = (r: (typeof rows)[number]) => ({
    id: r.id,
    orderId: r.orderId,
    orderNumber: r.orderNumber,
    created_at: r.created_at,
    customer: r.customerId ? { id: r.customerId, name: r.customerName } : null,
    branch: r.branch?.id ? r.branch : null,
    user: r.user?.id ? r.user : null,
  });
  return { orders: rows.filter((r) => r.orderKind === 'order').map(view), cashOrders: rows.filter((r) => r.orderKind === 'cashOrder').map(view) };
}
