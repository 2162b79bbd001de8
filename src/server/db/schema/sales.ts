import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { ZERO_CENTS } from '../../../domain/money';
import { users } from './auth';
import { branches } from './branches';
import { packages, productStocks, products, coupons } from './catalogue';
import { baseColumns, moneyCents, oneOf } from './columns';
import { customers } from './customers';
import { treatments } from './treatments';

const money = moneyCents;

/** Columns shared by treatment/package sales (orders) and product sales (cash orders). */
const saleColumns = () => ({
  ...baseColumns(),
  orderNumber: varchar('order_number', { length: 30 }).notNull(),
  branchId: uuid('branch_id')
    .notNull()
    .references(() => branches.id),
  customerId: uuid('customer_id').references(() => customers.id),
  sellerId: uuid('seller_id').references(() => users.id),
  /** pos, app or online */
  channel: varchar('channel', { length: 10 }).notNull().default('pos'),
  subtotal: money('subtotal').notNull(),
  discountTotal: money('discount_total').notNull().default(ZERO_CENTS),
  taxes: money('taxes').notNull().default(ZERO_CENTS),
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

/** The values the code writes; the database refuses any other (migration 0016). */
export const PAYMENT_STATUSES = ['paid', 'error', 'pending_payment', 'pending_confirmation'] as const;
export const SALE_CHANNELS = ['pos', 'app', 'online'] as const;
export const PURCHASED_STATUSES = ['onProcess', 'finished', 'refunded', 'expired'] as const;

type SaleTable = Record<
  'sellerId' | 'couponId' | 'createdAt' | 'subtotal' | 'discountTotal' | 'taxes' | 'total' | 'points' | 'pointsRedeemed' | 'paymentStatus' | 'channel',
  AnyPgColumn
>;

/** The constraints and the seller/coupon indexes shared by orders and cash orders. */
function saleRules(name: string, t: SaleTable) {
  return [
    index(`${name}_seller_idx`)
      .on(t.sellerId, t.createdAt)
      .where(sql`${t.sellerId} is not null`),
    index(`${name}_coupon_idx`)
      .on(t.couponId)
      .where(sql`${t.couponId} is not null`),
    check(`${name}_amounts_non_negative`, sql`${t.subtotal} >= 0 and ${t.discountTotal} >= 0 and ${t.taxes} >= 0 and ${t.total} >= 0`),
    check(`${name}_points_non_negative`, sql`${t.points} >= 0 and ${t.pointsRedeemed} >= 0`),
    check(`${name}_payment_status_valid`, oneOf(t.paymentStatus, PAYMENT_STATUSES)),
    check(`${name}_channel_valid`, oneOf(t.channel, SALE_CHANNELS)),
  ];
}

/** Sales of treatments and packages. */
export const orders = pgTable('orders', saleColumns(), (t) => [
  uniqueIndex('orders_number_unique').on(t.orderNumber),
  index('orders_customer_idx').on(t.customerId, t.createdAt),
  index('orders_branch_idx').on(t.branchId, t.createdAt),
  ...saleRules('orders', t),
]);

export const orderDetails = pgTable(
  'order_details',
  {
    ...baseColumns(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    treatmentId: uuid('treatment_id').references(() => treatments.id),
    packageId: uuid('package_id').references(() => packages.id),
    quantity: integer('quantity').notNull(),
    /** Price charged per unit after discounts; price is the list price. */
    salePrice: money('sale_price').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    index('order_details_order_idx').on(t.orderId),
    check('order_details_one_item', sql`(${t.treatmentId} is null) <> (${t.packageId} is null)`),
    index('order_details_treatment_idx')
      .on(t.treatmentId)
      .where(sql`${t.treatmentId} is not null`),
    index('order_details_package_idx')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null`),
    check('order_details_quantity_positive', sql`${t.quantity} > 0`),
    check('order_details_prices_non_negative', sql`${t.salePrice} >= 0 and ${t.price} >= 0`),
  ],
);

/** Sales of products (the spec's cash orders). */
export const cashOrders = pgTable('cash_orders', saleColumns(), (t) => [
  uniqueIndex('cash_orders_number_unique').on(t.orderNumber),
  index('cash_orders_customer_idx').on(t.customerId, t.createdAt),
  index('cash_orders_branch_idx').on(t.branchId, t.createdAt),
  ...saleRules('cash_orders', t),
]);

export const cashOrderDetails = pgTable(
  'cash_order_details',
  {
    ...baseColumns(),
    cashOrderId: uuid('cash_order_id')
      .notNull()
      .references(() => cashOrders.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    stockId: uuid('stock_id').references(() => productStocks.id),
    quantity: integer('quantity').notNull(),
    salePrice: money('sale_price').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    index('cash_order_details_order_idx').on(t.cashOrderId),
    index('cash_order_details_product_idx').on(t.productId),
    index('cash_order_details_stock_idx')
      .on(t.stockId)
      .where(sql`${t.stockId} is not null`),
    check('cash_order_details_quantity_positive', sql`${t.quantity} > 0`),
    check('cash_order_details_prices_non_negative', sql`${t.salePrice} >= 0 and ${t.price} >= 0`),
  ],
);

/**
 * A treatment a customer has bought (alone or inside a package) and consumes session by session.
 * status: onProcess, finished, refunded, expired.
 */
export const purchasedProducts = pgTable(
  'purchased_products',
  {
    ...baseColumns(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    orderId: uuid('order_id').references(() => orders.id),
    branchId: uuid('branch_id').references(() => branches.id),
    treatmentId: uuid('treatment_id')
      .notNull()
      .references(() => treatments.id),
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
    check('purchased_products_status_valid', oneOf(t.status, PURCHASED_STATUSES)),
    index('purchased_products_order_idx')
      .on(t.orderId)
      .where(sql`${t.orderId} is not null`),
    index('purchased_products_treatment_idx').on(t.treatmentId),
    index('purchased_products_package_idx')
      .on(t.packageId)
      .where(sql`${t.packageId} is not null`),
    index('purchased_products_branch_idx').on(t.branchId, t.createdAt),
  ],
);
