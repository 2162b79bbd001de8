import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, time, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  REMINDER_CHANNELS,
  REMINDER_KINDS,
  REMINDER_MESSAGE_STATUSES,
  type ReminderChannel,
  type ReminderKind,
  type ReminderMessageStatus,
} from '../../../domain/reminders';
import { appointments } from './agenda';
import { oneOf } from './columns';

/**
 * The reminder of one appointment (issue 30): one row per appointment, made the first time its day-before reminder is
 * due. `sequence` is the iCalendar SEQUENCE of the latest message queued; mailed_* is the appointment as that message
 * describes it, so the job sees a reschedule or a cancellation by comparing it with the appointment (any path that
 * changes one: the form, a drag, a refund, an expiry). reminded_date is the day whose day-before reminder was queued.
 * last_* copy the latest message's outcome for the agenda's card; confirmed_* and reschedule_requested_at are the
 * patient's answer through a link.
 */
export const appointmentReminders = pgTable(
  'appointment_reminders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    sequence: integer('sequence').notNull().default(0),
    /** The sequence at which the appointment last changed (or 0): links made before it no longer answer. */
    stateSequence: integer('state_sequence').notNull().default(0),
    mailedDate: date('mailed_date').notNull(),
    mailedStart: time('mailed_start').notNull(),
    mailedEnd: time('mailed_end').notNull(),
    mailedBranchId: uuid('mailed_branch_id').notNull(),
    remindedDate: date('reminded_date'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    lastStatus: varchar('last_status', { length: 10 }).$type<ReminderMessageStatus>().notNull().default('pending'),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    confirmedVia: varchar('confirmed_via', { length: 10 }).$type<ReminderChannel>(),
    rescheduleRequestedAt: timestamp('reschedule_requested_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appointment_reminders_appointment_unique').on(t.appointmentId),
    // the job compares the open ones of appointments not yet past with their appointments on every run
    index('appointment_reminders_open_idx')
      .on(t.mailedDate)
      .where(sql`${t.cancelledAt} is null`),
    check('appointment_reminders_last_status_valid', oneOf(t.lastStatus, REMINDER_MESSAGE_STATUSES)),
  ],
);

/**
 * One e-mail of a reminder. The unique (reminder, sequence) makes a second runner's insert impossible, and a runner
 * claims a row (status 'sending', one more try) with FOR UPDATE SKIP LOCKED before mailing it: sent once however many
 * API processes run the job. A message older than its reminder's sequence is skipped (a newer one says more).
 */
export const reminderMessages = pgTable(
  'reminder_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => appointmentReminders.id),
    sequence: integer('sequence').notNull(),
    kind: varchar('kind', { length: 10 }).$type<ReminderKind>().notNull(),
    status: varchar('status', { length: 10 }).$type<ReminderMessageStatus>().notNull().default('pending'),
    tries: smallint('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_messages_sequence_unique').on(t.reminderId, t.sequence),
    index('reminder_messages_due_idx')
      .on(t.nextTryAt)
      .where(sql`${t.status} in ('pending', 'failed', 'sending')`),
    check('reminder_messages_kind_valid', oneOf(t.kind, REMINDER_KINDS)),
    check('reminder_messages_status_valid', oneOf(t.status, REMINDER_MESSAGE_STATUSES)),
  ],
);

/**
 * A link handed to the patient (in an e-mail, or by WhatsApp): only its keyed hash is kept. It answers for the
 * reminder's state it was made for (sequence): after a reschedule or a cancellation the old links stop working.
 */
export const reminderLinks = pgTable(
  'reminder_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reminderId: uuid('reminder_id')
      .notNull()
      .references(() => appointmentReminders.id),
    sequence: integer('sequence').notNull(),
    channel: varchar('channel', { length: 10 }).$type<ReminderChannel>().notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reminder_links_token_unique').on(t.tokenHash),
    index('reminder_links_reminder_idx').on(t.reminderId),
    check('reminder_links_channel_valid', oneOf(t.channel, REMINDER_CHANNELS)),
  ],
);
