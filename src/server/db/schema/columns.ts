import { sql, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, customType, timestamp, uuid } from 'drizzle-orm/pg-core';
import { toCents, toDecimalText, type Cents } from '../../../domain/money';

/** id and the three timestamps every table carries. */
export const baseColumns = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // every update through Drizzle sets it (a write that names its own instant keeps that one)
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** `column in ('a', 'b')` for a CHECK constraint or a partial index (and the queries it serves): the values are written into it as literals. */
export function oneOf(column: AnyPgColumn | SQL, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', '))})`;
}

/**
 * A numeric(14,2) money column read as exact integer cents (its decimal text parsed by toCents, never through
 * a float) and written as exact decimal text. Reads are Cents: a DTO turns them into pesos with fromCents.
 */
export const moneyCents = customType<{ data: Cents; driverData: string | number }>({
  dataType: () => 'numeric(14, 2)',
  fromDriver: (value) => toCents(value),
  toDriver: (value) => toDecimalText(value),
});
