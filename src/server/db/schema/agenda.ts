import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  pgSequence,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { APPOINTMENT_STATUSES, CANCELLATION_TYPES, LOCK_TYPES } from '../../../domain/agenda';
import { users } from './auth';
import { branches } from './branches';
import { cabins, packages, productStocks, products } from './catalogue';
import { baseColumns, moneyCents, oneOf } from './columns';
import { customers } from './customers';
import { purchasedProducts } from './sales';
import { treatmentTypes, treatments } from './treatments';

/**
 * One booking of a cabin. date/startTime/endTime are the branch's wall-clock times; the migrations add
 * the exclusion constraints that keep two live appointments of one cabin (0004, appointments_no_overlap) or of
 * one patient (0014, appointments_customer_no_overlap) from overlapping, and the trigger that keeps a live
 * appointment out of a deleted cabin (0014).
 * status: scheduled, inProcess, finished, cancelled, absence.
 */
/** The sequence part of CITA- numbers: taken with nextval, so concurrent bookings never pick the same one. */
export const appointmentNumbers = pgSequence('appointment_number_seq', { startWith: 1 });

export const appointments = pgTable(
  'appointments',
  {
    ...baseColumns(),
    appointmentNumber: varchar('appointment_number', { length: 20 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('scheduled'),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    treatmentTypeId: uuid('treatment_type_id')
      .notNull()
      .references(() => treatmentTypes.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    /** packages: the package; promotion: the promotion (both live in packages). */
    packageId: uuid('package_id').references(() => packages.id),
    promoId: uuid('promo_id').references(() => packages.id),
    purchasedProductId: uuid('purchased_product_id').references(() => purchasedProducts.id),
    date: date('date').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    term: smallint('term').notNull(),
    /** inPerson, phoneCall, socialNetworks, app, ecommerce */
    appointmentMethod: varchar('appointment_method', { length: 20 }).notNull(),
    /** promotion, packages, purchasedProducts, newTreatments */
    appointmentOption: varchar('appointment_option', { length: 20 }).notNull(),
    sessions: smallint('sessions').notNull().default(1),
    categoriesIds: uuid('categories_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    treatmentsIds: uuid('treatments_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sessionAreas: uuid('session_areas')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    observations: text('observations'),
    confirmMethod: varchar('confirm_method', { length: 12 }),
    attendedById: uuid('attended_by_id').references(() => users.id),
    userId: uuid('user_id').references(() => users.id),
    consent: boolean('consent').notNull().default(false),
    reschedules: smallint('reschedules').notNull().default(0),
    /** Set when finished: the attending medic's commission basis (the treatment's medical fee × sessions). */
    medicalFee: moneyCents('medical_fee'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('appointments_number_unique').on(t.appointmentNumber),
    index('appointments_branch_day_idx').on(t.branchId, t.date),
    // a patient's visits in date order, with every column the patient search reads: it never visits the table
    index('appointments_customer_idx').on(t.customerId, t.date, t.startTime, t.id, t.deletedAt),
    index('appointments_cabin_day_idx').on(t.cabinId, t.date),
    // the appointment list's default order (newest first), walked until a page of matches is found; with
    // the id and the patient, a search by patient walks it without visiting the table
    index('appointments_date_time_idx')
      .on(t.date, t.startTime, t.id, t.customerId)
      .where(sql`${t.deletedAt} is null`),
    // the appointment reports' counts of a period (by channel, confirmation, status), from the index alone
    index('appointments_report_idx')
      .on(t.date, t.branchId, t.status, t.appointmentMethod, t.confirmMethod)
      .where(sql`${t.deletedAt} is null`),
    // a medic's attended appointments by day (commissions), the sessions booked of a purchased treatment
    index('appointments_attended_by_idx')
      .on(t.attendedById, t.date)
      .where(sql`${t.attendedById} is not null`),
    index('appointments_purchased_product_idx')
      .on(t.purchasedProductId)
      .where(sql`${t.purchasedProductId} is not null`),
    index('appointments_treatment_idx')
      .on(t.treatmentId, t.date)
      .where(sql`${t.treatmentId} is not null`),
    index('appointments_package_idx')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null`),
    index('appointments_promo_idx')
      .on(t.promoId)
      .where(sql`${t.promoId} is not null`),
    check('appointments_status_valid', oneOf(t.status, APPOINTMENT_STATUSES)),
    check('appointments_medical_fee_non_negative', sql`${t.medicalFee} >= 0`),
  ],
);

/** Each cancellation or reschedule of an appointment (type cancellation | reschedule). */
export const appointmentCancellations = pgTable(
  'appointment_cancellations',
  {
    ...baseColumns(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    type: varchar('type', { length: 12 }).notNull(),
    cancellationReason: varchar('cancellation_reason', { length: 20 }).notNull(),
    comment: text('comment'),
    customerCancellation: boolean('customer_cancellation').notNull().default(false),
    userId: uuid('user_id').references(() => users.id),
  },
  (t) => [
    index('appointment_cancellations_appointment_idx').on(t.appointmentId),
    index('appointment_cancellations_customer_idx').on(t.customerId, t.createdAt),
    check('appointment_cancellations_type_valid', oneOf(t.type, CANCELLATION_TYPES)),
  ],
);

/**
 * A schedule lock (Bloqueo). type: hour | cabain | day | hours_range | days_range; what each blocks is
 * decided by lockBlocks() in src/domain/agenda.ts. time holds 'HH:mm' half-hour marks, days 0–6.
 */
export const locks = pgTable(
  'locks',
  {
    ...baseColumns(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    cabinId: uuid('cabin_id').references(() => cabins.id),
    type: varchar('type', { length: 12 }).notNull(),
    reason: varchar('reason', { length: 20 }).notNull(),
    reasonDescription: varchar('reason_description', { length: 255 }),
    time: text('time')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    date: date('date').notNull(),
    endDate: date('end_date'),
    days: smallint('days')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    recurrent: boolean('recurrent').notNull().default(false),
    userId: uuid('user_id').references(() => users.id),
  },
  (t) => [
    index('locks_branch_idx').on(t.branchId, t.date),
    // the agenda asks for the locks still running on a day: most of a branch's locks are single past days
    index('locks_branch_last_day_idx')
      .on(t.branchId, lockLastDay(t))
      .where(sql`${t.deletedAt} is null`),
    check('locks_type_valid', oneOf(t.type, LOCK_TYPES)),
  ],
);

/**
 * The last day a lock can block: open-ended for recurrent and weekly (hours_range) locks, else its end date
 * or its only day. Indexed per branch (locks_branch_last_day_idx); queries must use this very expression.
 */
export function lockLastDay(t: { recurrent: AnyPgColumn; type: AnyPgColumn; endDate: AnyPgColumn; date: AnyPgColumn }) {
  return sql`(case when ${t.recurrent} or ${t.type} = 'hours_range' then 'infinity'::date else coalesce(${t.endDate}, ${t.date}) end)`;
}

/** The product lots an appointment consumed when it was finished (one row per unit taken from a lot). */
export const appointmentProducts = pgTable(
  'appointment_products',
  {
    ...baseColumns(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => productStocks.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: smallint('quantity').notNull().default(1),
  },
  (t) => [
    index('appointment_products_appointment_idx').on(t.appointmentId),
    index('appointment_products_stock_idx').on(t.stockId),
    index('appointment_products_product_idx').on(t.productId),
    check('appointment_products_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
