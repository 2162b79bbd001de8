import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { couponDiscountAmount, dateIn, discountedPrice, isCouponExhausted, isCouponExpired } from '../../../domain/coupons';
import type { CouponValidateInput } from '../../../domain/coupons.schemas';
import type { DbOrTx } from '../../db/client';
import { SALE_MESSAGES } from '../../../domain/sales';
import { branches, couponBranches, couponRedemptions, coupons, customers, packages, packageTreatments, products, treatments } from '../../db/schema';
import { branchScope, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { pesos } from '../../db/money';
import { live } from '../../db/live';

export const COUPON_INACTIVE_MESSAGE = 'El cupón está inactivo';

export interface CouponQuote {
  couponId: string;
  code: string;
  name: string;
  discount: number;
  price: number;
  discountAmount: number;
  discountedPrice: number;
}

/**
 * One session of the coupon's treatment inside a package or promotion, at the package's price (its promotion price):
 * what a treatment's coupon discounts there. Null when the package (live and active) does not include the treatment.
 */
async function sessionPriceIn(db: DbOrTx, packageId: string, treatmentId: string): Promise<number | null> {
  const [row] = await db
    .select({ price: packageTreatments.promotionPrice })
    .from(packageTreatments)
    .innerJoin(packages, eq(packages.id, packageTreatments.packageId))
    .where(
      and(
        eq(packageTreatments.packageId, packageId),
        eq(packageTreatments.treatmentId, treatmentId),
        isNull(packageTreatments.deletedAt),
        live(packages),
        eq(packages.active, true),
      ),
    )
    .orderBy(packageTreatments.createdAt)
    .limit(1);
  return row ? pesos(row.price) : null;
}

/** The coupon's treatment or product by name, for the refusal that asks to add it. */
async function itemName(db: DbOrTx, coupon: { treatmentId: string | null; productId: string | null }): Promise<string> {
  const [row] = coupon.treatmentId
    ? await db.select({ name: treatments.name }).from(treatments).where(eq(treatments.id, coupon.treatmentId)).limit(1)
    : await db
        .select({ name: products.name })
        .from(products)
        .where(eq(products.id, coupon.productId ?? ''))
        .limit(1);
  return row?.name ?? '';
}

/**
 * The price of the coupon's item while it is still sold: a deleted or inactive treatment, or a product
 * deleted, inactive or not approved, is no longer in the catalogue, so its coupon cannot apply.
 */
async function currentPrice(db: DbOrTx, item: { type: 'Treatment' | 'Product'; id: string }): Promise<number> {
  if (item.type === 'Treatment') {
    const [t] = await db
      .select({ price: treatments.price })
      .from(treatments)
      .where(and(eq(treatments.id, item.id), live(treatments), eq(treatments.active, true)))
      .limit(1);
    if (!t) throw new AppError('TREATMENT_NOT_FOUND');
    return pesos(t.price);
  }
  const [p] = await db
    .select({ price: products.salePrice })
    .from(products)
    .where(and(eq(products.id, item.id), live(products), eq(products.active, true), isNotNull(products.approvedAt), isNull(products.rejectedAt)))
    .limit(1);
  if (!p) throw new AppError('PRODUCT_NOT_FOUND');
  return pesos(p.price) ?? 0;
}

/**
 * Every rule a coupon must pass at a sale, in the order the cashier can act on them.
 * With `lock` the coupon row is held until the transaction ends, so two sales cannot both take the last use.
 */
async function checkCoupon(db: DbOrTx, input: CouponValidateInput, opts: { lock?: boolean; now?: Date } = {}): Promise<CouponQuote> {
  const base = db
    .select()
    .from(coupons)
    .where(and(sql`lower(${coupons.code}) = lower(${input.code.trim()})`, live(coupons)))
    .limit(1);
  // no key update: a sale that has just inserted its row naming the coupon holds a key-share lock on it, which
  // 'for update' would wait on; two such sales then deadlock instead of one finding the coupon used up
  const [coupon] = opts.lock ? await base.for('no key update') : await base;
  if (!coupon) throw new AppError('COUPON_NOT_FOUND');
  if (!coupon.active) throw new AppError('COUPON_NOT_APPLICABLE', COUPON_INACTIVE_MESSAGE);

  const [branch] = await db
    .select({ timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, input.branchId), live(branches)))
    .limit(1);
  if (!branch) throw new AppError('BRANCH_NOT_FOUND');
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), live(customers)))
    .limit(1);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND');
  if (isCouponExpired(coupon.expireDate, dateIn(branch.timeZone, opts.now))) throw new AppError('COUPON_EXPIRED');
  if (isCouponExhausted(coupon)) throw new AppError('COUPON_EXHAUSTED');

  const [atBranch] = await db
    .select({ id: couponBranches.branchId })
    .from(couponBranches)
    .where(and(eq(couponBranches.couponId, coupon.id), eq(couponBranches.branchId, input.branchId)))
    .limit(1);
  if (!atBranch) throw new AppError('COUPON_NOT_APPLICABLE');
  const itemId = (coupon.type === 'Treatment' ? coupon.treatmentId : coupon.productId) ?? '';
  // a treatment's coupon also applies to a package or promotion that includes the treatment: on one session of it
  const inPackage = input.item.type === 'Package' && coupon.type === 'Treatment' ? await sessionPriceIn(db, input.item.id, itemId) : null;
  if (inPackage === null && (input.item.type !== coupon.type || input.item.id !== itemId))
    throw new AppError('COUPON_NOT_APPLICABLE', SALE_MESSAGES.couponItemMissing(coupon.code, await itemName(db, coupon)));

  const [usedBefore] = await db
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.customerId, input.customerId), live(couponRedemptions)))
    .limit(1);
  if (usedBefore) throw new AppError('COUPON_ALREADY_USED');

  const price = inPackage ?? (await currentPrice(db, { type: coupon.type as 'Treatment' | 'Product', id: itemId }));
  return {
    couponId: coupon.id,
    code: coupon.code,
    name: coupon.name,
    discount: coupon.discount,
    price,
    discountAmount: couponDiscountAmount(price, coupon.discount),
    discountedPrice: discountedPrice(price, coupon.discount),
  };
}

/** POST /v1/coupon/validate: a quote, nothing written. */
export async function validateCoupon(db: DbOrTx, actor: Actor, input: CouponValidateInput): Promise<CouponQuote> {
  branchScope(actor, input.branchId);
  return checkCoupon(db, input);
}

export interface Redemption extends CouponValidateInput {
  orderKind: 'order' | 'cashOrder';
  orderId?: string | null;
  orderNumber?: string | null;
}

/**
 * For the sales area: applies a coupon inside the sale's own transaction — checks it again under a
 * row lock, counts the use and records who used it where (the usage history of the coupon detail).
 */
export async function redeemCoupon(tx: DbOrTx, actor: Actor | null, input: Redemption, now?: Date): Promise<CouponQuote> {
  const quote = await checkCoupon(tx, input, { lock: true, now });
  const [updated] = await tx
    .update(coupons)
    .set({ used: sql`${coupons.used} + 1` })
    .where(and(eq(coupons.id, quote.couponId), sql`${coupons.used} < ${coupons.limit}`))
    .returning({ used: coupons.used });
  if (!updated) throw new AppError('COUPON_EXHAUSTED');
  await tx
    .insert(couponRedemptions)
    .values({
      couponId: quote.couponId,
      customerId: input.customerId,
      orderKind: input.orderKind,
      orderId: input.orderId ?? null,
      orderNumber: input.orderNumber ?? null,
      branchId: input.branchId,
      userId: actor?.id ?? null,
    });
  await recordChange(tx, actor, {
    module: 'coupons',
    action: 'canjear',
    entityId: quote.couponId,
    orderNumber: input.orderNumber ?? null,
    after: { code: quote.code, used: updated.used, customerId: input.customerId, orderNumber: input.orderNumber ?? null },
    affectedBranchId: input.branchId,
  });
  return quote;
}
