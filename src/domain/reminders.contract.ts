import { z } from 'zod';
import { idParams, route, type Answer } from './contract';

/** What the reception sees of an appointment's reminder (issue 30). */
export const reminderSummaryResponse = z.object({
  /** none: no reminder yet (it goes the day before at `dueAt`). */
  status: z.enum(['none', 'pending', 'sending', 'sent', 'failed', 'skipped']),
  /** When the latest e-mail went out. */
  sentAt: z.date().nullable(),
  /** Why the latest message failed or was not sent. */
  error: z.string().nullable(),
  /** When the day-before reminder is due (null when the appointment is not scheduled or its day has come). */
  dueAt: z.date().nullable(),
  confirmedAt: z.date().nullable(),
  confirmedVia: z.enum(['email', 'whatsapp']).nullable(),
  rescheduleRequestedAt: z.date().nullable(),
  messages: z.array(
    z.object({
      kind: z.enum(['request', 'update', 'cancel']),
      sequence: z.number(),
      status: z.enum(['pending', 'sending', 'sent', 'failed', 'skipped']),
      tries: z.number(),
      sentAt: z.date().nullable(),
      error: z.string().nullable(),
      created_at: z.date(),
    }),
  ),
  /** Whether a WhatsApp message can be prepared: a scheduled appointment still ahead and a 10-digit mobile phone; else why not. */
  whatsapp: z.object({ available: z.boolean(), reason: z.string().nullable() }),
});

export const whatsappReminderResponse = z.object({ url: z.string(), text: z.string(), number: z.string() });

/** The link pages (/v1/reminder/:token/confirm and /reschedule) answer HTML, so they have no JSON contract: only their parameters. */
export const reminderLinkParams = z.object({ token: z.string().max(100) });

export const reminderRoutes = {
  summary: route({ method: 'GET', path: '/appointment/:id/reminder', params: idParams, response: reminderSummaryResponse }),
  whatsapp: route({ method: 'POST', path: '/appointment/:id/reminder/whatsapp', params: idParams, response: whatsappReminderResponse }),
};

export type ReminderSummary = Answer<typeof reminderRoutes.summary>;
export type WhatsappReminder = Answer<typeof reminderRoutes.whatsapp>;
