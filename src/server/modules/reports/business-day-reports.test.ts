import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { businessDayRange } from '../../../domain/dates';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp } from '../../testing/harness';
import { actorOfUsername } from '../auth';
import { salesServices } from '../sales';

/**
 * Each branch's own day (odoo#206827): a sale at 23:59:59 local is on that day's row and one at 00:00:00 on the next,
 * in three zones of Mexico and on Tijuana's two daylight-saving days; a chain report sums each branch's own day.
 * The sales go through the intake at moments of our choosing in 2031, a year no demo row reaches.
 */
const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const HERMOSILLO = demoId('branch:mexicali');
const CANCUN = demoId('branch:ensenada');
const ZONES: Record<string, string> = { [TIJUANA]: 'America/Tijuana', [HERMOSILLO]: 'America/Hermosillo', [CANCUN]: 'America/Cancun' };

const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
let treatment: { id: string; price: string };
let customerId: string;
let seq = 0;

/** A treatment sale paid in cash at `at`, as the counter writes it. */
async function sellAt(branchId: string, at: Date) {
  const actor = await actorOfUsername(t.ctx.db, 'admin@demo.mx');
  const price = Number(treatment.price);
  await salesServices.createSale(
    t.ctx,
    actor,
    'order',
    {
      channel: 'pos',
      branchId,
      customerId,
      items: [{ treatmentId: treatment.id, quantity: 1 }],
      payments: [{ method: 'Efectivo', amount: price, currency: 'MXN' }],
    },
    `dia-sucursal-${++seq}`,
    { at },
  );
}

/** 23:59:59 of `date` and 00:00:00 of the next day, in the branch's zone. */
function aroundMidnight(branchId: string, date: string) {
  const { to } = businessDayRange(ZONES[branchId]!, date);
  return { lastSecond: new Date(to.getTime() - 1000), midnight: to };
}

async function dailyRows(month: string, branchId?: string) {
  const res = await admin({ method: 'GET', url: `/v1/report/daily-sales?month=${month}${branchId ? `&branchId=${branchId}` : ''}` });
  expect(res.statusCode, res.body).toBe(200);
  // a chain report has a row per branch and day: the day's figure is their sum
  const days = new Map<string, number>();
  for (const r of res.json<{ rows: { date: string; total: number }[] }>().rows) days.set(r.date, (days.get(r.date) ?? 0) + cents(r.total));
  return days;
}

beforeAll(async () => {
  for (const [id, zone] of Object.entries(ZONES)) await queryRows(t, sql`update branches set time_zone = ${zone} where id = ${id}`);
  [treatment] = await queryRows<{ id: string; price: string }>(
    t,
    sql`select id, price::text from treatments where active and deleted_at is null and price > 0 order by sku limit 1`,
  );
  [{ id: customerId }] = (await queryRows<{ id: string }>(t, sql`select id from customers where deleted_at is null order by id limit 1`)) as [{ id: string }];
  for (const branchId of Object.keys(ZONES)) {
    const { lastSecond, midnight } = aroundMidnight(branchId, '2031-05-14');
    await sellAt(branchId, lastSecond);
    await sellAt(branchId, midnight);
  }
});

describe("each branch's own business day in the sales reports", () => {
  it.each(Object.entries(ZONES))('%s (%s): 23:59:59 is that day, 00:00:00 the next', async (branchId) => {
    const days = await dailyRows('2031-05', branchId);
    const price = cents(treatment.price);
    expect([days.get('2031-05-14'), days.get('2031-05-15')]).toEqual([price, price]);
  });

  it("the chain's day sums each branch's own day, though their midnights are hours apart", async () => {
    const days = await dailyRows('2031-05');
    const price = cents(treatment.price);
    expect([days.get('2031-05-14'), days.get('2031-05-15')]).toEqual([3 * price, 3 * price]);
    const monthly = await admin({ method: 'GET', url: '/v1/report/monthly-sales?year=2031' });
    const may = monthly.json<{ rows: { month: string; total: number }[] }>().rows.filter((r) => r.month === '2031-05');
    expect(may.reduce((s, r) => s + cents(r.total), 0)).toBe(6 * price);
  });

  it("Tijuana's daylight-saving days (23 and 25 hours) keep their first and last second", async () => {
    // 2031-03-09 springs forward (no 02:00–03:00), 2031-11-02 falls back (01:00–02:00 twice)
    for (const date of ['2031-03-09', '2031-11-02']) {
      const { from, to } = businessDayRange(ZONES[TIJUANA]!, date);
      expect((to.getTime() - from.getTime()) / 3_600_000).toBe(date.endsWith('03-09') ? 23 : 25);
      await sellAt(TIJUANA, from);
      await sellAt(TIJUANA, new Date(to.getTime() - 1000));
      // 2½ hours in: the spring day's 03:30 PDT, the autumn day's second 01:30 (PST)
      await sellAt(TIJUANA, new Date(from.getTime() + 2.5 * 3_600_000));
    }
    const price = cents(treatment.price);
    expect((await dailyRows('2031-03', TIJUANA)).get('2031-03-09')).toBe(3 * price);
    const november = await dailyRows('2031-11', TIJUANA);
    expect([november.get('2031-11-01'), november.get('2031-11-02'), november.get('2031-11-03')]).toEqual([undefined, 3 * price, undefined]);
  });
});
