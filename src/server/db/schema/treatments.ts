import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { baseColumns, moneyCents } from './columns';

const money = moneyCents;

/** Medico, Cosmetologico, Valoracion: each with its own colours, consents and body areas. */
export const treatmentTypes = pgTable('treatment_types', {
  ...baseColumns(),
  name: varchar('name', { length: 40 }).notNull(),
  appointmentName: varchar('appointment_name', { length: 60 }).notNull(),
  hasAreas: boolean('has_areas').notNull().default(true),
});

export const colors = pgTable('colors', {
  ...baseColumns(),
  name: varchar('name', { length: 40 }).notNull(),
  hex: varchar('hex', { length: 6 }).notNull(),
  treatmentTypeId: uuid('treatment_type_id')
    .notNull()
    .references(() => treatmentTypes.id),
});

export const consents = pgTable('consents', {
  ...baseColumns(),
  name: varchar('name', { length: 100 }).notNull(),
  document: text('document').notNull(),
  treatmentTypeId: uuid('treatment_type_id')
    .notNull()
    .references(() => treatmentTypes.id),
});

export const areas = pgTable('areas', {
  ...baseColumns(),
  name: varchar('name', { length: 80 }).notNull(),
  treatmentTypeId: uuid('treatment_type_id')
    .notNull()
    .references(() => treatmentTypes.id),
});

export const treatments = pgTable(
  'treatments',
  {
    ...baseColumns(),
    sku: varchar('sku', { length: 10 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    description: text('description').notNull(),
    treatmentTypeId: uuid('treatment_type_id')
      .notNull()
      .references(() => treatmentTypes.id),
    price: money('price').notNull(),
    medicalFee: money('medical_fee'),
    points: integer('points').notNull().default(0),
    assessment: boolean('assessment').notNull().default(false),
    consent: boolean('consent').notNull().default(false),
    consentId: uuid('consent_id').references(() => consents.id),
    active: boolean('active').notNull().default(true),
    /** Duration in minutes; the wire carries it as term 'HH:mm'. */
    durationMinutes: smallint('duration_minutes').notNull(),
    validityDays: integer('validity_days'),
    photo: varchar('photo', { length: 200 }),
  },
  (t) => [
    uniqueIndex('treatments_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null`),
    index('treatments_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    check('treatments_prices_non_negative', sql`${t.price} >= 0 and ${t.medicalFee} >= 0 and ${t.points} >= 0`),
  ],
);

export const treatmentCategories = pgTable(
  'treatment_categories',
  {
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.categoryId] }), index('treatment_categories_category_idx').on(t.categoryId)],
);

export const treatmentAreas = pgTable(
  'treatment_areas',
  {
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    areaId: uuid('area_id')
      .notNull()
      .references(() => areas.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.areaId] })],
);
