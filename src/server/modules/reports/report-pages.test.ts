import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows, useTestApp } from '../../testing/harness';

/**
 * A line report read a page at a time (`take`, `page`): the hub's way over a year of the chain's appointments. Each
 * page is the same rows, in the same order, as that slice of the whole answer; `meta.itemCount` counts every row and
 * the totals are those of every row, not of the page.
 */

const { t, admin } = useTestApp({ admin: 'admin@demo.mx' });

type Row = Record<string, string | number | null>;
type Answer = { rows: Row[]; totals: Row | null; meta?: { page: number; take: number; itemCount: number; pageCount: number } };

async function report(name: string, query: string): Promise<Answer> {
  const res = await admin({ method: 'GET', url: `/v1/report/${name}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

/** The 90 days up to the demo's latest commission line: a period with rows of every line report (read from the data, not from today). */
let period = '';
beforeAll(async () => {
  const [last] = await queryRows<{ from: string; to: string }>(
    t,
    sql`select (max(business_date) - 89)::text as from, max(business_date)::text as to from commissions where deleted_at is null`,
  );
  period = `startDate=${last!.from}&endDate=${last!.to}`;
});

describe('line reports a page at a time', () => {
  it.each(['scheduled-appointments', 'customers', 'individual-medical-fees', 'individual-cosmetology-fees', 'daily-cash-closing'])(
    '%s: the second page of 7 is that slice of every row, with the count and the totals of all',
    async (name) => {
      const whole = await report(name, period);
      expect(whole.rows.length, name).toBeGreaterThan(14);
      expect(whole.meta).toBeUndefined();
      const page = await report(name, `${period}&take=7&page=2`);
      expect(page.rows).toEqual(whole.rows.slice(7, 14));
      expect(page.meta).toMatchObject({ page: 2, take: 7, itemCount: whole.rows.length, pageCount: Math.ceil(whole.rows.length / 7) });
      expect(page.totals).toEqual(whole.totals);
      const last = await report(name, `${period}&take=7&page=${page.meta!.pageCount}`);
      expect(last.rows).toEqual(whole.rows.slice((page.meta!.pageCount - 1) * 7));
    },
  );

  it('refuses a page or a page size that is not a whole number in range, on its field', async () => {
    for (const [query, field] of [
      ['take=0', 'take'],
      ['take=1001', 'take'],
      ['take=abc', 'take'],
      ['take=10&page=0', 'page'],
    ]) {
      const res = await admin({ method: 'GET', url: `/v1/report/scheduled-appointments?${period}&${query}` });
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().errors[0]).toMatchObject({ field });
    }
  });
});
