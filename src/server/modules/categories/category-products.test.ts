import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { toErrorBody } from '../../platform/errors';
import { useTestApp } from '../../testing/harness';
import { basePayload } from '../products/test-helpers';
import { pgCodeOf } from '../appointments/fixtures';

/** A product category tied to a live product cannot be deleted: the catalogue's 409 (service and migration 0014's trigger). */

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const REFUSED = { statusCode: 409, code: 'CANNOT_DELETE', message: 'No se puede eliminar el registro' };
let n = 0;
async function category(): Promise<string> {
  n += 1;
  const res = await admin({ method: 'POST', url: '/v1/categories/create', payload: { name: `Categoría de productos ${n}`, type: 'product' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
async function product(categoryId: string): Promise<string> {
  n += 1;
  const res = await admin({
    method: 'POST',
    url: '/v1/product/create',
    payload: basePayload({ sku: `CATP${String(n).padStart(4, '0')}`, categoriesIds: [categoryId] }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}
const deleteCategory = (id: string) => admin({ method: 'POST', url: `/v1/categories/${id}/delete` });

describe('deleting a product category', () => {
  it('refuses a category used by a product with 409 and keeps it; once the product is deleted, it goes', async () => {
    const cat = await category();
    const p = await product(cat);
    const res = await deleteCategory(cat);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual(REFUSED);
    expect((await admin({ method: 'GET', url: `/v1/categories/${cat}` })).json()).toMatchObject({ id: cat, deleted_at: null });

    expect((await admin({ method: 'POST', url: `/v1/product/${p}/delete` })).statusCode).toBe(200);
    const del = await deleteCategory(cat);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().deleted_at).not.toBeNull();
  });

  it('deletes an unused product category', async () => {
    expect((await deleteCategory(await category())).statusCode).toBe(200);
  });

  it('is enforced by the database too: a product cannot be tied to a deleted category', async () => {
    const cat = await category();
    const p = await product(await category());
    expect((await deleteCategory(cat)).statusCode).toBe(200);
    const err = await t.ctx.db.execute(sql`insert into product_categories (product_id, category_id) values (${p}, ${cat})`).catch((e: unknown) => e);
    expect(pgCodeOf(err)).toBe('23503');
    expect(toErrorBody(err)).toMatchObject({ statusCode: 404, code: 'CATEGORY_NOT_FOUND' });
  });

  it('a product created while its category is deleted: one of them wins, never a live product in a deleted category', async () => {
    for (let round = 0; round < 3; round++) {
      const cat = await category();
      n += 1;
      const [created, deleted] = await Promise.all([
        admin({ method: 'POST', url: '/v1/product/create', payload: basePayload({ sku: `CATR${String(n).padStart(4, '0')}`, categoriesIds: [cat] }) }),
        deleteCategory(cat),
      ]);
      expect(
        [
          [201, 409],
          [404, 200],
        ],
        `${created.body}\n${deleted.body}`,
      ).toContainEqual([created.statusCode, deleted.statusCode]);
    }
    const orphans = (await t.ctx.db
      .execute(sql`select count(*)::int n from product_categories pc join products p on p.id = pc.product_id join categories c on c.id = pc.category_id
      where p.deleted_at is null and c.deleted_at is not null`)) as unknown as { rows: { n: number }[] };
    expect(orphans.rows[0].n).toBe(0);
  });
});
