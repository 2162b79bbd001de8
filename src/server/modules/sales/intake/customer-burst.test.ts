import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';
import { maxLockWaiters } from '../../../testing/lock-waiters';

// One customer's sales at the same moment (issue 28): every one is sold, none 409 or 5xx, and none waits on a row
// lock while holding a pooled connection. On PostgreSQL they used to deadlock: the sale's row took a key-share lock
// on the customer through its foreign key, then the points step asked for an update lock on the same row.

const { t, admin, recepcion, franquicia } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx', franquicia: 'franquicia@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let treatment: { id: string; price: string };
let product: { id: string; sale_price: string };
let customerId = '';
let seq = 0;
const key = (label = 'rafaga') => `${label}-${Date.now()}-${++seq}`;
const cash = (amount: number) => ({ method: 'Efectivo', amount, currency: 'MXN' });

/** The i-th sale of the burst: treatments and products in turn, every third one paying 10 points. */
function burstSale(i: number): { url: string; payload: Record<string, unknown> } {
  const points = i % 3 === 0 ? 10 : 0;
  if (i % 2 === 0) {
    const price = Number(treatment.price);
    return {
      url: '/v1/order/create',
      payload: { branchId: TIJUANA, customerId, points, items: [{ treatmentId: treatment.id, quantity: 1 }], payments: [cash(price - points)] },
    };
  }
  const price = Number(product.sale_price);
  return {
    url: '/v1/cash-order/create',
    payload: { branchId: TIJUANA, customerId, points, items: [{ productId: product.id, quantity: 1 }], payments: [cash(price - points)] },
  };
}

const send = (caller: Caller, i: number, k = key()) => {
  const { url, payload } = burstSale(i);
  return caller({ method: 'POST', url, payload, headers: { 'idempotency-key': k } });
};

async function balance() {
  const [c] = await rows<{ points: number; ledger: number }>(
    sql`select points, (select coalesce(sum(points), 0)::int from point_ledger where customer_id = ${customerId}) as ledger from customers where id = ${customerId}`,
  );
  return c!;
}

beforeAll(async () => {
  [treatment] = await rows(sql`select id, price from treatments where active and deleted_at is null and price > 1000 order by sku limit 1`);
  [product] = await rows(
    sql`select id, sale_price from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku limit 1 offset 2`,
  );
  [{ id: customerId }] = await rows<{ id: string }>(
    sql`select id from customers where deleted_at is null and active order by customer_number limit 1 offset 7`,
  );
  const adjusted = await admin({ method: 'POST', url: `/v1/customer/${customerId}/points/adjust`, payload: { points: 1000, reason: 'Saldo para la ráfaga' } });
  expect(adjusted.statusCode, adjusted.body).toBe(201);
  await makeLot(t, { productId: product.id, branchId: TIJUANA, allotment: 'RAFAGA-1', expiresAt: '2099-12-31', price: 100 }, 100);
});

/** PostgreSQL only: backends of the test database waiting on a lock right now. */
describe("one customer's parallel sales", () => {
  it('sells all 16 at once (treatments and products, with and without points): none refused, the points ledger adds up', async () => {
    const before = await balance();
    const { result: results, waiting } = await maxLockWaiters(() => Promise.all(Array.from({ length: 16 }, (_, i) => send(recepcion, i))));
    expect(
      results.map((r) => r.statusCode),
      results.map((r) => r.body).join('\n'),
    ).toEqual(Array(16).fill(201));
    // no sale of the burst held a connection while it waited on the customer's lock
    expect(waiting).toBe(0);
    const sold = results.map((r) => r.json() as { points: number; pointsRedeemed: number });
    const after = await balance();
    expect(after.points).toBe(after.ledger);
    const earned = sold.reduce((s, x) => s + x.points, 0);
    const redeemed = sold.reduce((s, x) => s + x.pointsRedeemed, 0);
    expect(redeemed).toBe(60);
    expect(after.points).toBe(before.points + earned - redeemed);
  });

  it('refunds one sale while the same customer buys again: both go through', async () => {
    const first = await send(recepcion, 1);
    expect(first.statusCode).toBe(201);
    const [refund, sale] = await Promise.all([
      recepcion({
        method: 'POST',
        url: `/v1/cash-order/${first.json().orderNumber}/refund`,
        payload: { refundReason: 'Prueba de concurrencia', password: 'Demo2026!', branchId: TIJUANA },
      }),
      send(recepcion, 3),
    ]);
    expect([refund.statusCode, sale.statusCode], refund.body + sale.body).toEqual([200, 201]);
    const after = await balance();
    expect(after.points).toBe(after.ledger);
  });
});

describe('Idempotency-Key', () => {
  it("is the client's own: another user's key of the same text is another sale", async () => {
    const k = key('compartida');
    const mine = await send(recepcion, 2, k);
    const theirs = await send(admin, 2, k);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    const again = await send(recepcion, 2, k);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(mine.json().id);
  });

  it("never answers another branch's sale to a client that may not see it", async () => {
    const k = key('ajena');
    const sold = await send(admin, 4, k);
    expect(sold.statusCode).toBe(201);
    // the same key and body from a Monterrey franchisee: not the Tijuana sale, but a sale of Tijuana refused
    const replay = await send(franquicia, 4, k);
    expect(replay.statusCode).toBe(403);
    expect(replay.headers['idempotent-replayed']).toBeUndefined();
    expect(JSON.stringify(replay.json())).not.toContain(sold.json().orderNumber);
  });
});
