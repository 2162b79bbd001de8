import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoId } from '../../db/demo/random';
import { type TestApp, useTestApp } from '../../testing/harness';
import { futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, testLots, unitsFrom, type Fixtures } from './fixtures';

/** Edits that do not move an appointment, in-process edits, Inasistencia, finishing variants, the purchased-treatment finish, the bitácora. */

const { t, admin, gerente, medico } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx', medico: 'medico@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

let week = 10;
const nextDate = () => futureDate(week++);
type As = ReturnType<TestApp['as']>;

const create = async (payload: object, as: As = gerente) => {
  const res = await as({ method: 'POST', url: '/v1/appointment/create', payload });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json();
};
const update = (id: string, payload: object, as: As = gerente) => as({ method: 'PUT', url: `/v1/appointment/${id}/update`, payload });
const start = (id: string) => gerente({ method: 'PATCH', url: `/v1/appointment/${id}/set-on-process` });
const finish = (id: string, payload: object) => gerente({ method: 'POST', url: `/v1/appointment/${id}/finish`, payload });
/** Finishing two sessions on the treatment's first area with `units` as the products used. */
const twoSessions = (units: string[]) => ({
  attendedById: f.doctorId,
  sessions: 2,
  sessionAreas: [f.medTreatment.areas[0], f.medTreatment.areas[0]],
  treatmentProducts: units,
  consent: true,
});
const finishPurchased = (id: string, payload: object, as: As = gerente) => as({ method: 'PUT', url: `/v1/purchased-product/${id}/finish`, payload });
const logOf = (id: string) =>
  rows<{ action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
    t,
    sql`select action, before, after from change_log where entity_id = ${id} order by created_at, id`,
  );
const field = (res: { json(): { errors?: { field: string; message: string }[] } }) => res.json().errors?.[0];

describe('edits that do not move the appointment', () => {
  it('saves observations under a lock added later, and refuses moving into it', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = await create(medicalBooking(f, c, date));
    await t.ctx.db.execute(sql`insert into locks (branch_id, cabin_id, type, reason, date) values (${f.branchId}, ${f.med.id}, 'cabain', 'licencia', ${date})`);
    const same = await update(a.id, medicalBooking(f, c, date, { observations: 'Llega 10 minutos tarde' }));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ observations: 'Llega 10 minutos tarde', reschedules: 0, startTime: a.startTime, endTime: a.endTime });
    const moved = await update(a.id, medicalBooking(f, c, date, { startTime: plusMinutes(a.startTime, 60) }));
    expect(moved.json()).toMatchObject({ statusCode: 409, code: 'APPOINTMENT_CABIN_BLOCKED', message: 'La cabina está bloqueada en ese horario' });
  });

  it('saves observations of a customer at the cancellation limit, and refuses moving or rebooking', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = await create(medicalBooking(f, c, date), medico);
    await t.ctx.db.execute(sql`update customers set cancellations = 3 where id = ${c}`);
    const same = await update(a.id, medicalBooking(f, c, date, { observations: 'Confirmó por teléfono' }), medico);
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().observations).toBe('Confirmó por teléfono');
    const limit = { statusCode: 409, code: 'CUSTOMER_TOO_MANY_CANCELLATIONS', message: 'El cliente tiene más de 3 cancelaciones consecutivas' };
    const moved = await update(a.id, medicalBooking(f, c, date, { startTime: plusMinutes(a.startTime, 60) }), medico);
    expect(moved.json()).toMatchObject(limit);
    const [other] = await rows<{ id: string }>(
      t,
      sql`select t.id from treatments t where t.treatment_type_id = ${f.med.treatmentTypeId} and t.active and t.deleted_at is null and t.id <> ${f.medTreatment.id} limit 1`,
    );
    const rebooked = await update(a.id, medicalBooking(f, c, date, { treatmentId: other.id }), medico);
    expect(rebooked.json()).toMatchObject(limit);
  });

  it('in process: saves observations and categories, refuses a move or another treatment', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = await create(medicalBooking(f, c, date));
    await start(a.id);
    const [category] = await rows<{ id: string }>(t, sql`select id from categories where type = 'treatment' and deleted_at is null limit 1`);
    const ok = await update(a.id, medicalBooking(f, c, date, { observations: 'Alergia a la lidocaína', categoriesIds: [category.id] }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'inProcess',
      observations: 'Alergia a la lidocaína',
      categoriesIds: [category.id],
      allowedStatuses: ['finished'],
    });
    const fixed = { statusCode: 409, code: 'CONFLICT', message: 'Una cita en proceso solo admite cambios de observaciones y categorías' };
    expect((await update(a.id, medicalBooking(f, c, date, { startTime: plusMinutes(a.startTime, 60) }))).json()).toMatchObject(fixed);
    expect((await update(a.id, medicalBooking(f, c, date, { term: 120 }))).json()).toMatchObject(fixed);
    expect((await update(a.id, medicalBooking(f, c, date, { sessions: 2 }))).json()).toMatchObject(fixed);
  });
});

describe('Inasistencia', () => {
  it('marks a started scheduled appointment as absence, counted as missed; refuses a future or finished one', async () => {
    const c = await newCustomer(admin);
    const a = await create(medicalBooking(f, c, nextDate()));
    expect(a.allowedStatuses).toEqual(['inProcess', 'cancelled']);
    const early = await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/absence` });
    expect(early.json()).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'Solo se puede marcar la inasistencia cuando ya pasó la hora de inicio de la cita',
    });
    // the appointment's day has come and gone (a day before the demo data)
    await t.ctx.db.execute(sql`update appointments set date = '2024-01-10' where id = ${a.id}`);
    expect((await gerente({ method: 'GET', url: `/v1/appointment/${a.id}` })).json().allowedStatuses).toEqual(['inProcess', 'cancelled', 'absence']);
    const missed = await gerente({ method: 'GET', url: `/v1/missed-appointment/${a.id}/purchased-product` });
    expect(missed.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'La cita no es una inasistencia ni una cancelación' });
    const res = await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/absence` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'absence', allowedStatuses: [], editable: false });
    const counted = (await gerente({ method: 'GET', url: `/v1/appointment?customerId=${c}&status=absence` })).json();
    expect(counted.meta.itemCount).toBe(1);
    const log = await logOf(a.id);
    expect(log.at(-1)).toEqual({ action: 'inasistencia', before: { status: 'scheduled' }, after: { status: 'absence' } });
    const again = await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/absence` });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'Solo una cita agendada puede marcarse como inasistencia' });
    const noTreatment = await gerente({ method: 'GET', url: `/v1/missed-appointment/${a.id}/purchased-product` });
    expect(noTreatment.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'La cita no usó un tratamiento adquirido' });
  });
});

describe('finishing', () => {
  it('takes the same lot twice when it holds the units, and decrements it by both', async () => {
    const c = await newCustomer(admin);
    const a = await create(medicalBooking(f, c, nextDate(), { sessions: 2 }));
    await start(a.id);
    const lots = await testLots(t, f.branchId, 'LOTE-PRUEBA-1');
    const units = unitsFrom(f, lots, 2);
    expect(new Set(units).size).toBeLessThan(units.length);
    const res = await finish(a.id, twoSessions(units));
    expect(res.statusCode, res.body).toBe(200);
    const after = await testLots(t, f.branchId, 'LOTE-PRUEBA-1');
    for (const lot of lots) expect(after.find((l) => l.id === lot.id)!.quantity).toBe(lot.quantity - units.filter((u) => u === lot.id).length);
    expect(await rows(t, sql`select 1 from appointment_products where appointment_id = ${a.id}`)).toHaveLength(units.length);
  });

  it('refuses sessions other than the booked ones when no purchased treatment is used', async () => {
    const c = await newCustomer(admin);
    const a = await create(medicalBooking(f, c, nextDate()));
    await start(a.id);
    const units = unitsFrom(f, await testLots(t, f.branchId, 'LOTE-PRUEBA-1'), 2);
    const res = await finish(a.id, twoSessions(units));
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'La cita es de 1 sesión' });
    expect(field(res)!.field).toBe('sessions');
  });

  it('finishes a package appointment without treatment with an area of its type, not of another', async () => {
    const c = await newCustomer(admin);
    const a = await create(medicalBooking(f, c, nextDate(), { appointmentOption: 'packages', packageId: demoId('package:PAQ-TOX-ANU'), treatmentId: null }));
    await start(a.id);
    const [medArea] = await rows<{ id: string }>(
      t,
      sql`select id from areas where treatment_type_id = ${f.med.treatmentTypeId} and deleted_at is null order by name limit 1`,
    );
    const [cosArea] = await rows<{ id: string }>(
      t,
      sql`select id from areas where treatment_type_id = ${f.cos.treatmentTypeId} and deleted_at is null order by name limit 1`,
    );
    const foreign = await finish(a.id, { attendedById: f.doctorId, sessions: 1, sessionAreas: [cosArea.id] });
    expect(foreign.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El área no corresponde al tratamiento' });
    const none = await finish(a.id, { attendedById: f.doctorId, sessions: 1, sessionAreas: [] });
    expect(field(none)).toEqual({ field: 'sessionAreas', message: 'Seleccione un área por cada sesión' });
    const res = await finish(a.id, { attendedById: f.doctorId, sessions: 1, sessionAreas: [medArea.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'finished', sessionAreas: [medArea.id], package: { id: demoId('package:PAQ-TOX-ANU') } });
  });

  it('finishes a valuation without areas, and refuses an area it does not have', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = await create(
      medicalBooking(f, c, date, {
        cabainId: f.val.id,
        treatmentTypeId: f.val.treatmentTypeId,
        treatmentId: f.valTreatment.id,
        startTime: f.val.opening(date),
      }),
    );
    await start(a.id);
    const withArea = await finish(a.id, { attendedById: f.cosmetologistId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]] });
    expect(withArea.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El área no corresponde al tratamiento' });
    const res = await finish(a.id, { attendedById: f.cosmetologistId, sessions: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'finished', sessionAreas: [], attendedBy: { id: f.cosmetologistId } });
  });
});

describe('PUT /purchased-product/:id/finish', () => {
  it('finishes sessions outside an appointment with the appointment’s rules, to the last one', async () => {
    const c = await newCustomer(admin);
    await t.ctx.db.execute(sql`update customers set cancellations = 2 where id = ${c}`);
    const pp = await purchased(t, c, f.medTreatment.id, 3, 0);
    const lots = await testLots(t, f.branchId, 'LOTE-PRUEBA-1');
    const one = { attendedById: f.doctorId, sessions: 1, sessionAreas: [f.medTreatment.areas[0]], stockIds: unitsFrom(f, lots) };

    const wrongPro = await finishPurchased(pp, { ...one, attendedById: f.cosmetologistId, consent: true });
    expect(wrongPro.json()).toMatchObject({ statusCode: 404, code: 'PROFESSIONAL_REQUIRED', message: 'Debe seleccionar un médico o cosmetóloga' });
    const noConsent = await finishPurchased(pp, one);
    expect(noConsent.json()).toMatchObject({
      statusCode: 400,
      code: 'VALIDATION_FAILED',
      message: 'El consentimiento del paciente es requerido para este tratamiento',
    });
    const fewLots = await finishPurchased(pp, { ...one, stockIds: one.stockIds.slice(1), consent: true });
    expect(fewLots.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(field(fewLots)!.field).toBe('stockIds');
    const noArea = await finishPurchased(pp, { ...one, sessionAreas: [], consent: true });
    expect(field(noArea)).toEqual({ field: 'sessionAreas', message: 'Seleccione un área por cada sesión' });
    const thin = await testLots(t, f.branchId, 'LOTE-PRUEBA-2');
    const short = await finishPurchased(pp, {
      ...one,
      sessions: 2,
      sessionAreas: [f.medTreatment.areas[0], f.medTreatment.areas[0]],
      stockIds: unitsFrom(f, thin, 2),
      consent: true,
    });
    expect(short.json()).toMatchObject({ statusCode: 422, code: 'INSUFFICIENT_INVENTORY', message: 'El lote LOTE-PRUEBA-2 tiene 1 unidad y se requieren 2' });
    expect((await testLots(t, f.branchId, 'LOTE-PRUEBA-2')).every((l) => l.quantity === 1)).toBe(true);

    const first = await finishPurchased(pp, { ...one, consent: true });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ id: pp, currentSession: 1, sessions: 3, status: 'onProcess', consent: true, treatment: { id: f.medTreatment.id } });
    const after = await testLots(t, f.branchId, 'LOTE-PRUEBA-1');
    for (const lot of lots) expect(after.find((l) => l.id === lot.id)!.quantity).toBe(lot.quantity - one.stockIds.filter((u) => u === lot.id).length);
    expect((await rows<{ cancellations: number }>(t, sql`select cancellations from customers where id = ${c}`))[0].cancellations).toBe(0);
    const [log] = await rows<{ module: string; action: string; before: unknown; after: { currentSession: number; stockIds: string[] } }>(
      t,
      sql`select module, action, before, after from change_log where entity_id = ${pp}`,
    );
    expect(log).toMatchObject({
      module: 'dairy',
      action: 'terminar sesiones',
      before: { currentSession: 0, status: 'onProcess' },
      after: { currentSession: 1, stockIds: one.stockIds },
    });

    const tooMany = await finishPurchased(pp, { ...one, sessions: 3, sessionAreas: Array(3).fill(f.medTreatment.areas[0]), stockIds: unitsFrom(f, lots, 3) });
    expect(tooMany.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Solo quedan 2 sesiones del tratamiento adquirido' });
    const last = await finishPurchased(
      pp,
      { ...one, sessions: 2, sessionAreas: Array(2).fill(f.medTreatment.areas[0]), stockIds: unitsFrom(f, lots, 2) },
      medico,
    );
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ currentSession: 3, status: 'finished' });
    const done = await finishPurchased(pp, one);
    expect(done.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'El tratamiento adquirido ya está terminado' });
  });

  it('refuses an expired, lapsed or refunded treatment, an unknown one, and another branch for branch-bound roles', async () => {
    const c = await newCustomer(admin);
    const one = {
      attendedById: f.doctorId,
      sessions: 1,
      sessionAreas: [f.medTreatment.areas[0]],
      stockIds: unitsFrom(f, await testLots(t, f.branchId, 'LOTE-PRUEBA-1')),
      consent: true,
    };
    const expired = await purchased(t, c, f.medTreatment.id);
    await t.ctx.db.execute(sql`update purchased_products set status = 'expired' where id = ${expired}`);
    expect((await finishPurchased(expired, one)).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'El tratamiento adquirido está vencido' });
    const lapsed = await purchased(t, c, f.medTreatment.id);
    await t.ctx.db.execute(sql`update purchased_products set expired_at = '2025-01-01' where id = ${lapsed}`);
    expect((await finishPurchased(lapsed, one)).json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'El tratamiento adquirido está vencido' });
    const refunded = await purchased(t, c, f.medTreatment.id);
    await t.ctx.db.execute(sql`update purchased_products set status = 'refunded' where id = ${refunded}`);
    expect((await finishPurchased(refunded, one)).json()).toMatchObject({
      statusCode: 409,
      code: 'CONFLICT',
      message: 'El tratamiento adquirido fue reembolsado',
    });
    const unknown = await finishPurchased('00000000-0000-4000-8000-000000000000', one);
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Tratamiento adquirido no encontrado' });
    const fine = await purchased(t, c, f.medTreatment.id);
    expect((await finishPurchased(fine, { ...one, branchId: f.otherBranchId })).json()).toMatchObject({ statusCode: 403, code: 'BRANCH_FORBIDDEN' });
  });
});

describe('cancelling, consent, bitácora', () => {
  it('cancels with type reschedule: a reschedule row, charged to the treatment, not a customer cancellation', async () => {
    const c = await newCustomer(admin);
    const pp = await purchased(t, c, f.medTreatment.id, 3, 0);
    const a = await create(medicalBooking(f, c, nextDate(), { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null }));
    const wrongType = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { type: 'postpone', cancellationReason: 'Work' } });
    expect(wrongType.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(field(wrongType)!.field).toBe('type');
    const res = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { type: 'reschedule', cancellationReason: 'Work' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancellations: [{ type: 'reschedule', cancellationReason: 'Work', customerCancellation: false }],
      customer: { cancellations: 0 },
    });
    expect((await rows<{ changes: number }>(t, sql`select changes from purchased_products where id = ${pp}`))[0].changes).toBe(1);
    const log = await logOf(a.id);
    expect(log.at(-1)).toEqual({
      action: 'cancelar',
      before: { status: 'scheduled' },
      after: { status: 'cancelled', cancellation: { type: 'reschedule', cancellationReason: 'Work', comment: null, customerCancellation: false } },
    });
    const again = await gerente({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { type: 'reschedule', cancellationReason: 'Work' } });
    expect(again.json()).toMatchObject({ statusCode: 409, code: 'CONFLICT', message: 'Solo se pueden cancelar citas agendadas o en proceso' });
    const missed = await gerente({ method: 'GET', url: `/v1/missed-appointment/${a.id}/purchased-product` });
    expect(missed.json()).toMatchObject({ id: pp, changes: 1 });
  });

  it('answers 404 for a consent document that does not exist and 400 for a malformed type', async () => {
    const c = await newCustomer(admin);
    const a = await create(medicalBooking(f, c, nextDate()));
    const missing = await medico({ method: 'GET', url: `/v1/consent/00000000-0000-4000-8000-000000000000/${a.id}` });
    expect(missing.json()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Consentimiento no encontrado' });
    const malformed = await medico({ method: 'GET', url: `/v1/consent/otro/${a.id}` });
    expect(malformed.json()).toMatchObject({ statusCode: 400, code: 'BAD_REQUEST', message: 'Tipo de consentimiento inválido' });
    const appointment = await medico({ method: 'GET', url: `/v1/consent/default/00000000-0000-4000-8000-000000000000` });
    expect(appointment.json()).toMatchObject({ statusCode: 404, code: 'APPOINTMENT_NOT_FOUND', message: 'Cita no encontrada' });
  });

  it('logs stored fields only, and answers the same rows at /bitacora and /appointment-log', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const a = await create(medicalBooking(f, c, date));
    await update(a.id, medicalBooking(f, c, date, { observations: 'Primera visita' }));
    await gerente({ method: 'PATCH', url: `/v1/appointment/${a.id}/confirm`, payload: { confirmMethod: 'whatsapp' } });
    const search = encodeURIComponent(JSON.stringify({ filter: 'appointmentNumber', value: a.appointmentNumber }));
    const bitacora = await admin({ method: 'GET', url: `/v1/bitacora?search=${search}` });
    expect(bitacora.statusCode, bitacora.body).toBe(200);
    const items = bitacora.json().items as { action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
    expect(items.map((i) => i.action)).toEqual(['confirmar', 'editar', 'crear']);
    expect(items[0]).toMatchObject({ before: { confirmMethod: null }, after: { confirmMethod: 'whatsapp' } });
    expect(items[1]).toMatchObject({ before: { observations: null }, after: { observations: 'Primera visita' } });
    expect(Object.keys(items[1].after!)).toEqual(['observations']);
    expect(items[2].before).toBeNull();
    expect(items[2].after).toMatchObject({ appointmentNumber: a.appointmentNumber, status: 'scheduled', cabainId: f.med.id, date, startTime: a.startTime });
    for (const i of items) {
      for (const side of [i.before, i.after])
        for (const computed of ['editable', 'allowedStatuses', 'customer', 'updated_at']) expect(side ?? {}).not.toHaveProperty(computed);
    }
    const alias = await admin({ method: 'GET', url: `/v1/appointment-log?search=${search}` });
    expect(alias.json().items).toEqual(bitacora.json().items);
    expect((await t.as((await t.signIn('logistica@demo.mx')).token)({ method: 'GET', url: '/v1/bitacora' })).statusCode).toBe(403);
  });
});
