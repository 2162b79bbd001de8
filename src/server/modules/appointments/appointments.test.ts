import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../testing/harness';
import { markAbsences } from './absences';
import { cosmeticBooking, futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, type Fixtures } from './fixtures';

const { t, admin, gerente, medico } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', medico: 'medico@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

let week = 10;
/** A fresh Wednesday for each test so they never share a cabin day. */
const nextDate = () => futureDate(week++);

const create = (as: ReturnType<TestApp['as']>, payload: object) => as({ method: 'POST', url: '/v1/appointment/create', payload });

describe('booking rules', () => {
  it('creates with a CITA- number, the treatment term and a change-log row', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const res = await create(gerente, medicalBooking(f, c, date));
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json();
    expect(a.appointmentNumber).toMatch(/^CITA-\d{6}$/);
    const term = Math.ceil(f.medTreatment.durationMinutes / 30) * 30;
    expect(a).toMatchObject({
      status: 'scheduled',
      term,
      startTime: f.med.opening(date),
      endTime: plusMinutes(f.med.opening(date), term),
      editable: true,
      allowedStatuses: ['inProcess', 'cancelled'],
    });
    expect(a.customer).toMatchObject({ id: c, isAdult: true, cancellations: 0 });
    const log = await rows<{ action: string }>(t, sql`select action from change_log where module = 'appointment' and entity_id = ${a.id}`);
    expect(log).toEqual([{ action: 'crear' }]);
    const next = await create(gerente, medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), term), term: 45 }));
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json().term).toBe(60);
    expect(Number(next.json().appointmentNumber.slice(5))).toBe(Number(a.appointmentNumber.slice(5)) + 1);
  });

  it('refuses the past, off-step times, outside hours, a Sunday and a locked cabin', async () => {
    const c = await newCustomer(admin);
    const past = await create(gerente, { ...medicalBooking(f, c, futureDate(1)), date: '2025-01-08', startTime: '10:00' });
    expect(past.json()).toMatchObject({ statusCode: 409, code: 'APPOINTMENT_IN_PAST', message: 'No se puede agendar una cita en el pasado' });
    const date = nextDate();
    const step = await create(gerente, medicalBooking(f, c, date, { startTime: '10:15' }));
    expect(step.statusCode).toBe(400);
    const early = await create(gerente, medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), -30) }));
    expect(early.json()).toMatchObject({ code: 'APPOINTMENT_OUTSIDE_HOURS', message: 'La cita está fuera del horario de atención' });
    const sunday = futureDate(week++, 0);
    expect((await create(gerente, { ...medicalBooking(f, c, date), date: sunday, startTime: '10:00' })).json().code).toBe('APPOINTMENT_OUTSIDE_HOURS');
    await t.ctx.db.execute(
      sql`insert into locks (branch_id, cabin_id, type, reason, time, date) values (${f.branchId}, ${f.med.id}, 'hour', 'comida', array[${f.med.opening(date)}]::text[], ${date})`,
    );
    const blocked = await create(gerente, medicalBooking(f, c, date));
    expect(blocked.json()).toMatchObject({ code: 'APPOINTMENT_CABIN_BLOCKED', message: 'La cabina está bloqueada en ese horario' });
    expect((await create(gerente, medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), 60) }))).statusCode).toBe(201);
  });

  it('refuses a taken slot, a cabin of another type or branch and an inactive customer', async () => {
    const c = await newCustomer(admin);
    const c2 = await newCustomer(admin);
    const date = nextDate();
    expect((await create(gerente, medicalBooking(f, c, date))).statusCode).toBe(201);
    const taken = await create(gerente, medicalBooking(f, c2, date, { startTime: plusMinutes(f.med.opening(date), 0) }));
    expect(taken.json()).toMatchObject({ statusCode: 409, code: 'APPOINTMENT_SLOT_TAKEN', message: 'El horario no está disponible' });
    const wrongType = await create(gerente, medicalBooking(f, c2, date, { cabainId: f.cos.id, startTime: f.cos.opening(date) }));
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().errors[0].field).toBe('treatmentTypeId');
    const otherBranch = await create(admin, medicalBooking(f, c2, date, { cabainId: f.otherCabinId }));
    expect(otherBranch.statusCode).toBe(400);
    await t.ctx.db.execute(sql`update customers set active = false where id = ${c2}`);
    const inactive = await create(gerente, medicalBooking(f, c2, date, { startTime: plusMinutes(f.med.opening(date), 120) }));
    expect(inactive.json().errors[0]).toEqual({ field: 'customerId', message: 'El paciente no está activo' });
  });

  it('keeps cosmetology before medical for one customer on one day', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const medStart = plusMinutes(f.med.opening(date), 120);
    expect((await create(gerente, medicalBooking(f, c, date, { startTime: medStart }))).statusCode).toBe(201);
    const after = await create(gerente, cosmeticBooking(f, c, date, { startTime: plusMinutes(medStart, 60) }));
    expect(after.json()).toMatchObject({
      code: 'APPOINTMENT_COSMETOLOGY_AFTER_MEDICAL',
      message: 'No se puede agendar un tratamiento cosmetológico después de uno médico',
    });
    expect((await create(gerente, cosmeticBooking(f, c, date, { startTime: f.cos.opening(date) }))).statusCode).toBe(201);
    const c2 = await newCustomer(admin);
    const cosStart = plusMinutes(f.cos.opening(date), 120);
    expect((await create(gerente, cosmeticBooking(f, c2, date, { startTime: cosStart }))).statusCode).toBe(201);
    const before = await create(gerente, medicalBooking(f, c2, date, { startTime: plusMinutes(f.med.opening(date), 30) }));
    expect(before.json()).toMatchObject({
      code: 'APPOINTMENT_MEDICAL_BEFORE_COSMETOLOGY',
      message: 'No se puede agendar un tratamiento médico antes de uno cosmetológico',
    });
  });

  it('limits customers with 3 cancellations (4 for roles with the extended limit) to purchased treatments', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    await t.ctx.db.execute(sql`update customers set cancellations = 3 where id = ${c}`);
    const refused = await create(medico, medicalBooking(f, c, date));
    expect(refused.json()).toMatchObject({ statusCode: 409, code: 'CUSTOMER_TOO_MANY_CANCELLATIONS' });
    const pp = await purchased(t, c, f.medTreatment.id);
    const bought = await create(medico, medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null }));
    expect(bought.statusCode, bought.body).toBe(201);
    expect(bought.json().purchasedProduct).toMatchObject({ id: pp, sessions: 3, currentSession: 0 });
    // the branch manager's role has the extended limit: 3 is still fine, 4 is not
    const extended = await create(gerente, medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), 180) }));
    expect(extended.statusCode, extended.body).toBe(201);
    await t.ctx.db.execute(sql`update customers set cancellations = 4 where id = ${c}`);
    expect((await create(gerente, medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), 300) }))).json().code).toBe(
      'CUSTOMER_TOO_MANY_CANCELLATIONS',
    );
  });

  it('books a purchased treatment only for its customer and within its sessions', async () => {
    const c = await newCustomer(admin);
    const other = await newCustomer(admin);
    const date = nextDate();
    const pp = await purchased(t, c, f.medTreatment.id, 3, 2);
    const foreign = await create(gerente, medicalBooking(f, other, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp }));
    expect(foreign.json().errors[0]).toEqual({ field: 'purchasedProductId', message: 'El tratamiento adquirido no pertenece al paciente' });
    const tooMany = await create(gerente, medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp, sessions: 2 }));
    expect(tooMany.json().errors[0].message).toBe('Solo quedan 1 sesiones del tratamiento adquirido');
    expect((await create(gerente, medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp }))).statusCode).toBe(201);
  });
});

describe('privileges', () => {
  it('lets the medic see, refuses logística, and keeps branch-bound roles in their branch', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = (await create(admin, medicalBooking(f, c, date))).json();
    expect((await medico({ method: 'GET', url: `/v1/appointment/${a.id}` })).statusCode).toBe(200);
    expect((await medico({ method: 'GET', url: `/v1/appointment?take=5` })).statusCode).toBe(200);
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    expect((await logistica({ method: 'GET', url: '/v1/appointment' })).statusCode).toBe(403);
    expect((await logistica({ method: 'GET', url: `/v1/appointment/${a.id}` })).statusCode).toBe(403);
    const elsewhere = await create(gerente, medicalBooking(f, c, date, { branchId: f.otherBranchId, cabainId: f.otherCabinId }));
    expect(elsewhere.json()).toMatchObject({ statusCode: 403, code: 'BRANCH_FORBIDDEN' });
    expect((await gerente({ method: 'GET', url: `/v1/appointment?branchId=${f.otherBranchId}` })).statusCode).toBe(403);
    // an appointment of another branch, written straight to the table
    const [other] = await rows<{ id: string }>(t, sql`select id from appointments where branch_id = ${f.otherBranchId} limit 1`);
    expect((await gerente({ method: 'GET', url: `/v1/appointment/${other.id}` })).statusCode).toBe(403);
    expect((await gerente({ method: 'PATCH', url: `/v1/appointment/${other.id}/confirm`, payload: { confirmMethod: 'si' } })).statusCode).toBe(403);
    expect((await gerente({ method: 'GET', url: '/v1/appointment-log' })).statusCode).toBe(200);
  });
});

describe('lifecycle', () => {
  it('create → confirm → set on process → finish: stock, sessions, consent, medical fee, counters', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const pp = await purchased(t, c, f.medTreatment.id, 2, 0);
    await t.ctx.db.execute(sql`update customers set cancellations = 2 where id = ${c}`);
    const a = (await create(gerente, medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp }))).json();
    const early = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/finish`,
      payload: { attendedById: f.doctorId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]] },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Solo una cita en proceso puede terminarse');
    const confirmed = await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/confirm`, payload: { confirmMethod: 'whatsapp' } });
    expect(confirmed.json().confirmMethod).toBe('whatsapp');
    const started = await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/set-on-process` });
    expect(started.json()).toMatchObject({ status: 'inProcess', allowedStatuses: ['finished'] });
    expect((await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/set-on-process` })).json().message).toBe(
      'Solo una cita agendada puede pasar a En Proceso',
    );
    expect((await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/confirm`, payload: { confirmMethod: 'si' } })).json().message).toBe(
      'Solo se pueden confirmar citas agendadas',
    );

    const lots = await rows<{ id: string; product_id: string; quantity: number }>(
      t,
      sql`select id, product_id, quantity from product_stocks where branch_id = ${f.branchId} and allotment = 'LOTE-PRUEBA-1' and deleted_at is null order by product_id`,
    );
    const stock = (
      await gerente({ method: 'GET', url: `/v1/stock/get-stock-by-branch-and-treatment?branchId=${f.branchId}&treatmentId=${f.medTreatment.id}` })
    ).json();
    expect(stock.map((s: { stockId: string }) => s.stockId)).toEqual(expect.arrayContaining(lots.map((l) => l.id)));
    const units = f.medTreatment.products.flatMap((p) => Array.from({ length: p.quantity }, () => lots.find((l) => l.product_id === p.productId)!.id));
    const finish = { attendedById: f.doctorId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]], treatmentProducts: units };

    // the wrong professional, an area per session, one lot per unit, consent
    const wrongPro = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/finish`,
      payload: { ...finish, attendedById: f.cosmetologistId, consent: true },
    });
    expect(wrongPro.json()).toMatchObject({ statusCode: 404, code: 'PROFESSIONAL_REQUIRED', message: 'Debe seleccionar un médico o cosmetóloga' });
    const areas = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/finish`, payload: { ...finish, sessions: 2, consent: true } });
    expect(areas.json().errors[0]).toEqual({ field: 'sessionAreas', message: 'Seleccione un área por cada sesión' });
    const fewLots = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/finish`,
      payload: { ...finish, treatmentProducts: units.slice(1), consent: true },
    });
    expect(fewLots.json().errors[0].field).toBe('treatmentProducts');
    const noConsent = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/finish`, payload: finish });
    expect(noConsent.json().errors[0]).toEqual({ field: 'consent', message: 'El consentimiento del paciente es requerido para este tratamiento' });
    expect(await rows(t, sql`select 1 from appointment_products where appointment_id = ${a.id}`)).toEqual([]);

    const done = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/finish`, payload: { ...finish, consent: true } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      status: 'finished',
      consent: true,
      sessions: 1,
      medicalFee: 350.5,
      attendedBy: { id: f.doctorId },
      editable: false,
      allowedStatuses: [],
    });
    expect(done.json().purchasedProduct).toMatchObject({ currentSession: 1, status: 'onProcess', consent: true });
    const after = await rows<{ id: string; quantity: number }>(
      t,
      sql`select id, quantity from product_stocks where allotment = 'LOTE-PRUEBA-1' and branch_id = ${f.branchId} order by product_id`,
    );
    for (const lot of lots) {
      const used = units.filter((u) => u === lot.id).length;
      expect(after.find((x) => x.id === lot.id)!.quantity).toBe(lot.quantity - used);
    }
    expect((await rows(t, sql`select 1 from appointment_products where appointment_id = ${a.id}`)).length).toBe(units.length);
    expect((await rows<{ cancellations: number }>(t, sql`select cancellations from customers where id = ${c}`))[0].cancellations).toBe(0);

    // the second and last session ends the purchased treatment; consent is already on file
    const b = (await create(gerente, medicalBooking(f, c, nextDate(), { appointmentOption: 'purchasedProducts', purchasedProductId: pp }))).json();
    await gerente({ method: 'PATCH', url: `/v1/appointment/${b.id}/set-on-process` });
    const last = await gerente({ method: 'POST', url: `/v1/appointment/${b.id}/finish`, payload: finish });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().purchasedProduct).toMatchObject({ currentSession: 2, status: 'finished' });
    const actions = await rows<{ action: string }>(t, sql`select action from change_log where entity_id = ${a.id} order by created_at`);
    expect(actions.map((x) => x.action)).toEqual(['crear', 'confirmar', 'en proceso', 'terminar']);
    const log = (
      await admin({
        method: 'GET',
        url: `/v1/appointment-log?search=${encodeURIComponent(JSON.stringify({ filter: 'appointmentNumber', value: a.appointmentNumber }))}`,
      })
    ).json();
    expect(log.items.map((x: { action: string }) => x.action)).toEqual(['terminar', 'en proceso', 'confirmar', 'crear']);
  });

  it('refuses a finish that would take a lot below zero and leaves nothing half-written', async () => {
    const c = await newCustomer(admin);
    const a = (await create(gerente, medicalBooking(f, c, nextDate(), { sessions: 2 }))).json();
    await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/set-on-process` });
    const thin = await rows<{ id: string; product_id: string }>(
      t,
      sql`select id, product_id from product_stocks where allotment = 'LOTE-PRUEBA-2' and branch_id = ${f.branchId} order by product_id`,
    );
    // ask for two units of a lot that holds one
    const twice = f.medTreatment.products.flatMap((p) => Array.from({ length: p.quantity * 2 }, () => thin.find((l) => l.product_id === p.productId)!.id));
    const res = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/finish`,
      payload: {
        attendedById: f.doctorId,
        sessions: 2,
        sessionAreas: [f.medTreatment.areas[0], f.medTreatment.areas[0]],
        treatmentProducts: twice,
        consent: true,
      },
    });
    expect(res.json()).toMatchObject({
      statusCode: 422,
      code: 'INSUFFICIENT_INVENTORY',
      message: 'El lote LOTE-PRUEBA-2 tiene 1 unidad y se requieren 2',
      errors: [{ field: 'treatmentProducts' }],
    });
    const left = await rows<{ quantity: number }>(t, sql`select quantity from product_stocks where allotment = 'LOTE-PRUEBA-2' and branch_id = ${f.branchId}`);
    expect(left.every((l) => l.quantity === 1)).toBe(true);
    expect((await gerente({ method: 'GET', url: `/v1/appointment/${a.id}` })).json().status).toBe('inProcess');
  });

  it('cancels: counts customer cancellations, charges the treatment, refuses twice', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = (await create(gerente, medicalBooking(f, c, date))).json();
    const noComment = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Other' } });
    expect(noComment.statusCode).toBe(400);
    const res = await gerente({
      method: 'POST',
      url: `/v1/appointment/${a.id}/cancel`,
      payload: { cancellationReason: 'Traffic', customerCancellation: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      allowedStatuses: [],
      cancellations: [{ type: 'cancellation', cancellationReason: 'Traffic', customerCancellation: true }],
    });
    expect(res.json().customer.cancellations).toBe(1);
    expect((await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Traffic' } })).json().message).toBe(
      'Solo se pueden cancelar citas agendadas o en proceso',
    );
    expect((await gerente({ method: 'PUT', url: `/v1/appointment/${a.id}/update`, payload: medicalBooking(f, c, date) })).json()).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Solo se pueden editar citas agendadas o en proceso',
    });
    // the slot is free again
    expect((await create(gerente, medicalBooking(f, c, date))).statusCode).toBe(201);
  });

  it('reschedules twice at most and the third change of a treatment ends it', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 5, 0);
    const d1 = nextDate();
    const book = (date: string, over: Record<string, unknown> = {}) =>
      medicalBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp, ...over });
    const a = (await create(gerente, book(d1))).json();
    const same = await gerente({ method: 'PUT', url: `/v1/appointment/${a.id}/update`, payload: book(d1, { observations: 'Solo una nota' }) });
    expect(same.json()).toMatchObject({ reschedules: 0, observations: 'Solo una nota' });
    const r1 = await gerente({ method: 'PUT', url: `/v1/appointment/${a.id}/update`, payload: book(d1, { startTime: plusMinutes(f.med.opening(d1), 120) }) });
    expect(r1.json()).toMatchObject({ reschedules: 1, cancellations: [{ type: 'reschedule', cancellationReason: 'Unspecified' }] });
    const d2 = nextDate();
    const r2 = await gerente({ method: 'PUT', url: `/v1/appointment/${a.id}/update`, payload: book(d2) });
    expect(r2.json()).toMatchObject({ reschedules: 2, date: d2 });
    const r3 = await gerente({ method: 'PUT', url: `/v1/appointment/${a.id}/update`, payload: book(d1) });
    expect(r3.json()).toMatchObject({
      statusCode: 409,
      code: 'APPOINTMENT_TOO_MANY_CHANGES',
      message: 'No se puede reagendar después de dos cambios o cancelaciones',
    });
    const [p2] = await rows<{ changes: number; reschedules: number; status: string }>(
      t,
      sql`select changes, reschedules, status from purchased_products where id = ${pp}`,
    );
    expect(p2).toEqual({ changes: 2, reschedules: 2, status: 'onProcess' });
    // the third change (a cancellation) ends the treatment
    await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Work' } });
    const [p3] = await rows<{ changes: number; status: string; expired_at: string | null }>(
      t,
      sql`select changes, status, expired_at from purchased_products where id = ${pp}`,
    );
    expect(p3).toMatchObject({ changes: 3, status: 'expired' });
    expect(p3.expired_at).not.toBeNull();
    const missed = await gerente({ method: 'GET', url: `/v1/missed-appointment/${a.id}/purchased-product` });
    expect(missed.json()).toMatchObject({ id: pp, status: 'expired', changes: 3, treatment: { id: f.medTreatment.id } });
    expect((await create(gerente, book(nextDate()))).json()).toMatchObject({
      statusCode: 409,
      code: 'PURCHASED_TREATMENT_EXPIRED',
      message: 'El tratamiento adquirido está vencido',
    });
  });
});

describe('list, consent, absences', () => {
  it('lists with filters, search and CSV', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = (await create(gerente, medicalBooking(f, c, date))).json();
    const q = (s: string) => gerente({ method: 'GET', url: `/v1/appointment?${s}` });
    const byCustomer = (await q(`customerId=${c}&startDate=${date}&endDate=${date}&status=scheduled`)).json();
    expect(byCustomer.items.map((x: { id: string }) => x.id)).toEqual([a.id]);
    expect(byCustomer.items[0]).toMatchObject({ branch: { id: f.branchId }, cabain: { id: f.med.id }, appointmentMethod: 'phoneCall' });
    const byNumber = (await q(`search=${encodeURIComponent(JSON.stringify({ filter: 'appointmentNumber', value: a.appointmentNumber }))}`)).json();
    expect(byNumber.items[0].id).toBe(a.id);
    expect((await q(`customerId=${c}&status=cancelled`)).json().meta.itemCount).toBe(0);
    const csv = await q(`format=csv&customerId=${c}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toMatch(/^\uFEFFNúmero,Fecha,Hora inicio/);
    expect(csv.body).toContain(a.appointmentNumber);
  });

  it('searches by patient name: few patients newest first; past a thousand patients the count is capped or exact', async () => {
    const search = (value: string) =>
      gerente({ method: 'GET', url: `/v1/appointment?take=10&search=${encodeURIComponent(JSON.stringify({ filter: 'customer', value }))}` });
    /** `n` patients named "<surname> <k>", the first `withVisits` of them with `visits` past appointments each (absences: no cabin overlap). */
    const patients = async (surname: string, n: number, withVisits: number, visits: number) => {
      await t.ctx.db.execute(sql`insert into customers (name, last_name, mother_last_name, gender, birthday)
        select 'Paciente', ${surname}, 'N' || g, 'F', '1990-01-01' from generate_series(1, ${n}) g`);
      await t.ctx.db
        .execute(sql`insert into appointments (appointment_number, status, branch_id, cabin_id, customer_id, treatment_type_id, date, start_time, end_time, term, appointment_method, appointment_option)
        select 'CITA-S' || ${surname} || row_number() over (), 'absence', ${f.branchId}, ${f.med.id}, c.id, ${f.med.treatmentTypeId},
          date '2023-01-02' + (v * 30 + row_number() over (partition by v order by c.mother_last_name))::int, '09:00', '09:30', 30, 'inPerson', 'newTreatments'
        from (select id, mother_last_name from customers where last_name = ${surname} order by mother_last_name limit ${withVisits}) c cross join generate_series(1, ${visits}) v`);
    };
    // a rare name: its patients' visits, newest first, counted exactly
    await patients('Zaldúa', 2, 2, 3);
    const rare = (await search('zaldua')).json();
    expect(rare.meta).toMatchObject({ itemCount: 6 });
    expect(rare.meta.itemCountCapped).toBeFalsy();
    const dates = rare.items.map((x: { date: string }) => x.date);
    expect(dates).toEqual([...dates].sort().reverse());
    // 1,002 patients, three with two visits: the first thousand found fall short of the cap, the exact count follows
    await patients('Ocampoy', 1002, 3, 2);
    const short = (await search('Ocampoy')).json();
    expect(short.meta).toMatchObject({ itemCount: 6 });
    expect(short.meta.itemCountCapped).toBeFalsy();
    // 1,002 patients with a visit each: capped at a thousand
    await patients('Urquidiz', 1002, 1002, 1);
    const common = (await search('urquidiz')).json();
    expect(common.meta).toMatchObject({ itemCount: 1000, itemCountCapped: true });
    expect(common.items).toHaveLength(10);
    // walked newest first, each appointment's patient checked
    const newest = (
      await rows<{ id: string }>(
        t,
        sql`select a.id from appointments a join customers c on c.id = a.customer_id
      where c.last_name = 'Urquidiz' order by a.date desc, a.start_time desc, a.id limit 10`,
      )
    ).map((r) => r.id);
    expect(common.items.map((x: { id: string }) => x.id)).toEqual(newest);
    // sorted by another field, the same matches and count
    const byStatus = (
      await gerente({
        method: 'GET',
        url: `/v1/appointment?take=10&field=status&order=ASC&search=${encodeURIComponent(JSON.stringify({ filter: 'customer', value: 'urquidiz' }))}`,
      })
    ).json();
    expect(byStatus.meta).toMatchObject({ itemCount: 1000, itemCountCapped: true });
    expect(byStatus.items.every((x: { customer: { lastName: string } }) => x.customer.lastName === 'Urquidiz')).toBe(true);
    // part of the word: found by the trigram match, not as a whole word
    expect((await search('URQUID')).json().meta).toMatchObject({ itemCount: 1000, itemCountCapped: true });
  });

  it('prints the consent with the customer, escaped', async () => {
    const c = await newCustomer(admin);
    const a = (await create(gerente, medicalBooking(f, c, nextDate()))).json();
    const res = await medico({ method: 'GET', url: `/v1/consent/default/${a.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Paciente Prueba&lt;b&gt; Cita');
    expect(res.body).not.toContain('Prueba<b>');
    expect(res.body).toContain('Firma del paciente');
  });

  it('turns live appointments of an ended day into absences, with a log row', async () => {
    const c = await newCustomer(admin);
    const a = (await create(gerente, medicalBooking(f, c, nextDate()))).json();
    await t.ctx.db.execute(sql`update appointments set date = '2024-01-10' where id = ${a.id}`);
    const changed = await markAbsences(t.ctx.db);
    expect(changed).toBeGreaterThanOrEqual(1);
    const [row] = await rows<{ status: string }>(t, sql`select status from appointments where id = ${a.id}`);
    expect(row.status).toBe('absence');
    expect(await rows(t, sql`select before, after from change_log where entity_id = ${a.id} and action = 'inasistencia'`)).toEqual([
      { before: { status: 'scheduled' }, after: { status: 'absence' } },
    ]);
    expect(await markAbsences(t.ctx.db)).toBe(0);
  });
});
