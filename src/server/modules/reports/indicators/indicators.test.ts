import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { INDICATOR_NAMES, revenuePerCabinHour, type IndicatorName } from '../../../../domain/indicators';
import { toCents } from '../../../../domain/money';
import { zonedInstant } from '../../../../domain/dates';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp } from '../../../testing/harness';
import { makeLot, saleWriter } from '../../../testing/sales';

/**
 * The owner's indicators on a week of March 2031 the demo never reaches (and the same week of 2030 as last year):
 * appointments, sales, payments and lots written with fixed dates, so every figure is known to the cent.
 */

const { t, admin, gerente, medico } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', medico: 'medico@demo.mx' });

const TIJUANA = demoId('branch:tijuana');
const CDMX = demoId('branch:cdmx');
const PERIOD = 'startDate=2031-03-10&endDate=2031-03-16';

interface Figure {
  value: number | null;
  lastYear: number | null;
  change: number | null;
  changePercent: number | null;
}
interface Answer {
  period: { from: string; to: string };
  lastYearPeriod: { from: string; to: string };
  rows: { branchId: string | null; branch: string; figures: Record<IndicatorName, Figure> }[];
}
interface Drill {
  value: number | null;
  rows: Record<string, string | number | null>[];
  totals: Record<string, string | number | null> | null;
  columns: { key: string }[];
}

const get = async <T>(url: string, caller = admin) => {
  const res = await caller({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const indicators = (query: string, caller = admin) => get<Answer>(`/v1/indicators?${query}`, caller);
const drill = (name: string, query: string) => get<Drill>(`/v1/indicators/${name}/drill?${query}`);
const rowOf = (a: Answer, branchId: string | null) => a.rows.find((r) => r.branchId === branchId)!;

const customers: string[] = [];
let tijuanaCabin: { id: string; type: string };
let cdmxCabin: { id: string; type: string };
let n = 0;

async function appointment(a: { customer: number; date: string; start: string; status: string; cdmx?: boolean; createdAt?: string }) {
  n += 1;
  const cabin = a.cdmx ? cdmxCabin : tijuanaCabin;
  const [h, m] = a.start.split(':').map(Number) as [number, number];
  const end = `${String(h + 1).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
  const zone = a.cdmx ? 'America/Mexico_City' : 'America/Tijuana';
  // booked (created) at noon of the given branch-local day; by default a month before the appointment
  const created = zonedInstant(zone, a.createdAt ?? '2031-01-01', 12 * 60).toISOString();
  await t.ctx.db.execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date,
      start_time, end_time, term, appointment_method, appointment_option, created_at)
    values (${'CITA-K' + String(n).padStart(6, '0')}, ${a.status}, ${a.cdmx ? CDMX : TIJUANA}, ${cabin.id}, ${customers[a.customer]}, ${cabin.type},
      ${a.date}, ${a.start}, ${end}, 30, 'inPerson', 'newTreatments', ${created}::timestamptz)`);
}

beforeAll(async () => {
  const cabinOf = async (branch: string) => {
    const [c] = await queryRows<{ id: string; type: string }>(
      t,
      sql`select c.id, ct.treatment_type_id as type from cabins c join cabin_types ct on ct.id = c.type_id
          where c.branch_id = ${branch} and c.active and c.deleted_at is null order by c.name limit 1`,
    );
    return c!;
  };
  tijuanaCabin = await cabinOf(TIJUANA);
  cdmxCabin = await cabinOf(CDMX);
  for (let i = 0; i < 4; i++) {
    const res = await admin({
      method: 'POST',
      url: '/v1/customer/create',
      payload: {
        name: 'Indicador',
        lastName: `Prueba${i}`,
        motherLastName: 'KPI',
        gender: 'Femenino',
        birthday: '1990-05-10',
        mobilePhone: `66403199${10 + i}`,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    customers.push(res.json<{ id: string }>().id);
  }

  // Tijuana: 4 finished (customer 0 twice), 1 absence; customer 0 booked the next one the day of the first visit
  await appointment({ customer: 0, date: '2031-03-10', start: '10:00', status: 'finished' });
  await appointment({ customer: 0, date: '2031-04-07', start: '10:00', status: 'scheduled', createdAt: '2031-03-10' });
  await appointment({ customer: 1, date: '2031-03-11', start: '10:00', status: 'finished' });
  await appointment({ customer: 1, date: '2031-03-20', start: '10:00', status: 'scheduled', createdAt: '2031-03-12' }); // booked the day after
  await appointment({ customer: 1, date: '2031-05-01', start: '10:00', status: 'finished' }); // back within 90 days
  await appointment({ customer: 2, date: '2031-03-12', start: '11:00', status: 'finished' });
  await appointment({ customer: 2, date: '2031-07-01', start: '11:00', status: 'finished' }); // back after 90 days
  await appointment({ customer: 0, date: '2031-03-13', start: '10:00', status: 'finished' });
  await appointment({ customer: 3, date: '2031-03-14', start: '10:00', status: 'absence' });
  await appointment({ customer: 3, date: '2031-03-14', start: '12:00', status: 'cancelled' }); // counted nowhere
  // CDMX: 1 finished, rebooked that day at Tijuana
  await appointment({ customer: 3, date: '2031-03-15', start: '10:00', status: 'finished', cdmx: true });
  await appointment({ customer: 3, date: '2031-03-25', start: '10:00', status: 'scheduled', createdAt: '2031-03-15' });
  // last year: one finished at Tijuana, not rebooked
  await appointment({ customer: 0, date: '2030-03-11', start: '10:00', status: 'finished' });

  const sale = saleWriter(t, 'KPI');
  await sale('orders', TIJUANA, '2031-03-11', '1000.00');
  await sale('cash_orders', TIJUANA, '2031-03-16', '250.50');
  await sale('orders', TIJUANA, '2031-03-12', '300.00', { refunded: true });
  await sale('orders', TIJUANA, '2031-03-12', '400.00', { status: 'pending_payment' });
  await sale('orders', TIJUANA, '2031-03-20', '500.00'); // after the period
  await sale('orders', CDMX, '2031-03-11', '100.00');
  await sale('orders', CDMX, '2031-03-12', '100.00');
  await sale('cash_orders', CDMX, '2031-03-13', '100.01');
  await sale('orders', TIJUANA, '2030-03-12', '500.00'); // last year
  // the income of the period at Tijuana: one payment of $1,000.00 in cash on its day
  await t.ctx.db.execute(sql`insert into sale_payments (order_kind, order_id, branch_id, business_date, kind, method, currency, amount, amount_mxn)
    select 'order', id, branch_id, business_date, 'payment', 'Efectivo', 'MXN', total, total from orders where order_number = 'KPI-orders-1'`);

  const [product] = await queryRows<{ id: string }>(t, sql`select id from products where deleted_at is null order by sku limit 1`);
  const lot = (allotment: string, expiresAt: string, price: number) => ({ productId: product!.id, branchId: TIJUANA, allotment, expiresAt, price });
  await makeLot(t, lot('KPI-A', '2031-03-30', 12.34), 10); // $123.40, within 30 days of the 16th
  await makeLot(t, lot('KPI-B', '2031-03-16', 1), 5); // $5.00, on the last day
  await makeLot(t, lot('KPI-C', '2031-04-16', 99), 3); // the 31st day after: not counted
});

describe('GET /v1/indicators', () => {
  it('answers each figure by branch and for the chain, against the same week of last year', async () => {
    const a = await indicators(PERIOD);
    expect(a.period).toEqual({ from: '2031-03-10', to: '2031-03-16' });
    expect(a.lastYearPeriod).toEqual({ from: '2030-03-10', to: '2030-03-16' });
    const chain = rowOf(a, null);
    const tj = rowOf(a, TIJUANA);
    const mx = rowOf(a, CDMX);
    expect(chain.branch).toBe('Toda la cadena');
    expect(a.rows[0]).toBe(a.rows.find((r) => r.branchId === null));

    // rebooking: Tijuana 1 of 4 finished; CDMX 1 of 1; chain 2 of 5; last year Tijuana 0 of 1
    expect(tj.figures.rebooking).toEqual({ value: 25, lastYear: 0, change: 25, changePercent: null });
    expect(mx.figures.rebooking).toMatchObject({ value: 100, lastYear: null, change: null });
    expect(chain.figures.rebooking.value).toBe(40);
    // retention: Tijuana's cohort is customers 0, 1, 2 (0 and 1 came back within 90 days); CDMX's customer 3 did not
    expect(tj.figures.retention90.value).toBe(66.67);
    expect(mx.figures.retention90.value).toBe(0);
    expect(chain.figures.retention90.value).toBe(50);
    // average ticket: Tijuana (1000 + 250.50) / 2; CDMX 300.01 / 3; chain 1550.51 / 5; last year 500
    expect(tj.figures.averageTicket).toEqual({ value: 625.25, lastYear: 500, change: 125.25, changePercent: 25.05 });
    expect(mx.figures.averageTicket.value).toBe(100);
    expect(chain.figures.averageTicket.value).toBe(310.1);
    // no-shows: Tijuana 1 of 5 (4 finished + 1 absence); chain 1 of 6
    expect(tj.figures.noShowRate.value).toBe(20);
    expect(mx.figures.noShowRate.value).toBe(0);
    expect(chain.figures.noShowRate.value).toBe(16.67);
    // a branch with nothing to count shows null ('—'), never 0 or a division by zero
    const cedis = rowOf(a, demoId('branch:cedis'));
    expect(cedis.figures.rebooking).toEqual({ value: null, lastYear: null, change: null, changePercent: null });
    expect(cedis.figures.averageTicket.value).toBeNull();
  });

  it("revenue per open cabin hour is the period's cash income over the occupation report's open hours", async () => {
    const occupation = await get<{ totals: { openMinutes: number } }>(`/v1/report/occupation?${PERIOD}&branchId=${TIJUANA}`);
    // daily sales takes a month: March 2031's only payment is the week's
    const sales = await get<{ totals: { total: number } }>(`/v1/report/daily-sales?month=2031-03&branchId=${TIJUANA}`);
    expect(sales.totals.total).toBe(1000);
    expect(occupation.totals.openMinutes).toBeGreaterThan(0);
    const a = await indicators(`${PERIOD}&branchId=${TIJUANA}`);
    expect(a.rows.map((r) => r.branchId)).toEqual([null, TIJUANA]);
    expect(a.rows[0]!.branch).toBe('Tijuana');
    expect(rowOf(a, TIJUANA).figures.revenuePerCabinHour.value).toBe(revenuePerCabinHour(toCents('1000.00'), occupation.totals.openMinutes));
    expect(rowOf(a, TIJUANA).figures.revenuePerCabinHour.lastYear).toBe(0);
  });

  it('values the lots held at the close of the last day that expire within 30 days of it', async () => {
    const [expected] = await queryRows<{ value: string }>(
      t,
      sql`select coalesce(sum(quantity * coalesce(price, 0)), 0)::text as value from product_stocks
          where deleted_at is null and branch_id = ${TIJUANA} and expires_at between '2031-03-16' and '2031-04-15'`,
    );
    const a = await indicators(PERIOD);
    const value = rowOf(a, TIJUANA).figures.expiringStock.value!;
    expect(value).toBe(Number(expected!.value));
    const d = await drill('expiringStock', `${PERIOD}&branchId=${TIJUANA}`);
    const lots = d.rows.filter((r) => String(r.allotment).startsWith('KPI-'));
    expect(lots.map((r) => [r.allotment, r.units, r.value])).toEqual([
      ['KPI-B', 5, 5],
      ['KPI-A', 10, 123.4],
    ]);
  });

  it("every drill's rows add up to its figure, per branch and for the chain, this year and last", async () => {
    const a = await indicators(PERIOD);
    for (const branchId of [TIJUANA, CDMX, null])
      for (const lastYear of [false, true])
        for (const name of INDICATOR_NAMES) {
          const query = `${PERIOD}${branchId ? `&branchId=${branchId}` : ''}${lastYear ? '&lastYear=true' : ''}`;
          const d = await drill(name, query);
          const f = rowOf(a, branchId).figures[name];
          expect([branchId, lastYear, name, d.value]).toEqual([branchId, lastYear, name, lastYear ? f.lastYear : f.value]);
        }
    const rebooking = await drill('rebooking', `${PERIOD}&branchId=${TIJUANA}`);
    expect(rebooking.rows).toHaveLength(4);
    expect(rebooking.totals).toMatchObject({ finished: 4, rebooked: 1 });
    expect(rebooking.rows.find((r) => r.rebooked === 1)).toMatchObject({
      date: '2031-03-10',
      nextAppointment: expect.stringMatching(/^CITA-K\d+ · 07\/04\/2031$/),
    });
    const ticket = await drill('averageTicket', PERIOD);
    expect(ticket.totals).toMatchObject({ sales: 5, total: 1550.51 });
    const retention = await drill('retention90', `${PERIOD}&branchId=${TIJUANA}`);
    expect(retention.rows.map((r) => [r.date, r.returned])).toEqual([
      ['2031-03-10', '2031-03-13'],
      ['2031-03-11', '2031-05-01'],
      ['2031-03-12', null],
    ]);
    const noShow = await drill('noShowRate', PERIOD);
    expect(noShow.totals).toMatchObject({ appointments: 6, absences: 1 });
    const revenue = await drill('revenuePerCabinHour', `${PERIOD}&branchId=${TIJUANA}`);
    expect(revenue.totals).toMatchObject({ income: 1000 });
  });
});

describe('access and bad input', () => {
  it('a branch-bound user reads only their branch (another is 403); without reports.view it is 403', async () => {
    const own = await indicators(PERIOD, gerente);
    expect(own.rows.map((r) => r.branchId)).toEqual([null, TIJUANA]);
    for (const url of [`/v1/indicators?${PERIOD}&branchId=${CDMX}`, `/v1/indicators/rebooking/drill?${PERIOD}&branchId=${CDMX}`]) {
      const res = await gerente({ method: 'GET', url });
      expect([url, res.statusCode, res.json<{ code: string }>().code]).toEqual([url, 403, 'BRANCH_FORBIDDEN']);
    }
    const res = await medico({ method: 'GET', url: `/v1/indicators?${PERIOD}` });
    expect(res.statusCode).toBe(403);
  });

  it('answers Spanish 4xx, never a 500', async () => {
    const cases: [string, number, RegExp][] = [
      [`/v1/indicators/nothing/drill?${PERIOD}`, 404, /Indicador no encontrado/],
      [`/v1/indicators?startDate=2031-02-30`, 400, /fecha inicial/],
      [`/v1/indicators?startDate=2031-03-16&endDate=2031-03-10`, 400, /anterior a la inicial/],
      [`/v1/indicators?startDate=2020-01-01&endDate=2031-01-01`, 400, /3 años/],
      [`/v1/indicators?month=2031-13`, 400, /AAAA-MM/],
      [`/v1/indicators?branchId=abc`, 400, /sucursal/],
      [`/v1/indicators?branchId=${demoId('nothing')}`, 404, /Sucursal no encontrada/],
      [`/v1/indicators/rebooking/drill?lastYear=quizá`, 400, /año anterior/],
    ];
    for (const [url, status, message] of cases) {
      const res = await admin({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, status]);
      expect(res.body).toMatch(message);
    }
  });

  it('takes a month or a year as the reports do', async () => {
    expect((await indicators('month=2031-03')).period).toEqual({ from: '2031-03-01', to: '2031-03-31' });
    const year = await indicators('year=2031');
    expect([year.period, year.lastYearPeriod]).toEqual([
      { from: '2031-01-01', to: '2031-12-31' },
      { from: '2030-01-01', to: '2030-12-31' },
    ]);
  });
});
