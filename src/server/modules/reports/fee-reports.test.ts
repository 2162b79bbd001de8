import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { demoId } from '../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../testing/harness';

const { t, admin, gerente, medico, medica, cosmetologa } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  medico: 'medico@demo.mx',
  // a medic with medical lines in the demo (medico@demo.mx's are cosmetology lines of products sold)
  medica: 'daniela.herrera.tijuana1@demo.mx',
  cosmetologa: 'cosmetologa@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');

type Row = Record<string, string | number | null>;
type Report = { rows: Row[]; totals: Record<string, number | null> | null; columns: { key: string }[] };
type Totals = Record<string, number>;

const cents = (n: unknown) => Math.round(Number(n ?? 0) * 100);
const sum = (rows: Row[], key: string) => rows.reduce((s, r) => s + cents(r[key]), 0);
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

async function report(caller: Caller, name: string, query: string): Promise<Report> {
  const res = await caller({ method: 'GET', url: `/v1/report/${name}?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Report>();
}
async function drill(caller: Caller, name: string, query: string, key: string): Promise<Report> {
  return report(caller, `${name}/drill`, `${query}&key=${encodeURIComponent(key)}`);
}
async function screen(url: string): Promise<{ items: Row[]; totals: Totals }> {
  const res = await admin({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const status = async (caller: Caller, url: string) => (await caller({ method: 'GET', url })).statusCode;

/** The period: the 90 days up to the demo's latest commission line (read from the data, not from today); the medic's own
 * and the cosmetologist's own: the 90 days up to their latest line. */
let period = '';
let medicPeriod = '';
let cosmetologistPeriod = '';
let medicId = '';
let cosmetologistId = '';
beforeAll(async () => {
  const [last] = await rows<{ from: string; to: string }>(
    sql`select (max(business_date) - 90)::text as from, max(business_date)::text as to from commissions where deleted_at is null`,
  );
  period = `startDate=${last!.from}&endDate=${last!.to}`;
  const users = await rows<{ username: string; id: string }>(
    sql`select username, id from users where username in ('daniela.herrera.tijuana1@demo.mx', 'cosmetologa@demo.mx')`,
  );
  medicId = users.find((u) => u.username === 'daniela.herrera.tijuana1@demo.mx')!.id;
  cosmetologistId = users.find((u) => u.username === 'cosmetologa@demo.mx')!.id;
  const upTo = async (userId: string) => {
    const [own] = await rows<{ from: string | null; to: string | null }>(
      sql`select (max(business_date) - 90)::text as from, max(business_date)::text as to from commissions where deleted_at is null and user_id = ${userId}::uuid`,
    );
    expect(own!.to, 'the demo user has commission lines').toBeTruthy();
    return `startDate=${own!.from}&endDate=${own!.to}`;
  };
  medicPeriod = await upTo(medicId);
  cosmetologistPeriod = await upTo(cosmetologistId);
});

describe('general fees equal the commission screens', () => {
  it('medical: per medic and branch, totals = /commission/medical totals (every branch and one), drills add up to their cells', async () => {
    for (const branch of ['', `&branchId=${TIJUANA}`]) {
      const general = await report(admin, 'general-medical-fees', period + branch);
      const list = await screen(`/v1/commission/medical?${period}${branch}&take=all`);
      expect(general.rows.length).toBeGreaterThan(0);
      expect([cents(general.totals!.subtotal), cents(general.totals!.isr), cents(general.totals!.commission), cents(general.totals!.total)]).toEqual([
        cents(list.totals.commission),
        cents(list.totals.isrAmount),
        cents(list.totals.payable),
        cents(list.totals.payable),
      ]);
      expect(cents(list.totals.payable)).toBe(cents(list.totals.commission) - cents(list.totals.isrAmount));
      // the rows of one medic (at every branch) add up to the screen's row of that medic
      for (const person of list.items) {
        const mine = general.rows.filter((r) => r.userId === person.userId);
        expect(sum(mine, 'total'), String(person.name)).toBe(cents(person.payable));
      }
    }
    const general = await report(admin, 'general-medical-fees', period);
    for (const row of general.rows.slice(0, 6)) {
      const detail = await drill(admin, 'general-medical-fees', period, `${row.userId}|${row.branchId}`);
      expect(detail.columns.map((c) => c.key)).toContain('treatment');
      expect(detail.rows.length).toBeGreaterThan(0);
      expect([sum(detail.rows, 'total'), sum(detail.rows, 'commission'), sum(detail.rows, 'isr')]).toEqual([
        cents(row.total),
        cents(row.subtotal),
        cents(row.isr),
      ]);
      expect(cents(detail.totals!.total)).toBe(cents(row.total));
      // the same lines as the screen's detail of that medic at that branch
      const lines = await screen(`/v1/commission/medical/${row.userId}/user?${period}&branchId=${row.branchId}&take=all`);
      expect(detail.rows.length).toBe(lines.items.length);
      expect(cents(lines.totals.payable)).toBe(cents(row.total));
    }
  });

  it('cosmetology: per cosmetologist and branch, totals = /commission/cosmetic totals, bases = the detail lines’, drills add up', async () => {
    for (const branch of ['', `&branchId=${TIJUANA}`]) {
      const general = await report(admin, 'general-cosmetology-fees', period + branch);
      const list = await screen(`/v1/commission/cosmetic?${period}${branch}&take=all`);
      expect(general.rows.length).toBeGreaterThan(0);
      expect([cents(general.totals!.commission), cents(general.totals!.total)]).toEqual([cents(list.totals.commission), cents(list.totals.commission)]);
      let base = 0;
      for (const person of list.items) {
        const lines = await screen(`/v1/commission/cosmetic/${person.userId}/user?${period}${branch}&take=all`);
        base += sum(lines.items, 'base');
        const mine = general.rows.filter((r) => r.userId === person.userId);
        expect(sum(mine, 'commission'), String(person.name)).toBe(cents(person.commission));
      }
      expect(cents(general.totals!.base)).toBe(base);
    }
    const general = await report(admin, 'general-cosmetology-fees', period);
    for (const row of general.rows.slice(0, 6)) {
      const detail = await drill(admin, 'general-cosmetology-fees', period, `${row.userId}|${row.branchId}`);
      expect([sum(detail.rows, 'total'), sum(detail.rows, 'commission'), sum(detail.rows, 'salePrice')]).toEqual([
        cents(row.total),
        cents(row.commission),
        cents(row.base),
      ]);
    }
  });

  it('a drill key that is not <user>|<branch> is a 400', async () => {
    const res = await admin({ method: 'GET', url: `/v1/report/general-medical-fees/drill?${period}&key=abc` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'key' });
  });
});

describe('individual fees', () => {
  it('lists a medic’s lines as the screen’s detail: reversals negative on their own day', async () => {
    const mine = await report(admin, 'individual-medical-fees', `${medicPeriod}&userId=${medicId}`);
    const lines = await screen(`/v1/commission/medical/${medicId}/user?${medicPeriod}&take=all`);
    expect(mine.rows.length).toBe(lines.items.length);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect([cents(mine.totals!.commission), cents(mine.totals!.isr), cents(mine.totals!.total)]).toEqual([
      cents(lines.totals.commission),
      cents(lines.totals.isrAmount),
      cents(lines.totals.payable),
    ]);
    for (const r of mine.rows) {
      expect(r.userId).toBe(medicId);
      expect(cents(r.total)).toBe(cents(r.commission) - cents(r.isr));
      expect(String(r.time)).toMatch(/^\d{2}:\d{2}$/);
    }
    const days = mine.rows.map((r) => String(r.date));
    expect([...days].sort()).toEqual(days);
  });

  it('a reversal is its own negative row on the day it happened', async () => {
    const [reversal] = await rows<{ user_id: string; business_date: string; payable: string; kind: string }>(
      sql`select user_id, business_date::text, payable::text, kind from commissions where reversal_of is not null and deleted_at is null
        order by business_date desc limit 1`,
    );
    expect(reversal, 'the demo has reversed commission lines').toBeDefined();
    const name = reversal!.kind === 'medical' ? 'individual-medical-fees' : 'individual-cosmetology-fees';
    const day = reversal!.business_date;
    const r = await report(admin, name, `startDate=${day}&endDate=${day}&userId=${reversal!.user_id}`);
    const negative = r.rows.filter((row) => cents(row.total) < 0);
    expect(negative.length).toBeGreaterThan(0);
    expect(negative.some((row) => cents(row.total) === cents(reversal!.payable) && row.date === day)).toBe(true);
  });

  it('lists a cosmetologist’s lines with their sale, concept, base and percent', async () => {
    const mine = await report(admin, 'individual-cosmetology-fees', `${cosmetologistPeriod}&userId=${cosmetologistId}`);
    const lines = await screen(`/v1/commission/cosmetic/${cosmetologistId}/user?${cosmetologistPeriod}&take=all`);
    expect(mine.rows.length).toBe(lines.items.length);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(cents(mine.totals!.commission)).toBe(cents(lines.totals.commission));
    expect(cents(mine.totals!.salePrice)).toBe(sum(lines.items, 'base'));
    const sale = mine.rows.find((r) => r.orderNumber && cents(r.total) > 0)!;
    expect(sale.product).toBeTruthy();
    expect(typeof sale.percent).toBe('number');
  });
});

describe('who reads which fees', () => {
  it('a medic reads only their own lines: another medic, other reports and drills are 403', async () => {
    const own = await report(medica, 'individual-medical-fees', medicPeriod);
    const asAdmin = await report(admin, 'individual-medical-fees', `${medicPeriod}&userId=${medicId}`);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.length).toBe(asAdmin.rows.length);
    expect(own.rows.every((r) => r.userId === medicId)).toBe(true);
    expect(cents(own.totals!.total)).toBe(cents(asAdmin.totals!.total));
    expect((await report(medica, 'individual-medical-fees', `${medicPeriod}&userId=${medicId}`)).rows.length).toBe(own.rows.length);

    const [other] = await rows<{ user_id: string }>(
      sql`select user_id from commissions where kind = 'medical' and user_id <> ${medicId}::uuid and deleted_at is null limit 1`,
    );
    expect(await status(medica, `/v1/report/individual-medical-fees?${period}&userId=${other!.user_id}`)).toBe(403);
    for (const name of ['general-medical-fees', 'individual-cosmetology-fees', 'general-inventory', 'daily-sales'])
      expect(await status(medica, `/v1/report/${name}?${period}`), name).toBe(403);
    expect(await status(medica, `/v1/report/general-medical-fees/drill?${period}&key=${medicId}|${TIJUANA}`)).toBe(403);
    // reports.show opens the hub's menu entry, not the inventory screen's stock report
    expect(await status(medica, `/v1/report/get-stock-by-branch?branchId=${TIJUANA}`)).toBe(403);
    // the demo's medico@demo.mx has no medical lines: an empty report, not a refusal
    expect((await report(medico, 'individual-medical-fees', medicPeriod)).rows).toEqual([]);
    expect(await status(medico, `/v1/report/individual-medical-fees?${medicPeriod}&userId=${medicId}`)).toBe(403);
  });

  it('a cosmetologist reads only their own cosmetology lines', async () => {
    const own = await report(cosmetologa, 'individual-cosmetology-fees', cosmetologistPeriod);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.userId === cosmetologistId)).toBe(true);
    const asAdmin = await report(admin, 'individual-cosmetology-fees', `${cosmetologistPeriod}&userId=${cosmetologistId}`);
    expect(own.rows.length).toBe(asAdmin.rows.length);
    expect(await status(cosmetologa, `/v1/report/individual-cosmetology-fees?${period}&userId=${medicId}`)).toBe(403);
    for (const name of ['general-cosmetology-fees', 'individual-medical-fees', 'general-inventory'])
      expect(await status(cosmetologa, `/v1/report/${name}?${period}`), name).toBe(403);
  });

  it('the medic and cosmetologist roles open the hub (reports.show, reports) without reading every report (no view)', async () => {
    const privileges = await rows<{ name: string; actions: string[] }>(
      sql`select r.name, rp.actions from role_privileges rp join roles r on r.id = rp.role_id
        where rp.module = 'reports' and r.name in ('Médico', 'Cosmetóloga') order by r.name`,
    );
    expect(privileges.map((p) => [p.name, [...p.actions].sort()])).toEqual([
      ['Cosmetóloga', ['reports', 'show']],
      ['Médico', ['reports', 'show']],
    ]);
  });

  it('a branch manager reads their branch only: another branch, or a drill into one, is 403', async () => {
    expect(await status(gerente, `/v1/report/general-medical-fees?${period}&branchId=${MEXICALI}`)).toBe(403);
    expect(await status(gerente, `/v1/report/general-cosmetology-fees?${period}&branchId=${MEXICALI}`)).toBe(403);
    expect(await status(gerente, `/v1/report/general-inventory?branchId=${MEXICALI}`)).toBe(403);
    const own = await report(gerente, 'general-medical-fees', period);
    expect(own.rows.length).toBeGreaterThan(0);
    expect(own.rows.every((r) => r.branchId === TIJUANA)).toBe(true);
    const all = await report(admin, 'general-medical-fees', period);
    const elsewhere = all.rows.find((r) => r.branchId !== TIJUANA)!;
    expect(await status(gerente, `/v1/report/general-medical-fees/drill?${period}&key=${elsewhere.userId}|${elsewhere.branchId}`)).toBe(403);
    const individual = await report(gerente, 'individual-medical-fees', period);
    expect(individual.rows.every((r) => r.branchId === TIJUANA)).toBe(true);
  });
});

describe('general-inventory', () => {
  const FUTURE = 'month=2099-12';
  type Lot = { id: string; product_id: string; quantity: number; price: string };

  /** What the stock holds now at a branch: pieces and value (cents) of its live lots. */
  async function heldNow(branchId: string) {
    const [r] = await rows<{ pieces: string; value: string }>(
      sql`select coalesce(sum(quantity), 0)::text as pieces, coalesce(sum(quantity * coalesce(price, 0)), 0)::text as value
        from product_stocks where branch_id = ${branchId}::uuid and deleted_at is null`,
    );
    return { pieces: Number(r!.pieces), value: cents(r!.value) };
  }
  /** The same at the end of a past local day, read from each lot's last ledger balance before it (the ledger's own running balance). */
  async function heldAt(branchId: string, day: string) {
    const [r] = await rows<{ pieces: string; value: string }>(
      sql`select coalesce(sum(last.balance), 0)::text as pieces, coalesce(sum(last.balance * coalesce(s.price, 0)), 0)::text as value
        from product_stocks s join branches b on b.id = s.branch_id
        cross join lateral (select m.balance from stock_movements m where m.stock_id = s.id
          and m.created_at < ((${day}::date + 1)::timestamp at time zone b.time_zone) order by m.seq desc limit 1) last
        where s.branch_id = ${branchId}::uuid and s.deleted_at is null`,
    );
    return { pieces: Number(r!.pieces), value: cents(r!.value) };
  }
  const figures = (r: Report, branchId: string) => {
    const row = r.rows.find((x) => x.branchId === branchId)!;
    expect(cents(row.total)).toBe(cents(row.totalAmount));
    return { pieces: Number(row.quantity), value: cents(row.totalAmount) };
  };

  it('a period ending today or later is the stock now; a past end is the ledger’s balance then, and a movement made after it changes only the present', async () => {
    const now = await report(admin, 'general-inventory', FUTURE);
    expect(now.rows.length).toBeGreaterThan(1);
    expect(figures(now, TIJUANA)).toEqual(await heldNow(TIJUANA));
    expect(cents(now.totals!.total)).toBe(sum(now.rows, 'totalAmount'));

    // the branch's yesterday, from the database's clock: every movement made below comes after its end
    const [{ day } = { day: '' }] = await rows<{ day: string }>(
      sql`select ((now() at time zone time_zone)::date - 1)::text as day from branches where id = ${TIJUANA}::uuid`,
    );
    const [{ month } = { month: '' }] = await rows<{ month: string }>(
      sql`select to_char(max(created_at) at time zone 'America/Tijuana' - interval '1 month', 'YYYY-MM') as month from stock_movements`,
    );
    const pastMonth = await report(admin, 'general-inventory', `month=${month}&branchId=${TIJUANA}`);
    const [{ last } = { last: '' }] = await rows<{ last: string }>(
      sql`select (date_trunc('month', ${month + '-01'}::date) + interval '1 month - 1 day')::date::text as last`,
    );
    expect(figures(pastMonth, TIJUANA)).toEqual(await heldAt(TIJUANA, last));

    const before = figures(await report(admin, 'general-inventory', `startDate=${day}&endDate=${day}&branchId=${TIJUANA}`), TIJUANA);
    expect(before).toEqual(await heldAt(TIJUANA, day));

    // a lot that has not expired (an expired one is only written off or returned)
    const [lot] = await rows<Lot>(
      sql`select id, product_id, quantity, price::text from product_stocks where branch_id = ${TIJUANA}::uuid and deleted_at is null
        and quantity > 2 and price > 0 and (expires_at is null or expires_at > (now() at time zone 'America/Tijuana')::date + 1)
        order by expires_at desc nulls first, allotment, id limit 1`,
    );
    const drop = await admin({
      method: 'PATCH',
      url: '/v1/stock/adjustment',
      payload: { productId: lot!.product_id, branchId: TIJUANA, type: 'drop', quantity: 2, stockId: lot!.id, justification: 'Prueba del reporte' },
    });
    expect(drop.statusCode, drop.body).toBe(200);
    const received = await admin({
      method: 'PATCH',
      url: '/v1/stock/adjustment',
      payload: { productId: lot!.product_id, branchId: TIJUANA, type: 'registration', quantity: 5, allotment: 'REPORTE-NUEVO', justification: 'Prueba' },
    });
    expect(received.statusCode, received.body).toBe(200);
    const [fresh] = await rows<{ price: string }>(
      sql`select price::text from product_stocks where branch_id = ${TIJUANA}::uuid and allotment = 'REPORTE-NUEVO'`,
    );

    const after = await report(admin, 'general-inventory', `${FUTURE}&branchId=${TIJUANA}`);
    const nowFigures = figures(after, TIJUANA);
    expect(nowFigures).toEqual(await heldNow(TIJUANA));
    expect(nowFigures).toEqual({
      pieces: figures(now, TIJUANA).pieces - 2 + 5,
      value: figures(now, TIJUANA).value - 2 * cents(lot!.price) + 5 * cents(fresh!.price),
    });
    // the past is what it was: the drop and the new lot came after its end
    expect(figures(await report(admin, 'general-inventory', `startDate=${day}&endDate=${day}&branchId=${TIJUANA}`), TIJUANA)).toEqual(before);
    expect(figures(await report(admin, 'general-inventory', `month=${month}&branchId=${TIJUANA}`), TIJUANA)).toEqual(figures(pastMonth, TIJUANA));
  });
});
