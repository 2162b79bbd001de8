import { and, asc, count, eq, inArray, isNotNull, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import { computePricing } from '../../../domain/pricing';
import { approvalOf, PRODUCT_KINDS, type ApprovalState, type ProductKind } from '../../../domain/products.schemas';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, productPhotos, productProviders, productTypes, products, providers } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { linkedNames, namesOf, pageOf, tableList } from '../../platform/query-links';
import { stamps } from '../dto';
import { pesos } from '../../db/money';
import { live } from '../../db/live';

export type ProductRow = typeof products.$inferSelect;
export type ProductTypeRow = typeof productTypes.$inferSelect;

interface Relations {
  photos: { id: string; name: string }[];
  providers: { id: string; name: string }[];
  categories: { id: string; name: string }[];
}

export function toProductTypeDto(t: ProductTypeRow) {
  return { id: t.id, name: t.name, slug: t.slug as ProductKind, requiresLot: t.requiresLot, ...stamps(t) };
}

export function toProductDto(p: ProductRow, type: ProductTypeRow, rel: Relations) {
  const approved_at = p.approvedAt;
  const rejected_at = p.rejectedAt;
  return {
    id: p.id,
    productTypeId: p.productTypeId,
    productType: { id: type.id, name: type.name, slug: type.slug as ProductKind },
    sku: p.sku,
    name: p.name,
    brand: p.brand,
    barCode: p.barCode,
    description: p.description,
    contentType: p.contentType,
    content: p.content,
    measureUnit: p.measureUnit,
    cost: pesos(p.cost),
    tax: p.tax,
    realCost: computePricing({ cost: pesos(p.cost), tax: p.tax }).realCost ?? pesos(p.cost),
    franchiseTax: p.franchiseTax,
    additionalCostFranchise: p.additionalCostFranchise,
    indirectExpenses: pesos(p.indirectExpenses),
    franchisePrice: pesos(p.franchisePrice),
    profitPorcentage: p.profitPorcentage,
    salePrice: pesos(p.salePrice),
    points: p.points,
    active: p.active,
    status: p.active,
    approval: approvalOf({ approved_at, rejected_at }) as ApprovalState,
    approved_at,
    rejected_at,
    photos: rel.photos,
    providers: rel.providers,
    categories: rel.categories,
    providersIds: rel.providers.map((x) => x.id),
    categoriesIds: rel.categories.map((x) => x.id),
    ...stamps(p),
  };
}
export type ProductDto = ReturnType<typeof toProductDto>;

/** Photos, providers and categories of a page of products, in three queries. */
async function withRelations(db: DbOrTx, rows: { p: ProductRow; t: ProductTypeRow }[]): Promise<ProductDto[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.p.id);
  // one after the other: inside a transaction they share a single connection
  const photos = await db
    .select({ productId: productPhotos.productId, id: productPhotos.id, name: productPhotos.name })
    .from(productPhotos)
    .where(and(inArray(productPhotos.productId, ids), live(productPhotos)))
    .orderBy(asc(productPhotos.createdAt), asc(productPhotos.id));
  const provs = await linkedNames(db, { via: productProviders, owner: productProviders.productId, target: productProviders.providerId }, providers, ids);
  const cats = await linkedNames(db, { via: productCategories, owner: productCategories.productId, target: productCategories.categoryId }, categories, ids);
  const photoList = photos.map(({ productId, ...photo }) => ({ ownerId: productId, ...photo }));
  return rows.map(({ p, t }) => toProductDto(p, t, { photos: namesOf(photoList, p.id), providers: namesOf(provs, p.id), categories: namesOf(cats, p.id) }));
}

/**
 * The live product with its type, or 404; locked when asked. An edit (its fields, approval, photos) locks the row
 * `for no key update` (the lock an UPDATE of it takes anyway), which the key-share lock of every sale line and stock
 * movement naming the product does not conflict with: the edit and the product's sales never wait for each other. A delete
 * locks it `for update` on purpose: a receipt of the product in flight (its stock movement names the product) commits
 * first, and then the delete's stock check sees its units.
 */
export async function findProductRow(db: DbOrTx, id: string, opts: { lock?: 'edit' | 'delete' } = {}): Promise<{ p: ProductRow; t: ProductTypeRow }> {
  const q = db
    .select({ p: products, t: productTypes })
    .from(products)
    .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
    .where(and(eq(products.id, id), live(products)))
    .limit(1);
  const [row] = opts.lock ? await q.for(opts.lock === 'edit' ? 'no key update' : 'update', { of: products }) : await q;
  if (!row) throw new AppError('PRODUCT_NOT_FOUND');
  return row;
}

export async function loadProduct(db: DbOrTx, id: string): Promise<ProductDto> {
  return (await withRelations(db, [await findProductRow(db, id)]))[0];
}

export interface ProductFilters extends ListQuery {
  isApproved?: '0' | '1';
  approval?: ApprovalState;
  providerId?: string;
  categoryId?: string;
  productTypeId?: string;
  /** One slug or several separated by commas. */
  excludeType?: string;
  type?: string;
}

const slugs = (v: string | undefined): ProductKind[] | undefined => {
  const list = v
    ?.split(',')
    .map((s) => s.trim())
    .filter((s): s is ProductKind => (PRODUCT_KINDS as readonly string[]).includes(s));
  return list?.length ? list : undefined;
};

function approvalFilter(state: ApprovalState | undefined): SQL | undefined {
  if (state === 'approved') return isNotNull(products.approvedAt);
  if (state === 'rejected') return and(isNull(products.approvedAt), isNotNull(products.rejectedAt));
  if (state === 'pending') return and(isNull(products.approvedAt), isNull(products.rejectedAt));
  return undefined;
}

export function productListSpec(db: DbOrTx, q: ProductFilters): ListSpec<ProductDto> {
  const active = isTruthyFlag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
  const excluded = slugs(q.excludeType);
  const included = slugs(q.type);
  const state = q.approval ?? (q.isApproved === '1' ? 'approved' : q.isApproved === '0' ? 'pending' : undefined);
  return {
    sortable: {
      sku: products.sku,
      name: products.name,
      brand: products.brand,
      type: productTypes.name,
      cost: products.cost,
      salePrice: products.salePrice,
      active: products.active,
      created_at: products.createdAt,
    },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: products.name, sku: products.sku, brand: products.brand, barCode: products.barCode },
    filters: [
      isTruthyFlag(q.withDeleted) ? undefined : live(products),
      active === undefined ? undefined : eq(products.active, active),
      approvalFilter(state),
      q.productTypeId ? eq(products.productTypeId, q.productTypeId) : undefined,
      excluded ? notInArray(productTypes.slug, excluded) : undefined,
      included ? inArray(productTypes.slug, included) : undefined,
      q.providerId
        ? sql`exists (select 1 from ${productProviders} where ${productProviders.productId} = ${products.id} and ${productProviders.providerId} = ${q.providerId})`
        : undefined,
      q.categoryId
        ? sql`exists (select 1 from ${productCategories} where ${productCategories.productId} = ${products.id} and ${productCategories.categoryId} = ${q.categoryId})`
        : undefined,
    ],
    rows: async ({ where, orderBy, limit, offset }) => {
      const base = db
        .select({ p: products, t: productTypes })
        .from(products)
        .innerJoin(productTypes, eq(productTypes.id, products.productTypeId))
        .where(where)
        .orderBy(...orderBy, products.id)
        .offset(offset);
      return withRelations(db, await pageOf(base, limit));
    },
    count: async (where) =>
      (await db.select({ n: count() }).from(products).innerJoin(productTypes, eq(productTypes.id, products.productTypeId)).where(where))[0].n,
  };
}

export function productTypeListSpec(db: DbOrTx, q: ListQuery): ListSpec<ReturnType<typeof toProductTypeDto>> {
  return {
    sortable: { name: productTypes.name, slug: productTypes.slug, created_at: productTypes.createdAt },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: productTypes.name, slug: productTypes.slug },
    filters: [isTruthyFlag(q.withDeleted) ? undefined : live(productTypes)],
    ...tableList(db, productTypes, toProductTypeDto),
  };
}
