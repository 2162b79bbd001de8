import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { branches } from './branches';
import { categories } from './categories';
import { APPLIANCE_STATUSES } from '../../../domain/appliances.schemas';
import { COUPON_TYPES } from '../../../domain/coupons.schemas';
import { PACKAGE_TYPES } from '../../../domain/packages.schemas';
import { baseColumns, moneyCents, oneOf } from './columns';
import { treatmentTypes, treatments } from './treatments';

const money = moneyCents;
const percent = (name: string) => numeric(name, { precision: 7, scale: 2, mode: 'number' });

export const cabinTypes = pgTable('cabin_types', {
  ...baseColumns(),
  name: varchar('name', { length: 60 }).notNull(),
  order: smallint('order').notNull(),
  color: varchar('color', { length: 6 }).notNull(),
  treatmentTypeId: uuid('treatment_type_id')
    .notNull()
    .references(() => treatmentTypes.id),
});

export const cabins = pgTable(
  'cabins',
  {
    ...baseColumns(),
    name: varchar('name', { length: 60 }).notNull(),
    typeId: uuid('type_id')
      .notNull()
      .references(() => cabinTypes.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    active: boolean('active').notNull().default(true),
    description: varchar('description', { length: 80 }),
  },
  (t) => [index('cabins_branch_idx').on(t.branchId)],
);

export const cabinSchedules = pgTable(
  'cabin_schedules',
  {
    ...baseColumns(),
    cabinId: uuid('cabin_id')
      .notNull()
      .references(() => cabins.id),
    day: smallint('day').notNull(),
    opening: time('opening').notNull(),
    closing: time('closing').notNull(),
  },
  (t) => [
    uniqueIndex('cabin_schedules_day_unique')
      .on(t.cabinId, t.day)
      .where(sql`${t.deletedAt} is null`),
  ],
);

export const providers = pgTable(
  'providers',
  {
    ...baseColumns(),
    name: varchar('name', { length: 50 }).notNull(),
    tradename: varchar('tradename', { length: 50 }).notNull(),
    rfc: varchar('rfc', { length: 13 }).notNull(),
    regime: varchar('regime', { length: 10 }).notNull(),
    address: varchar('address', { length: 50 }),
    city: varchar('city', { length: 50 }),
    state: varchar('state', { length: 50 }),
    country: varchar('country', { length: 50 }),
    zipCode: varchar('zip_code', { length: 5 }),
    email: varchar('email', { length: 100 }),
    phone: varchar('phone', { length: 10 }).notNull(),
    contactName: varchar('contact_name', { length: 50 }).notNull(),
    mobilePhone: varchar('mobile_phone', { length: 10 }).notNull(),
    payConditions: smallint('pay_conditions').notNull(),
    deliveryTime: varchar('delivery_time', { length: 50 }),
    bank: varchar('bank', { length: 50 }),
    clabeAccount: varchar('clabe_account', { length: 18 }),
    bankAccount: varchar('bank_account', { length: 20 }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('providers_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`)],
);

/** Kinds: cosmetologist, sale, medical, supply — the slug picks the update route. */
export const productTypes = pgTable('product_types', {
  ...baseColumns(),
  name: varchar('name', { length: 60 }).notNull(),
  slug: varchar('slug', { length: 30 }).notNull(),
  /** Products of this type carry lots with expiry (purchase orders then require both). */
  requiresLot: boolean('requires_lot').notNull().default(false),
});

export const products = pgTable(
  'products',
  {
    ...baseColumns(),
    productTypeId: uuid('product_type_id')
      .notNull()
      .references(() => productTypes.id),
    sku: varchar('sku', { length: 12 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    brand: varchar('brand', { length: 60 }).notNull(),
    barCode: varchar('bar_code', { length: 40 }).notNull(),
    description: text('description').notNull(),
    contentType: varchar('content_type', { length: 20 }).notNull(),
    content: numeric('content', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    measureUnit: varchar('measure_unit', { length: 5 }).notNull(),
    cost: money('cost').notNull(),
    tax: smallint('tax').notNull(),
    franchiseTax: percent('franchise_tax'),
    additionalCostFranchise: percent('additional_cost_franchise'),
    indirectExpenses: money('indirect_expenses'),
    franchisePrice: money('franchise_price'),
    profitPorcentage: percent('profit_porcentage'),
    salePrice: money('sale_price'),
    points: integer('points'),
    active: boolean('active').notNull().default(true),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedById: uuid('approved_by_id'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
    rejectedById: uuid('rejected_by_id'),
  },
  (t) => [
    uniqueIndex('products_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null`),
    index('products_search_idx').using('gin', sql`immutable_unaccent(lower(${t.name})) gin_trgm_ops`),
    check(
      'products_amounts_non_negative',
      sql`${t.cost} >= 0 and ${t.content} >= 0 and ${t.franchiseTax} >= 0 and ${t.additionalCostFranchise} >= 0 and ${t.indirectExpenses} >= 0 and ${t.franchisePrice} >= 0 and ${t.profitPorcentage} >= 0 and ${t.salePrice} >= 0`,
    ),
  ],
);

export const productPhotos = pgTable(
  'product_photos',
  {
    ...baseColumns(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    name: varchar('name', { length: 200 }).notNull(),
  },
  (t) => [index('product_photos_product_idx').on(t.productId)],
);

export const productProviders = pgTable(
  'product_providers',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.providerId] }), index('product_providers_provider_idx').on(t.providerId)],
);

export const productCategories = pgTable(
  'product_categories',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [primaryKey({ columns: [t.productId, t.categoryId] }), index('product_categories_category_idx').on(t.categoryId)],
);

/** Stock per branch and lot; never negative. Inventory screens come in a later issue. */
export const productStocks = pgTable(
  'product_stocks',
  {
    ...baseColumns(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    allotment: varchar('allotment', { length: 40 }).notNull(),
    quantity: integer('quantity').notNull().default(0),
    price: money('price'),
    expiresAt: date('expires_at'),
  },
  (t) => [
    check('product_stocks_quantity_non_negative', sql`${t.quantity} >= 0`),
    check('product_stocks_price_non_negative', sql`${t.price} >= 0`),
    uniqueIndex('product_stocks_lot_unique')
      .on(t.productId, t.branchId, t.allotment)
      .where(sql`${t.deletedAt} is null`),
    index('product_stocks_branch_idx').on(t.branchId),
    // a branch's live lots per product in first-expiry order (the inventory list, a pick's plan); the quantity is not in
    // it, so that taking units from a lot is a HOT update (no index written; the table keeps room for it: migration 0021)
    index('product_stocks_branch_product_idx')
      .on(t.branchId, t.productId, t.expiresAt, t.allotment, t.id)
      .where(sql`${t.deletedAt} is null`),
    // a batch across the chain (recall): the product's lots with one lot number
    index('product_stocks_product_lot_idx').on(t.productId, t.allotment),
  ],
);

export const treatmentProducts = pgTable(
  'treatment_products',
  {
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.treatmentId, t.productId] }),
    index('treatment_products_product_idx').on(t.productId),
    check('treatment_products_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

export const appliances = pgTable(
  'appliances',
  {
    ...baseColumns(),
    type: varchar('type', { length: 20 }).notNull(),
    name: varchar('name', { length: 80 }).notNull(),
    brand: varchar('brand', { length: 60 }).notNull(),
    model: varchar('model', { length: 60 }).notNull(),
    description: text('description'),
    status: varchar('status', { length: 20 }).notNull().default('Funcionando'),
    active: boolean('active').notNull().default(true),
  },
  (t) => [check('appliances_status_valid', oneOf(t.status, APPLIANCE_STATUSES))],
);

export const treatmentAppliances = pgTable(
  'treatment_appliances',
  {
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    applianceId: uuid('appliance_id')
      .notNull()
      .references(() => appliances.id),
  },
  (t) => [primaryKey({ columns: [t.treatmentId, t.applianceId] })],
);

export const branchAppliances = pgTable(
  'branch_appliances',
  {
    ...baseColumns(),
    applianceId: uuid('appliance_id')
      .notNull()
      .references(() => appliances.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    sku: varchar('sku', { length: 12 }).notNull(),
    number: varchar('number', { length: 20 }),
    status: varchar('status', { length: 20 }).notNull().default('Funcionando'),
    statusDescription: text('status_description'),
    lastMaintenance: date('last_maintenance'),
    comments: text('comments'),
  },
  (t) => [
    uniqueIndex('branch_appliances_number_unique')
      .on(t.branchId, t.number)
      .where(sql`${t.deletedAt} is null and ${t.number} is not null`),
    check('branch_appliances_status_valid', oneOf(t.status, APPLIANCE_STATUSES)),
  ],
);

/** Packages and promotions share one table and one form; `type` tells them apart. */
export const packages = pgTable(
  'packages',
  {
    ...baseColumns(),
    type: varchar('type', { length: 10 }).notNull(),
    sku: varchar('sku', { length: 12 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description').notNull(),
    treatmentTypeId: uuid('treatment_type_id')
      .notNull()
      .references(() => treatmentTypes.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    points: integer('points').notNull().default(0),
    price: money('price').notNull(),
    regularPrice: money('regular_price').notNull(),
    cabainTime: smallint('cabain_time').notNull(),
    paymentType: text('payment_type').array().notNull(),
    active: boolean('active').notNull().default(true),
    validBySchedule: boolean('valid_by_schedule').notNull().default(false),
    startDate: date('start_date'),
    endDate: date('end_date'),
    validByTime: boolean('valid_by_time').notNull().default(false),
    startTime: time('start_time'),
    endTime: time('end_time'),
    photo: varchar('photo', { length: 200 }),
    /** Created without its required photo and asked to be active: its first photo, before any edit, activates it. */
    activateOnPhoto: boolean('activate_on_photo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('packages_sku_unique')
      .on(sql`lower(${t.sku})`)
      .where(sql`${t.deletedAt} is null`),
    index('packages_category_idx').on(t.categoryId),
    check('packages_type_valid', oneOf(t.type, PACKAGE_TYPES)),
    check('packages_prices_non_negative', sql`${t.price} >= 0 and ${t.regularPrice} >= 0 and ${t.points} >= 0`),
  ],
);

export const packageBranches = pgTable(
  'package_branches',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.branchId] })],
);

export const packageTreatments = pgTable(
  'package_treatments',
  {
    ...baseColumns(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
    sessions: smallint('sessions').notNull().default(1),
    limit: smallint('limit').notNull().default(1),
    regularPrice: money('regular_price').notNull(),
    promotionPrice: money('promotion_price').notNull(),
    areasIds: uuid('areas_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('package_treatments_package_idx').on(t.packageId),
    index('package_treatments_treatment_idx').on(t.treatmentId),
    check('package_treatments_sessions_positive', sql`${t.sessions} > 0`),
    check('package_treatments_prices_non_negative', sql`${t.regularPrice} >= 0 and ${t.promotionPrice} >= 0`),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    ...baseColumns(),
    code: varchar('code', { length: 15 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    description: text('description').notNull(),
    limit: integer('limit').notNull(),
    used: integer('used').notNull().default(0),
    type: varchar('type', { length: 10 }).notNull(),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    productId: uuid('product_id').references(() => products.id),
    discount: percent('discount').notNull(),
    expireDate: date('expire_date').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coupons_code_unique')
      .on(sql`lower(${t.code})`)
      .where(sql`${t.deletedAt} is null`),
    check('coupons_used_within_limit', sql`${t.used} <= ${t.limit}`),
    check('coupons_discount_percent', sql`${t.discount} between 0 and 100`),
    check('coupons_type_valid', oneOf(t.type, COUPON_TYPES)),
  ],
);

export const couponBranches = pgTable(
  'coupon_branches',
  {
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [primaryKey({ columns: [t.couponId, t.branchId] })],
);

/** One row per use of a coupon in a sale (orders) or a product sale (cash orders). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    ...baseColumns(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id),
    customerId: uuid('customer_id'),
    orderKind: varchar('order_kind', { length: 10 }).notNull(),
    orderId: uuid('order_id'),
    orderNumber: varchar('order_number', { length: 40 }),
    branchId: uuid('branch_id').references(() => branches.id),
    userId: uuid('user_id'),
  },
  (t) => [index('coupon_redemptions_coupon_idx').on(t.couponId), index('coupon_redemptions_customer_idx').on(t.couponId, t.customerId)],
);
