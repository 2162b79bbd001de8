import { and, asc, eq } from 'drizzle-orm';
import { canConfirm } from '../../../domain/appointment-rules';
import { zonedInstant } from '../../../domain/dates';
import { addDays } from '../../../domain/loyalty';
import { CONFIRMATION_OF_METHOD } from '../../../domain/occupation';
import { reminderText, whatsappNumber, whatsappUrl, type ReminderChannel } from '../../../domain/reminders';
import { CONFIRMING_METHODS } from '../../../domain/reports';
import type { z } from 'zod';
import type { reminderSummaryResponse } from '../../../domain/reminders.contract';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { appointmentReminders, appointments, branches, reminderLinks, reminderMessages } from '../../db/schema';
import { assertBranchAccess, type Actor } from '../../platform/auth/actor';
import { recordChange } from '../../platform/change-log';
import { AppError } from '../../platform/errors';
import { appointmentFacts, issueLink, TOKEN_PATTERN, tokenHash, type AppointmentFacts } from './facts';
import { linkPage, type LinkPage } from './page';

const MODULE = 'appointment';

/** A confirm method that means the patient confirmed (the confirmation report's Confirmadas). */
const isConfirming = (method: string | null) =>
  Boolean(method && CONFIRMING_METHODS.includes(CONFIRMATION_OF_METHOD[method as keyof typeof CONFIRMATION_OF_METHOD]));

async function factsFor(ctx: AppContext, actor: Actor, id: string): Promise<AppointmentFacts> {
  const found = await appointmentFacts(ctx.db, id);
  if (!found || found.appointment.deletedAt) throw new AppError('APPOINTMENT_NOT_FOUND');
  assertBranchAccess(actor, found.appointment.branchId);
  return found;
}

/** Why a WhatsApp reminder cannot be prepared now, or null. */
function whatsappRefusal(f: AppointmentFacts, now: Date): string | null {
  if (f.appointment.status !== 'scheduled') return 'Solo una cita agendada lleva recordatorio';
  if (f.start <= now) return 'La cita ya empezó';
  if (!whatsappNumber(f.mobilePhone)) return 'El paciente no tiene un celular de 10 dígitos';
  return null;
}

/** GET /appointment/:id/reminder: the reminder's state, its messages and whether WhatsApp is at hand. */
export async function reminderSummary(ctx: AppContext, actor: Actor, id: string, now = new Date()): Promise<z.input<typeof reminderSummaryResponse>> {
  const f = await factsFor(ctx, actor, id);
  const [reminder] = await ctx.db.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, id)).limit(1);
  const messages = reminder
    ? await ctx.db.select().from(reminderMessages).where(eq(reminderMessages.reminderId, reminder.id)).orderBy(asc(reminderMessages.sequence))
    : [];
  const [branch] = await ctx.db.select({ hour: branches.reminderHour }).from(branches).where(eq(branches.id, f.appointment.branchId)).limit(1);
  const due = zonedInstant(f.timeZone, addDays(f.appointment.date, -1), (branch?.hour ?? 10) * 60);
  const refusal = whatsappRefusal(f, now);
  return {
    status: reminder && messages.length ? reminder.lastStatus : 'none',
    sentAt: reminder?.lastSentAt ?? null,
    error: reminder?.lastError ?? null,
    dueAt: f.appointment.status === 'scheduled' && !reminder?.remindedDate && due > now ? due : null,
    confirmedAt: reminder?.confirmedAt ?? null,
    confirmedVia: reminder?.confirmedVia ?? null,
    rescheduleRequestedAt: reminder?.rescheduleRequestedAt ?? null,
    messages: messages.map((m) => ({
      kind: m.kind,
      sequence: m.sequence,
      status: m.status,
      tries: m.tries,
      sentAt: m.sentAt,
      error: m.error,
      created_at: m.createdAt,
    })),
    whatsapp: { available: !refusal, reason: refusal },
  };
}

/** The appointment's reminder row, made now (without a message) if the day-before one has not been made yet. */
async function ensureReminder(tx: DbOrTx, a: AppointmentFacts['appointment']) {
  await tx
    .insert(appointmentReminders)
    .values({ appointmentId: a.id, mailedDate: a.date, mailedStart: a.startTime, mailedEnd: a.endTime, mailedBranchId: a.branchId })
    .onConflictDoNothing({ target: appointmentReminders.appointmentId });
  const [row] = await tx.select().from(appointmentReminders).where(eq(appointmentReminders.appointmentId, a.id)).limit(1);
  return row!;
}

/**
 * POST /appointment/:id/reminder/whatsapp: the reminder's text with a link of its own (channel whatsapp: confirming
 * through it records WhatsApp) and the click-to-chat address that opens it in WhatsApp. Nothing is sent by the server.
 */
export async function whatsappReminder(ctx: AppContext, actor: Actor, id: string, now = new Date()) {
  const f = await factsFor(ctx, actor, id);
  const refusal = whatsappRefusal(f, now);
  if (refusal) throw new AppError('CONFLICT', refusal);
  const number = whatsappNumber(f.mobilePhone)!;
  return ctx.db.transaction(async (tx) => {
    const reminder = await ensureReminder(tx, f.appointment);
    const links = await issueLink(tx, ctx.config, reminder.id, reminder.sequence, 'whatsapp');
    await recordChange(tx, actor, {
      module: MODULE,
      action: 'recordatorio por WhatsApp',
      entityId: id,
      orderNumber: f.appointment.number,
      affectedBranchId: f.appointment.branchId,
    });
    const text = reminderText(f.facts, links);
    return { url: whatsappUrl(number, text), text, number };
  });
}

export type LinkAction = 'confirm' | 'reschedule';

/**
 * A patient's click on a reminder link (no session): confirms the appointment (its confirm method becomes the link's
 * channel unless it was already confirmed) or records the wish to reschedule, and answers the page to show. A link
 * of an older state of the appointment (moved or cancelled since), of a past appointment or unknown shows why not.
 */
export async function answerLink(ctx: AppContext, token: string, action: LinkAction, now = new Date()): Promise<LinkPage> {
  if (!TOKEN_PATTERN.test(token)) return linkPage('invalid');
  const [link] = await ctx.db
    .select({ link: reminderLinks, appointmentId: appointmentReminders.appointmentId })
    .from(reminderLinks)
    .innerJoin(appointmentReminders, eq(appointmentReminders.id, reminderLinks.reminderId))
    .where(eq(reminderLinks.tokenHash, tokenHash(ctx.config, token)))
    .limit(1);
  if (!link) return linkPage('invalid');
  return ctx.db.transaction(async (tx) => {
    // the reminder row locked: two clicks at once answer one after the other
    const [reminder] = await tx.select().from(appointmentReminders).where(eq(appointmentReminders.id, link.link.reminderId)).for('update').limit(1);
    const f = await appointmentFacts(tx, link.appointmentId);
    if (!reminder || !f) return linkPage('invalid');
    const a = f.appointment;
    if (a.deletedAt || a.status === 'cancelled' || reminder.cancelledAt) return linkPage('cancelled', f.facts);
    if (link.link.sequence < reminder.stateSequence) return linkPage('changed', f.facts);
    if (f.end <= now || !canConfirm(a.status)) return linkPage('expired', f.facts);
    await tx
      .update(reminderLinks)
      .set({ usedAt: now })
      .where(and(eq(reminderLinks.id, link.link.id)));
    if (action === 'confirm') return confirm(tx, reminder, f, link.link.channel, now);
    if (!reminder.rescheduleRequestedAt) {
      await tx.update(appointmentReminders).set({ rescheduleRequestedAt: now, updatedAt: now }).where(eq(appointmentReminders.id, reminder.id));
      await recordChange(tx, null, {
        module: MODULE,
        action: 'solicitud de reagenda',
        entityId: a.id,
        orderNumber: a.number,
        after: { rescheduleRequestedAt: now, via: link.link.channel },
        affectedBranchId: a.branchId,
      });
    }
    return linkPage('reschedule', f.facts);
  });
}

async function confirm(tx: DbOrTx, reminder: typeof appointmentReminders.$inferSelect, f: AppointmentFacts, channel: ReminderChannel, now: Date) {
  const a = f.appointment;
  if (isConfirming(a.confirmMethod)) return linkPage('confirmed', f.facts);
  await tx.update(appointments).set({ confirmMethod: channel }).where(eq(appointments.id, a.id));
  await tx
    .update(appointmentReminders)
    .set({ confirmedAt: now, confirmedVia: channel, rescheduleRequestedAt: null, updatedAt: now })
    .where(eq(appointmentReminders.id, reminder.id));
  // the patient confirmed, no user: the log says 'sistema'
  await recordChange(tx, null, {
    module: MODULE,
    action: 'confirmar',
    entityId: a.id,
    orderNumber: a.number,
    before: { confirmMethod: a.confirmMethod },
    after: { confirmMethod: channel },
    affectedBranchId: a.branchId,
  });
  return linkPage('confirmed', f.facts);
}
