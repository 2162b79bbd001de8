import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { POS_SEARCH_LIMIT, type PosItem } from '../../../../domain/pos.contract';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';

const { t, admin, recepcion, medico } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx', medico: 'medico@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

type Product = { id: string; sku: string; name: string; bar_code: string; sale_price: string; points: number | null; tax: number };
let product: Product;

const catalogue = (search: string, branchId?: string, caller = recepcion) =>
  caller({ method: 'GET', url: `/v1/pos/catalogue?${new URLSearchParams({ search, ...(branchId && { branchId }) }).toString()}` });

async function lot(units: number, allotment: string, expiresAt: string) {
  await makeLot(t, { productId: product.id, branchId: TIJUANA, allotment, expiresAt, price: 10 }, units);
}

beforeAll(async () => {
  [product] = await rows<Product>(
    sql`select id, sku, name, bar_code, sale_price, points, tax from products
      where active and approved_at is not null and rejected_at is null and deleted_at is null and sale_price is not null order by sku limit 1`,
  );
  // this product's lots at Tijuana are only the ones made here: 7 valid units and 5 expired
  await rows(sql`update product_stocks set deleted_at = now() where product_id = ${product.id} and branch_id = ${TIJUANA}`);
  await lot(4, 'POS-A', '2099-12-31');
  await lot(3, 'POS-B', '2098-01-31');
  await lot(5, 'POS-VENCIDO', '2001-01-01');
});

describe('GET /v1/pos/context', () => {
  it("answers a branch-bound user's own branch, its exchange rate and no other branch to choose", async () => {
    const [s] = await rows<{ rate: string | null; fallback: string }>(
      sql`select exchange_rate ->> ${TIJUANA} as rate, default_exchange_rate::text as fallback from settings limit 1`,
    );
    const res = await recepcion({ method: 'GET', url: '/v1/pos/context' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ branch: { id: TIJUANA, name: expect.any(String) }, exchangeRate: Number(s!.rate ?? s!.fallback) });
    expect(res.json().branches.map((b: { id: string }) => b.id)).toEqual([TIJUANA]);
    expect((await recepcion({ method: 'GET', url: `/v1/pos/context?branchId=${MEXICALI}` })).statusCode).toBe(403);
  });

  it('lets a user of every branch choose among the branches that sell, with the default rate when the branch has none', async () => {
    await rows(sql`update settings set exchange_rate = exchange_rate - ${MEXICALI}::text`);
    const [s] = await rows<{ fallback: string }>(sql`select default_exchange_rate::text as fallback from settings limit 1`);
    const res = await admin({ method: 'GET', url: `/v1/pos/context?branchId=${MEXICALI}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().exchangeRate).toBe(Number(s!.fallback));
    const ids = res.json().branches.map((b: { id: string }) => b.id);
    expect(ids).toContain(TIJUANA);
    expect(ids).toContain(MEXICALI);
    const [dc] = await rows<{ id: string }>(sql`select id from branches where distribution_center and deleted_at is null limit 1`);
    if (dc) expect(ids).not.toContain(dc.id);
  });

  it('refuses a user without the pos privilege', async () => {
    expect((await medico({ method: 'GET', url: '/v1/pos/context' })).statusCode).toBe(403);
    expect((await medico({ method: 'GET', url: '/v1/pos/catalogue?search=a' })).statusCode).toBe(403);
  });
});

describe('GET /v1/pos/catalogue', () => {
  it('finds a product by a word of its name with its price, points and the units on hand in valid lots at the branch', async () => {
    const word = product.name.split(/\s+/).find((w) => w.length > 3) ?? product.name;
    const res = await catalogue(word);
    expect(res.statusCode, res.body).toBe(200);
    const item = res.json().items.find((i: PosItem) => i.id === product.id);
    expect(item).toMatchObject({
      kind: 'product',
      sku: product.sku,
      price: Number(product.sale_price),
      points: product.points ?? 0,
      tax: product.tax,
      stock: 7,
    });
    expect(res.json().items.length).toBeLessThanOrEqual(POS_SEARCH_LIMIT);
  });

  it('names the one product of an exact barcode (also with leading zeros) and the item of an exact SKU', async () => {
    const byCode = (await catalogue(product.bar_code)).json();
    expect(byCode.exact).toMatchObject({ kind: 'product', id: product.id, stock: 7 });
    expect(byCode.items[0].id).toBe(product.id);
    expect((await catalogue(`0${product.bar_code}`)).json().exact?.id).toBe(product.id);
    expect((await catalogue(product.sku.toUpperCase())).json().exact?.id).toBe(product.id);
    expect((await catalogue('99999999999999')).json().exact).toBeNull();
  });

  it('leaves out products not on sale and inactive treatments', async () => {
    const [off] = await rows<{ id: string; name: string }>(
      sql`update treatments set active = false where id = (select id from treatments where active and deleted_at is null order by sku desc limit 1) returning id, name`,
    );
    const res = (await catalogue(off!.name)).json();
    expect(res.items.some((i: PosItem) => i.id === off!.id)).toBe(false);
    await rows(sql`update products set active = false where id = ${product.id}`);
    expect((await catalogue(product.bar_code)).json().exact).toBeNull();
    await rows(sql`update products set active = true where id = ${product.id}`);
  });

  it('answers active treatments and the packages and promotions offered at the branch and valid now', async () => {
    const [treatment] = await rows<{ id: string; name: string; price: string; points: number }>(
      sql`select id, name, price, points from treatments where active and deleted_at is null order by sku limit 1`,
    );
    const found = (await catalogue(treatment!.name)).json().items.find((i: PosItem) => i.id === treatment!.id);
    expect(found).toMatchObject({ kind: 'treatment', price: Number(treatment!.price), points: treatment!.points, tax: 16, stock: null });

    const [pkg] = await rows<{ id: string; name: string; sku: string; price: string }>(
      sql`select p.id, p.name, p.sku, p.price from packages p join package_branches pb on pb.package_id = p.id and pb.branch_id = ${TIJUANA}
        where p.active and p.deleted_at is null and not p.valid_by_time and not p.valid_by_schedule
          and exists (select 1 from package_treatments pt where pt.package_id = p.id and pt.deleted_at is null) order by p.sku limit 1`,
    );
    const offered = (await catalogue(pkg!.sku)).json();
    expect(offered.exact).toMatchObject({ id: pkg!.id, price: Number(pkg!.price) });
    expect(['package', 'promotion']).toContain(offered.exact.kind);
    // out of its dates, or not offered at the branch, it is not sold there
    await rows(sql`update packages set valid_by_schedule = true, start_date = '2001-01-01', end_date = '2001-12-31' where id = ${pkg!.id}`);
    expect((await catalogue(pkg!.sku)).json().exact).toBeNull();
    await rows(sql`update packages set valid_by_schedule = false where id = ${pkg!.id}`);
    await rows(sql`delete from package_branches where package_id = ${pkg!.id} and branch_id = ${TIJUANA}`);
    expect((await catalogue(pkg!.sku)).json().exact).toBeNull();
    await rows(sql`insert into package_branches (package_id, branch_id) values (${pkg!.id}, ${TIJUANA})`);
  });

  it('keeps a branch-bound user to their branch and lets a user of every branch choose', async () => {
    expect((await catalogue('a', MEXICALI)).statusCode).toBe(403);
    const mexicali = await catalogue(product.bar_code, MEXICALI, admin);
    expect(mexicali.statusCode, mexicali.body).toBe(200);
    expect(mexicali.json().branchId).toBe(MEXICALI);
  });
});
