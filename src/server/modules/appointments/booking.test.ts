import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { latestAgendaDate } from '../../../domain/agenda';
import { hhmm, nowIn } from '../../../domain/appointment-rules';
import { demoId } from '../../db/demo/random';
import { useTestApp } from '../../testing/harness';
import { cosmeticBooking, futureDate, loadFixtures, medicalBooking, newCustomer, plusMinutes, purchased, rows, type Fixtures } from './fixtures';

/** Booking rules of the audit: what is booked matches the cabin, promotions and packages, every lock type, cabin hours, lists, bounds, the 30-minute grace. */

const { t, admin, gerente } = useTestApp({ admin: 'admin@demo.mx', gerente: 'gerente@demo.mx' });
let f: Fixtures;
beforeAll(async () => {
  f = await loadFixtures(t);
});

let week = 10;
const nextDate = () => futureDate(week++);
const addDays = (date: string, n: number) => new Date(Date.parse(date + 'T12:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

const create = (payload: object) => gerente({ method: 'POST', url: '/v1/appointment/create', payload });
const field = (res: { json(): { errors?: { field: string; message: string }[] } }) => res.json().errors?.[0];

describe('what is booked matches the appointment type and the cabin', () => {
  it('refuses a medical treatment in a cosmetology cabin and accepts the cosmetology one', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const wrong = await create(cosmeticBooking(f, c, date, { treatmentId: f.medTreatment.id }));
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El tratamiento no corresponde al tipo de cita' });
    expect(field(wrong)).toEqual({ field: 'treatmentId', message: 'El tratamiento no corresponde al tipo de cita' });
    expect((await create(cosmeticBooking(f, c, date))).statusCode).toBe(201);
  });

  it('refuses a purchased medical treatment in a cosmetology cabin and accepts it in a medical one', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const pp = await purchased(t, c, f.medTreatment.id);
    const wrong = await create(cosmeticBooking(f, c, date, { appointmentOption: 'purchasedProducts', purchasedProductId: pp, treatmentId: null }));
    expect(wrong.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El tratamiento adquirido no corresponde al tipo de cita' });
    expect(field(wrong)!.field).toBe('purchasedProductId');
    const ok = await create(
      medicalBooking(f, c, date, {
        appointmentOption: 'purchasedProducts',
        purchasedProductId: pp,
        treatmentId: null,
        startTime: plusMinutes(f.med.opening(date), 60),
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses a treatment type that is not the cabin type', async () => {
    const c = await newCustomer(admin);
    const res = await create(medicalBooking(f, c, nextDate(), { treatmentTypeId: f.cos.treatmentTypeId, treatmentId: f.cosTreatment.id }));
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El tipo de cita no corresponde al tipo de la cabina' });
    expect(field(res)!.field).toBe('treatmentTypeId');
  });
});

describe('promotions and packages', () => {
  const pkg = (sku: string) => demoId('package:' + sku);
  const refused = async (payload: object, fieldName: string, message: string) => {
    const res = await create(payload);
    expect(res.json(), res.body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message });
    expect(field(res)).toEqual({ field: fieldName, message });
  };

  it('lists the active packages and promotions of a branch to the agenda, the medic included', async () => {
    const medico = t.as((await t.signIn('medico@demo.mx')).token);
    const res = await medico({ method: 'GET', url: `/v1/appointment/bookable-packages?type=Promotion&branchId=${f.branchId}` });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { id: string }[]).map((p) => p.id);
    expect(ids).toContain(pkg('PROM-HIDRA'));
    // inactive (Verano sin vello) and packages are not promotions to book
    expect(ids).not.toContain(pkg('PROM-VERANO'));
    expect(ids).not.toContain(pkg('PAQ-TOX-ANU'));
    expect((await medico({ method: 'GET', url: `/v1/appointment/bookable-packages?type=Promotion&branchId=${f.otherBranchId}` })).statusCode).toBe(403);
    expect((await medico({ method: 'GET', url: `/v1/appointment/bookable-packages?type=Otro&branchId=${f.branchId}` })).statusCode).toBe(400);
    const logistica = t.as((await t.signIn('logistica@demo.mx')).token);
    expect((await logistica({ method: 'GET', url: `/v1/appointment/bookable-packages?type=Package&branchId=${f.branchId}` })).statusCode).toBe(403);
  });

  it('books a promotion within its hours and refuses it outside them', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const hidra = { appointmentOption: 'promotion', promoId: pkg('PROM-HIDRA'), treatmentId: null };
    // the cosmetology cabins open at 10:00; the promotion's hours are 09:00–13:00
    const ok = await create(cosmeticBooking(f, c, date, { ...hidra, startTime: '10:00' }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      appointmentOption: 'promotion',
      promoId: pkg('PROM-HIDRA'),
      promotion: { id: pkg('PROM-HIDRA'), name: 'Hidrafacial con luz LED' },
      term: 90,
      endTime: '11:30',
    });
    await refused(cosmeticBooking(f, c, date, { ...hidra, startTime: '12:00' }), 'promoId', 'La promoción solo es válida de 09:00 a 13:00');
  });

  it('books a promotion on its dates and refuses it outside them', async () => {
    const c = await newCustomer(admin);
    const [window] = await rows<{ start_date: string; end_date: string }>(
      t,
      sql`select start_date::text, end_date::text from packages where id = ${pkg('PROM-TOXFRE')}`,
    );
    const toxfre = { appointmentOption: 'promotion', promoId: pkg('PROM-TOXFRE'), treatmentId: null };
    const inside = futureDate(2);
    expect(inside <= window.end_date).toBe(true);
    const ok = await create(medicalBooking(f, c, inside, toxfre));
    expect(ok.statusCode, ok.body).toBe(201);
    let outside = futureDate(1);
    while (outside <= window.end_date) outside = addDays(outside, 7);
    await refused(
      medicalBooking(f, c, outside, toxfre),
      'promoId',
      `La promoción solo es válida del ${ddmmyyyy(window.start_date)} al ${ddmmyyyy(window.end_date)}`,
    );
  });

  it('refuses an inactive promotion, a package as promotion, a promotion as package, another type, an unknown id', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    await refused(
      cosmeticBooking(f, c, date, { appointmentOption: 'promotion', promoId: pkg('PROM-VERANO'), treatmentId: null }),
      'promoId',
      'La promoción no está activa',
    );
    await refused(
      medicalBooking(f, c, date, { appointmentOption: 'promotion', promoId: pkg('PAQ-TOX-ANU'), treatmentId: null }),
      'promoId',
      'El paquete seleccionado no es una promoción',
    );
    await refused(
      medicalBooking(f, c, date, { appointmentOption: 'packages', packageId: pkg('PROM-TOXFRE'), treatmentId: null }),
      'packageId',
      'La promoción seleccionada no es un paquete',
    );
    await refused(
      medicalBooking(f, c, date, { appointmentOption: 'promotion', promoId: pkg('PROM-HIDRA'), treatmentId: null }),
      'promoId',
      'La promoción no corresponde al tipo de cita',
    );
    const unknown = await create(
      medicalBooking(f, c, date, { appointmentOption: 'promotion', promoId: '00000000-0000-4000-8000-000000000000', treatmentId: null }),
    );
    expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'PACKAGE_NOT_FOUND', message: 'Promoción no encontrada' });
  });

  it('books a package offered at the branch, with one of its treatments, and refuses another branch’s or a foreign treatment', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const [included] = await rows<{ treatment_id: string }>(
      t,
      sql`select treatment_id from package_treatments where package_id = ${pkg('PAQ-TOX-ANU')} and deleted_at is null limit 1`,
    );
    const anual = { appointmentOption: 'packages', packageId: pkg('PAQ-TOX-ANU'), treatmentId: null };
    const ok = await create(medicalBooking(f, c, date, anual));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ packageId: pkg('PAQ-TOX-ANU'), package: { id: pkg('PAQ-TOX-ANU') }, treatment: null, term: 60 });
    const withTreatment = await create(
      medicalBooking(f, c, date, { ...anual, treatmentId: included.treatment_id, startTime: plusMinutes(f.med.opening(date), 120) }),
    );
    expect(withTreatment.statusCode, withTreatment.body).toBe(201);
    expect(withTreatment.json().treatment.id).toBe(included.treatment_id);
    expect(included.treatment_id).not.toBe(f.medTreatment.id);
    await refused(
      medicalBooking(f, c, date, { ...anual, treatmentId: f.medTreatment.id, startTime: plusMinutes(f.med.opening(date), 240) }),
      'packageId',
      'El tratamiento no forma parte del paquete',
    );
    await refused(
      medicalBooking(f, c, date, {
        appointmentOption: 'packages',
        packageId: pkg('PAQ-REJ-INT'),
        treatmentId: null,
        startTime: plusMinutes(f.med.opening(date), 240),
      }),
      'packageId',
      'El paquete no se ofrece en esta sucursal',
    );
  });
});

describe('locks of every type and the cabin’s own hours', () => {
  const lock = async (payload: Record<string, unknown>) => {
    const res = await admin({ method: 'POST', url: '/v1/lock/create', payload: { branchId: f.branchId, reason: 'capacitación', ...payload } });
    expect(res.statusCode, res.body).toBe(201);
  };
  const blocked = async (payload: object) =>
    expect((await create(payload)).json()).toMatchObject({
      statusCode: 409,
      code: 'APPOINTMENT_CABIN_BLOCKED',
      message: 'La cabina está bloqueada en ese horario',
    });

  it('day: every cabin of the branch that date, not the next day', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    await lock({ type: 'day', date });
    await blocked(medicalBooking(f, c, date));
    await blocked(cosmeticBooking(f, c, date));
    expect((await create(medicalBooking(f, c, addDays(date, 1)))).statusCode).toBe(201);
  });

  it('cabain: the whole day of that cabin only', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    await lock({ type: 'cabain', cabainId: f.med.id, date });
    await blocked(medicalBooking(f, c, date, { startTime: plusMinutes(f.med.opening(date), 60) }));
    expect((await create(cosmeticBooking(f, c, date))).statusCode).toBe(201);
  });

  it('hours_range: its hours on its weekdays from its date on', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const open = f.med.opening(date);
    await lock({ type: 'hours_range', cabainId: f.med.id, date, time: [plusMinutes(open, 60), plusMinutes(open, 120)], days: [3] });
    await blocked(medicalBooking(f, c, date, { startTime: plusMinutes(open, 60), term: 30 }));
    await blocked(medicalBooking(f, c, addDays(date, 7), { startTime: plusMinutes(open, 90), term: 30 }));
    // ending when the lock starts, or another weekday: free
    expect((await create(medicalBooking(f, c, date, { startTime: plusMinutes(open, 30), term: 30 }))).statusCode).toBe(201);
    expect((await create(medicalBooking(f, c, addDays(date, 1), { startTime: plusMinutes(open, 60), term: 30 }))).statusCode).toBe(201);
  });

  it('days_range: its hours every day from its date to its end date', async () => {
    const c = await newCustomer(admin);
    // a Monday: the lock holds it and Tuesday; on Wednesday its hour is before the recurring lock above (1 h to 2 h after opening)
    const date = futureDate(week++, 1);
    const from = f.med.opening(date);
    await lock({ type: 'days_range', cabainId: f.med.id, date, endDate: addDays(date, 1), time: [from, plusMinutes(from, 60)] });
    await blocked(medicalBooking(f, c, date, { startTime: from, term: 30 }));
    await blocked(medicalBooking(f, c, addDays(date, 1), { startTime: plusMinutes(from, 30), term: 30 }));
    expect((await create(medicalBooking(f, c, addDays(date, 2), { startTime: from, term: 30 }))).statusCode).toBe(201);
    const after = await create(medicalBooking(f, c, date, { startTime: plusMinutes(from, 60), term: 30 }));
    expect(after.statusCode, after.body).toBe(201);
  });

  it('a cabin with narrower hours than the branch takes appointments only within its own', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const [narrow] = await rows<{ id: string; opening: string; closing: string }>(
      t,
      sql`select c.id, cs.opening::text, cs.closing::text from cabins c join cabin_types ct on ct.id = c.type_id join cabin_schedules cs on cs.cabin_id = c.id and cs.day = 3 and cs.deleted_at is null
          join branch_schedules bs on bs.branch_id = c.branch_id and bs.day = 3 and bs.deleted_at is null
          where c.branch_id = ${f.branchId} and ct.treatment_type_id = ${f.cos.treatmentTypeId} and c.active and c.deleted_at is null and cs.opening > bs.opening and cs.closing < bs.closing
          order by c.name limit 1`,
    );
    const [opening, closing] = [narrow.opening.slice(0, 5), narrow.closing.slice(0, 5)];
    const here = (over: Record<string, unknown>) => cosmeticBooking(f, c, date, { cabainId: narrow.id, term: 60, ...over });
    const outside = { statusCode: 409, code: 'APPOINTMENT_OUTSIDE_HOURS', message: 'La cita está fuera del horario de atención' };
    // the branch is open then, the cabin is not
    expect((await create(here({ startTime: plusMinutes(opening, -30) }))).json()).toMatchObject(outside);
    expect((await create(here({ startTime: plusMinutes(closing, -30) }))).json()).toMatchObject(outside);
    expect((await create(here({ startTime: opening }))).statusCode).toBe(201);
    expect((await create(here({ startTime: plusMinutes(closing, -60) }))).statusCode).toBe(201);
  });
});

describe('lists, sessions and dates of the payload', () => {
  it('takes treatment categories and existing treatments of the type, refuses the rest', async () => {
    const c = await newCustomer(admin);
    const date = nextDate();
    const [treatmentCategory] = await rows<{ id: string }>(t, sql`select id from categories where type = 'treatment' and deleted_at is null limit 1`);
    const [productCategory] = await rows<{ id: string }>(t, sql`select id from categories where type = 'product' and deleted_at is null limit 1`);
    const nowhere = '00000000-0000-4000-8000-000000000000';
    const category = 'La categoría no existe o no es de tratamientos';
    for (const id of [productCategory.id, nowhere]) {
      const res = await create(medicalBooking(f, c, date, { categoriesIds: [id] }));
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: category });
      expect(field(res)).toEqual({ field: 'categoriesIds', message: category });
    }
    const missing = await create(medicalBooking(f, c, date, { treatmentsIds: [nowhere] }));
    expect(missing.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El tratamiento no existe' });
    expect(field(missing)!.field).toBe('treatmentsIds');
    const otherType = await create(medicalBooking(f, c, date, { treatmentsIds: [f.cosTreatment.id] }));
    expect(field(otherType)).toEqual({ field: 'treatmentsIds', message: 'El tratamiento no corresponde al tipo de cita' });
    const ok = await create(medicalBooking(f, c, date, { categoriesIds: [treatmentCategory.id], treatmentsIds: [f.medTreatment.id] }));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ categoriesIds: [treatmentCategory.id], treatmentsIds: [f.medTreatment.id] });
  });

  it('takes 1 to 50 sessions with a field message', async () => {
    const c = await newCustomer(admin);
    const res = await create(medicalBooking(f, c, nextDate(), { sessions: 51 }));
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El campo sesiones no puede ser mayor a 50' });
    expect(field(res)!.field).toBe('sessions');
    // 50 sessions take 50 × the treatment's duration (appointmentTerm): a payload term keeps the slot within the day
    expect((await create(medicalBooking(f, c, nextDate(), { sessions: 50, term: 30 }))).statusCode).toBe(201);
  });

  it('books up to two years ahead and locks between 2000 and two years ahead', async () => {
    const c = await newCustomer(admin);
    const latest = latestAgendaDate(nowIn('America/Tijuana').date);
    const far = await create(medicalBooking(f, c, addDays(latest, 1), { startTime: '10:00' }));
    expect(far.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: `La fecha no puede ser posterior al ${ddmmyyyy(latest)}` });
    expect(field(far)!.field).toBe('date');
    const lock = (date: string) => admin({ method: 'POST', url: '/v1/lock/create', payload: { branchId: f.branchId, type: 'day', reason: 'licencia', date } });
    const old = await lock('1999-12-31');
    expect(old.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'La fecha no puede ser anterior al 01/01/2000' });
    expect(field(old)!.field).toBe('date');
    expect(field(await lock(addDays(latest, 1)))).toEqual({ field: 'date', message: `La fecha no puede ser posterior al ${ddmmyyyy(latest)}` });
    expect((await lock(latest)).statusCode).toBe(201);
  });

  it('answers 400 naming the field for an impossible list date', async () => {
    const res = await gerente({ method: 'GET', url: '/v1/appointment?startDate=2026-13-45' });
    expect(res.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'El campo fecha inicial no es válido' });
    expect(field(res)!.field).toBe('startDate');
    expect((await gerente({ method: 'GET', url: '/v1/appointment?endDate=2026-02-30' })).json().errors[0].field).toBe('endDate');
    expect((await gerente({ method: 'GET', url: '/v1/appointment?startDate=2026-02-28&endDate=2026-03-01' })).statusCode).toBe(200);
  });
});

describe('the 30-minute grace of the current slot', () => {
  it('books the slot that started less than 30 minutes ago and refuses the one before it', async () => {
    // a branch open around the clock and a fresh cabin without schedules, locks or appointments
    const branchId = demoId('branch:mexicali');
    await t.ctx.db.execute(sql`update branch_schedules set deleted_at = now() where branch_id = ${branchId}`);
    await t.ctx.db.execute(sql`update locks set deleted_at = now() where branch_id = ${branchId}`);
    const [cabin] = await rows<{ id: string }>(
      t,
      sql`insert into cabins (name, type_id, branch_id) select 'Prueba gracia', ct.id, ${branchId} from cabin_types ct where ct.treatment_type_id = ${f.med.treatmentTypeId} limit 1 returning id`,
    );
    const [branch] = await rows<{ time_zone: string }>(t, sql`select time_zone from branches where id = ${branchId}`);
    const now = nowIn(branch.time_zone);
    const slot = Math.floor(now.minutes / 30) * 30;
    // the last slot of the day (23:30) cannot hold an appointment at all: nothing to prove then
    if (slot > 23 * 60) return;
    const c = await newCustomer(admin);
    const book = (start: number) =>
      admin({
        method: 'POST',
        url: '/v1/appointment/create',
        payload: { ...medicalBooking(f, c, futureDate(1)), branchId, cabainId: cabin.id, date: now.date, startTime: hhmm(start), term: 30 },
      });
    const current = await book(slot);
    expect(current.statusCode, current.body).toBe(201);
    if (slot >= 60) {
      const earlier = await book(slot - 60);
      expect(earlier.json()).toMatchObject({ statusCode: 409, code: 'APPOINTMENT_IN_PAST', message: 'No se puede agendar una cita en el pasado' });
    }
  });
});

describe('the CITA- number', () => {
  it('skips a number an imported appointment already holds', async () => {
    const c = await newCustomer(admin);
    const [{ n }] = (await t.ctx.db.execute(sql`select nextval('appointment_number_seq')::int as n`)).rows as { n: number }[];
    const taken = `CITA-${String(n + 1).padStart(6, '0')}`;
    const [{ id }] = (await t.ctx.db.execute(sql`select id from appointments order by created_at limit 1`)).rows as { id: string }[];
    await t.ctx.db.execute(sql`update appointments set appointment_number = ${taken} where id = ${id}`);
    const res = await create(cosmeticBooking(f, c, nextDate()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().appointmentNumber).toBe(`CITA-${String(n + 2).padStart(6, '0')}`);
  });
});
