import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const categories = pgTable(
  'categories',
  {
    ...baseColumns(),
    name: varchar('name', { length: 100 }).notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('categories_name_type_unique')
      .on(sql`lower(${t.name})`, t.type)
      .where(sql`${t.deletedAt} is null`),
    index('categories_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
  ],
);
