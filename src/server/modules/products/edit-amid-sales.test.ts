import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp } from '../../testing/harness';
import { makeLot } from '../../testing/sales';
import { maxLockWaiters } from '../../testing/lock-waiters';
import { testDatabaseUrl } from '../../testing/test-database';
import { updateBody } from './test-helpers';

// A product edited while it is being sold. Each sale's lines and stock movements name the product by foreign key (a
// key-share lock on its row until the sale commits). The edit used to lock the row `for update`, which conflicts with
// that lock: it waited for every sale in flight, and a sale that reached its lines waited for the edit (none failed:
// the edit waits before it holds anything). It locks the row `for no key update` now, which no sale waits on.
// 16 requests at once (on PostgreSQL each on its own connection): 15 sales to 15 customers, the edit in the middle.

const { t, admin, recepcion } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let product: { id: string; sale_price: string };
let customerIds: string[] = [];
let lotId = '';
let seq = 0;

const sale = (customerId: string) =>
  recepcion({
    method: 'POST',
    url: '/v1/cash-order/create',
    payload: {
      branchId: TIJUANA,
      customerId,
      items: [{ productId: product.id, quantity: 1, stockId: lotId }],
      payments: [{ method: 'Efectivo', amount: Number(product.sale_price), currency: 'MXN' }],
    },
    headers: { 'idempotency-key': `edicion-${customerId}-${++seq}` },
  });

/** The lot's quantity and the sum of its movements. */
async function lot() {
  const [row] = await rows<{ quantity: number; moved: number }>(
    sql`select quantity, (select coalesce(sum(quantity), 0)::int from stock_movements where stock_id = s.id) as moved from product_stocks s where id = ${lotId}`,
  );
  return row!;
}

beforeAll(async () => {
  [product] = await rows(
    sql`select p.id, p.sale_price from products p join product_types pt on pt.id = p.product_type_id
      where pt.slug = 'sale' and p.active and p.approved_at is not null and p.rejected_at is null and p.deleted_at is null and p.sale_price > 100
      order by p.sku limit 1`,
  );
  customerIds = (await rows<{ id: string }>(sql`select id from customers where deleted_at is null and active order by customer_number limit 15 offset 20`)).map(
    (c) => c.id,
  );
  expect(customerIds).toHaveLength(15);
  lotId = (await makeLot(t, { productId: product.id, branchId: TIJUANA, allotment: 'EDICION-1', expiresAt: '2099-12-31', price: 100 }, 100)).id;
});

describe('a product edited amid its sales', () => {
  it('15 sales of the product to 15 customers and its edit in the middle, all at once: every one goes through, the stock is exact', async () => {
    const before = await lot();
    expect(before.quantity).toBe(100);
    const shown = (await admin({ method: 'GET', url: `/v1/product/${product.id}` })).json<Record<string, unknown>>();
    const edit = () =>
      admin({ method: 'PUT', url: `/v1/product/${product.id}/update-sale-product`, payload: updateBody(shown, { description: 'Editada durante sus ventas' }) });
    // on PostgreSQL, the most sessions seen waiting on a product row's lock at once (waits on lots or customers do not count)
    const { result: results, waiting } = await maxLockWaiters(
      () => Promise.all(Array.from({ length: 16 }, (_, i) => (i === 8 ? edit() : sale(customerIds[i < 8 ? i : i - 1]!)))),
      'products',
    );
    const [edited] = results.splice(8, 1);
    expect(edited!.statusCode, edited!.body).toBe(200);
    expect(edited!.json()).toMatchObject({ description: 'Editada durante sus ventas' });
    expect(
      results.map((r) => r.statusCode),
      results.map((r) => r.body).join('\n'),
    ).toEqual(Array(15).fill(201));
    // no request waited on the product's row: neither the edit on the sales' key-share locks nor a sale on the edit
    expect(waiting).toBe(0);
    const after = await lot();
    expect(after).toEqual({ quantity: 85, moved: 85 });
    const [lines] = await rows<{ n: number }>(
      sql`select coalesce(sum(d.quantity), 0)::int as n from cash_order_details d join cash_orders o on o.id = d.cash_order_id
        where d.stock_id = ${lotId} and o.refunded_at is null`,
    );
    expect(lines!.n).toBe(15);
  });

  // PostgreSQL only: a second connection holds what a sale in flight holds on the product, for as long as the test says
  it.skipIf(!testDatabaseUrl())("an edit goes through while a sale in flight holds the product's key-share lock", async () => {
    const sale = new pg.Client({ connectionString: testDatabaseUrl()! });
    await sale.connect();
    try {
      await sale.query('begin');
      // what the foreign key of the sale's line and movement takes on the product, until the sale commits
      await sale.query('select 1 from products where id = $1 for key share', [product.id]);
      const shown = (await admin({ method: 'GET', url: `/v1/product/${product.id}` })).json<Record<string, unknown>>();
      const edit = admin({
        method: 'PUT',
        url: `/v1/product/${product.id}/update-sale-product`,
        payload: updateBody(shown, { description: 'Editada con una venta abierta' }),
      });
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'waited'>((resolve) => (timer = setTimeout(() => resolve('waited'), 10_000)));
      const first = await Promise.race([edit, waited]);
      clearTimeout(timer);
      expect(first === 'waited' ? first : first.statusCode).toBe(200);
    } finally {
      await sale.query('commit');
      await sale.end();
    }
  });
});
