import type { Actor } from '../../platform/auth/actor';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  COUPON_LIMIT_BELOW_USED,
  COUPON_LOCKED_MESSAGE,
  COUPON_PRODUCT_TYPES,
  type CouponCreateInput,
  type CouponType,
  type CouponUpdateInput,
} from '../../../domain/coupons.schemas';
import { toCents } from '../../../domain/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { branches, couponBranches, coupons, productTypes, products, treatments } from '../../db/schema';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { recordChange } from '../../platform/change-log';
import { assertFree, findLive } from '../../platform/records';
import { branchesOf, couponSnapshot, findCouponJoined, redemptionsOf, withBranches, type CouponRow } from './coupon.queries';
import { pesos } from '../../db/money';
import { live, softDelete } from '../../db/live';

export const TREATMENT_NOT_ELIGIBLE = 'Solo se pueden elegir tratamientos activos';
export const PRODUCT_NOT_ELIGIBLE = 'Solo se pueden elegir productos activos y aprobados de tipo cosmetológico o de venta';
export const DISTRIBUTION_CENTER_MESSAGE = 'Un cupón no puede asignarse a un centro de distribución';

/** Items a coupon may discount (section 5): active treatments; approved, active cosmetologist or sale products. */
export async function couponItems(db: DbOrTx, type: CouponType, id?: string) {
  if (type === 'Treatment') {
    const rows = await db
      .select({ id: treatments.id, name: treatments.name, sku: treatments.sku, price: treatments.price })
      .from(treatments)
      .where(and(live(treatments), eq(treatments.active, true), id ? eq(treatments.id, id) : undefined))
      .orderBy(asc(treatments.name));
    return rows.map((r) => ({ ...r, price: pesos(r.price) }));
  }
  const rows = await db
    .select({ id: products.id, name: products.name, sku: products.sku, price: products.salePrice })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(
      and(
        live(products),
        eq(products.active, true),
        isNotNull(products.approvedAt),
        inArray(productTypes.slug, [...COUPON_PRODUCT_TYPES]),
        id ? eq(products.id, id) : undefined,
      ),
    )
    .orderBy(asc(products.name));
  return rows.map((r) => ({ ...r, price: pesos(r.price) ?? 0 }));
}

async function assertItemEligible(db: DbOrTx, input: { type: CouponType; treatmentId?: string; productId?: string }) {
  const id = (input.type === 'Treatment' ? input.treatmentId : input.productId)!;
  if ((await couponItems(db, input.type, id)).length) return;
  const table = input.type === 'Treatment' ? treatments : products;
  const [exists] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), live(table)))
    .limit(1);
  if (!exists) throw new AppError(input.type === 'Treatment' ? 'TREATMENT_NOT_FOUND' : 'PRODUCT_NOT_FOUND');
  throw new AppError('BAD_REQUEST', input.type === 'Treatment' ? TREATMENT_NOT_ELIGIBLE : PRODUCT_NOT_ELIGIBLE);
}

async function assertBranches(db: DbOrTx, ids: string[]) {
  const rows = await db
    .select({ id: branches.id, dc: branches.distributionCenter })
    .from(branches)
    .where(and(inArray(branches.id, ids), live(branches)));
  if (rows.length !== ids.length) throw new AppError('BRANCH_NOT_FOUND');
  if (rows.some((r) => r.dc)) throw new AppError('BAD_REQUEST', DISTRIBUTION_CENTER_MESSAGE);
}

const assertCodeFree = (db: DbOrTx, code: string, exceptId?: string) =>
  assertFree(db, coupons, sql`lower(${coupons.code}) = lower(${code})`, exceptId, 'COUPON_CODE_EXISTS');

/** A branch-bound user only touches coupons of their own branch alone. */
function assertOwnBranchOnly(actor: Actor, branchesIds: string[]) {
  if (!actor.branchBound) return;
  if (branchesIds.length !== 1 || branchesIds[0] !== actor.branchId) throw new AppError('BRANCH_FORBIDDEN');
}

/** The unique index settles two simultaneous creates of one code. */
const codeRace = <T>(work: Promise<T>): Promise<T> => answerViolations(work, { unique: 'COUPON_CODE_EXISTS' });

async function couponDto(db: DbOrTx, id: string) {
  const row = await findCouponJoined(db, id);
  if (!row) throw new AppError('COUPON_NOT_FOUND');
  return (await withBranches(db, [row]))[0];
}

export async function getCoupon(ctx: AppContext, actor: Actor, id: string) {
  const dto = await couponDto(ctx.db, id);
  const own = actor.branchBound ? (actor.branchId ?? '') : undefined;
  if (own !== undefined && !dto.branchesIds.includes(own)) throw new AppError('BRANCH_FORBIDDEN');
  return { ...dto, ...(await redemptionsOf(ctx.db, id, own)) };
}

export async function createCoupon(ctx: AppContext, actor: Actor, input: CouponCreateInput) {
  assertOwnBranchOnly(actor, input.branchesIds);
  return codeRace(
    ctx.db.transaction(async (tx) => {
      await assertCodeFree(tx, input.code);
      await assertBranches(tx, input.branchesIds);
      await assertItemEligible(tx, input);
      const [row] = await tx
        .insert(coupons)
        .values({
          code: input.code,
          name: input.name,
          description: input.description,
          limit: input.limit,
          type: input.type,
          treatmentId: input.treatmentId ?? null,
          productId: input.productId ?? null,
          discount: input.discount,
          expireDate: input.expireDate,
          active: input.status ?? true,
        })
        .returning();
      await tx.insert(couponBranches).values(input.branchesIds.map((branchId) => ({ couponId: row.id, branchId })));
      await recordChange(tx, actor, { module: 'coupons', action: 'crear', entityId: row.id, after: couponSnapshot(row, input.branchesIds) });
      return couponDto(tx, row.id);
    }),
  );
}

/** Type, item and discount are fixed once created: repeating them is fine, changing them is refused. */
function assertLockedUnchanged(before: CouponRow, input: CouponUpdateInput) {
  const changed: string[] = [];
  if (input.type !== undefined && input.type !== before.type) changed.push('type');
  if ((input.treatmentId ?? before.treatmentId) !== before.treatmentId) changed.push('treatmentId');
  if ((input.productId ?? before.productId) !== before.productId) changed.push('productId');
  if (input.discount !== undefined && toCents(input.discount) !== toCents(before.discount)) changed.push('discount');
  if (changed.length)
    throw new AppError(
      'BAD_REQUEST',
      COUPON_LOCKED_MESSAGE,
      changed.map((field) => ({ field, message: COUPON_LOCKED_MESSAGE })),
    );
}

const lockCoupon = (db: DbOrTx, id: string): Promise<CouponRow> => findLive(db, coupons, id, 'COUPON_NOT_FOUND', 'no key update');

export async function updateCoupon(ctx: AppContext, actor: Actor, id: string, input: CouponUpdateInput) {
  return codeRace(
    ctx.db.transaction(async (tx) => {
      const before = await lockCoupon(tx, id);
      const beforeBranches = ((await branchesOf(tx, [id])).get(id) ?? []).map((b) => b.id);
      assertOwnBranchOnly(actor, beforeBranches);
      assertOwnBranchOnly(actor, input.branchesIds);
      assertLockedUnchanged(before, input);
      if (input.limit < before.used) {
        const message = COUPON_LIMIT_BELOW_USED(before.used);
        throw new AppError('BAD_REQUEST', message, [{ field: 'limit', message }]);
      }
      await assertCodeFree(tx, input.code, id);
      await assertBranches(tx, input.branchesIds);
      const [row] = await tx
        .update(coupons)
        .set({
          code: input.code,
          name: input.name,
          description: input.description,
          limit: input.limit,
          expireDate: input.expireDate,
          active: input.status ?? before.active,
        })
        .where(eq(coupons.id, id))
        .returning();
      await tx.delete(couponBranches).where(eq(couponBranches.couponId, id));
      await tx.insert(couponBranches).values(input.branchesIds.map((branchId) => ({ couponId: id, branchId })));
      await recordChange(tx, actor, {
        module: 'coupons',
        action: 'editar',
        entityId: id,
        before: couponSnapshot(before, beforeBranches),
        after: couponSnapshot(row, input.branchesIds),
      });
      return couponDto(tx, id);
    }),
  );
}

export async function deleteCoupon(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockCoupon(tx, id);
    const dto = await couponDto(tx, id);
    assertOwnBranchOnly(actor, dto.branchesIds);
    const [row] = await softDelete(tx, coupons, eq(coupons.id, id));
    await recordChange(tx, actor, { module: 'coupons', action: 'eliminar', entityId: id, before: couponSnapshot(before, dto.branchesIds) });
    return { ...dto, deleted_at: row.deletedAt, updated_at: row.updatedAt };
  });
}
