import type { Actor } from '../../platform/auth/actor';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { CategoryInput } from '../../../domain/categories.schemas';
import { isTruthyFlag, type ListQuery } from '../../../domain/list';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { categories, productCategories, products } from '../../db/schema';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import type { ListSpec } from '../../platform/list';
import { stamps } from '../dto';
import { live, softDelete } from '../../db/live';

export type CategoryRow = typeof categories.$inferSelect;

export function toCategoryDto(row: CategoryRow) {
  return { id: row.id, name: row.name, type: row.type as CategoryInput['type'], active: row.active, ...stamps(row) };
}
export type CategoryDto = ReturnType<typeof toCategoryDto>;

export interface CategoryFilters extends ListQuery {
  type?: CategoryInput['type'];
}

export function categoryListSpec(db: DbOrTx, q: CategoryFilters): ListSpec<CategoryDto> {
  const active = isTruthyFlag(q.active ?? (q.status === '1' || q.status === '0' ? q.status : undefined));
  const filters = [
    isTruthyFlag(q.withDeleted) ? undefined : live(categories),
    q.type ? eq(categories.type, q.type) : undefined,
    active === undefined ? undefined : eq(categories.active, active),
  ];
  return {
    sortable: { name: categories.name, type: categories.type, active: categories.active, created_at: categories.createdAt },
    defaultSort: { field: 'name', order: 'ASC' },
    searchable: { name: categories.name },
    filters,
    rows: async ({ where, orderBy, limit, offset }) => {
      const q2 = db
        .select()
        .from(categories)
        .where(where)
        .orderBy(...orderBy, categories.id)
        .offset(offset);
      const rows = limit ? await q2.limit(limit) : await q2;
      return rows.map(toCategoryDto);
    },
    count: async (where) => (await db.select({ n: count() }).from(categories).where(where))[0].n,
  };
}

async function findCategory(db: DbOrTx, id: string): Promise<CategoryRow> {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), live(categories)))
    .limit(1);
  if (!row) throw new AppError('CATEGORY_NOT_FOUND');
  return row;
}

export async function getCategory(ctx: AppContext, id: string) {
  return toCategoryDto(await findCategory(ctx.db, id));
}

async function assertUniqueName(db: DbOrTx, input: CategoryInput, exceptId?: string) {
  const [dup] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        sql`lower(${categories.name}) = lower(${input.name})`,
        eq(categories.type, input.type),
        live(categories),
        exceptId ? ne(categories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (dup) throw new AppError('CATEGORY_EXISTS');
}

export async function createCategory(ctx: AppContext, actor: Actor, input: CategoryInput & { active?: boolean }) {
  return ctx.db.transaction(async (tx) => {
    await assertUniqueName(tx, input);
    const [row] = await tx
      .insert(categories)
      .values({ name: input.name, type: input.type, active: input.active ?? true })
      .returning();
    await recordChange(tx, actor, { module: 'categories', action: 'crear', entityId: row.id, after: toCategoryDto(row) });
    return toCategoryDto(row);
  });
}

export async function updateCategory(ctx: AppContext, actor: Actor, id: string, input: CategoryInput & { active?: boolean }) {
  return ctx.db.transaction(async (tx) => {
    const before = await findCategory(tx, id);
    await assertUniqueName(tx, input, id);
    const [row] = await tx
      .update(categories)
      .set({ name: input.name, type: input.type, active: input.active ?? before.active })
      .where(eq(categories.id, id))
      .returning();
    await recordChange(tx, actor, { module: 'categories', action: 'editar', entityId: id, before: toCategoryDto(before), after: toCategoryDto(row) });
    return toCategoryDto(row);
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
    const [row] = await softDelete(tx, categories, eq(categories.id, id));
    await recordChange(tx, actor, { module: 'categories', action: 'eliminar', entityId: id, before: toCategoryDto(before) });
    return toCategoryDto(row);
  });
}
