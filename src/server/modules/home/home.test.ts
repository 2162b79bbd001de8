import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dateInZone } from '../../../domain/dates';
import { daysInMonth } from '../../../domain/goals';
import { addDays } from '../../../domain/inventory';
import { demoId } from '../../db/demo/random';
import { insertAppointment } from '../../testing/appointments';
import { queryRows, useTestApp, type Caller } from '../../testing/harness';
import { makeLot, saleWriter } from '../../testing/sales';

const { t, admin, operativo, gerente, medico, cosmetologa, logistica, franquicia } = useTestApp({
  admin: 'admin@demo.mx',
  operativo: 'operativo@demo.mx',
  gerente: 'gerente@demo.mx',
  medico: 'medico@demo.mx',
  cosmetologa: 'cosmetologa@demo.mx',
  logistica: 'logistica@demo.mx',
  franquicia: 'franquicia@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const CEDIS = demoId('branch:cedis');
const MONTERREY = demoId('branch:monterrey');

const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);
const home = (caller: Caller, branchId?: string) => caller({ method: 'GET', url: `/v1/home/today${branchId ? `?branchId=${branchId}` : ''}` });

/** Today at Mexicali, in its own zone (what the server reads as "today"). */
let today = '';
let productId = '';

let seq = 0;
const insertSale = saleWriter(t, 'HOME-T');

async function lot(branchId: string, allotment: string, units: number, expiresAt: string | null) {
  await makeLot(t, { productId, branchId, allotment, expiresAt, price: 100 }, units);
}

/** Mexicali's today starts empty: the demo's appointments, sales and near-expiry lots of the day are set aside. */
async function clearMexicaliToday() {
  const horizon = addDays(today, 40);
  await rows(sql`update appointments set deleted_at = now() where branch_id = ${MEXICALI} and date = ${today} and deleted_at is null`);
  await rows(sql`update orders set deleted_at = now() where branch_id = ${MEXICALI} and business_date = ${today} and deleted_at is null`);
  await rows(sql`update cash_orders set deleted_at = now() where branch_id = ${MEXICALI} and business_date = ${today} and deleted_at is null`);
  await rows(sql`update product_stocks set deleted_at = now() where branch_id = ${MEXICALI} and expires_at <= ${horizon} and deleted_at is null`);
  await rows(sql`update goals set deleted_at = now() where branch_id = ${MEXICALI} and deleted_at is null`);
}

async function bookMexicali() {
  const [cabin] = await rows<{ id: string; treatmentTypeId: string }>(
    sql`select c.id, ct.treatment_type_id as "treatmentTypeId" from cabins c join cabin_types ct on ct.id = c.type_id
      where c.branch_id = ${MEXICALI} and c.deleted_at is null order by c.name limit 1`,
  );
  const [tjCabin] = await rows<{ id: string; treatmentTypeId: string }>(
    sql`select c.id, ct.treatment_type_id as "treatmentTypeId" from cabins c join cabin_types ct on ct.id = c.type_id
      where c.branch_id = ${TIJUANA} and c.deleted_at is null order by c.name limit 1`,
  );
  // a customer without appointments today anywhere, so the late slots below overlap nothing
  const [customer] = await rows<{ id: string }>(
    sql`select id from customers c where deleted_at is null and not exists (select 1 from appointments a where a.customer_id = c.id and a.date between ${addDays(today, -1)} and ${addDays(today, 1)})
      order by customer_number limit 1`,
  );
  const slots: [string, string, string, string?][] = [
    ['scheduled', '20:00', '20:30'],
    ['scheduled', '20:30', '21:00'],
    ['inProcess', '21:00', '21:30'],
    ['finished', '21:30', '22:00'],
    ['cancelled', '21:00', '21:30'],
    ['absence', '22:00', '22:30'],
    // not counted: tomorrow, another branch, a deleted one
    ['scheduled', '20:00', '20:30', 'tomorrow'],
    ['scheduled', '23:00', '23:30', 'tijuana'],
    ['scheduled', '22:30', '23:00', 'deleted'],
  ];
  for (const [status, start, end, other] of slots) {
    const { id } = await insertAppointment(t.ctx.db, {
      appointmentNumber: `CITA-H${String(++seq).padStart(5, '0')}`,
      branchId: other === 'tijuana' ? TIJUANA : MEXICALI,
      cabin: other === 'tijuana' ? tjCabin! : cabin!,
      customerId: customer!.id,
      date: other === 'tomorrow' ? addDays(today, 1) : today,
      start,
      end,
      status,
    });
    if (other === 'deleted') await rows(sql`update appointments set deleted_at = now() where id = ${id}`);
  }
}

async function sellMexicali() {
  await insertSale('orders', MEXICALI, today, '800.10');
  await insertSale('cash_orders', MEXICALI, today, '150.25');
  await insertSale('cash_orders', MEXICALI, today, '84.21');
  // not counted: refunded, not paid, yesterday, tomorrow's business day, another branch
  await insertSale('orders', MEXICALI, today, '999.99', { refunded: true });
  await insertSale('cash_orders', MEXICALI, today, '888.88', { status: 'pending_payment' });
  await insertSale('orders', MEXICALI, addDays(today, -1), '777.77');
  await insertSale('cash_orders', MEXICALI, addDays(today, 1), '666.66');
  await insertSale('orders', TIJUANA, today, '555.55');
}

async function stockMexicali() {
  [{ id: productId }] = await rows<{ id: string }>(sql`select id from products where deleted_at is null and approved_at is not null order by sku limit 1`);
  await lot(MEXICALI, 'HOME-EXPIRED', 5, addDays(today, -3));
  await lot(MEXICALI, 'HOME-TODAY', 1, today);
  await lot(MEXICALI, 'HOME-30', 2, addDays(today, 30));
  for (let i = 1; i <= 9; i++) await lot(MEXICALI, `HOME-20-${i}`, 3, addDays(today, 20));
  // not listed: 31 days away, no expiry, no units left, another branch
  await lot(MEXICALI, 'HOME-31', 4, addDays(today, 31));
  await lot(MEXICALI, 'HOME-NONE', 4, null);
  await lot(MEXICALI, 'HOME-EMPTY', 4, addDays(today, 5));
  await rows(sql`update product_stocks set quantity = 0 where branch_id = ${MEXICALI} and allotment = 'HOME-EMPTY'`);
  await lot(TIJUANA, 'HOME-TJ', 4, addDays(today, 5));
}

beforeAll(async () => {
  const [branch] = await rows<{ time_zone: string }>(sql`select time_zone from branches where id = ${MEXICALI}`);
  today = dateInZone(branch!.time_zone);
  await clearMexicaliToday();
  await bookMexicali();
  await sellMexicali();
  await stockMexicali();
});

describe('GET /v1/home/today: the figures', () => {
  it('counts the day’s appointments of the branch by status', async () => {
    const res = await home(operativo, MEXICALI);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.branch).toMatchObject({ id: MEXICALI, name: expect.any(String), timeZone: expect.any(String) });
    expect(body.date).toBe(today);
    expect(body.appointments).toEqual({ total: 6, byStatus: { scheduled: 2, inProcess: 1, finished: 1, cancelled: 1, absence: 1 } });
  });

  it('sums the paid, not refunded sales of the business day, without a goal when the month has none', async () => {
    const { sales } = (await home(operativo, MEXICALI)).json();
    expect(sales).toEqual({ total: 1034.56, orders: { count: 1, total: 800.1 }, cashOrders: { count: 2, total: 234.46 }, goal: null });
  });

  it('compares them with the day’s share of the month’s goal (goal ÷ days of the month)', async () => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    // 1,234.56 a day exactly, whatever the month's length
    const goal = (123_456 * daysInMonth(year, month)) / 100;
    await rows(sql`insert into goals (branch_id, year, month, goal) values (${MEXICALI}, ${year}, ${month}, ${goal})`);
    const { sales } = (await home(operativo, MEXICALI)).json();
    // 1,034.56 / 1,234.56 = 83.798… %
    expect(sales.goal).toEqual({ monthGoal: goal, dailyGoal: 1234.56, percent: 83.8, remaining: 200 });
  });

  it('lists the lots with units expiring within 30 days, soonest first, ten at most, and counts the expired ones apart', async () => {
    const { expiringLots } = (await home(operativo, MEXICALI)).json();
    // today, nine in 20 days and the 30th day (past the ten shown); not the 31st day, the empty lot, the lot without expiry
    expect(expiringLots.count).toBe(11);
    expect(expiringLots.units).toBe(1 + 2 + 9 * 3);
    expect(expiringLots.expired).toEqual({ count: 1, units: 5 });
    expect(expiringLots.items).toHaveLength(10);
    expect(expiringLots.items[0]).toEqual({
      stockId: expect.any(String),
      productId,
      product: expect.any(String),
      sku: expect.any(String),
      allotment: 'HOME-TODAY',
      expiresAt: today,
      quantity: 1,
    });
    const dates = expiringLots.items.map((l: { expiresAt: string }) => l.expiresAt);
    expect(dates).toEqual([today, ...Array<string>(9).fill(addDays(today, 20))]);
  });

  it('answers a distribution centre’s day without a goal', async () => {
    const res = await home(logistica);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().branch.id).toBe(CEDIS);
  });
});

describe('GET /v1/home/today: branches', () => {
  it('defaults to the signed-in branch and lets a user not bound to a branch choose another', async () => {
    expect((await home(operativo)).json().branch.id).toBe(TIJUANA);
    expect((await home(admin, MEXICALI)).json().appointments.total).toBe(6);
  });

  it('keeps a branch-bound user to their own branch (403 for another)', async () => {
    expect((await home(gerente)).json().branch.id).toBe(TIJUANA);
    expect((await home(gerente, TIJUANA)).statusCode).toBe(200);
    const other = await home(gerente, MEXICALI);
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('BRANCH_FORBIDDEN');
    expect((await home(franquicia)).json().branch.id).toBe(MONTERREY);
    expect((await home(franquicia, MEXICALI)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown branch and 400 for a malformed one', async () => {
    expect((await home(admin, demoId('branch:none'))).json().code).toBe('BRANCH_NOT_FOUND');
    expect((await home(admin, 'x')).statusCode).toBe(400);
  });
});

describe('GET /v1/home/today: privileges', () => {
  it('answers only the blocks the user may read', async () => {
    const all = (await home(admin, MEXICALI)).json();
    expect([all.appointments, all.sales, all.expiringLots].every(Boolean)).toBe(true);
    // medics and cosmetologists: the agenda only
    for (const caller of [medico, cosmetologa]) {
      const mine = (await home(caller)).json();
      expect(mine.appointments).not.toBeNull();
      expect(mine.sales).toBeNull();
      expect(mine.expiringLots).toBeNull();
    }
    // logistics: the lots only
    const lots = (await home(logistica)).json();
    expect([lots.appointments, lots.sales, lots.expiringLots !== null]).toEqual([null, null, true]);
  });

  it('shows the sales to a reader of goals without sales, and refuses a role with none of the blocks', async () => {
    const medic = demoId('role:Médico');
    await t.ctx.db.execute(sql`insert into role_privileges (role_id, module, actions) values (${medic}, 'goal', array['show']::text[])`);
    try {
      const withGoal = (await home(t.as((await t.signIn('medico@demo.mx')).token))).json();
      expect(withGoal.sales).toMatchObject({ total: expect.any(Number) });
      expect(withGoal.expiringLots).toBeNull();
    } finally {
      await t.ctx.db.execute(sql`delete from role_privileges where role_id = ${medic} and module = 'goal'`);
    }
    // a medic without the agenda reads no block of the home
    const agenda = sql`role_id = ${medic} and module in ('dairy', 'appointment')`;
    await t.ctx.db.execute(sql`update role_privileges set actions = '{}'::text[] where ${agenda}`);
    try {
      const none = await home(t.as((await t.signIn('medico@demo.mx')).token));
      expect(none.statusCode).toBe(403);
    } finally {
      await t.ctx.db.execute(sql`update role_privileges set actions = array['show','create','edit','view']::text[] where ${agenda}`);
    }
  });
});
