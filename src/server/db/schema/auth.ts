import { sql } from 'drizzle-orm';
import { STAFF_STATUSES } from '../../../domain/staff.schemas';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { baseColumns, oneOf } from './columns';

export const roles = pgTable(
  'roles',
  {
    ...baseColumns(),
    name: varchar('name', { length: 60 }).notNull(),
    branchBound: boolean('branch_bound').notNull().default(false),
    extendedCancellationLimit: boolean('extended_cancellation_limit').notNull().default(false),
  },
  (t) => [
    uniqueIndex('roles_name_unique')
      .on(t.name)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const rolePrivileges = pgTable(
  'role_privileges',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    module: varchar('module', { length: 60 }).notNull(),
    actions: text('actions').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.module] })],
);

export const users = pgTable(
  'users',
  {
    ...baseColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    lastName: varchar('last_name', { length: 50 }).notNull(),
    motherLastName: varchar('mother_last_name', { length: 50 }).notNull().default(''),
    username: varchar('username', { length: 100 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    pinHash: text('pin_hash'),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id),
    mainBranchId: uuid('main_branch_id').references(() => branches.id),
    status: varchar('status', { length: 10 }).notNull().default('activo'),
    photo: varchar('photo', { length: 200 }),
    lastPath: varchar('last_path', { length: 200 }),
  },
  (t) => [
    uniqueIndex('users_username_unique')
      .on(sql`lower(${t.username})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.roleId),
    index('users_branch_idx').on(t.mainBranchId),
    check('users_status_valid', oneOf(t.status, STAFF_STATUSES)),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    ...baseColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    branchId: uuid('branch_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    // revoking every session of a user (password change, deactivation)
    index('refresh_tokens_user_idx').on(t.userId),
    // a live session has exactly one token neither used nor revoked: the guard looks it up on every request
    index('refresh_tokens_live_family_idx')
      .on(t.familyId)
      .where(sql`${t.usedAt} is null and ${t.revokedAt} is null`),
  ],
);

export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    ...baseColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_codes_hash_idx').on(t.codeHash), index('password_reset_codes_user_idx').on(t.userId)],
);

/**
 * Attempt counters (modules/auth/rate-limit.ts): one row per account, address and kind, and one per account and
 * kind across addresses (address '*'). created_at is the start of the row's window, locked_until the end of an
 * account's delay. An attempt takes its place in the counter before its secret is checked.
 */
export const authFailures = pgTable(
  'auth_failures',
  {
    ...baseColumns(),
    account: varchar('account', { length: 120 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    failures: integer('failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_failures_key_unique').on(t.account, t.address, t.kind)],
);

export const checkIns = pgTable(
  'check_ins',
  {
    ...baseColumns(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    recordedById: uuid('recorded_by_id').references(() => users.id),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('check_ins_branch_idx').on(t.branchId, t.checkedAt), index('check_ins_user_idx').on(t.userId, t.checkedAt)],
);
