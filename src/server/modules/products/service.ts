import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { computePricing } from '../../../domain/pricing';
import {
  approvalOf,
  missingPricingFields,
  PRICING_FIELDS,
  pricingLabels,
  productMessages,
  type PricingField,
  type ProductCreateInput,
  type ProductKind,
  type ProductUpdateInput,
} from '../../../domain/products.schemas';
import { msg } from '../../../domain/validation';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, productPhotos, productProviders, productStocks, productTypes, products, providers } from '../../db/schema';
import { userCan, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { answerViolations } from '../../platform/db-errors';
import { AppError } from '../../platform/errors';
import { assertFree, findLive } from '../../platform/records';
import { findProductRow, loadProduct, type ProductRow } from './queries';
import { centsOf, pesos } from '../../db/money';
import { live, softDelete } from '../../db/live';

type Pricing = Record<PricingField, number | null>;

const sameNumber = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined ? (a ?? null) === (b ?? null) : toCents(a) === toCents(b);

/** The pricing in pesos (money columns read as Cents), as the requests carry it. */
const storedPricing = (p: ProductRow): Pricing => ({
  franchiseTax: p.franchiseTax,
  additionalCostFranchise: p.additionalCostFranchise,
  indirectExpenses: pesos(p.indirectExpenses),
  profitPorcentage: p.profitPorcentage,
  salePrice: pesos(p.salePrice),
  points: p.points,
});

/** The pricing as its columns are written: the money fields as Cents. */
const pricingColumns = (p: Pricing) => ({ ...p, indirectExpenses: centsOf(p.indirectExpenses), salePrice: centsOf(p.salePrice) });

/** What was sent replaces what is stored; an absent field keeps its value. */
function mergePricing(before: Pricing, input: Partial<Record<PricingField, number | null | undefined>>): { merged: Pricing; changed: PricingField[] } {
  const merged = { ...before };
  const changed: PricingField[] = [];
  for (const f of PRICING_FIELDS) {
    const v = input[f];
    if (v === undefined) continue;
    if (!sameNumber(v, before[f])) changed.push(f);
    merged[f] = v;
  }
  return { merged, changed };
}

function assertPricingAllowed(actor: Actor, changed: PricingField[]) {
  if (changed.length && !userCan(actor, 'products', 'approve')) throw new AppError('FORBIDDEN', productMessages.pricingNeedsApprove);
}

function assertPricingComplete(kind: ProductKind, pricing: Pricing, message?: string) {
  const missing = missingPricingFields(kind, pricing);
  if (!missing.length) return;
  const errors = missing.map((f) => ({ field: f, message: msg.required(pricingLabels[f]) }));
  throw new AppError('VALIDATION_FAILED', message ?? errors[0].message, errors);
}

/** A product is approved (and so offered) only with its photo (section 5: 1 to 3, at least one). */
async function assertHasPhoto(tx: DbOrTx, productId: string) {
  const [photo] = await tx
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(and(eq(productPhotos.productId, productId), live(productPhotos)))
    .limit(1);
  if (!photo) throw new AppError('PHOTO_REQUIRED', productMessages.photoBeforeApprove);
}

const franchisePriceOf = (cost: number, tax: number, p: Pricing) => centsOf(computePricing({ cost, tax, ...p }).franchisePrice);

async function assertReferences(tx: DbOrTx, providersIds: string[], categoriesIds: string[]) {
  const provs = await tx
    .select({ id: providers.id })
    .from(providers)
    .where(and(inArray(providers.id, providersIds), live(providers)));
  if (provs.length !== providersIds.length) throw new AppError('PROVIDER_NOT_FOUND');
  const cats = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(inArray(categories.id, categoriesIds), eq(categories.type, 'product'), live(categories)));
  if (cats.length !== categoriesIds.length) throw new AppError('CATEGORY_NOT_FOUND');
}

const assertSkuFree = (tx: DbOrTx, sku: string, exceptId?: string) =>
  assertFree(tx, products, sql`lower(${products.sku}) = lower(${sku})`, exceptId, 'SKU_EXISTS');

async function replaceLinks(tx: DbOrTx, productId: string, providersIds: string[], categoriesIds: string[]) {
  await tx.delete(productProviders).where(eq(productProviders.productId, productId));
  await tx.delete(productCategories).where(eq(productCategories.productId, productId));
  await tx.insert(productProviders).values(providersIds.map((providerId) => ({ productId, providerId })));
  await tx.insert(productCategories).values(categoriesIds.map((categoryId) => ({ productId, categoryId })));
}

function describedFields(input: ProductCreateInput | ProductUpdateInput) {
  return {
    name: input.name,
    brand: input.brand,
    barCode: input.barCode,
    description: input.description,
    contentType: input.contentType,
    content: input.content,
    measureUnit: input.measureUnit,
    cost: centsOf(input.cost),
    tax: input.tax,
  };
}

/** A new product is pending approval; its photos were stored already (their names are given). */
export async function createProduct(ctx: AppContext, actor: Actor, input: ProductCreateInput, photoNames: string[]) {
  const empty: Pricing = { franchiseTax: null, additionalCostFranchise: null, indirectExpenses: null, profitPorcentage: null, salePrice: null, points: null };
  const { merged: pricing, changed } = mergePricing(empty, input);
  assertPricingAllowed(actor, changed);
  const created = ctx.db.transaction(async (tx) => {
    const type = await findLive(tx, productTypes, input.productTypeId, 'PRODUCT_TYPE_NOT_FOUND');
    await assertSkuFree(tx, input.sku);
    await assertReferences(tx, input.providersIds, input.categoriesIds);
    const [row] = await tx
      .insert(products)
      .values({
        productTypeId: type.id,
        sku: input.sku,
        ...describedFields(input),
        ...pricingColumns(pricing),
        franchisePrice: franchisePriceOf(input.cost, input.tax, pricing),
        active: input.active ?? true,
      })
      .returning();
    await replaceLinks(tx, row.id, input.providersIds, input.categoriesIds);
    if (photoNames.length) await tx.insert(productPhotos).values(photoNames.map((name) => ({ productId: row.id, name })));
    const after = await loadProduct(tx, row.id);
    await recordChange(tx, actor, { module: 'products', action: 'crear', entityId: row.id, after });
    return after;
  });
  // two creates racing for one SKU: the unique index decides, with the catalogue's answer
  return answerViolations(created, { unique: 'SKU_EXISTS' });
}

/**
 * Saves a product through the route of its kind. A rejected product goes back to pending (a new
 * request for approval); an approver's save requires the pricing and approves a pending product.
 */
export async function updateProduct(ctx: AppContext, actor: Actor, id: string, kind: ProductKind, input: ProductUpdateInput) {
  return ctx.db.transaction(async (tx) => {
    const { p: before, t: type } = await findProductRow(tx, id, { lock: 'edit' });
    if (type.slug !== kind) throw new AppError('BAD_REQUEST', productMessages.kindMismatch);
    if (input.sku !== undefined && input.sku !== before.sku) throw new AppError('BAD_REQUEST', productMessages.skuLocked);
    if (input.productTypeId !== undefined && input.productTypeId !== before.productTypeId) throw new AppError('BAD_REQUEST', productMessages.typeLocked);
    const { merged: pricing, changed } = mergePricing(storedPricing(before), input);
    assertPricingAllowed(actor, changed);
    const state = approvalOf({ approved_at: before.approvedAt, rejected_at: before.rejectedAt });
    const approver = userCan(actor, 'products', 'approve');
    if (state !== 'rejected' && approver) assertPricingComplete(kind, pricing);
    const approveNow = state === 'pending' && approver;
    if (approveNow) await assertHasPhoto(tx, id);
    // a new cost or IVA from someone who cannot approve sends an approved product back to review;
    // the franchise price the approver set stays as it was until an approver saves or approves it
    const costChanged = !sameNumber(input.cost, pesos(before.cost)) || !sameNumber(input.tax, before.tax);
    const backToPending = state === 'approved' && !approver && costChanged;
    await assertReferences(tx, input.providersIds, input.categoriesIds);
    const beforeDto = await loadProduct(tx, id);
    const now = new Date();
    await tx
      .update(products)
      .set({
        ...describedFields(input),
        ...pricingColumns(pricing),
        franchisePrice: approver ? franchisePriceOf(input.cost, input.tax, pricing) : before.franchisePrice,
        active: input.active ?? before.active,
        updatedAt: now,
        ...(approveNow ? { approvedAt: now, approvedById: actor.id } : {}),
        ...(backToPending ? { approvedAt: null, approvedById: null } : {}),
        ...(state === 'rejected' ? { rejectedAt: null, rejectedById: null } : {}),
      })
      .where(eq(products.id, id));
    await replaceLinks(tx, id, input.providersIds, input.categoriesIds);
    const after = await loadProduct(tx, id);
    const action = approveNow ? 'aprobar' : backToPending ? 'enviar a aprobación' : 'editar';
    await recordChange(tx, actor, { module: 'products', action, entityId: id, before: beforeDto, after });
    return after;
  });
}

async function decide(ctx: AppContext, actor: Actor, id: string, decision: 'approve' | 'reject') {
  return ctx.db.transaction(async (tx) => {
    const { p: before, t: type } = await findProductRow(tx, id, { lock: 'edit' });
    if (approvalOf({ approved_at: before.approvedAt, rejected_at: before.rejectedAt }) !== 'pending')
      throw new AppError('CONFLICT', productMessages.alreadyDecided);
    if (decision === 'approve') {
      assertPricingComplete(type.slug as ProductKind, storedPricing(before), productMessages.pricingMissing);
      await assertHasPhoto(tx, id);
    }
    const beforeDto = await loadProduct(tx, id);
    const now = new Date();
    await tx
      .update(products)
      .set(
        decision === 'approve'
          ? // the approver now stands behind the franchise price of the current cost
            { approvedAt: now, approvedById: actor.id, franchisePrice: franchisePriceOf(pesos(before.cost), before.tax, storedPricing(before)), updatedAt: now }
          : { rejectedAt: now, rejectedById: actor.id, updatedAt: now },
      )
      .where(eq(products.id, id));
    const after = await loadProduct(tx, id);
    await recordChange(tx, actor, { module: 'products', action: decision === 'approve' ? 'aprobar' : 'rechazar', entityId: id, before: beforeDto, after });
    return after;
  });
}

export const approveProduct = (ctx: AppContext, actor: Actor, id: string) => decide(ctx, actor, id, 'approve');
export const rejectProduct = (ctx: AppContext, actor: Actor, id: string) => decide(ctx, actor, id, 'reject');

/** Refused while any branch holds stock of it (the catalogue answers 404 for this case). */
export async function deleteProduct(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    await findProductRow(tx, id, { lock: 'delete' });
    const [stock] = await tx
      .select({ id: productStocks.id })
      .from(productStocks)
      .where(and(eq(productStocks.productId, id), gt(productStocks.quantity, 0), live(productStocks)))
      .limit(1);
    if (stock) throw new AppError('PRODUCT_HAS_STOCK');
    const before = await loadProduct(tx, id);
    const now = new Date();
    await softDelete(tx, products, eq(products.id, id), now);
    await recordChange(tx, actor, { module: 'products', action: 'eliminar', entityId: id, before });
    return { ...before, deleted_at: now, updated_at: now };
  });
}
