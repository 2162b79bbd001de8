import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
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

/*
 * Report summaries (migration 0028, docs/architecture.md «Resúmenes de los reportes»). Triggers on the detail rows
 * only ever INSERT a signed delta row (no row of these tables is locked by a sale or a booking: writers never wait on
 * each other and cannot deadlock here); the summary job folds the deltas into the day rows under an advisory lock.
 * Readers sum both through the views report_money and report_cabin_day, so a report equals its detail at any moment.
 */
const moneyKey = {
  branchId: uuid('branch_id').notNull(),
  businessDate: date('business_date').notNull(),
  /** A refund's sale day (the sale basis); any other row's own business day. */
  saleDate: date('sale_date').notNull(),
  orderKind: varchar('order_kind', { length: 10 }).notNull(),
  channel: varchar('channel', { length: 10 }).notNull(),
  /** payment, refund or change (a sale's change, given back in pesos). */
  kind: varchar('kind', { length: 10 }).notNull(),
  method: varchar('method', { length: 40 }).notNull(),
  currency: varchar('currency', { length: 3 }).notNull(),
};
const moneySums = { amount: numeric('amount', { precision: 16, scale: 2 }).notNull(), amountMxn: numeric('amount_mxn', { precision: 16, scale: 2 }).notNull() };

/** The money of each branch-day by sale kind, channel, kind, method and currency: what the sales reports add up. */
export const reportMoneyDays = pgTable('report_money_days', { ...moneyKey, ...moneySums }, (t) => [
  primaryKey({ name: 'report_money_days_pk', columns: [t.businessDate, t.branchId, t.saleDate, t.orderKind, t.channel, t.kind, t.method, t.currency] }),
  index('report_money_days_refund_sale_day_idx')
    .on(t.saleDate, t.branchId)
    .where(sql`${t.kind} = 'refund'`),
]);
/** The same by month (business_date and sale_date = the month's first day): a year of the chain in a few thousand rows. */
export const reportMoneyMonths = pgTable('report_money_months', { ...moneyKey, ...moneySums }, (t) => [
  primaryKey({ name: 'report_money_months_pk', columns: [t.businessDate, t.branchId, t.saleDate, t.orderKind, t.channel, t.kind, t.method, t.currency] }),
]);
export const reportMoneyDeltas = pgTable('report_money_deltas', { seq: bigserial('seq', { mode: 'number' }).primaryKey(), ...moneyKey, ...moneySums });

const cabinDayKey = { date: date('date').notNull(), branchId: uuid('branch_id').notNull(), cabinId: uuid('cabin_id').notNull() };
/** Counts of a cabin-day's appointments (not deleted): all of them, by channel (not cancelled), finished, by confirm method (any status), booked minutes. */
const cabinDaySums = {
  inPerson: integer('in_person').notNull(),
  phoneCall: integer('phone_call').notNull(),
  socialNetworks: integer('social_networks').notNull(),
  app: integer('app').notNull(),
  ecommerce: integer('ecommerce').notNull(),
  finished: integer('finished').notNull(),
  confirmSi: integer('confirm_si').notNull(),
  confirmNo: integer('confirm_no').notNull(),
  confirmWhatsapp: integer('confirm_whatsapp').notNull(),
  confirmBuzon: integer('confirm_buzon').notNull(),
  confirmEmail: integer('confirm_email').notNull(),
  confirmApp: integer('confirm_app').notNull(),
  confirmEcommerce: integer('confirm_ecommerce').notNull(),
  /** Minutes held by scheduled, in-process and finished appointments, and the same split by hour of the day (24). */
  bookedMinutes: integer('booked_minutes').notNull(),
  bookedByHour: integer('booked_by_hour').array().notNull(),
  /** Every appointment (not deleted), whatever its status: the scheduled-appointments report's count (migration 0034). */
  appointments: integer('appointments').notNull().default(0),
};
// the booked minutes beside the key (migration 0037): occupation sums a year of cabin-days from the index alone, not from
// rows scattered over the table by the fold's updates
export const reportCabinDays = pgTable('report_cabin_days', { ...cabinDayKey, ...cabinDaySums }, (t) => [
  primaryKey({ name: 'report_cabin_days_pk', columns: [t.date, t.branchId, t.cabinId] }),
  index('report_cabin_days_booked_idx').on(t.date, t.branchId, t.cabinId, t.bookedMinutes),
]);
/** The same by month (date = the month's first day). */
export const reportCabinMonths = pgTable('report_cabin_months', { ...cabinDayKey, ...cabinDaySums }, (t) => [
  primaryKey({ name: 'report_cabin_months_pk', columns: [t.date, t.branchId, t.cabinId] }),
  index('report_cabin_months_booked_idx').on(t.date, t.branchId, t.cabinId, t.bookedMinutes),
]);
export const reportCabinDayDeltas = pgTable('report_cabin_day_deltas', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  ...cabinDayKey,
  ...cabinDaySums,
});

const commissionDayKey = {
  /** medical or cosmetology (commissions.kind). */
  kind: varchar('kind', { length: 12 }).notNull(),
  businessDate: date('business_date').notNull(),
  branchId: uuid('branch_id').notNull(),
  userId: uuid('user_id').notNull(),
};
/** A person's commission lines (not deleted) of a branch-day: how many, and the figures the fee reports add up. */
const commissionDaySums = {
  lines: integer('lines').notNull(),
  base: numeric('base', { precision: 16, scale: 2 }).notNull(),
  commission: numeric('commission', { precision: 16, scale: 2 }).notNull(),
  isrAmount: numeric('isr_amount', { precision: 16, scale: 2 }).notNull(),
  payable: numeric('payable', { precision: 16, scale: 2 }).notNull(),
};
/** The fee reports' summary (migration 0033): each person's lines by kind and branch-day, read through report_commission_day. */
export const reportCommissionDays = pgTable('report_commission_days', { ...commissionDayKey, ...commissionDaySums }, (t) => [
  primaryKey({ name: 'report_commission_days_pk', columns: [t.kind, t.businessDate, t.branchId, t.userId] }),
]);
/** The same by month (business_date = the month's first day). */
export const reportCommissionMonths = pgTable('report_commission_months', { ...commissionDayKey, ...commissionDaySums }, (t) => [
  primaryKey({ name: 'report_commission_months_pk', columns: [t.kind, t.businessDate, t.branchId, t.userId] }),
]);
export const reportCommissionDeltas = pgTable('report_commission_deltas', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  ...commissionDayKey,
  ...commissionDaySums,
});

const expenseDayKey = {
  /** The branch-local day of the movement (business day), or the month's first day in the month table. */
  day: date('day').notNull(),
  branchId: uuid('branch_id').notNull(),
  /** Section 9's part: assortment, transferReceived, transferSent or return. */
  kind: varchar('kind', { length: 20 }).notNull(),
};
/** The branch-day's expense movements of a part, valued at their lots' prices (signed as the part adds or takes away). */
const expenseDaySums = { amount: numeric('amount', { precision: 16, scale: 2 }).notNull() };
/** The expense reports' summary (migration 0036), read through report_expense_day. */
export const reportExpenseDays = pgTable('report_expense_days', { ...expenseDayKey, ...expenseDaySums }, (t) => [
  primaryKey({ name: 'report_expense_days_pk', columns: [t.day, t.branchId, t.kind] }),
]);
export const reportExpenseMonths = pgTable('report_expense_months', { ...expenseDayKey, ...expenseDaySums }, (t) => [
  primaryKey({ name: 'report_expense_months_pk', columns: [t.day, t.branchId, t.kind] }),
]);
export const reportExpenseDeltas = pgTable('report_expense_deltas', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  ...expenseDayKey,
  ...expenseDaySums,
});

/**
 * The version of what the occupation's open minutes are worked out from (schedules of branches and cabins, locks,
 * cabins): one row, added to by a statement trigger on each of those tables (migration 0038) in the writer's own
 * transaction. A server keeps the open minutes it worked out with the version it read first and works them out again
 * once the version differs, whichever server wrote.
 */
export const reportOpenMinutesVersion = pgTable(
  'report_open_minutes_version',
  { id: smallint('id').primaryKey().default(1), version: integer('version').notNull().default(0) },
  (t) => [check('report_open_minutes_version_one_row', sql`${t.id} = 1`)],
);
