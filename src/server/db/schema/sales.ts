import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { COMMISSION_TYPES } from '../../../domain/commissions.contract';
import { ZERO_CENTS } from '../../../domain/money';
import { PAYMENT_STATUSES, SALE_CHANNELS, SALE_TENDERS } from '../../../domain/sales';
import { users } from './auth';
import { branches } from './branches';
import { packages, productStocks, products, coupons } from './catalogue';
import { baseColumns, moneyCents, oneOf } from './columns';
import { customers } from './customers';
import { treatments } from './treatments';
import { appointments } from './agenda';

const money = moneyCents;

/** The number part of POS-, APP- and WEB- sales, shared by orders and cash orders so no two sales share one. */
export const saleNumbers = pgSequence('sale_number_seq', { startWith: 1 });
/** The number of a daily cash closing (CC-). */
export const closingNumbers = pgSequence('closing_number_seq', { startWith: 1 });

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
  /**
   * The customer's registration day (customers.registered_on) while the customer is not deleted, else null: kept by
   * triggers (migration 0035) so the customers report adds up a period's registered customers' sales by a range scan.
   */
  customerRegisteredOn: date('customer_registered_on'),
  refundMethod: varchar('refund_method', { length: 20 }),
  refundReason: text('refund_reason'),
  refundedById: uuid('refunded_by_id').references(() => users.id),
  /** The branch's calendar day when the sale happened (its own time zone), fixed then. */
  businessDate: date('business_date').notNull(),
  /** The day of the refund at the branch: the refund's closing and its commission reversal. */
  refundBusinessDate: date('refund_business_date'),
  /** Change given, in pesos, when cash tendered exceeded what was left to pay. */
  change: money('change').notNull().default(ZERO_CENTS),
  /** The client's Idempotency-Key and a hash of its body: a retry answers this sale. */
  idempotencyKey: varchar('idempotency_key', { length: 64 }),
  /** Whose key it is (the signed-in user or API client): keys are unique per client, not across clients. */
  idempotencyClientId: uuid('idempotency_client_id'),
  requestHash: varchar('request_hash', { length: 64 }),
});

/** The values the code writes; the database refuses any other (migration 0016). */
export const PURCHASED_STATUSES = ['onProcess', 'finished', 'refunded', 'expired'] as const;

type SaleTable = Record<
  | 'sellerId'
  | 'couponId'
  | 'createdAt'
  | 'subtotal'
  | 'discountTotal'
  | 'taxes'
  | 'total'
  | 'points'
  | 'pointsRedeemed'
  | 'paymentStatus'
  | 'channel'
  | 'branchId'
  | 'businessDate'
  | 'idempotencyKey'
  | 'idempotencyClientId'
  | 'customerId'
  | 'refundedAt'
  | 'customerRegisteredOn'
  | 'change',
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
    check(`${name}_change_non_negative`, sql`${t.change} >= 0`),
    index(`${name}_branch_day_idx`).on(t.branchId, t.businessDate),
    // the sales reports' change given of a period, from the index alone (few sales give change)
    index(`${name}_change_day_idx`)
      .on(t.businessDate, t.branchId, t.channel, t.change)
      .where(sql`${t.change} > 0`),
    // the customers report: a customer's paid sales kept, by day, with their totals, from the index alone
    index(`${name}_paid_customer_idx`)
      .on(t.customerId, t.businessDate, t.total)
      .where(sql`${t.paymentStatus} = 'paid' and ${t.refundedAt} is null`),
    // and, over the chain, the paid sales kept of the customers registered in a period (by registration day)
    index(`${name}_paid_registered_idx`)
      .on(t.customerRegisteredOn, t.businessDate, t.total)
      .where(sql`${t.paymentStatus} = 'paid' and ${t.refundedAt} is null and ${t.customerRegisteredOn} is not null`),
    uniqueIndex(`${name}_idempotency_unique`)
      .on(t.idempotencyClientId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
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

export const SALE_PAYMENT_KINDS = ['payment', 'refund'] as const;

/**
 * Each tender of a sale, and each amount of a refund (negative), as its own row: method, currency, the amount in
 * that currency, the exchange rate in force then and the pesos it is worth. A later change of the rate never
 * touches it. `business_date` is the branch's day of the payment or refund: what its closing counts.
 */
export const salePayments = pgTable(
  'sale_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    orderKind: varchar('order_kind', { length: 10 }).notNull(),
    orderId: uuid('order_id').notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    businessDate: date('business_date').notNull(),
    kind: varchar('kind', { length: 10 }).notNull(),
    method: varchar('method', { length: 40 }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    amount: money('amount').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 14, scale: 4, mode: 'number' }).notNull().default(1),
    amountMxn: money('amount_mxn').notNull(),
    reference: varchar('reference', { length: 60 }),
    userId: uuid('user_id').references(() => users.id),
    /**
     * The sale's channel and business day, copied from it by a trigger on every insert (migration 0027: whoever
     * writes the row), so the sales reports read a period's money from this table's index alone.
     */
    channel: varchar('channel', { length: 10 }),
    saleDate: date('sale_date'),
  },
  (t) => [
    // a sale's tenders, and whether one used a method (the lists' filter), read from the index alone
    index('sale_payments_order_idx').on(t.orderId, t.orderKind, t.kind, t.method),
    // a branch-day's tenders (closings), and which sales of some days a method paid (the lists' filter), from the index alone
    index('sale_payments_branch_day_idx').on(t.branchId, t.businessDate, t.orderKind, t.kind, t.method, t.orderId),
    // the sales reports: a period's money by branch, day, kind of sale, channel, kind, method and currency, from the index alone
    index('sale_payments_report_idx').on(t.businessDate, t.branchId, t.orderKind, t.channel, t.kind, t.method, t.currency, t.amount, t.amountMxn),
    // sale basis: the refunds of the sales of a period, on their sale's day
    index('sale_payments_refund_sale_day_idx')
      .on(t.saleDate, t.branchId)
      .where(sql`${t.kind} = 'refund'`),
    check('sale_payments_kind_valid', oneOf(t.kind, SALE_PAYMENT_KINDS)),
    check('sale_payments_order_kind_valid', oneOf(t.orderKind, ['order', 'cashOrder'])),
    check('sale_payments_method_valid', oneOf(t.method, SALE_TENDERS)),
    check('sale_payments_currency_valid', oneOf(t.currency, ['MXN', 'USD'])),
    check(
      'sale_payments_sign',
      sql`(${t.kind} = 'payment' and ${t.amount} > 0 and ${t.amountMxn} > 0) or (${t.kind} = 'refund' and ${t.amount} < 0 and ${t.amountMxn} < 0)`,
    ),
    check('sale_payments_rate_positive', sql`${t.exchangeRate} > 0`),
  ],
);

/**
 * A branch-day's closing: the expected totals per method from that day's payments and refunds, what the person
 * closing counted in the drawer (by denomination) and the difference. No user: closed by the nightly job
 * ('Automático'). One per branch and day.
 */
export const dailyCashClosings = pgTable(
  'daily_cash_closings',
  {
    ...baseColumns(),
    closingNumber: varchar('closing_number', { length: 20 }).notNull(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    businessDate: date('business_date').notNull(),
    userId: uuid('user_id').references(() => users.id),
    /** The float the drawer opened with (the branch's setting when it was closed), counted with the day's cash. */
    openingFloat: money('opening_float').notNull().default(ZERO_CENTS),
    /** Expected totals (pesos, dollars) per method and refunds per method, as the closing function computed them. */
    expected: jsonb('expected').$type<Record<string, number>>().notNull(),
    /** The drawer counted: { MXN: { "500": 3, … }, USD: { "20": 1 } }; null when closed automatically. */
    counted: jsonb('counted').$type<Record<string, Record<string, number>>>(),
    countedCash: money('counted_cash'),
    countedDollars: money('counted_dollars'),
    differenceCash: money('difference_cash'),
    differenceDollars: money('difference_dollars'),
    creditCardTotal: money('credit_card_total').notNull(),
    debitCardTotal: money('debit_card_total').notNull(),
    cashTotal: money('cash_total').notNull(),
    pointsTotal: money('points_total').notNull(),
    cashTotalDollars: money('cash_total_dollars').notNull(),
    transferTotal: money('transfer_total').notNull(),
    depositTotal: money('deposit_total').notNull(),
    refundCash: money('refund_cash').notNull(),
    refundCreditCardTotal: money('refund_credit_card_total').notNull(),
    refundDebitCardTotal: money('refund_debit_card_total').notNull(),
    refundPoints: money('refund_points').notNull(),
    total: money('total').notNull(),
    /** The product (cash order) part, shown by /dashboard/corte-de-productos. */
    productCashTotal: money('product_cash_total').notNull(),
    productCashTotalDollars: money('product_cash_total_dollars').notNull(),
    productRefundCash: money('product_refund_cash').notNull(),
    productTotal: money('product_total').notNull(),
    comments: text('comments'),
  },
  (t) => [
    uniqueIndex('daily_cash_closings_number_unique').on(t.closingNumber),
    uniqueIndex('daily_cash_closings_branch_day_unique')
      .on(t.branchId, t.businessDate)
      .where(sql`${t.deletedAt} is null`),
    index('daily_cash_closings_day_idx').on(t.businessDate),
  ],
);

export const COMMISSION_KINDS = ['medical', 'cosmetology'] as const;

/**
 * One commission line: a medic's fee for a finished appointment (ISR from the staff file, stored with it), a
 * seller's share of a product sale (the percent in settings then), or a Uso Cabina / Insumo line a manager records.
 * A refund adds a negative line on its own day (reversalOf), never edits the first one, so a closed month keeps its totals.
 */
export const commissions = pgTable(
  'commissions',
  {
    ...baseColumns(),
    kind: varchar('kind', { length: 12 }).notNull(),
    /** Section 9's type (what earned it): Médico/Venta, Cosmetólogo/Venta, Uso Cabina or Insumo. */
    type: varchar('type', { length: 20 }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    businessDate: date('business_date').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id),
    cashOrderId: uuid('cash_order_id').references(() => cashOrders.id),
    orderNumber: varchar('order_number', { length: 30 }),
    customerId: uuid('customer_id').references(() => customers.id),
    /** What the commission is a share of: the medical fee, or the sale paid without IVA. */
    base: money('base').notNull(),
    percent: numeric('percent', { precision: 5, scale: 2, mode: 'number' }),
    commission: money('commission').notNull(),
    isrPercent: numeric('isr_percent', { precision: 5, scale: 2, mode: 'number' }),
    isrAmount: money('isr_amount').notNull().default(ZERO_CENTS),
    payable: money('payable').notNull(),
    reversalOf: uuid('reversal_of').references((): AnyPgColumn => commissions.id),
    /** What a line recorded by hand is for (Uso Cabina, Insumo); null on the lines an event wrote. */
    concept: varchar('concept', { length: 200 }),
  },
  (t) => [
    check('commissions_kind_valid', oneOf(t.kind, COMMISSION_KINDS)),
    check('commissions_type_valid', oneOf(t.type, COMMISSION_TYPES)),
    // a medical line is never a seller's share of a product sale, nor a cosmetology line a medical fee
    check(
      'commissions_type_of_kind',
      sql`(${t.kind} = 'medical' and ${t.type} <> 'cosmetology_sale') or (${t.kind} = 'cosmetology' and ${t.type} <> 'medical_sale')`,
    ),
    index('commissions_user_day_idx').on(t.userId, t.businessDate),
    index('commissions_branch_day_idx').on(t.kind, t.branchId, t.businessDate),
    // the fee reports over the chain: a kind's days in order with every figure they sum (an index-only read)
    index('commissions_kind_day_idx')
      .on(t.kind, t.businessDate, t.userId, t.branchId, t.base, t.commission, t.isrAmount, t.payable)
      .where(sql`${t.deletedAt} is null`),
    index('commissions_appointment_idx')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
    index('commissions_cash_order_idx')
      .on(t.cashOrderId)
      .where(sql`${t.cashOrderId} is not null`),
  ],
);

/** A branch's sales goal for a month (one live goal per branch-month). */
export const goals = pgTable(
  'goals',
  {
    ...baseColumns(),
    branchId: uuid('branch_id')
      .notNull()
      .references(() => branches.id),
    year: smallint('year').notNull(),
    month: smallint('month').notNull(),
    goal: money('goal').notNull(),
  },
  (t) => [
    uniqueIndex('goals_branch_month_unique')
      .on(t.branchId, t.year, t.month)
      .where(sql`${t.deletedAt} is null`),
    check('goals_month_valid', sql`${t.month} between 1 and 12`),
    check('goals_goal_positive', sql`${t.goal} > 0`),
  ],
);
