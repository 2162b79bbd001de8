import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../testing/harness';

// The customers report reads each sale's copy of its customer's registration day (migration 0035). Its triggers run
// beside the sales: a customer deleted, or their branch's time zone changed, while 15 of their sales are being made
// (16 requests at once; on PostgreSQL each on its own connection) must leave every sale's copy equal to the customer's.

const { t, admin, recepcion } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

let treatment: { id: string; price: string };
let seq = 0;

async function newCustomer(name: string): Promise<string> {
  const res = await recepcion({
    method: 'POST',
    url: '/v1/customer/create',
    payload: {
      name,
      lastName: 'Ráfaga',
      motherLastName: 'Prueba',
      gender: 'Femenino',
      birthday: '1990-05-01',
      mobilePhone: `66490${String(++seq).padStart(5, '0')}`,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ id: string }>().id;
  // registered at 23:30 in Tijuana, already the next day in Mazatlán and Cancún: a zone change moves the day
  await rows(sql`update customers set created_at = '2026-11-30T07:30:00Z' where id = ${id}`);
  return id;
}

const sale = (caller: Caller, customerId: string) =>
  caller({
    method: 'POST',
    url: '/v1/order/create',
    payload: {
      branchId: TIJUANA,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [{ method: 'Efectivo', amount: Number(treatment.price), currency: 'MXN' }],
    },
    headers: { 'idempotency-key': `registro-${customerId}-${++seq}` },
  });

/** The customer's registration day and each of their sales' copies of it (both kinds of sale). */
async function days(customerId: string) {
  const [customer] = await rows<{ registered_on: string | null; expected: string; deleted: boolean }>(
    sql`select registered_on::text, customer_registration_day(created_at, registry_branch_id)::text as expected, deleted_at is not null as deleted
      from customers where id = ${customerId}`,
  );
  const sales = await rows<{ day: string | null }>(
    sql`select customer_registered_on::text as day from orders where customer_id = ${customerId}
      union all select customer_registered_on::text from cash_orders where customer_id = ${customerId}`,
  );
  return { customer: customer!, sales: sales.map((s) => s.day) };
}

/** 15 sales with one other request in the middle of them, all at once; the sales' statuses and the other's answer. */
async function burst(customerId: string, other: () => ReturnType<Caller>) {
  const requests = Array.from({ length: 16 }, (_, i) => (i === 8 ? other() : sale(recepcion, customerId)));
  const results = await Promise.all(requests);
  const [middle] = results.splice(8, 1);
  return { sales: results, other: middle! };
}

beforeAll(async () => {
  [treatment] = await rows(sql`select id, price from treatments where active and deleted_at is null and price > 500 order by sku limit 1`);
});

describe("a customer's registration day under their parallel sales", () => {
  it('deleting the customer amid 15 of their sales: each sale is made or refused in Spanish, and none keeps the day', async () => {
    const customerId = await newCustomer('Borrada');
    const { sales, other } = await burst(customerId, () => admin({ method: 'DELETE', url: `/v1/customer/${customerId}/delete` }));
    expect(other.statusCode, other.body).toBe(200);
    for (const res of sales) {
      expect(res.statusCode, res.body).toBeLessThan(500);
      if (res.statusCode !== 201) expect(res.json().message).toMatch(/cliente/i);
    }
    const after = await days(customerId);
    expect(after.customer.deleted).toBe(true);
    expect(after.sales.length).toBe(sales.filter((r) => r.statusCode === 201).length);
    expect(after.sales.every((d) => d === null)).toBe(true);
  });

  it("changing the branch's time zone amid 15 of its customer's sales: every sale carries the customer's new day", async () => {
    const customerId = await newCustomer('Movida');
    const before = await days(customerId);
    expect(before.customer.registered_on).toBe('2026-11-29');
    const branch = (await admin({ method: 'GET', url: `/v1/branch/${TIJUANA}` })).json<Record<string, unknown>>();
    // the branch as it is, with another zone (its time zone follows: ZONE_TIME_ZONES)
    const update = (zone: string) => admin({ method: 'PUT', url: `/v1/branch/${TIJUANA}/update`, payload: { ...branch, zone } });
    try {
      const { sales, other } = await burst(customerId, () => update('Sureste'));
      expect(other.statusCode, other.body).toBe(200);
      expect(sales.map((r) => r.statusCode)).toEqual(Array(15).fill(201));
      const after = await days(customerId);
      expect(after.customer.registered_on).toBe('2026-11-30');
      expect(after.customer.expected).toBe('2026-11-30');
      expect(after.sales).toEqual(Array(15).fill('2026-11-30'));
    } finally {
      expect((await update(String(branch.zone))).statusCode).toBe(200);
    }
    expect((await days(customerId)).customer.registered_on).toBe('2026-11-29');
  });
});
