import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { DELIVERY_STATUSES, SUBSCRIPTION_FREQUENCIES, type DeliveryStatus, type SubscriptionFrequency } from '../../../domain/report-subscriptions';
import type { SubscriptionFilters } from '../../../domain/report-subscriptions.contract';
import type { ReportName } from '../../../domain/reports';
import { users } from './auth';
import { baseColumns, oneOf } from './columns';

/** A user's scheduled delivery of a report (issue 29): its filters, when, and to whom besides the owner. */
export const reportSubscriptions = pgTable(
  'report_subscriptions',
  {
    ...baseColumns(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    report: varchar('report', { length: 60 }).$type<ReportName>().notNull(),
    filters: jsonb('filters').$type<SubscriptionFilters>().notNull().default({}),
    frequency: varchar('frequency', { length: 10 }).$type<SubscriptionFrequency>().notNull(),
    hour: smallint('hour').notNull(),
    /** Addresses besides the owner's (the owner's is read from their account at each send). */
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /** Occurrences due before this instant are not sent: set on create, on resuming and on a change of schedule. */
    scheduleFrom: timestamp('schedule_from', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('report_subscriptions_owner_idx').on(t.ownerId),
    index('report_subscriptions_active_idx')
      .on(t.active)
      .where(sql`${t.deletedAt} is null`),
    check('report_subscriptions_frequency_valid', oneOf(t.frequency, SUBSCRIPTION_FREQUENCIES)),
    check('report_subscriptions_hour_valid', sql`${t.hour} between 0 and 23`),
  ],
);

/**
 * One row per due occurrence of a subscription: the unique (subscription, occurrence) makes a second runner's
 * insert a no-op, and a runner claims a row (status 'sending') with FOR UPDATE SKIP LOCKED before mailing it.
 */
export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => reportSubscriptions.id),
    occurrence: timestamp('occurrence', { withTimezone: true }).notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    status: varchar('status', { length: 10 }).$type<DeliveryStatus>().notNull().default('pending'),
    tries: smallint('tries').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('report_deliveries_occurrence_unique').on(t.subscriptionId, t.occurrence),
    index('report_deliveries_due_idx')
      .on(t.nextTryAt)
      .where(sql`${t.status} in ('pending', 'failed', 'sending')`),
    check('report_deliveries_status_valid', oneOf(t.status, DELIVERY_STATUSES)),
  ],
);
