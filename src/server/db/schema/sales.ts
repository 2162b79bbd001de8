import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { branches } from './branches';
import { packages, productStocks, products, coupons } from './catalogue';
import { baseColumns } from './columns';
import { customers } from './customers';
import { treatments } from './treatments';

const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/** Columns shared by treatment/package sales (orders) and product sales (cash orders). */
const saleColumns = () => ({
  ...baseColumns(),
  orderNumber: varchar('order_number', { length: 30 }).notNull(),
  branchId: uuid('branch_id').notNull().references(() => branches.id),
  customerId: uuid('customer_id').references(() => customers.id),
  sellerId: uuid('seller_id').references(() => users.id),
  /** pos, app or online */
  channel: varchar('channel', { length: 10 }).notNull().default('pos'),
  subtotal: money('subtotal').notNull(),
  discountTotal: money('discount_total').notNull().default(0),
  taxes: money('taxes').notNull().default(0),
  total: money('total').notNull(),
  couponId: uuid('coupon_id').references(() => coupons.id),
  /** Points the sale earned (the ledger row carries the same number). */
  points: integer('points').notNull().default(0),
  pointsRedeemed: integer('points_redeemed').notNull().default(0),
  paymentMethod: varchar('payment_method', { length: 40 }).notNull(),
  /** paid, error, pending_payment, pending_confirmation */
  paymentStatus: varchar('payment_status', { length: 24 }).notNull(),
  paymentGateway: varchar('payment_gateway', { length: 40 }),
  payReference: varchar('pay_reference', { length: 60 }),
  payReferenceDebit: varchar('pay_reference_debit', { length: 60 }),
  payReferenceCredit: varchar('pay_reference_credit', { length: 60 }),
  currency: varchar('currency', { length: 3 }).notNull().default('MXN'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  refundMethod: varchar('refund_method', { length: 20 }),
  refundReason: text('refund_reason'),
  refundedById: uuid('refunded_by_id').references(() => users.id),
});

/** Sales of treatments and packages. */
export const orders = pgTable('orders', saleColumns(), (t) => [
  uniqueIndex('orders_number_unique').on(t.orderNumber),
  index('orders_customer_idx').on(t.customerId, t.createdAt),
  index('orders_branch_idx').on(t.branchId, t.createdAt),
]);

export const orderDetails = pgTable(
  'order_details',
  {
    ...baseColumns(),
    orderId: uuid('order_id').notNull().references(() => orders.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    packageId: uuid('package_id').references(() => packages.id),
    quantity: integer('quantity').notNull(),
    /** Price charged per unit after discounts; price is the list price. */
    salePrice: money('sale_price').notNull(),
    price: money('price').notNull(),
  },
  (t) => [index('order_details_order_idx').on(t.orderId), check('order_details_one_item', sql`(${t.treatmentId} is null) <> (${t.packageId} is null)`)],
);

/** Sales of products (the spec's cash orders). */
export const cashOrders = pgTable('cash_orders', saleColumns(), (t) => [
  uniqueIndex('cash_orders_number_unique').on(t.orderNumber),
  index('cash_orders_customer_idx').on(t.customerId, t.createdAt),
  index('cash_orders_branch_idx').on(t.branchId, t.createdAt),
]);

export const cashOrderDetails = pgTable(
  'cash_order_details',
  {
    ...baseColumns(),
    cashOrderId: uuid('cash_order_id').notNull().references(() => cashOrders.id),
    productId: uuid('product_id').notNull().references(() => products.id),
    stockId: uuid('stock_id').references(() => productStocks.id),
    quantity: integer('quantity').notNull(),
    salePrice: money('sale_price').notNull(),
    price: money('price').notNull(),
  },
  (t) => [index('cash_order_details_order_idx').on(t.cashOrderId)],
);

/**
 * A treatment a customer has bought (alone or inside a package) and consumes session by session.
 * status: onProcess, finished, refunded, expired.
 */
export const purchasedProducts = pgTable(
  'purchased_products',
  {
    ...baseColumns(),
    customerId: uuid('customer_id').notNull().references(() => customers.id),
    orderId: uuid('order_id').references(() => orders.id),
    branchId: uuid('branch_id').references(() => branches.id),
    treatmentId: uuid('treatment_id').notNull().references(() => treatments.id),
    packageId: uuid('package_id').references(() => packages.id),
    sessions: smallint('sessions').notNull(),
    currentSession: smallint('current_session').notNull().default(0),
    limit: smallint('limit').notNull().default(1),
    status: varchar('status', { length: 12 }).notNull().default('onProcess'),
    /** Cancellations plus reschedules charged to this treatment: the third one ends it. */
    changes: smallint('changes').notNull().default(0),
    reschedules: smallint('reschedules').notNull().default(0),
    consent: boolean('consent').notNull().default(false),
    expiredAt: date('expired_at'),
  },
  (t) => [
    index('purchased_products_customer_idx').on(t.customerId, t.status),
    check('purchased_products_sessions', sql`${t.currentSession} between 0 and ${t.sessions}`),
  ],
);
