import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { branches } from './branches';
import { POINT_MOVEMENTS } from '../../../domain/loyalty';
import { baseColumns, oneOf } from './columns';

/** Customer numbers shown to staff (the spec's customerId), separate from the UUID. */
export const customerNumbers = pgSequence('customer_number_seq', { startWith: 1000 });

export const customers = pgTable(
  'customers',
  {
    ...baseColumns(),
    customerNumber: integer('customer_number')
      .notNull()
      .default(sql`nextval('customer_number_seq')`),
    name: varchar('name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    motherLastName: varchar('mother_last_name', { length: 50 }),
    gender: varchar('gender', { length: 10 }).notNull(),
    birthday: date('birthday').notNull(),
    phone: varchar('phone', { length: 10 }),
    mobilePhone: varchar('mobile_phone', { length: 10 }),
    email: varchar('email', { length: 100 }),
    maritalStatus: varchar('marital_status', { length: 12 }),
    originCountry: varchar('origin_country', { length: 50 }),
    reference: varchar('reference', { length: 100 }),
    tutorId: uuid('tutor_id').references((): AnyPgColumn => customers.id),
    relationship: varchar('relationship', { length: 50 }),
    isTutor: boolean('is_tutor').notNull().default(false),
    active: boolean('active').notNull().default(true),
    blackList: boolean('black_list').notNull().default(false),
    cancellations: smallint('cancellations').notNull().default(0),
    registryBranchId: uuid('registry_branch_id').references(() => branches.id),
    /** The registry branch's own day of created_at (the business zone without one): set by a trigger (migration 0035). */
    registeredOn: date('registered_on'),
    photo: varchar('photo', { length: 200 }),
    /** Cached balance, written in the same transaction as each point_ledger row. */
    points: integer('points').notNull().default(0),
    /**
     * The full name without accents, lower case: what the name search matches (trigram index below). Stored
     * so that checking the index's candidates does not run unaccent on every row again.
     */
    searchName: text('search_name').generatedAlwaysAs(
      (): SQL => sql`immutable_unaccent(lower(${customers.name} || ' ' || ${customers.lastName} || ' ' || coalesce(${customers.motherLastName}, '')))`,
    ),
  },
  (t) => [
    uniqueIndex('customers_number_unique').on(t.customerNumber),
    uniqueIndex('customers_mobile_unique')
      .on(t.mobilePhone)
      .where(sql`${t.deletedAt} is null and ${t.mobilePhone} is not null`),
    check('customers_points_non_negative', sql`${t.points} >= 0`),
    index('customers_search_name_idx').using('gin', sql`${t.searchName} gin_trgm_ops`),
    index('customers_mobile_search_idx').using('gin', sql`(coalesce(${t.mobilePhone}, '') || ' ' || coalesce(${t.phone}, '')) gin_trgm_ops`),
    index('customers_email_search_idx').using('gin', sql`lower(coalesce(${t.email}, '')) gin_trgm_ops`),
    index('customers_tutor_idx').on(t.tutorId),
    index('customers_last_name_idx').on(t.lastName, t.name),
    index('customers_registry_branch_idx').on(t.registryBranchId),
    // the customers report: those registered in a period, by day
    index('customers_registered_on_idx')
      .on(t.registeredOn, t.registryBranchId)
      .where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Each word of each customer's search_name, written by triggers on customers (migrations 0011, 0012), never by the
 * application. A common surname's first thousand customers are an index-only read here, where a GIN index
 * of the words had to visit the table for each of them (appointments/queries.ts, findPatients).
 */
export const customerNameWords = pgTable(
  'customer_name_words',
  {
    word: text('word').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** The customer is not deleted: a list of live customers counts a word's customers on this index alone. */
    live: boolean('live').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.customerId] }),
    index('customer_name_words_live_idx')
      .on(t.word, t.customerId)
      .where(sql`${t.live}`),
  ],
);

export const customerNotes = pgTable(
  'customer_notes',
  {
    ...baseColumns(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    noteType: varchar('note_type', { length: 20 }).notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    note: text('note').notNull(),
    photo: varchar('photo', { length: 200 }),
    userId: uuid('user_id').references(() => users.id),
  },
  (t) => [index('customer_notes_customer_idx').on(t.customerId, t.createdAt)],
);

/** Every movement of a customer's points; the balance is the running sum of these rows. */
export const pointLedger = pgTable(
  'point_ledger',
  {
    ...baseColumns(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    movement: varchar('movement', { length: 10 }).notNull(),
    points: integer('points').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    orderNumber: varchar('order_number', { length: 40 }),
    reason: varchar('reason', { length: 200 }),
    userId: uuid('user_id').references(() => users.id),
  },
  (t) => [
    index('point_ledger_customer_idx').on(t.customerId, t.createdAt),
    check('point_ledger_balance_non_negative', sql`${t.balanceAfter} >= 0`),
    check('point_ledger_points_not_zero', sql`${t.points} <> 0`),
    check('point_ledger_movement_valid', oneOf(t.movement, POINT_MOVEMENTS)),
  ],
);
