import { sql } from 'drizzle-orm';
import { check, index, jsonb, numeric, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { baseColumns } from './columns';

/** One row per write: who changed what, before and after. */
export const changeLog = pgTable(
  'change_log',
  {
    ...baseColumns(),
    module: varchar('module', { length: 60 }).notNull(),
    action: varchar('action', { length: 40 }).notNull(),
    entityId: uuid('entity_id'),
    orderNumber: varchar('order_number', { length: 40 }),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: uuid('user_id'),
    branchId: uuid('branch_id'),
    affectedBranchId: uuid('affected_branch_id'),
    metadata: jsonb('metadata'),
  },
  (t) => [
    index('change_log_created_idx').on(t.createdAt),
    index('change_log_module_idx').on(t.module, t.createdAt),
    index('change_log_entity_idx').on(t.entityId),
    // the log filtered by user, and a branch-bound reader's rows (its branch or the one affected)
    index('change_log_user_idx').on(t.userId, t.createdAt),
    index('change_log_branch_idx').on(t.branchId, t.createdAt),
    index('change_log_affected_branch_idx').on(t.affectedBranchId, t.createdAt),
  ],
);

/** Security and system events: sign-in, failures, sign-out, recovery, check-in, jobs. */
export const systemLog = pgTable(
  'system_log',
  {
    ...baseColumns(),
    event: varchar('event', { length: 60 }).notNull(),
    userId: uuid('user_id'),
    username: varchar('username', { length: 120 }),
    branchId: uuid('branch_id'),
    address: varchar('address', { length: 64 }),
    userAgent: text('user_agent'),
    details: jsonb('details'),
  },
  (t) => [index('system_log_created_idx').on(t.createdAt)],
);

export const settings = pgTable(
  'settings',
  {
    ...baseColumns(),
    exchangeRate: jsonb('exchange_rate').$type<Record<string, number>>().notNull().default({}),
    paymentProcessType: varchar('payment_process_type', { length: 30 }).notNull().default('terminal'),
    defaultExchangeRate: numeric('default_exchange_rate', { precision: 14, scale: 4, mode: 'number' }).notNull().default(17),
    /** Loyalty tier thresholds in pesos (src/domain/loyalty.ts DEFAULT_TIER_THRESHOLDS when empty). */
    loyaltyThresholds: jsonb('loyalty_thresholds').$type<Record<string, number>>(),
    /** A cosmetologist's share of the product sales they make, percent of what was paid without IVA. */
    cosmetologyCommissionPercent: numeric('cosmetology_commission_percent', { precision: 5, scale: 2, mode: 'number' }).notNull().default(5),
    /** Each clinic's drawer float in pesos by branch id (DEFAULT_OPENING_FLOAT of domain/cash-closings.ts when absent). */
    openingFloat: jsonb('opening_float').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [check('settings_exchange_rate_positive', sql`${t.defaultExchangeRate} > 0`)],
);
