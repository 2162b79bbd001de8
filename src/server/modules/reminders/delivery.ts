import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { zonedClock } from '../../../domain/dates';
import { addDays } from '../../../domain/loyalty';
import {
  cancelText,
  NO_EMAIL,
  REMINDER_RETRY_DELAYS_MS,
  REMINDER_TRIES,
  reminderSubject,
  reminderText,
  type ReminderMessageStatus,
} from '../../../domain/reminders';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { live } from '../../db/live';
import { appointmentReminders, branches, reminderMessages } from '../../db/schema';
import type { Job } from '../../platform/jobs';
import { claimNextDue, retryAt } from '../../platform/mail-queue';
import { appointmentFacts, issueLink, type AppointmentFacts } from './facts';
import { addressOf, appointmentUid, calendarText } from './ics';

/**
 * The reminders job (docs/architecture.md, «Recordatorios de citas»). Each run, at `now`:
 * 1. queueChanges: every open reminder whose appointment moved (date, hours, branch) or was cancelled or deleted
 *    gets its sequence raised and one message queued (update or cancel) — one UPDATE … RETURNING feeding one INSERT,
 *    so a second runner finds nothing left to change;
 * 2. queueDue: every branch whose local hour has reached its reminder hour gets, for its scheduled appointments of
 *    tomorrow (local), a reminder row (unique per appointment: a second runner's insert is a no-op) and a 'request'
 *    message; an appointment already reminded for another day (moved since) gets a new one;
 * 3. claims due messages one at a time (FOR UPDATE SKIP LOCKED, status 'sending', one more try) and mails them.
 * However many API processes run it at once, a message is mailed once. A failed try waits 5, then 30 minutes; after 3
 * it stays failed. A message a newer one replaced, or with nothing to say (no e-mail, the appointment already began),
 * is skipped.
 */

/** Messages one run sends at most; the rest wait for the next tick (a stop waits for the run in progress). */
const PER_RUN = 100;
const CALENDAR_TYPE = (method: string) => `text/calendar; charset=utf-8; method=${method}`;

type Message = typeof reminderMessages.$inferSelect;
const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Reminders whose appointment changed since their last message: a new sequence and an update or cancel message. */
export async function queueChanges(db: DbOrTx, now: Date): Promise<number> {
  // appointments before yesterday (UTC) are over in every zone: their reminders are not read again
  const since = addDays(now.toISOString().slice(0, 10), -1);
  const at = now.toISOString();
  const result = await db.execute(sql`with changed as (
      update appointment_reminders r set
        sequence = r.sequence + 1,
        state_sequence = r.sequence + 1,
        mailed_date = a.date, mailed_start = a.start_time, mailed_end = a.end_time, mailed_branch_id = a.branch_id,
        cancelled_at = case when a.deleted_at is not null or a.status = 'cancelled' then ${at}::timestamptz end,
        reschedule_requested_at = case when a.deleted_at is null and a.status <> 'cancelled' then null else r.reschedule_requested_at end,
        updated_at = ${at}::timestamptz
      from appointments a
      where a.id = r.appointment_id and r.cancelled_at is null and r.mailed_date >= ${since}::date
        and (a.deleted_at is not null or a.status = 'cancelled'
          or (a.date, a.start_time, a.end_time, a.branch_id) is distinct from (r.mailed_date, r.mailed_start, r.mailed_end, r.mailed_branch_id))
      returning r.id, r.sequence, r.cancelled_at
    )
    insert into reminder_messages (reminder_id, sequence, kind, next_try_at)
    select id, sequence, case when cancelled_at is null then 'update' else 'cancel' end, ${at}::timestamptz from changed
    returning id`);
  return rowsOf(result).length;
}

/** The (branch, day) pairs whose reminders are due at `now`: tomorrow in the branches whose local hour has come. */
export async function dueDays(db: DbOrTx, now: Date): Promise<{ branchId: string; date: string }[]> {
  const rows = await db
    .select({ id: branches.id, timeZone: branches.timeZone, hour: branches.reminderHour })
    .from(branches)
    .where(and(live(branches), eq(branches.active, true), eq(branches.distributionCenter, false)));
  return rows.flatMap((b) => {
    const clock = zonedClock(b.timeZone, now);
    return clock.minutes >= b.hour * 60 ? [{ branchId: b.id, date: addDays(clock.date, 1) }] : [];
  });
}

/** The day-before reminders due at `now`: one reminder row per appointment and its 'request' message. */
export async function queueDue(db: DbOrTx, now: Date): Promise<number> {
  const days = await dueDays(db, now);
  if (!days.length) return 0;
  const at = now.toISOString();
  const pairs = sql.join(
    days.map((d) => sql`(${d.branchId}::uuid, ${d.date}::date)`),
    sql`, `,
  );
  const result = await db.execute(sql`with due as (
      select a.id, a.date, a.start_time, a.end_time, a.branch_id from appointments a
      where a.deleted_at is null and a.status = 'scheduled' and (a.branch_id, a.date) in (${pairs})
    ),
    fresh as (
      insert into appointment_reminders (appointment_id, mailed_date, mailed_start, mailed_end, mailed_branch_id, reminded_date)
      select id, date, start_time, end_time, branch_id, date from due
      on conflict (appointment_id) do nothing
      returning id, sequence
    ),
    again as (
      update appointment_reminders r set sequence = r.sequence + 1, reminded_date = d.date, cancelled_at = null, updated_at = ${at}::timestamptz
      from due d where r.appointment_id = d.id and r.reminded_date is distinct from d.date
      returning r.id, r.sequence
    )
    insert into reminder_messages (reminder_id, sequence, kind, next_try_at)
    select id, sequence, 'request', ${at}::timestamptz from fresh
    union all select id, sequence, 'request', ${at}::timestamptz from again
    returning id`);
  return rowsOf(result).length;
}

/** Nothing to send, with the reason. */
class Skip extends Error {}

/** Whether an earlier message of the reminder reached the patient (an update or a cancel has something to change). */
async function anySent(db: DbOrTx, reminderId: string, before: number): Promise<boolean> {
  const [row] = await db
    .select({ id: reminderMessages.id })
    .from(reminderMessages)
    .where(and(eq(reminderMessages.reminderId, reminderId), eq(reminderMessages.status, 'sent'), lt(reminderMessages.sequence, before)))
    .limit(1);
  return Boolean(row);
}

async function compose(ctx: AppContext, message: Message, now: Date) {
  const [reminder] = await ctx.db.select().from(appointmentReminders).where(eq(appointmentReminders.id, message.reminderId)).limit(1);
  if (!reminder) throw new Skip('El recordatorio no existe');
  if (message.sequence < reminder.sequence) throw new Skip('Reemplazado por un aviso más reciente');
  const found = await appointmentFacts(ctx.db, reminder.appointmentId);
  if (!found) throw new Skip('La cita no existe');
  const { appointment: a, facts, email } = found;
  const gone = Boolean(a.deletedAt) || a.status === 'cancelled';
  const kind = gone ? 'cancel' : message.kind;
  if (kind !== 'request' && !(await anySent(ctx.db, reminder.id, message.sequence))) throw new Skip('El paciente aún no había recibido el recordatorio');
  if (!gone && a.status !== 'scheduled') throw new Skip('La cita ya no está agendada');
  if (!gone && found.start <= now) throw new Skip('La cita ya empezó');
  if (!email) throw new Skip(NO_EMAIL);
  const method = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
  const links = kind === 'cancel' ? null : await issueLink(ctx.db, ctx.config, reminder.id, message.sequence, 'email');
  const text = links ? reminderText(facts, links, kind === 'update' ? 'update' : 'request') : cancelText(facts);
  const calendar = calendarEvent(ctx, found, email, method, message.sequence, now);
  return {
    reminder,
    mail: {
      to: email,
      subject: reminderSubject(facts, kind),
      text,
      attachments: [{ filename: 'cita.ics', content: Buffer.from(calendar, 'utf8'), contentType: CALENDAR_TYPE(method) }],
    },
  };
}

function calendarEvent(ctx: AppContext, f: AppointmentFacts, email: string, method: 'REQUEST' | 'CANCEL', sequence: number, now: Date): string {
  return calendarText({
    method,
    uid: appointmentUid(f.appointment.id),
    sequence,
    stamp: now,
    start: f.start,
    end: f.end,
    summary: `${f.facts.treatment} · ${f.facts.branch}`,
    location: [f.facts.branch, f.facts.address].filter(Boolean).join(', '),
    description: [`Cita ${f.appointment.number}`, ...(f.facts.professional ? [`Profesional: ${f.facts.professional}`] : [])].join('\n'),
    organizer: { name: f.facts.branch, email: addressOf(ctx.config.mailFrom) },
    attendee: { name: f.facts.patient, email },
  });
}

/** The message's outcome, and the reminder's copy of it when the message is its latest. */
async function settle(db: DbOrTx, message: Message, status: ReminderMessageStatus, now: Date, error: string | null, nextTryAt?: Date) {
  await db
    .update(reminderMessages)
    .set({ status, error, ...(status === 'sent' && { sentAt: now }), ...(nextTryAt && { nextTryAt }), ...(status === 'skipped' && { claimedAt: null }) })
    .where(eq(reminderMessages.id, message.id));
  await db
    .update(appointmentReminders)
    .set({ lastStatus: status, lastError: error, ...(status === 'sent' && { lastSentAt: now }), updatedAt: now })
    .where(and(eq(appointmentReminders.id, message.reminderId), lte(appointmentReminders.sequence, message.sequence)));
}

type Outcome = 'sent' | 'failed' | 'skipped';

async function deliver(ctx: AppContext, message: Message, now: Date): Promise<Outcome> {
  let composed: Awaited<ReturnType<typeof compose>>;
  try {
    composed = await compose(ctx, message, now);
  } catch (err) {
    if (!(err instanceof Skip)) return fail(ctx, message, now, err);
    ctx.log.info({ message: message.id }, `Recordatorio de cita no enviado: ${err.message}`);
    await settle(ctx.db, message, 'skipped', now, err.message);
    return 'skipped';
  }
  try {
    await ctx.mailer.send(composed.mail);
  } catch (err) {
    return fail(ctx, message, now, new Error(`no se pudo enviar el correo (${err instanceof Error ? err.message : String(err)})`, { cause: err }));
  }
  await settle(ctx.db, message, 'sent', now, null);
  ctx.log.info({ message: message.id, kind: message.kind, sequence: message.sequence }, 'Recordatorio de cita enviado');
  return 'sent';
}

async function fail(ctx: AppContext, message: Message, now: Date, err: unknown): Promise<Outcome> {
  const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'desconocido';
  ctx.log.warn({ err, message: message.id }, `Recordatorio de cita fallido (intento ${message.tries})`);
  await settle(ctx.db, message, 'failed', now, reason, retryAt(message.tries, REMINDER_RETRY_DELAYS_MS, now));
  return 'failed';
}

/** One run of the job at `now`: queues what changed and what is due, and sends it. */
export async function sendDueReminders(ctx: AppContext, now = new Date()): Promise<Record<Outcome, number>> {
  await queueChanges(ctx.db, now);
  await queueDue(ctx.db, now);
  const result: Record<Outcome, number> = { sent: 0, failed: 0, skipped: 0 };
  for (let i = 0; i < PER_RUN; i++) {
    const message = await claimNextDue(ctx.db, reminderMessages, REMINDER_TRIES, now);
    if (!message) break;
    result[await deliver(ctx, message, now)]++;
  }
  return result;
}

export const reminderJobs: Job[] = [
  {
    name: 'enviar recordatorios de citas',
    everyMs: 5 * 60_000,
    atStart: true,
    run: async (ctx) => {
      await sendDueReminders(ctx);
    },
  },
];
