import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COMMISSION_MESSAGES, SELLER_CHANGE_CONCEPT } from '../../../../domain/commissions.contract';
import { fromCents, toCents } from '../../../../domain/money';
import { COMMISSION_PERCENT_MESSAGES } from '../../../../domain/settings.schemas';
import { demoId } from '../../../db/demo/random';
import { queryRows, useTestApp, type Caller } from '../../../testing/harness';
import { makeLot } from '../../../testing/sales';
import { futureDate, loadFixtures, medicalBooking, newCustomer, purchased, testLots, unitsFrom, type Fixtures } from '../../appointments/fixtures';

const { t, admin, gerente, operativo, medico, cosmetologa, franquicia, logistica, recepcion } = useTestApp({
  admin: 'admin@demo.mx',
  gerente: 'gerente@demo.mx',
  operativo: 'operativo@demo.mx',
  medico: 'medico@demo.mx',
  cosmetologa: 'cosmetologa@demo.mx',
  franquicia: 'franquicia@demo.mx',
  logistica: 'logistica@demo.mx',
  recepcion: 'recepcion.tijuana@demo.mx',
});

const TIJUANA = demoId('branch:tijuana');
const MEXICALI = demoId('branch:mexicali');
const rows = <T = Record<string, unknown>>(q: ReturnType<typeof sql>) => queryRows<T>(t, q);
const get = (caller: Caller, url: string) => caller({ method: 'GET', url });
let f: Fixtures;
let week = 60;

async function userId(username: string): Promise<string> {
  const [u] = await rows<{ id: string }>(sql`select id from users where username = ${username}`);
  return u!.id;
}

/** Books, starts and finishes a medical appointment at Tijuana with the given doctor; answers its id and number. */
async function finishedAppointment(doctorId: string) {
  const customer = await newCustomer(admin);
  const booked = await admin({ method: 'POST', url: '/v1/appointment/create', payload: medicalBooking(f, customer, futureDate(week++)) });
  expect(booked.statusCode, booked.body).toBe(201);
  const a = booked.json();
  expect((await admin({ method: 'PATCH', url: `/v1/appointment/${a.id}/set-on-process` })).statusCode).toBe(200);
  const lots = await testLots(t, TIJUANA, 'LOTE-PRUEBA-1');
  const done = await admin({
    method: 'POST',
    url: `/v1/appointment/${a.id}/finish`,
    payload: { attendedById: doctorId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]], treatmentProducts: unitsFrom(f, lots), consent: true },
  });
  expect(done.statusCode, done.body).toBe(200);
  return { id: a.id as string, number: a.appointmentNumber as string, customer };
}

const lineOf = async (appointmentId: string) =>
  rows<{ id: string; user_id: string; base: string; commission: string; isr_percent: string; isr_amount: string; payable: string; business_date: string }>(
    sql`select id, user_id, base, commission, isr_percent, isr_amount, payable, business_date::text from commissions where appointment_id = ${appointmentId}`,
  );

let doctorIsr = 0;
beforeAll(async () => {
  f = await loadFixtures(t);
  const [file] = await rows<{ isr: string }>(sql`select isr from staff_files where user_id = ${f.doctorId} and deleted_at is null`);
  doctorIsr = Number(file!.isr);
});

describe('medical lines from finished appointments', () => {
  it('writes the attending doctor’s line in the finish: fee, ISR from the staff file, payable, the branch’s day', async () => {
    const a = await finishedAppointment(f.doctorId);
    const [line] = await lineOf(a.id);
    const fee = toCents(f.medTreatment.medicalFee);
    const isr = Math.round((fee * doctorIsr) / 100);
    expect(line).toMatchObject({ user_id: f.doctorId, business_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect([toCents(line!.base), toCents(line!.commission), Number(line!.isr_percent), toCents(line!.isr_amount), toCents(line!.payable)]).toEqual([
      fee,
      fee,
      doctorIsr,
      isr,
      fee - isr,
    ]);
    const [appt] = await rows<{ medical_fee: string }>(sql`select medical_fee from appointments where id = ${a.id}`);
    expect(toCents(appt!.medical_fee)).toBe(fee);

    const detail = await get(
      operativo,
      `/v1/commission/medical/${f.doctorId}/user?take=5&search=${encodeURIComponent(JSON.stringify({ filter: 'appointmentNumber', value: a.number }))}`,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().items).toEqual([
      expect.objectContaining({
        appointmentNumber: a.number,
        branch: { id: TIJUANA, name: expect.any(String) },
        time: expect.stringMatching(/^\d{2}:\d{2}$/),
        treatment: { id: f.medTreatment.id, name: expect.any(String) },
        customer: expect.objectContaining({ id: a.customer }),
        commission: f.medTreatment.medicalFee,
        isrAmount: fromCents(isr as never),
        payable: fromCents((fee - isr) as never),
      }),
    ]);
  });

  it('a purchased treatment finished outside an appointment records no fee', async () => {
    const customer = await newCustomer(admin);
    const pp = await purchased(t, customer, f.medTreatment.id, 2);
    const before = await rows<{ n: number }>(sql`select count(*)::int n from commissions where kind = 'medical'`);
    const lots = await testLots(t, TIJUANA, 'LOTE-PRUEBA-1');
    const res = await admin({
      method: 'PUT',
      url: `/v1/purchased-product/${pp}/finish`,
      payload: {
        attendedById: f.doctorId,
        sessions: 1,
        sessionAreas: [f.medTreatment.areas[0]],
        stockIds: unitsFrom(f, lots),
        consent: true,
        branchId: TIJUANA,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows(sql`select count(*)::int n from commissions where kind = 'medical'`)).toEqual(before);
  });
});

describe('lists and visibility (section 6)', () => {
  it('one row per doctor with the employee number and the sums; totals of every filtered line; CSV', async () => {
    const res = await get(operativo, '/v1/commission/medical?take=0&startDate=2026-10-01&endDate=2026-10-31');
    expect(res.statusCode, res.body).toBe(200);
    const { items, totals } = res.json();
    const [sums] = await rows<{ commission: string; isr: string; payable: string; people: number }>(
      sql`select sum(commission)::text commission, sum(isr_amount)::text isr, sum(payable)::text payable, count(distinct user_id)::int people
          from commissions where kind = 'medical' and deleted_at is null and business_date between '2026-10-01' and '2026-10-31'`,
    );
    expect(sums!.people).toBeGreaterThan(1);
    expect(items).toHaveLength(sums!.people);
    expect(items[0]).toMatchObject({ employeeNumber: expect.any(String), name: expect.any(String), lastName: expect.any(String) });
    expect(totals).toEqual({
      commission: fromCents(toCents(sums!.commission)),
      isrAmount: fromCents(toCents(sums!.isr)),
      payable: fromCents(toCents(sums!.payable)),
      byType: expect.any(Array),
    });
    const csv = await get(operativo, '/v1/commission/medical?format=csv&startDate=2026-10-01&endDate=2026-10-31');
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('Número de empleado,Nombre,Apellido paterno,Apellido materno,Comisión,ISR,A pagar');

    const cosmetic = await get(operativo, '/v1/commission/cosmetic?take=0&startDate=2026-10-01&endDate=2026-10-31');
    const alias = await get(operativo, '/v1/cash-order/commissions?take=0&startDate=2026-10-01&endDate=2026-10-31');
    expect(cosmetic.statusCode, cosmetic.body).toBe(200);
    expect(alias.json()).toEqual(cosmetic.json());
    const [cos] = await rows<{ commission: string }>(
      sql`select sum(commission)::text commission from commissions where kind = 'cosmetology' and business_date between '2026-10-01' and '2026-10-31'`,
    );
    expect(cosmetic.json().totals.commission).toBe(fromCents(toCents(cos!.commission)));
    const seller = cosmetic.json().items[0];
    const lines = await get(operativo, `/v1/commission/cosmetic/${seller.userId}/user?startDate=2026-10-01&endDate=2026-10-31`);
    expect(lines.json().meta.take).toBe(5);
    expect(lines.json().items[0]).toMatchObject({
      orderNumber: expect.stringMatching(/-\d{6}$/),
      seller: { id: seller.userId },
      branch: { name: expect.any(String) },
      time: expect.stringMatching(/^\d{2}:\d{2}$/),
      percent: 5,
    });
    expect(lines.json().totals.commission).toBe(seller.commission);
  });

  it('medics and cosmetologists see only their own lines; another user’s detail is refused', async () => {
    const me = await userId('medico@demo.mx');
    // the demo's history has this doctor sell, not attend: one finished appointment of theirs
    await finishedAppointment(me);
    const mine = (await get(medico, '/v1/commission/medical?take=0')).json();
    expect(mine.items.map((r: { userId: string }) => r.userId)).toEqual([me]);
    expect((await get(medico, `/v1/commission/medical/${f.doctorId === me ? demoId('nobody') : f.doctorId}/user`)).statusCode).toBe(403);
    expect((await get(medico, '/v1/commission/cosmetic')).statusCode).toBe(403);
    const cos = await userId('cosmetologa@demo.mx');
    const own = (await get(cosmetologa, '/v1/commission/cosmetic?take=0')).json();
    expect(own.items.map((r: { userId: string }) => r.userId)).toEqual([cos]);
    expect((await get(cosmetologa, '/v1/commission/medical')).statusCode).toBe(403);
  });

  it('without approve a branch-bound role sees only its branch; with approve every branch; without the module 403', async () => {
    const [tij] = await rows<{ commission: string }>(
      sql`select coalesce(sum(commission), 0)::text commission from commissions where kind = 'medical' and branch_id = ${TIJUANA}`,
    );
    const manager = await get(gerente, '/v1/commission/medical?take=0');
    expect(manager.statusCode, manager.body).toBe(200);
    expect(manager.json().totals.commission).toBe(fromCents(toCents(tij!.commission)));
    expect((await get(gerente, `/v1/commission/medical?branchId=${MEXICALI}`)).statusCode).toBe(403);
    const other = (await get(operativo, `/v1/commission/medical?take=0&branchId=${MEXICALI}`)).json();
    const [mxl] = await rows<{ commission: string }>(
      sql`select coalesce(sum(commission), 0)::text commission from commissions where kind = 'medical' and branch_id = ${MEXICALI}`,
    );
    expect(other.totals.commission).toBe(fromCents(toCents(mxl!.commission)));
    expect(toCents(mxl!.commission)).toBeGreaterThan(0);
    for (const caller of [franquicia, logistica]) {
      expect((await get(caller, '/v1/commission/medical')).statusCode).toBe(403);
      expect((await get(caller, '/v1/cash-order/commissions')).statusCode).toBe(403);
    }
    expect((await get(operativo, '/v1/commission/medical?startDate=2026-02-30')).statusCode).toBe(400);
  });
});

describe('PATCH /v1/commission/:id/update-commission-agent', () => {
  it('moves the line to another doctor of the branch with that doctor’s ISR, the appointment follows, the change log keeps both', async () => {
    const a = await finishedAppointment(f.doctorId);
    const [line] = await lineOf(a.id);
    const [other] = await rows<{ id: string }>(
      sql`select u.id from users u join staff_files s on s.user_id = u.id and s.deleted_at is null join job_positions j on j.id = s.job_position_id
          join departments d on d.id = j.department_id
          where u.main_branch_id = ${TIJUANA} and u.status = 'activo' and u.deleted_at is null and d.name = 'Médica' and u.id <> ${f.doctorId} limit 1`,
    );
    expect(other, 'a second doctor at Tijuana').toBeDefined();
    await rows(sql`update staff_files set isr = 12.5 where user_id = ${other!.id}`);
    const url = `/v1/commission/${line!.id}/update-commission-agent`;

    expect((await gerente({ method: 'PATCH', url, payload: { userId: other!.id } })).statusCode).toBe(403);
    const missing = await operativo({ method: 'PATCH', url: `/v1/commission/${demoId('nope')}/update-commission-agent`, payload: { userId: other!.id } });
    expect(missing.json()).toMatchObject({ statusCode: 404, message: COMMISSION_MESSAGES.notFound });
    const notDoctor = await operativo({ method: 'PATCH', url, payload: { userId: f.cosmetologistId } });
    expect(notDoctor.json()).toMatchObject({ statusCode: 400, message: COMMISSION_MESSAGES.notDoctor });
    const elsewhere = await rows<{ id: string }>(
      sql`select u.id from users u join staff_files s on s.user_id = u.id join job_positions j on j.id = s.job_position_id join departments d on d.id = j.department_id
          where u.main_branch_id = ${MEXICALI} and d.name = 'Médica' limit 1`,
    );
    expect((await operativo({ method: 'PATCH', url, payload: { userId: elsewhere[0]!.id } })).json().message).toBe(COMMISSION_MESSAGES.notDoctor);
    expect((await operativo({ method: 'PATCH', url, payload: { userId: 'x' } })).statusCode).toBe(400);

    const moved = await operativo({ method: 'PATCH', url, payload: { userId: other!.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    const fee = toCents(f.medTreatment.medicalFee);
    const isr = Math.round((fee * 12.5) / 100);
    expect(moved.json()).toMatchObject({
      doctor: { id: other!.id },
      isrPercent: 12.5,
      commission: f.medTreatment.medicalFee,
      isrAmount: isr / 100,
      payable: (fee - isr) / 100,
    });
    const [appt] = await rows<{ attended_by_id: string }>(sql`select attended_by_id from appointments where id = ${a.id}`);
    expect(appt!.attended_by_id).toBe(other!.id);
    const log = await rows<{ action: string; before: { userId: string }; after: { userId: string; isrPercent: number } }>(
      sql`select action, before, after from change_log where module = 'medic_comission' and entity_id = ${line!.id}`,
    );
    expect(log).toEqual([
      {
        action: 'cambiar médico',
        before: expect.objectContaining({ userId: f.doctorId }),
        after: expect.objectContaining({ userId: other!.id, isrPercent: 12.5 }),
      },
    ]);
  });
});

describe('a closed month does not move', () => {
  const month = 'startDate=2026-09-01&endDate=2026-09-30&take=0';
  const totals = async () => ({
    medical: (await get(operativo, `/v1/commission/medical?${month}`)).json().totals,
    cosmetic: (await get(operativo, `/v1/commission/cosmetic?${month}`)).json().totals,
  });

  it('the demo lines are the formulas’ to the cent', async () => {
    const wrong = await rows(
      sql`select id from commissions where kind = 'medical' and (base <> commission or isr_amount <> round(commission * isr_percent / 100, 2) or payable <> commission - isr_amount)
          union all
          select id from commissions where kind = 'cosmetology' and reversal_of is null and commission <> round(base * percent / 100, 2)`,
    );
    expect(wrong).toEqual([]);
    const [demo] = await rows<{ medical: number; cosmetic: number }>(
      sql`select count(*) filter (where kind = 'medical')::int medical, count(*) filter (where kind = 'cosmetology')::int cosmetic from commissions`,
    );
    expect(demo!.medical).toBeGreaterThan(100);
    expect(demo!.cosmetic).toBeGreaterThan(100);
  });

  it('recomputing a month after the ISR and the percent change gives the same totals to the cent', async () => {
    const before = await totals();
    expect(before.medical.commission).toBeGreaterThan(0);
    expect(before.cosmetic.commission).toBeGreaterThan(0);
    await rows(sql`update staff_files set isr = 30 where isr is not null`);
    const setting = (await get(admin, '/v1/setting')).json();
    const save = (percent: unknown) =>
      admin({
        method: 'PUT',
        url: `/v1/setting/${setting.id}/update`,
        payload: { exchangeRate: setting.exchangeRate, paymentProcessType: setting.paymentProcessType, cosmetologyCommissionPercent: percent },
      });
    expect((await save(150)).json().errors[0]).toEqual({ field: 'cosmetologyCommissionPercent', message: COMMISSION_PERCENT_MESSAGES.range });
    expect((await save(7.125)).json().errors[0].message).toBe(COMMISSION_PERCENT_MESSAGES.decimals);
    const saved = await save(7.25);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cosmetologyCommissionPercent).toBe(7.25);
    expect(await totals()).toEqual(before);

    // a later sale takes the new percent
    const [product] = await rows<{ id: string; sale_price: string }>(
      sql`select p.id, p.sale_price from products p join product_stocks s on s.product_id = p.id and s.branch_id = ${TIJUANA} and s.quantity > 2 and s.deleted_at is null
          and (s.expires_at is null or s.expires_at > current_date + 30)
          where p.active and p.approved_at is not null and p.deleted_at is null order by p.sku limit 1`,
    );
    const sale = await recepcion({
      method: 'POST',
      url: '/v1/cash-order/create',
      headers: { 'idempotency-key': `comisiones-${Date.now()}` },
      payload: {
        branchId: TIJUANA,
        items: [{ productId: product!.id, quantity: 1 }],
        payments: [{ method: 'Efectivo', amount: Number(product!.sale_price), currency: 'MXN' }],
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const [line] = await rows<{ percent: string; base: string; commission: string }>(
      sql`select percent, base, commission from commissions where cash_order_id = ${sale.json().id}`,
    );
    expect(Number(line!.percent)).toBe(7.25);
    expect(toCents(line!.commission)).toBe(Math.round((toCents(line!.base) * 7.25) / 100));
  });
});

const PASSWORD = 'Demo2026!';
let saleSeq = 0;
const money = (v: string | number) => fromCents(toCents(v));

/** A product sale at Tijuana by the receptionist (its seller), paid in cash; answers its id and number. */
async function productSale() {
  const [product] = await rows<{ id: string; sale_price: string }>(
    sql`select id, sale_price from products where active and approved_at is not null and deleted_at is null and sale_price > 100 order by sku limit 1`,
  );
  await makeLot(t, { productId: product!.id, branchId: TIJUANA, allotment: `COM-${++saleSeq}`, expiresAt: '2099-12-31', price: 50 }, 1);
  const sale = await recepcion({
    method: 'POST',
    url: '/v1/cash-order/create',
    headers: { 'idempotency-key': `vendedor-${Date.now()}-${saleSeq}` },
    payload: {
      branchId: TIJUANA,
      items: [{ productId: product!.id, quantity: 1 }],
      payments: [{ method: 'Efectivo', amount: Number(product!.sale_price), currency: 'MXN' }],
    },
  });
  expect(sale.statusCode, sale.body).toBe(201);
  return sale.json() as { id: string; orderNumber: string; businessDate: string };
}

/** A person's cosmetology commission over every day, as the list answers it (0 when they have no row). */
async function listed(userId: string): Promise<number> {
  const res = await get(operativo, `/v1/commission/cosmetic?take=0&branchId=${TIJUANA}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items.find((r: { userId: string }) => r.userId === userId)?.commission ?? 0;
}

describe('a changed seller takes the commission with her (issue 28)', () => {
  it('the line is reversed on the old seller and written for the new one; a later refund is reversed on the new seller; the list agrees', async () => {
    const seller = await userId('recepcion.tijuana@demo.mx');
    const other = f.cosmetologistId;
    const before = { seller: await listed(seller), other: await listed(other) };
    const sale = await productSale();
    const [line] = await rows<{ commission: string }>(sql`select commission from commissions where cash_order_id = ${sale.id}`);
    const c = money(line!.commission);
    expect(c).toBeGreaterThan(0);
    expect(await listed(seller)).toBe(money(before.seller + c));

    const moved = await admin({ method: 'PUT', url: `/v1/cash-order/${sale.id}/update-seller`, payload: { userId: other } });
    expect(moved.statusCode, moved.body).toBe(200);
    const lines = () =>
      rows<{ user_id: string; commission: string; reversal: boolean; type: string; concept: string | null }>(
        sql`select user_id, commission::text, reversal_of is not null reversal, type, concept from commissions where cash_order_id = ${sale.id} order by created_at, reversal_of is null`,
      );
    const afterMove = await lines();
    expect(afterMove.map((l) => [l.user_id, money(l.commission), l.reversal, l.type, l.concept])).toEqual([
      [seller, c, false, 'cosmetology_sale', null],
      [seller, -c, true, 'cosmetology_sale', SELLER_CHANGE_CONCEPT],
      [other, c, false, 'cosmetology_sale', SELLER_CHANGE_CONCEPT],
    ]);
    expect(await listed(seller)).toBe(before.seller);
    expect(await listed(other)).toBe(money(before.other + c));

    const refunded = await recepcion({
      method: 'POST',
      url: `/v1/cash-order/${sale.orderNumber}/refund`,
      payload: { refundReason: 'Cambio de opinión', refundMethod: 'Efectivo', password: PASSWORD, branchId: TIJUANA },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const afterRefund = await lines();
    expect(afterRefund).toHaveLength(4);
    expect(afterRefund[3]).toMatchObject({ user_id: other, reversal: true, concept: null });
    expect(money(afterRefund[3]!.commission)).toBe(-c);
    expect(await listed(seller)).toBe(before.seller);
    expect(await listed(other)).toBe(before.other);

    // the new seller's detail shows her line and the refund's reversal, the old seller's the change's reversal
    const detail = (
      await get(
        operativo,
        `/v1/commission/cosmetic/${other}/user?take=15&search=${encodeURIComponent(JSON.stringify({ filter: 'orderNumber', value: sale.orderNumber }))}`,
      )
    ).json();
    expect(detail.items.map((l: { commission: number; reversal: boolean }) => [l.commission, l.reversal]).sort()).toEqual(
      [
        [-c, true],
        [c, false],
      ].sort(),
    );
  });

  it('two changes in a row leave one standing line, on the last seller', async () => {
    const seller = await userId('recepcion.tijuana@demo.mx');
    const sale = await productSale();
    for (const to of [f.cosmetologistId, seller]) {
      const res = await admin({ method: 'PUT', url: `/v1/cash-order/${sale.id}/update-seller`, payload: { userId: to } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const net = await rows<{ user_id: string; commission: string }>(
      sql`select user_id, sum(commission)::text commission from commissions where cash_order_id = ${sale.id} group by user_id having sum(commission) <> 0`,
    );
    expect(net.map((n) => n.user_id)).toEqual([seller]);
  });
});

describe('commission types (section 9)', () => {
  it('every line carries its type: appointments Médico/Venta, product sales Cosmetólogo/Venta (their reversals too)', async () => {
    const wrong = await rows(
      sql`select id from commissions where (kind = 'medical' and type <> 'medical_sale' and concept is null) or (kind = 'cosmetology' and type <> 'cosmetology_sale' and concept is null)`,
    );
    expect(wrong).toEqual([]);
    const a = await finishedAppointment(f.doctorId);
    const [line] = await rows<{ type: string }>(sql`select type from commissions where appointment_id = ${a.id}`);
    expect(line!.type).toBe('medical_sale');
    await expect(rows(sql`update commissions set type = 'otro' where appointment_id = ${a.id}`)).rejects.toThrow();
    await expect(rows(sql`update commissions set type = 'cosmetology_sale' where appointment_id = ${a.id}`)).rejects.toThrow();
  });

  it('a manager records Uso Cabina and Insumo lines by hand; the lists filter and total by type', async () => {
    const url = '/v1/commission/medical/create';
    const body = { type: 'cabin_use', userId: f.doctorId, branchId: TIJUANA, businessDate: '2026-03-02', amount: 250.5, concept: 'Cabina 2, marzo' };
    // edit on the module: the operations manager and the branch manager only read
    expect((await gerente({ method: 'POST', url, payload: body })).statusCode).toBe(403);
    const bad = await operativo({ method: 'POST', url, payload: { ...body, type: 'medical_sale', amount: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'type', message: COMMISSION_MESSAGES.manualType },
        { field: 'amount', message: COMMISSION_MESSAGES.amountPositive },
      ]),
    );
    const notDoctor = await operativo({ method: 'POST', url, payload: { ...body, userId: f.cosmetologistId } });
    expect(notDoctor.json()).toMatchObject({ statusCode: 400, message: COMMISSION_MESSAGES.notDoctor });
    const future = await operativo({ method: 'POST', url, payload: { ...body, businessDate: '2099-01-01' } });
    expect(future.json().errors).toEqual([{ field: 'businessDate', message: COMMISSION_MESSAGES.futureDay }]);

    const made = await operativo({ method: 'POST', url, payload: body });
    expect(made.statusCode, made.body).toBe(201);
    // the doctor's staff file today (another test changes it)
    const [file] = await rows<{ isr: string }>(sql`select isr from staff_files where user_id = ${f.doctorId} and deleted_at is null`);
    const isr = Math.round((25_050 * Number(file!.isr)) / 100);
    expect(made.json()).toMatchObject({
      type: 'cabin_use',
      concept: 'Cabina 2, marzo',
      commission: 250.5,
      isrAmount: isr / 100,
      payable: (25_050 - isr) / 100,
      appointmentId: null,
    });
    const supply = await operativo({
      method: 'POST',
      url: '/v1/commission/cosmetic/create',
      payload: { type: 'supply', userId: f.cosmetologistId, branchId: TIJUANA, businessDate: '2026-03-02', amount: 80, concept: 'Insumos de cabina' },
    });
    expect(supply.statusCode, supply.body).toBe(201);
    expect(supply.json()).toMatchObject({ type: 'supply', commission: 80, total: 0, cashOrderId: null });

    const day = 'startDate=2026-03-01&endDate=2026-03-31&take=0';
    const all = (await get(operativo, `/v1/commission/medical?${day}`)).json();
    const [sums] = await rows<{ sale: string; cabin: string; supply: string }>(
      sql`select coalesce(sum(commission) filter (where type = 'medical_sale'), 0)::text sale, coalesce(sum(commission) filter (where type = 'cabin_use'), 0)::text cabin,
            coalesce(sum(commission) filter (where type = 'supply'), 0)::text supply
          from commissions where kind = 'medical' and deleted_at is null and business_date between '2026-03-01' and '2026-03-31'`,
    );
    expect(all.totals.byType).toEqual([
      expect.objectContaining({ type: 'medical_sale', commission: money(sums!.sale) }),
      expect.objectContaining({ type: 'cabin_use', commission: money(sums!.cabin) }),
      expect.objectContaining({ type: 'supply', commission: money(sums!.supply) }),
    ]);
    expect(money(sums!.cabin)).toBeGreaterThanOrEqual(250.5);
    const cabin = (await get(operativo, `/v1/commission/medical?${day}&type=cabin_use`)).json();
    expect(cabin.totals.commission).toBe(money(sums!.cabin));
    expect(cabin.items.find((r: { userId: string }) => r.userId === f.doctorId).commission).toBeGreaterThanOrEqual(250.5);
    const lines = (await get(operativo, `/v1/commission/medical/${f.doctorId}/user?${day}&type=cabin_use`)).json();
    expect(lines.items.every((l: { type: string }) => l.type === 'cabin_use')).toBe(true);
    expect(lines.totals.byType.find((b: { type: string }) => b.type === 'cabin_use').commission).toBe(lines.totals.commission);
    const cosmetic = (await get(operativo, `/v1/commission/cosmetic?${day}&type=supply`)).json();
    expect(cosmetic.totals).toMatchObject({ commission: expect.any(Number), total: 0 });
    expect(cosmetic.totals.commission).toBeGreaterThanOrEqual(80);
    expect((await get(operativo, `/v1/commission/medical?type=otro`)).json()).toMatchObject({ statusCode: 400, message: COMMISSION_MESSAGES.badType });
    const csv = await get(operativo, `/v1/commission/medical/${f.doctorId}/user?format=csv&${day}`);
    expect(csv.body).toContain('Uso Cabina,"Cabina 2, marzo"');
  });
});

describe('the latest month with commissions', () => {
  const latestOf = async (where: ReturnType<typeof sql>) => {
    const [r] = await rows<{ last: string | null }>(sql`select max(business_date)::text as last from commissions where deleted_at is null and ${where}`);
    return r!.last;
  };
  const latest = (caller: Caller, kind: 'medical' | 'cosmetic', query = '') => get(caller, `/v1/commission/${kind}/latest-month${query}`);

  it("answers the month of the latest line the caller may read, the whole month as the list's period", async () => {
    const last = (await latestOf(sql`kind = 'medical'`))!;
    const res = await latest(admin, 'medical');
    expect(res.statusCode, res.body).toBe(200);
    const month = last.slice(0, 7);
    const [y, m] = month.split('-').map(Number) as [number, number];
    expect(res.json()).toEqual({ month, startDate: `${month}-01`, endDate: `${month}-${new Date(Date.UTC(y, m, 0)).getUTCDate()}`, lastDate: last });
    // the month answered holds lines in the list itself
    const list = (await get(admin, `/v1/commission/medical?startDate=${res.json().startDate}&endDate=${res.json().endDate}`)).json();
    expect(list.meta.itemCount).toBeGreaterThan(0);
    const cosmetic = (await latest(admin, 'cosmetic')).json();
    expect(cosmetic.lastDate).toBe(await latestOf(sql`kind = 'cosmetology'`));
  });

  it('keeps to the lines each role reads: its own, its branch, the branch asked for; refuses without the module', async () => {
    const [line] = await rows<{ id: string; user_id: string }>(
      sql`select id, user_id from commissions where kind = 'medical' and branch_id = ${MEXICALI} and deleted_at is null limit 1`,
    );
    // a Mexicali line later than any other, for someone else than the demo's Tijuana medic
    const [late] = await rows<{ id: string }>(sql`insert into commissions (kind, type, user_id, branch_id, business_date, base, commission, payable)
      values ('medical', 'medical_sale', ${line!.user_id}, ${MEXICALI}, '2099-02-10', 100, 100, 100) returning id`);
    try {
      expect((await latest(admin, 'medical')).json()).toEqual({ month: '2099-02', startDate: '2099-02-01', endDate: '2099-02-28', lastDate: '2099-02-10' });
      expect((await latest(operativo, 'medical', `?branchId=${MEXICALI}`)).json().lastDate).toBe('2099-02-10');
      expect((await latest(operativo, 'medical', `?branchId=${TIJUANA}`)).json().lastDate).toBe(
        await latestOf(sql`kind = 'medical' and branch_id = ${TIJUANA}`),
      );
      expect((await latest(gerente, 'medical')).json().lastDate).toBe(await latestOf(sql`kind = 'medical' and branch_id = ${TIJUANA}`));
      expect((await latest(gerente, 'medical', `?branchId=${MEXICALI}`)).statusCode).toBe(403);
      const medic = await userId('medico@demo.mx');
      expect((await latest(medico, 'medical')).json().lastDate).toBe(await latestOf(sql`kind = 'medical' and user_id = ${medic}`));
      const cosmetologist = await userId('cosmetologa@demo.mx');
      expect((await latest(cosmetologa, 'cosmetic')).json().lastDate).toBe(await latestOf(sql`kind = 'cosmetology' and user_id = ${cosmetologist}`));
      for (const caller of [franquicia, logistica]) expect((await latest(caller, 'medical')).statusCode).toBe(403);
      expect((await latest(admin, 'medical', '?branchId=nada')).statusCode).toBe(400);
    } finally {
      await rows(sql`update commissions set deleted_at = now() where id = ${late!.id}`);
    }
    // a deleted line is no line
    expect((await latest(admin, 'medical')).json().lastDate).toBe(await latestOf(sql`kind = 'medical'`));
  });

  it('answers nulls where the caller has no lines', async () => {
    const empty = demoId('branch:cedis');
    expect((await latest(admin, 'medical', `?branchId=${empty}`)).json()).toEqual({ month: null, startDate: null, endDate: null, lastDate: null });
  });
});
