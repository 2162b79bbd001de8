import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/inventory';
import { todayIn } from '../../../domain/age';
import { queryRows, useTestApp } from '../../testing/harness';

/**
 * The demo tells a story a clinic manager would believe (issue 29), on the seeded demo the API tests use. Its figures
 * move with the calendar (the demo's now is the moment it was loaded), so every bound here holds on any day of the year.
 */
const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

const TODAY = todayIn();
const YEAR_AGO = addDays(TODAY, -364);

describe('the demo story', () => {
  // Issue 29 asks 55–80 %: the demo measures about 58 % (cosmetology cabins 56–62 %, medical 59 %, valuation offices 23 %);
  // the bound leaves room for the calendar, which moves the twelve months read
  it("the chain's occupation over the last twelve months stays in a real clinic's range (at least 50 %, at most 80 %)", async () => {
    const res = await admin({ method: 'GET', url: `/v1/report/occupation?startDate=${YEAR_AGO}&endDate=${addDays(TODAY, -1)}` });
    expect(res.statusCode, res.body).toBe(200);
    const occupation = Number(res.json().totals.occupation);
    expect(occupation).toBeGreaterThanOrEqual(50);
    expect(occupation).toBeLessThanOrEqual(80);
  });

  it("no booking before today is left 'Agendada', and absences are a few per cent of the attended", async () => {
    const [row] = await queryRows<{ scheduled: number; finished: number; absent: number }>(
      t,
      sql`select count(*) filter (where a.status in ('scheduled', 'inProcess'))::int as scheduled,
            count(*) filter (where a.status = 'finished')::int as finished, count(*) filter (where a.status = 'absence')::int as absent
          from appointments a join branches b on b.id = a.branch_id
          where a.deleted_at is null and a.date < (now() at time zone b.time_zone)::date - 1`,
    );
    expect(row!.scheduled).toBe(0);
    expect(row!.finished).toBeGreaterThan(1000);
    const share = row!.absent / (row!.finished + row!.absent);
    expect(share).toBeGreaterThan(0.005);
    expect(share).toBeLessThan(0.08);
  });

  it('most past bookings carry a confirmation method', async () => {
    const [row] = await queryRows<{ past: number; confirmed: number }>(
      t,
      sql`select count(*)::int as past, count(*) filter (where confirm_method is not null)::int as confirmed
          from appointments where deleted_at is null and date >= ${YEAR_AGO}::date and date < ${TODAY}::date`,
    );
    expect(row!.past).toBeGreaterThan(0);
    expect(row!.confirmed / row!.past).toBeGreaterThan(0.6);
    const res = await admin({ method: 'GET', url: `/v1/report/confirmation?startDate=${YEAR_AGO}&endDate=${TODAY}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.length).toBeGreaterThan(0);
  });

  it('every clinic has branch expenses in each of the twelve whole months before this one', async () => {
    const clinics = await queryRows<{ id: string; name: string }>(
      t,
      sql`select id, name from branches where distribution_center = false and deleted_at is null and active order by code`,
    );
    expect(clinics.length).toBeGreaterThan(0);
    const [year, month] = TODAY.split('-').map(Number) as [number, number];
    for (let k = 1; k <= 12; k++) {
      const first = new Date(Date.UTC(year, month - 1 - k, 1)).toISOString().slice(0, 7);
      // the expenses report by branch (general-expenses-by-product: one row per branch) for that month: restocks received
      // (a month's total may be below zero where the clinic sent more in transfers than it received)
      const res = await admin({ method: 'GET', url: `/v1/report/general-expenses-by-product?month=${first}` });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().rows as { branchId: string; totalAssortments: number }[];
      for (const c of clinics) expect(Number(rows.find((r) => r.branchId === c.id)?.totalAssortments ?? 0), `${c.name} ${first}`).toBeGreaterThan(0);
    }
  });

  it("customers were registered at the front desk's hours in their branch's local time", async () => {
    const [row] = await queryRows<{ total: number; outside: number }>(
      t,
      sql`select count(*)::int as total,
            count(*) filter (where extract(hour from c.created_at at time zone b.time_zone) not between 9 and 19)::int as outside
          from customers c join branches b on b.id = c.registry_branch_id
          where c.customer_number between 1000 and 3999`,
    );
    expect(row!.total).toBeGreaterThan(1000);
    expect(row!.outside).toBe(0);
  });
});
