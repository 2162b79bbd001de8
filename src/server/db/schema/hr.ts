import { pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

export const departments = pgTable('departments', {
  ...baseColumns(),
  name: varchar('name', { length: 50 }).notNull(),
});

export const jobPositions = pgTable('job_positions', {
  ...baseColumns(),
  name: varchar('name', { length: 80 }).notNull(),
  departmentId: uuid('department_id').notNull().references(() => departments.id),
});
