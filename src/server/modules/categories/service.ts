import type { Actor } from '../../platform/auth/actor';
import { and, eq, sql } from 'drizzle-orm';
import type { CategoryInput } from '../../../domain/categories.schemas';
import type { ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, products } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { assertFree, findLive, insertRecord, recordFilters, softDeleteRecord, tableRows, updateRecord } from '../../platform/records';
import { stamps } from '../dto';
import { live } from '../../db/live';

export type CategoryRow = typeof categories.$inferSelect;

export function toCategoryDto(row: CategoryRow) {
  return { id: row.id, name: row.name, type: row.type as CategoryInput['type'], active: row.active, ...stamps(row) };
}
export type CategoryDto = ReturnType<typeof toCategoryDto>;

export interface CategoryFilters extends ListQuery {
  type?: CategoryInput['type'];
}

export function categoryListSpec(db: DbOrTx, q: CategoryFilters): ListSpec<CategoryDto> {
  return {
    sortable: { name: categories.name, type: categories.type, active: categories.active, created_at: categories.createdAt },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: categories.name },
    filters: [...recordFilters(q, categories), q.type ? eq(categories.type, q.type) : undefined],
    ...tableRows(db, categories, (rows) => rows.map(toCategoryDto)),
  };
}

const findCategory = (db: DbOrTx, id: string): Promise<CategoryRow> => findLive(db, categories, id, 'CATEGORY_NOT_FOUND');
const logged = { table: categories, module: 'categories', view: toCategoryDto };

export async function getCategory(ctx: AppContext, id: string) {
  return toCategoryDto(await findCategory(ctx.db, id));
}

const assertUniqueName = (db: DbOrTx, input: CategoryInput, exceptId?: string) =>
  assertFree(db, categories, [sql`lower(${categories.name}) = lower(${input.name})`, eq(categories.type, input.type)], exceptId, 'CATEGORY_EXISTS');

export async function createCategory(ctx: AppContext, actor: Actor, input: CategoryInput & { active?: boolean }) {
  return ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, input);
    return insertRecord(tx, actor, logged, { name: input.name, type: input.type, active: input.active ?? true });
  });
}

export async function updateCategory(ctx: AppContext, actor: Actor, id: string, input: CategoryInput & { active?: boolean }) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    await assertUniqueName(tx, input, id);
    return updateRecord(tx, actor, logged, id, before, { name: input.name, type: input.type, active: input.active ?? before.active });
  });
}

/** Tables that may reference a category; a later area registers its check here. */
export type CategoryUsageCheck = (db: DbOrTx, categoryId: string) => Promise<boolean>;
export const categoryUsageChecks: CategoryUsageCheck[] = [];

/** A live (not deleted) product tied to the category: the catalogue's 409 'No se puede eliminar el registro'. */
async function usedByProduct(tx: DbOrTx, categoryId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: products.id })
    .from(productCategories)
    .innerJoin(products, eq(products.id, productCategories.productId))
    .where(and(eq(productCategories.categoryId, categoryId), live(products)))
    .limit(1);
  return Boolean(row);
}

export async function deleteCategory(ctx: AppContext, actor: Actor, id: string) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    // the row lock first: a product being tied to it (migration 0014's trigger holds the category FOR SHARE) commits before the check reads
    await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).for('update');
    if (await usedByProduct(tx, id)) throw new AppError('CANNOT_DELETE');
    for (const inUse of categoryUsageChecks) if (await inUse(tx, id)) throw new AppError('CATEGORY_IN_USE');
    return softDeleteRecord(tx, actor, logged, id, before);
  });
}
