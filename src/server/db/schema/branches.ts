import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, pgTable, smallint, text, time, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const branches = pgTable(
  'branches',
  {
    ...baseColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    street: varchar('street', { length: 255 }).notNull(),
    extNumber: varchar('ext_number', { length: 20 }).notNull(),
    intNumber: varchar('int_number', { length: 20 }),
    suburb: varchar('suburb', { length: 100 }).notNull(),
    city: varchar('city', { length: 50 }).notNull(),
    state: varchar('state', { length: 50 }).notNull(),
    zipCode: varchar('zip_code', { length: 5 }).notNull(),
    phone: varchar('phone', { length: 10 }),
    mobilePhone: varchar('mobile_phone', { length: 10 }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    code: varchar('code', { length: 10 }).notNull(),
    zone: varchar('zone', { length: 20 }).notNull().default('Noroeste'),
    timeZone: varchar('time_zone', { length: 40 }).notNull().default('America/Tijuana'),
    active: boolean('active').notNull().default(true),
    franchise: boolean('franchise').notNull().default(false),
    rfc: varchar('rfc', { length: 13 }).notNull(),
    businessName: varchar('business_name', { length: 255 }).notNull(),
    description: text('description'),
    note: text('note'),
    googleMapsUrl: varchar('google_maps_url', { length: 500 }),
    showInClients: boolean('show_in_clients').notNull().default(true),
    distributionCenter: boolean('distribution_center').notNull().default(false),
    /** The local hour (0–23) the day-before appointment reminders go out (issue 30). */
    reminderHour: smallint('reminder_hour').notNull().default(10),
  },
  (t) => [
    uniqueIndex('branches_code_unique')
      .on(t.code)
      .where(sql`${t.deletedAt} is null`),
    index('branches_name_idx').on(t.name),
    check('branches_reminder_hour_valid', sql`${t.reminderHour} between 0 and 23`),
  ],
);

export const branchSchedules = pgTable(
  'branch_schedules',
  {
    ...baseColumns(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    day: smallint('day').notNull(),
    opening: time('opening').notNull(),
    closing: time('closing').notNull(),
  },
  (t) => [
    uniqueIndex('branch_schedules_day_unique')
      .on(t.branchId, t.day)
      .where(sql`${t.deletedAt} is null`),
  ],
);
