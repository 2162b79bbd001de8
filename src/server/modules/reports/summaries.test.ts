import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { toCents } from '../../../domain/money';
import { demoId } from '../../db/demo/random';
import { putIntoLot } from '../inventory';
import { insertAppointment } from '../../testing/appointments';
import { queryRows, useTestApp } from '../../testing/harness';
import { foldReportSummaries, rebuildReportSummaries } from '.';
import { splitByMonths } from './period';

/**
 * The reports' summaries (migrations 0028, 0033) equal their detail: after the demo's year and a day of mixed activity at the
 * counter and in the agenda (split tenders with change and dollars, a product sale, a refund, bookings made, moved,
 * confirmed, cancelled, finished, deleted and restored), before and after the fold job, and the fold equals a rebuild.
 */
const { t, recepcion } = useTestApp({ recepcion: 'recepcion.tijuana@demo.mx' });
const TIJUANA = demoId('branch:tijuana');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);

/** Every branch-day's money as the sales reports read it: from the rows the sales write, and from the summary. */
const MONEY_DETAIL = sql`select branch_id, business_date::text as day, sale_date::text as sale_day, order_kind, channel, kind, method, currency,
    sum(amount)::text as amount, sum(amount_mxn)::text as amount_mxn
  from (select p.branch_id, p.business_date, case when p.kind = 'refund' then p.sale_date else p.business_date end as sale_date, p.order_kind,
        p.channel, p.kind, p.method, p.currency, p.amount, p.amount_mxn from sale_payments p where p.channel is not null
      union all select s.branch_id, s.business_date, s.business_date, 'order', s.channel, 'change', 'Efectivo', 'MXN', s.change, s.change
        from orders s where s.change > 0
      union all select s.branch_id, s.business_date, s.business_date, 'cashOrder', s.channel, 'change', 'Efectivo', 'MXN', s.change, s.change
        from cash_orders s where s.change > 0) m
  group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(amount) <> 0 or sum(amount_mxn) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`;
const MONEY_SUMMARY = sql`select branch_id, business_date::text as day, sale_date::text as sale_day, order_kind, channel, kind, method, currency,
    sum(amount)::text as amount, sum(amount_mxn)::text as amount_mxn
  from report_money group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(amount) <> 0 or sum(amount_mxn) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`;

/** Every cabin-day's appointments as the agenda reports count them: from the appointments, and from the summary. */
const CABIN_DETAIL = sql`select a.date::text as day, a.cabin_id, a.appointment_method as channel, null::text as confirm, null::text as hour,
    count(*) filter (where a.status <> 'cancelled')::int as n from appointments a where a.deleted_at is null group by 1, 2, 3
  union all select a.date::text, a.cabin_id, null, a.confirm_method, null, count(*)::int from appointments a
    where a.deleted_at is null and a.confirm_method is not null group by 1, 2, 4
  union all select a.date::text, a.cabin_id, null, 'finished', null, count(*)::int from appointments a
    where a.deleted_at is null and a.status = 'finished' group by 1, 2
  union all select a.date::text, a.cabin_id, null, 'all', null, count(*)::int from appointments a where a.deleted_at is null group by 1, 2
  union all select b.date::text, b.cabin_id, null, null, h.hour::text, sum(greatest(0, least(b.e, (h.hour + 1) * 60) - greatest(b.s, h.hour * 60)))::int
    from (select a.date, a.cabin_id, (extract(epoch from a.start_time) / 60)::int as s,
        case when a.end_time = '00:00' then 1440 else (extract(epoch from a.end_time) / 60)::int end as e
      from appointments a where a.deleted_at is null and a.status in ('scheduled', 'inProcess', 'finished')) b
      join generate_series(0, 23) as h(hour) on h.hour * 60 < b.e and (h.hour + 1) * 60 > b.s
    group by 1, 2, 5`;
const CABIN_SUMMARY = sql`with d as (select date, cabin_id, sum(in_person) in_person, sum(phone_call) phone_call, sum(social_networks) social_networks,
      sum(app) app, sum(ecommerce) ecommerce, sum(finished) finished, sum(confirm_si) si, sum(confirm_no) no, sum(confirm_whatsapp) whatsapp,
      sum(confirm_buzon) buzon, sum(confirm_email) email, sum(confirm_app) c_app, sum(confirm_ecommerce) c_ecommerce,
      report_sum_by_hour(booked_by_hour) by_hour, sum(appointments) appointments
    from report_cabin_day group by date, cabin_id)
  select d.date::text as day, d.cabin_id, x.channel, x.confirm, x.hour, x.n::int as n
  from d, lateral (values ('inPerson', null, null, d.in_person), ('phoneCall', null, null, d.phone_call), ('socialNetworks', null, null, d.social_networks),
      ('app', null, null, d.app), ('ecommerce', null, null, d.ecommerce), (null, 'finished', null, d.finished), (null, 'si', null, d.si),
      (null, 'no', null, d.no), (null, 'whatsapp', null, d.whatsapp), (null, 'buzón', null, d.buzon), (null, 'email', null, d.email),
      (null, 'app', null, d.c_app), (null, 'ecommerce', null, d.c_ecommerce), (null, 'all', null, d.appointments)) as x(channel, confirm, hour, n)
  where x.n <> 0
  union all select d.date::text, d.cabin_id, null, null, (u.i - 1)::text, u.m from d, unnest(d.by_hour) with ordinality as u(m, i) where u.m <> 0`;

/** Every person's fee lines by kind and branch-day: from the commissions, and from the summary (migration 0033). */
const COMMISSION_DETAIL = sql`select kind, business_date::text as day, branch_id, user_id, count(*)::int as lines, sum(base)::text as base,
    sum(commission)::text as commission, sum(isr_amount)::text as isr_amount, sum(payable)::text as payable
  from commissions where deleted_at is null group by 1, 2, 3, 4 order by 1, 2, 3, 4`;
const COMMISSION_SUMMARY = sql`select kind, business_date::text as day, branch_id, user_id, sum(lines)::int as lines, sum(base)::text as base,
    sum(commission)::text as commission, sum(isr_amount)::text as isr_amount, sum(payable)::text as payable
  from report_commission_day group by 1, 2, 3, 4 having sum(lines) <> 0 order by 1, 2, 3, 4`;
const COMMISSION_MONTHS = (from: SQL, month: SQL) => sql`select kind, ${month} as month, branch_id, user_id, sum(lines)::int as lines,
    sum(base)::text as base, sum(commission)::text as commission, sum(isr_amount)::text as isr_amount, sum(payable)::text as payable
  from ${from} m group by 1, 2, 3, 4 having sum(lines) <> 0 order by 1, 2, 3, 4`;

/** Every branch-day's expenses by part: from the stock ledger at the lots' prices, and from the summary (migration 0036). */
const EXPENSE_DETAIL = sql`select (sm.created_at at time zone b.time_zone)::date::text as day, sm.branch_id,
    case sm.cause when 'restock_received' then 'assortment' when 'transfer_received' then 'transferReceived' when 'provider_return' then 'return'
      else (case when d.distribution_center then 'return' else 'transferSent' end) end as kind,
    sum(coalesce(s.price, 0) * case when sm.cause in ('restock_received', 'transfer_received') then sm.quantity else -sm.quantity end)::text as amount
  from stock_movements sm join branches b on b.id = sm.branch_id join product_stocks s on s.id = sm.stock_id
    left join transfers t on sm.cause in ('transfer_sent', 'transfer_returned') and t.id = sm.document_id
    left join branches d on d.id = t.destiny_branch_id
  where sm.cause in ('restock_received', 'transfer_received', 'transfer_sent', 'transfer_returned', 'provider_return')
  group by 1, 2, 3 having sum(coalesce(s.price, 0) * sm.quantity) <> 0 order by 1, 2, 3`;
const EXPENSE_SUMMARY = sql`select day::text as day, branch_id, kind, sum(amount)::text as amount from report_expense_day
  group by 1, 2, 3 having sum(amount) <> 0 order by 1, 2, 3`;
const EXPENSE_MONTHS = (from: SQL) => sql`select date_trunc('month', day)::date::text as month, branch_id, kind, sum(amount)::text as amount
  from ${from} m group by 1, 2, 3 having sum(amount) <> 0 order by 1, 2, 3`;

/** The customers report's registration days (migration 0035) that differ from the detail: a customer's, and each sale's. */
const REGISTRATION_DRIFT = sql`select 'customer' as what, c.id::text from customers c
    where c.registered_on is distinct from (c.created_at at time zone coalesce((select b.time_zone from branches b where b.id = c.registry_branch_id), 'America/Tijuana'))::date
  union all select 'order', o.id::text from orders o left join customers c on c.id = o.customer_id
    where o.customer_registered_on is distinct from (case when c.deleted_at is null then c.registered_on end)
  union all select 'cash order', o.id::text from cash_orders o left join customers c on c.id = o.customer_id
    where o.customer_registered_on is distinct from (case when c.deleted_at is null then c.registered_on end)`;

const key = (r: Record<string, unknown>) => JSON.stringify(r);
/** The non-zero counts of a cabin query, as a sorted list (a count of 0 in the detail is no row in the summary). */
async function cabinCounts(q: ReturnType<typeof sql>) {
  return (await rows<Record<string, unknown>>(q))
    .filter((r) => Number(r.n) !== 0)
    .map(key)
    .sort();
}
/** The month views against the day views summed by month (the day views being the detail, as checked above). */
const MONEY_MONTHS = (from: SQL, day: SQL) => sql`select branch_id, ${day} as month, date_trunc('month', sale_date)::date::text as sale_month, order_kind,
    channel, kind, method, currency, sum(amount)::text as amount, sum(amount_mxn)::text as amount_mxn
  from ${from} m group by 1, 2, 3, 4, 5, 6, 7, 8 having sum(amount) <> 0 or sum(amount_mxn) <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`;
const CABIN_MONTHS = (from: SQL, day: SQL) => sql`select branch_id, ${day} as month, cabin_id, sum(booked_minutes)::int as minutes,
    sum(in_person + phone_call + social_networks + app + ecommerce)::int as booked, sum(finished)::int as finished, sum(appointments)::int as appointments,
    sum(confirm_si + confirm_no + confirm_whatsapp + confirm_buzon + confirm_email + confirm_app + confirm_ecommerce)::int as confirmed,
    array_to_json(report_sum_by_hour(booked_by_hour))::text as by_hour
  from ${from} m group by 1, 2, 3 order by 1, 2, 3`;
const monthOf = sql`date_trunc('month', m.business_date)::date::text`;
const cabinMonthOf = sql`date_trunc('month', m.date)::date::text`;
const nonZero = (list: Record<string, unknown>[]) =>
  list.filter((r) => r.minutes !== 0 || r.booked !== 0 || r.finished !== 0 || r.confirmed !== 0 || r.appointments !== 0);

async function expectSummariesEqualDetail() {
  expect(await rows(MONEY_SUMMARY)).toEqual(await rows(MONEY_DETAIL));
  const [summary, detail] = [await cabinCounts(CABIN_SUMMARY), await cabinCounts(CABIN_DETAIL)];
  expect(summary.length).toBeGreaterThan(0);
  expect(summary).toEqual(detail);
  expect(await rows(MONEY_MONTHS(sql`report_money_month`, monthOf))).toEqual(await rows(MONEY_MONTHS(sql`report_money`, monthOf)));
  expect(nonZero(await rows(CABIN_MONTHS(sql`report_cabin_month`, cabinMonthOf)))).toEqual(
    nonZero(await rows(CABIN_MONTHS(sql`report_cabin_day`, cabinMonthOf))),
  );
  const commissions = await rows(COMMISSION_DETAIL);
  expect(commissions.length).toBeGreaterThan(0);
  expect(await rows(COMMISSION_SUMMARY)).toEqual(commissions);
  expect(await rows(COMMISSION_MONTHS(sql`report_commission_month`, monthOf))).toEqual(await rows(COMMISSION_MONTHS(sql`report_commission_day`, monthOf)));
  expect(await rows(REGISTRATION_DRIFT)).toEqual([]);
  const expenses = await rows(EXPENSE_DETAIL);
  expect(expenses.length).toBeGreaterThan(0);
  expect(await rows(EXPENSE_SUMMARY)).toEqual(expenses);
  expect(await rows(EXPENSE_MONTHS(sql`report_expense_month`))).toEqual(await rows(EXPENSE_MONTHS(sql`report_expense_day`)));
}
const pending = async () =>
  (
    await rows<{ n: number }>(sql`select ((select count(*) from report_money_deltas) + (select count(*) from report_cabin_day_deltas)
      + (select count(*) from report_commission_deltas) + (select count(*) from report_expense_deltas))::int as n`)
  )[0]!.n;

let keySeq = 0;
async function sell(url: string, payload: Record<string, unknown>) {
  const res = await recepcion({ method: 'POST', url, payload, headers: { 'idempotency-key': `resumen-${++keySeq}` } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ orderNumber: string; total: number }>();
}

beforeAll(async () => {
  // the demo's template was folded or rebuilt when it was made: start from the day rows alone
  await foldReportSummaries(t.ctx.db);
  const [treatment] = await rows<{ id: string; price: string }>(
    sql`select id, price::text from treatments where active and deleted_at is null and price between 500 and 5000 order by sku limit 1`,
  );
  const [{ id: customerId }] = (await rows<{ id: string }>(
    sql`select id from customers where deleted_at is null and active order by customer_number limit 1`,
  )) as [{ id: string }];
  const price = Number(treatment!.price);
  // split tenders: dollars at the day's rate, a card and pesos over the rest (change)
  const split = await sell('/v1/order/create', {
    channel: 'pos',
    branchId: TIJUANA,
    customerId,
    items: [{ treatmentId: treatment!.id, quantity: 1 }],
    payments: [
      { method: 'Efectivo', amount: 10, currency: 'USD' },
      { method: 'Tarjeta de crédito', amount: 100, currency: 'MXN' },
      { method: 'Efectivo', amount: Math.ceil(price) + 200, currency: 'MXN' },
    ],
  });
  await sell('/v1/order/create', {
    channel: 'pos',
    branchId: TIJUANA,
    customerId,
    items: [{ treatmentId: treatment!.id, quantity: 1 }],
    payments: [{ method: 'Tarjeta de débito', amount: price, currency: 'MXN' }],
  });
  const refund = await recepcion({
    method: 'POST',
    url: `/v1/order/${split.orderNumber}/refund`,
    payload: { refundReason: 'Prueba de los resúmenes', refundMethod: 'Efectivo', password: 'Demo2026!', branchId: TIJUANA },
  });
  expect(refund.statusCode, refund.body).toBe(200);

  // the agenda: bookings in two cabins made, moved (time, day, cabin), confirmed, cancelled, finished, deleted and restored
  const cabins = await rows<{ id: string; type_id: string }>(
    sql`select c.id, ct.treatment_type_id as type_id from cabins c join cabin_types ct on ct.id = c.type_id
      where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null order by c.name limit 2`,
  );
  const cabin = (i: number) => ({ id: cabins[i]!.id, treatmentTypeId: cabins[i]!.type_id });
  const booked: { id: string }[] = [];
  for (let i = 0; i < 6; i++)
    booked.push(
      await insertAppointment(t.ctx.db, {
        appointmentNumber: `RESUMEN-${i}`,
        branchId: TIJUANA,
        cabin: cabin(i % 2),
        customerId,
        date: '2031-03-0' + (1 + (i % 3)),
        start: `${10 + i}:10`,
        end: `${11 + i}:40`,
      }),
    );
  const on = (i: number) => sql`id = ${booked[i]!.id}`;
  await rows(sql`update appointments set start_time = '09:45', end_time = '10:15' where ${on(0)}`);
  await rows(sql`update appointments set date = '2031-03-09', cabin_id = ${cabins[0]!.id} where ${on(1)}`);
  await rows(sql`update appointments set confirm_method = 'whatsapp' where ${on(2)}`);
  await rows(sql`update appointments set confirm_method = 'no', status = 'cancelled' where ${on(3)}`);
  await rows(sql`update appointments set status = 'finished', appointment_method = 'app', end_time = '23:45' where ${on(4)}`);
  await rows(sql`update appointments set deleted_at = now() where ${on(5)} or ${on(2)}`);
  await rows(sql`update appointments set deleted_at = null where ${on(2)}`);
  await rows(sql`update appointments set observations = 'sin efecto en los reportes' where ${on(0)}`);

  // fee lines changed by hand: an amount, a day and branch, a line deleted, another deleted and restored, a note
  const lines = await rows<{ id: string }>(sql`select id from commissions where deleted_at is null order by business_date desc, id limit 4`);
  const line = (i: number) => sql`id = ${lines[i]!.id}`;
  await rows(sql`update commissions set commission = commission + 1.23, payable = payable + 1.23, isr_amount = isr_amount + 0.10 where ${line(0)}`);
  await rows(sql`update commissions set business_date = '2031-03-02', branch_id = ${TIJUANA} where ${line(1)}`);
  await rows(sql`update commissions set deleted_at = now() where ${line(2)} or ${line(3)}`);
  await rows(sql`update commissions set deleted_at = null where ${line(3)}`);
  await rows(sql`update commissions set concept = 'sin efecto en los reportes' where ${line(0)}`);

  // customers who bought: one moved to another registry branch, one deleted, one deleted and restored, one registered
  // a day earlier; a sale given to another customer; a branch's time zone changed
  const buyers = await rows<{ id: string }>(
    sql`select customer_id as id from orders where customer_id is not null group by customer_id order by customer_id limit 4`,
  );
  const buyer = (i: number) => sql`id = ${buyers[i]!.id}`;
  await rows(sql`update customers set registry_branch_id = ${demoId('branch:cdmx')} where ${buyer(0)}`);
  await rows(sql`update customers set deleted_at = now() where ${buyer(1)} or ${buyer(2)}`);
  await rows(sql`update customers set deleted_at = null where ${buyer(2)}`);
  await rows(sql`update customers set created_at = created_at - interval '1 day' where ${buyer(3)}`);
  await rows(sql`update orders set customer_id = ${buyers[3]!.id} where id = (select id from orders where customer_id = ${buyers[2]!.id} limit 1)`);
  await rows(sql`update branches set time_zone = 'America/Hermosillo' where id = ${demoId('branch:cdmx')}`);

  // the stock ledger: a restock received today (an expense movement through the service's own step), an expense movement
  // corrected by hand, another moved to the day before
  const [lotProduct] = await rows<{ id: string }>(sql`select id from products where deleted_at is null order by sku limit 1`);
  await t.ctx.db.transaction((tx) =>
    putIntoLot(tx, null, { productId: lotProduct!.id, branchId: TIJUANA, allotment: 'RESUMEN-GASTO', expiresAt: '2099-01-31', price: toCents(123.45) }, 7, {
      cause: 'restock_received',
    }),
  );
  const moves = await rows<{ seq: number }>(
    sql`select seq from stock_movements where cause in ('restock_received', 'transfer_sent') order by seq desc limit 2`,
  );
  await rows(sql`update stock_movements set quantity = quantity + 1 where seq = ${moves[0]!.seq}`);
  await rows(sql`update stock_movements set created_at = created_at - interval '1 day' where seq = ${moves[1]!.seq}`);
});

describe('report summaries', () => {
  it('equal their detail with deltas pending, after the fold, and a rebuild writes the same day rows as the fold', async () => {
    expect(await pending()).toBeGreaterThan(0);
    await expectSummariesEqualDetail();

    await foldReportSummaries(t.ctx.db);
    expect(await pending()).toBe(0);
    await expectSummariesEqualDetail();

    const dayRows = sql`select m.*, null as c from report_money_days m where m.amount <> 0 or m.amount_mxn <> 0 order by 1, 2, 3, 4, 5, 6, 7, 8`;
    const cabinRows = sql`select * from report_cabin_days c where c.in_person + c.phone_call + c.social_networks + c.app + c.ecommerce + c.finished
      + c.confirm_si + c.confirm_no + c.confirm_whatsapp + c.confirm_buzon + c.confirm_email + c.confirm_app + c.confirm_ecommerce + c.booked_minutes
      + c.appointments <> 0
      order by date, branch_id, cabin_id`;
    const commissionRows = sql`select * from report_commission_days where lines <> 0 order by 1, 2, 3, 4`;
    const expenseRows = sql`select * from report_expense_days where amount <> 0 order by 1, 2, 3`;
    const summaryRows = async () => [await rows(dayRows), await rows(cabinRows), await rows(commissionRows), await rows(expenseRows)];
    const folded = await summaryRows();
    await rebuildReportSummaries(t.ctx.db);
    expect(await summaryRows()).toEqual(folded);
  });

  it('a booking moved to another cabin leaves the old cabin-day and counts in the new one at once', async () => {
    const [a] = await rows<{ id: string; cabin_id: string; date: string }>(
      sql`select id, cabin_id, date::text as date from appointments where appointment_number = 'RESUMEN-1'`,
    );
    const minutesOf = async (cabinId: string, date: string) =>
      (
        await rows<{ m: number }>(sql`select coalesce(sum(booked_minutes), 0)::int as m from report_cabin_day where cabin_id = ${cabinId} and date = ${date}`)
      )[0]!.m;
    const before = await minutesOf(a!.cabin_id, a!.date);
    await rows(sql`update appointments set date = '2031-03-10' where id = ${a!.id}`);
    expect(await minutesOf(a!.cabin_id, a!.date)).toBe(before - 90);
    expect(await minutesOf(a!.cabin_id, '2031-03-10')).toBe(90);
  });
});

describe('a period cut at its whole months (the month summaries read the middle, the day summaries the edges)', () => {
  it.each([
    [
      { from: '2026-01-01', to: '2026-12-31' },
      { months: { from: '2026-01-01', to: '2026-12-01' }, days: [] },
    ],
    [
      { from: '2026-01-15', to: '2026-03-10' },
      {
        months: { from: '2026-02-01', to: '2026-02-01' },
        days: [
          { from: '2026-01-15', to: '2026-01-31' },
          { from: '2026-03-01', to: '2026-03-10' },
        ],
      },
    ],
    [
      { from: '2028-02-01', to: '2028-02-29' },
      { months: { from: '2028-02-01', to: '2028-02-01' }, days: [] },
    ],
    [
      { from: '2026-02-02', to: '2026-02-28' },
      { months: null, days: [{ from: '2026-02-02', to: '2026-02-28' }] },
    ],
    [
      { from: '2026-03-31', to: '2026-05-01' },
      {
        months: { from: '2026-04-01', to: '2026-04-01' },
        days: [
          { from: '2026-03-31', to: '2026-03-31' },
          { from: '2026-05-01', to: '2026-05-01' },
        ],
      },
    ],
    [
      { from: '2026-12-06', to: '2026-12-06' },
      { months: null, days: [{ from: '2026-12-06', to: '2026-12-06' }] },
    ],
  ])('%o', (period, split) => {
    expect(splitByMonths(period)).toEqual(split);
  });
});
