import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant } from '../../../domain/dates';
import type { AppContext } from '../../context';
import { demoId } from '../../db/demo/random';
import type { Mail } from '../../platform/mail';
import { insertAppointment } from '../../testing/appointments';
import { queryRows, useTestApp } from '../../testing/harness';
import { sendDueReminders } from './delivery';
import { answerLink } from './service';

const { t, admin, recepcion } = useTestApp({ admin: 'admin@demo.mx', recepcion: 'recepcion.tijuana@demo.mx' });

/**
 * Every appointment here lies in 2031 (June: Tijuana on daylight time, UTC−7), a date the demo never reaches, and the
 * job runs at an explicit clock: nothing depends on today's date.
 */
const TIJUANA = demoId('branch:tijuana');
const ZONE = 'America/Tijuana';
const DAY = '2031-06-11';
const EVE = '2031-06-10';
const at = (date: string, hhmm: string) => zonedInstant(ZONE, date, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5)));

let cabin: { id: string; treatmentTypeId: string };
let customers: string[];
let counter = 0;

beforeAll(async () => {
  const [c] = await queryRows<{ id: string; treatment_type_id: string }>(
    t,
    sql`select c.id, ct.treatment_type_id from cabins c join cabin_types ct on ct.id = c.type_id
        where c.branch_id = ${TIJUANA} and c.active and c.deleted_at is null order by c.name limit 1`,
  );
  cabin = { id: c!.id, treatmentTypeId: c!.treatment_type_id };
  customers = (await queryRows<{ id: string }>(t, sql`select id from customers where deleted_at is null and active order by customer_number limit 16`)).map(
    (r) => r.id,
  );
});

/** A scheduled appointment of its own patient (with `email`, or none) on DAY at `start` for half an hour. */
async function booked(email: string | null, start = '10:00', date = DAY) {
  const customerId = customers[counter]!;
  counter++;
  // a mobile phone of its own (they are unique), a Tijuana number
  await queryRows(t, sql`update customers set email = ${email}, mobile_phone = ${`66412345${String(counter).padStart(2, '0')}`} where id = ${customerId}`);
  const end = `${String(Number(start.slice(0, 2)) + (start.slice(3) === '30' ? 1 : 0)).padStart(2, '0')}:${start.slice(3) === '30' ? '00' : '30'}`;
  return insertAppointment(t.ctx.db, {
    appointmentNumber: `CITA-R${String(counter).padStart(5, '0')}`,
    branchId: TIJUANA,
    cabin,
    customerId,
    date,
    start,
    end,
  });
}

const mailsTo = (email: string) => t.outbox.filter((m) => m.to === email);

/** The calendar attachment, unfolded, as its property lines. */
function calendarOf(mail: Mail): Record<string, string> {
  const ics = mail.attachments?.find((a) => a.filename.endsWith('.ics'));
  expect(ics, 'la invitación .ics').toBeDefined();
  expect(ics!.contentType).toContain('text/calendar');
  const text = ics!.content.toString('utf8');
  expect(text).toMatch(/\r\n$/);
  const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  return Object.fromEntries(lines.map((l) => [l.slice(0, l.search(/[:;]/)), l.slice(l.indexOf(':') + 1)]));
}

const linkIn = (mail: Mail, label: RegExp) => {
  const match = label.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  return new URL(match![1]!);
};
const confirmLink = (mail: Mail) => linkIn(mail, /Confirme su asistencia: (\S+)/);
const rescheduleLink = (mail: Mail) => linkIn(mail, /Pida reagendar: (\S+)/);
const open = (url: URL) => t.app.inject({ method: 'GET', url: url.pathname });
const confirmMethodOf = async (id: string) =>
  (await queryRows<{ confirm_method: string | null }>(t, sql`select confirm_method from appointments where id = ${id}`))[0]!.confirm_method;

describe('the day-before reminder', () => {
  it('is mailed once at the branch hour, with the appointment and an .ics (UID, DTSTART in UTC, SEQUENCE 0)', async () => {
    const email = 'recordatorio.uno@correo.mx';
    const a = await booked(email);
    expect(mailsTo(email)).toHaveLength(0);
    await sendDueReminders(t.ctx, at(EVE, '09:59'));
    expect(mailsTo(email)).toHaveLength(0);
    await sendDueReminders(t.ctx, at(EVE, '10:00'));
    await sendDueReminders(t.ctx, at(EVE, '10:05'));
    await sendDueReminders(t.ctx, at(EVE, '18:00'));
    expect(mailsTo(email)).toHaveLength(1);
    const mail = mailsTo(email)[0]!;
    expect(mail.subject).toBe('Recordatorio de cita · 11/06/2031 10:00 · Tijuana');
    for (const part of ['Le recordamos su cita:', 'Fecha: 11/06/2031', 'Hora: 10:00', 'Sucursal: Tijuana', 'Tratamiento: ']) expect(mail.text).toContain(part);
    const ics = calendarOf(mail);
    expect(ics.METHOD).toBe('REQUEST');
    expect(ics.UID).toBe(`cita-${a.id}@clinicas`);
    expect(ics.SEQUENCE).toBe('0');
    expect(ics.DTSTART).toBe('20310611T170000Z');
    expect(ics.DTEND).toBe('20310611T173000Z');
    expect(ics.ATTENDEE).toBe(`mailto:${email}`);
    expect(confirmLink(mail).pathname).toMatch(/^\/v1\/reminder\/[A-Za-z0-9_-]{43}\/confirm$/);
    // only the keyed hash of the token is stored
    const token = confirmLink(mail).pathname.split('/')[3]!;
    const stored = await queryRows<{ token_hash: string }>(t, sql`select token_hash from reminder_links`);
    expect(stored.some((r) => r.token_hash.includes(token))).toBe(false);

    const summary = await recepcion({ method: 'GET', url: `/v1/appointment/${a.id}/reminder` });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json()).toMatchObject({ status: 'sent', sentAt: at(EVE, '10:00').toISOString(), confirmedAt: null, whatsapp: { available: true } });
  });

  it('confirms by its link (confirmMethod email) with a Spanish page; a second click changes nothing; the reschedule link records the request', async () => {
    const email = 'recordatorio.dos@correo.mx';
    const a = await booked(email, '11:00');
    await sendDueReminders(t.ctx, at(EVE, '10:00'));
    const mail = mailsTo(email)[0]!;

    const asked = await open(rescheduleLink(mail));
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Solicitud de reagenda recibida');
    const requested = (await recepcion({ method: 'GET', url: `/v1/appointment/${a.id}/reminder` })).json<{ rescheduleRequestedAt: string | null }>();
    expect(requested.rescheduleRequestedAt).not.toBeNull();

    const page = await open(confirmLink(mail));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('¡Cita confirmada!');
    expect(page.body).toContain('11/06/2031');
    expect(page.body).toContain('lang="es-MX"');
    expect(await confirmMethodOf(a.id)).toBe('email');
    const again = await open(confirmLink(mail));
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('¡Cita confirmada!');
    expect(await confirmMethodOf(a.id)).toBe('email');
    const logged = await queryRows(t, sql`select 1 from change_log where entity_id = ${a.id} and action = 'confirmar'`);
    expect(logged).toHaveLength(1);
    expect((await recepcion({ method: 'GET', url: `/v1/appointment/${a.id}/reminder` })).json()).toMatchObject({
      confirmedVia: 'email',
      rescheduleRequestedAt: null,
    });
  });

  it('shows the expired page after the appointment, and the invalid page for an unknown token', async () => {
    const email = 'recordatorio.tres@correo.mx';
    const a = await booked(email, '12:00');
    await sendDueReminders(t.ctx, at(EVE, '10:00'));
    const token = confirmLink(mailsTo(email)[0]!).pathname.split('/')[3]!;
    const late = await answerLink(t.ctx, token, 'confirm', at(DAY, '12:30'));
    expect(late.status).toBe(410);
    expect(late.html).toContain('Enlace vencido');
    expect(await confirmMethodOf(a.id)).toBeNull();
    const unknown = await t.app.inject({ method: 'GET', url: `/v1/reminder/${'x'.repeat(43)}/confirm` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('Enlace no válido');
    const malformed = await t.app.inject({ method: 'GET', url: '/v1/reminder/abc/confirm' });
    expect(malformed.statusCode).toBe(404);
  });

  it('sends an updated invitation (SEQUENCE+1) after a reschedule and METHOD:CANCEL after a cancellation; old links stop working', async () => {
    const email = 'recordatorio.cuatro@correo.mx';
    const a = await booked(email, '13:00');
    await sendDueReminders(t.ctx, at(EVE, '10:00'));
    const first = mailsTo(email)[0]!;

    // moved by any path (the form, a drag, a script): the job compares the appointment with what it last mailed
    await queryRows(t, sql`update appointments set start_time = '15:00', end_time = '15:30', reschedules = reschedules + 1 where id = ${a.id}`);
    await sendDueReminders(t.ctx, at(EVE, '10:10'));
    await sendDueReminders(t.ctx, at(EVE, '10:15'));
    expect(mailsTo(email)).toHaveLength(2);
    const moved = mailsTo(email)[1]!;
    expect(moved.subject).toBe('Cambio de cita · 11/06/2031 15:00 · Tijuana');
    expect(moved.text).toContain('Su cita cambió');
    const update = calendarOf(moved);
    expect(update).toMatchObject({ METHOD: 'REQUEST', UID: `cita-${a.id}@clinicas`, SEQUENCE: '1', DTSTART: '20310611T220000Z' });
    const stale = await open(confirmLink(first));
    expect(stale.statusCode).toBe(410);
    expect(stale.body).toContain('Su cita cambió');

    const cancelled = await admin({ method: 'POST', url: `/v1/appointment/${a.id}/cancel`, payload: { cancellationReason: 'Work' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await sendDueReminders(t.ctx, at(EVE, '10:20'));
    await sendDueReminders(t.ctx, at(EVE, '10:25'));
    expect(mailsTo(email)).toHaveLength(3);
    const cancel = mailsTo(email)[2]!;
    expect(cancel.subject).toBe('Cita cancelada · 11/06/2031 15:00');
    expect(cancel.text).not.toContain('/v1/reminder/');
    expect(calendarOf(cancel)).toMatchObject({ METHOD: 'CANCEL', UID: `cita-${a.id}@clinicas`, SEQUENCE: '2', STATUS: 'CANCELLED' });
    const gone = await open(confirmLink(moved));
    expect(gone.statusCode).toBe(410);
    expect(gone.body).toContain('Esta cita fue cancelada');
  });

  it('is sent once when two runs of the job go at the same time', async () => {
    const email = 'recordatorio.cinco@correo.mx';
    await booked(email, '16:00');
    const now = at(EVE, '11:00');
    const runs = await Promise.all([sendDueReminders(t.ctx, now), sendDueReminders(t.ctx, now), sendDueReminders(t.ctx, now)]);
    expect(mailsTo(email)).toHaveLength(1);
    expect(runs.reduce((n, r) => n + r.failed, 0)).toBe(0);
    const messages = await queryRows(
      t,
      sql`select m.status from reminder_messages m join appointment_reminders r on r.id = m.reminder_id join appointments a on a.id = r.appointment_id
          join customers c on c.id = a.customer_id where c.email = ${email}`,
    );
    expect(messages).toEqual([{ status: 'sent' }]);
  });

  it('retries a failed send after 5 minutes, and skips a patient without e-mail (WhatsApp stays at hand)', async () => {
    const email = 'recordatorio.seis@correo.mx';
    const a = await booked(email, '17:00');
    const failing: AppContext = { ...t.ctx, mailer: { send: () => Promise.reject(new Error('SMTP caído')) } };
    expect((await sendDueReminders(failing, at(EVE, '12:00'))).failed).toBe(1);
    const failed = (await recepcion({ method: 'GET', url: `/v1/appointment/${a.id}/reminder` })).json<{ status: string; error: string }>();
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('SMTP caído');
    await sendDueReminders(t.ctx, at(EVE, '12:03'));
    expect(mailsTo(email)).toHaveLength(0);
    await sendDueReminders(t.ctx, at(EVE, '12:06'));
    expect(mailsTo(email)).toHaveLength(1);

    const silent = await booked(null, '18:00');
    await sendDueReminders(t.ctx, at(EVE, '12:10'));
    const summary = (await recepcion({ method: 'GET', url: `/v1/appointment/${silent.id}/reminder` })).json();
    expect(summary).toMatchObject({ status: 'skipped', error: 'El paciente no tiene correo', whatsapp: { available: true } });
  });
});

describe('WhatsApp click-to-chat', () => {
  it('gives the same text with a link of its own; confirming through it records WhatsApp', async () => {
    const a = await booked(null, '19:00');
    const res = await recepcion({ method: 'POST', url: `/v1/appointment/${a.id}/reminder/whatsapp` });
    expect(res.statusCode, res.body).toBe(200);
    const { url, text, number } = res.json<{ url: string; text: string; number: string }>();
    expect(number).toMatch(/^5266412345\d\d$/);
    expect(url).toBe(`https://wa.me/${number}?text=${encodeURIComponent(text)}`);
    expect(text).toContain('Le recordamos su cita:');
    expect(text).toContain('Hora: 19:00');
    const link = new URL(/Confirme su asistencia: (\S+)/.exec(text)![1]!);
    expect((await open(link)).statusCode).toBe(200);
    expect(await confirmMethodOf(a.id)).toBe('whatsapp');
  });

  it('is refused for a cancelled appointment and needs the edit privilege', async () => {
    const a = await booked(null, '20:00');
    await queryRows(t, sql`update appointments set status = 'cancelled' where id = ${a.id}`);
    const res = await recepcion({ method: 'POST', url: `/v1/appointment/${a.id}/reminder/whatsapp` });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Solo una cita agendada lleva recordatorio');
    const anonymous = await t.app.inject({ method: 'POST', url: `/v1/appointment/${a.id}/reminder/whatsapp` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the branch reminder hour', () => {
  it('is validated, saved and used by the job', async () => {
    const branch = (await admin({ method: 'GET', url: `/v1/branch/${TIJUANA}` })).json<Record<string, unknown> & { schedules: unknown[] }>();
    expect(branch.reminderHour).toBe(10);
    const { id, timeZone, schedules, created_at, updated_at, deleted_at, ...body } = branch;
    void [id, timeZone, created_at, updated_at, deleted_at];
    const bad = await admin({ method: 'PUT', url: `/v1/branch/${TIJUANA}/update`, payload: { ...body, schedule: schedules, reminderHour: 24 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'reminderHour', message: 'La hora de recordatorio debe estar entre 0 y 23' });
    const ok = await admin({ method: 'PUT', url: `/v1/branch/${TIJUANA}/update`, payload: { ...body, schedule: schedules, reminderHour: 8 } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().reminderHour).toBe(8);

    const email = 'recordatorio.ocho@correo.mx';
    await booked(email, '09:00', '2031-06-18');
    await sendDueReminders(t.ctx, at('2031-06-17', '07:59'));
    expect(mailsTo(email)).toHaveLength(0);
    await sendDueReminders(t.ctx, at('2031-06-17', '08:00'));
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('the confirmation report', () => {
  it('counts the reminders sent and the confirmations through their links, e-mail ones under Correo', async () => {
    const res = await admin({ method: 'GET', url: `/v1/report/confirmation?startDate=2031-06-01&endDate=2031-06-30&branchId=${TIJUANA}` });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = res.json<{ rows: Record<string, unknown>[] }>().rows;
    const [expected] = await queryRows<{ sent: number; email: number; whatsapp: number }>(
      t,
      sql`select count(*) filter (where r.last_sent_at is not null)::int as sent, count(*) filter (where a.confirm_method = 'email')::int as email,
            count(*) filter (where a.confirm_method = 'whatsapp')::int as whatsapp
          from appointments a left join appointment_reminders r on r.appointment_id = a.id
          where a.branch_id = ${TIJUANA} and a.date between '2031-06-01' and '2031-06-30' and a.deleted_at is null`,
    );
    // this file mailed seven reminders; one patient confirmed by the e-mail's link, another by WhatsApp's
    expect(expected).toEqual({ sent: 7, email: 1, whatsapp: 1 });
    expect(row).toMatchObject({ branch: 'Tijuana', email: 1, whatsapp: 1, confirmed: 2, reminders: 7, reminderConfirmed: 2 });
  });
});
