import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  date,
  index,
  integer,
  pgSequence,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { EXPENSE_CAUSES, MOVEMENT_CAUSES, ORDER_STATUSES, ORDER_TYPES, PAY_METHODS, PAY_STATUSES } from '../../../domain/inventory';
import { users } from './auth';
import { branches } from './branches';
import { productStocks, products, providers } from './catalogue';
import { baseColumns, moneyCents as money, oneOf } from './columns';

/** The number part of OC-, OR-, TR- and SO- documents: nextval, so concurrent orders never share one. */
export const purchaseOrderNumbers = pgSequence('purchase_order_number_seq', { startWith: 1 });
export const assortmentOrderNumbers = pgSequence('assortment_order_number_seq', { startWith: 1 });
export const transferNumbers = pgSequence('transfer_number_seq', { startWith: 1 });
export const saleOrderNumbers = pgSequence('sale_order_number_seq', { startWith: 1 });

const userRef = (name: string) => uuid(name).references(() => users.id);
const branchRef = (name: string) =>
  uuid(name)
    .notNull()
    .references(() => branches.id);
const productRef = () =>
  uuid('product_id')
    .notNull()
    .references(() => products.id);

/**
 * The ledger: one row per change of a lot's quantity, written in the same transaction as the change, so a lot's
 * quantity always equals the sum of its movements. `balance` is the lot's quantity right after this movement.
 */
export const stockMovements = pgTable(
  'stock_movements',
  {
    // a bigserial orders movements of the same instant (the kardex's running balance)
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => productStocks.id),
    productId: productRef(),
    branchId: branchRef('branch_id'),
    quantity: integer('quantity').notNull(),
    balance: integer('balance').notNull(),
    cause: varchar('cause', { length: 30 }).notNull(),
    /** purchase, assortment, transfer, sale, cash_order, appointment, adjustment */
    documentType: varchar('document_type', { length: 20 }),
    documentId: uuid('document_id'),
    documentNumber: varchar('document_number', { length: 40 }),
    note: text('note'),
    userId: userRef('user_id'),
  },
  (t) => [
    check('stock_movements_quantity_nonzero', sql`${t.quantity} <> 0`),
    check('stock_movements_balance_non_negative', sql`${t.balance} >= 0`),
    check('stock_movements_cause_valid', oneOf(t.cause, MOVEMENT_CAUSES)),
    index('stock_movements_stock_idx').on(t.stockId, t.seq),
    index('stock_movements_product_branch_idx').on(t.productId, t.branchId, t.seq),
    index('stock_movements_document_idx').on(t.documentId),
    index('stock_movements_created_idx').on(t.createdAt),
    // the expense reports: the few movements that are expenses (restocks, transfers, returns) by time, with every
    // column their sums read (an index-only read of a chain's year instead of a scan of the whole ledger)
    index('stock_movements_expense_idx').on(t.createdAt, t.branchId, t.cause, t.documentId, t.stockId, t.quantity).where(isExpenseMovement(t.cause)),
  ],
);

/**
 * A movement the expense reports read (EXPENSE_CAUSES), written with literals: a query with the same predicate uses the
 * partial index `stock_movements_expense_idx`, whatever its plan.
 */
export const isExpenseMovement = (cause: AnyPgColumn | SQL) => oneOf(cause, EXPENSE_CAUSES);

/** A product's maximum and minimum at a branch (one live record each). */
export const maxMins = pgTable(
  'max_mins',
  { ...baseColumns(), productId: productRef(), branchId: branchRef('branch_id'), max: integer('max').notNull(), min: integer('min').notNull() },
  (t) => [
    uniqueIndex('max_mins_product_branch_unique')
      .on(t.productId, t.branchId)
      .where(sql`${t.deletedAt} is null`),
    index('max_mins_branch_idx').on(t.branchId),
    check('max_mins_valid', sql`${t.min} >= 0 and ${t.max} >= 0 and ${t.min} <= ${t.max}`),
  ],
);

/** A purchase to a provider (OC-); receiving it puts its lots into the distribution centre's stock. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    ...baseColumns(),
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    invoiceNumber: varchar('invoice_number', { length: 20 }).notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    payMethod: varchar('pay_method', { length: 30 }).notNull(),
    arrivedAt: date('arrived_at').notNull(),
    creditExpiration: date('credit_expiration').notNull(),
    payStatus: varchar('pay_status', { length: 12 }).notNull().default('Pendiente'),
    payedAt: date('payed_at'),
    /** IVA percent of the invoice (0, 8 or 16). */
    tax: smallint('tax').notNull(),
    amount: money('amount').notNull(),
    comments: text('comments'),
    /** When its lots entered the distribution centre. */
    assortmentedAt: timestamp('assortmented_at', { withTimezone: true }),
    receivedBranchId: uuid('received_branch_id').references(() => branches.id),
    createdById: userRef('created_by_id'),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_unique').on(t.orderNumber),
    index('purchase_orders_provider_idx').on(t.providerId),
    index('purchase_orders_created_idx').on(t.createdAt),
    check('purchase_orders_pay_method_valid', oneOf(t.payMethod, PAY_METHODS)),
    check('purchase_orders_pay_status_valid', oneOf(t.payStatus, PAY_STATUSES)),
    check('purchase_orders_amount_non_negative', sql`${t.amount} >= 0`),
  ],
);

export const purchaseOrderProducts = pgTable(
  'purchase_order_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    productId: productRef(),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
    allotment: varchar('allotment', { length: 40 }),
    expiresAt: date('expires_at'),
    /** The distribution-centre lot its units went into, once received. */
    stockId: uuid('stock_id').references(() => productStocks.id),
  },
  (t) => [
    index('purchase_order_products_order_idx').on(t.purchaseOrderId),
    index('purchase_order_products_product_idx').on(t.productId),
    index('purchase_order_products_stock_idx').on(t.stockId),
    check('purchase_order_products_quantity_positive', sql`${t.quantity} > 0`),
    check('purchase_order_products_price_non_negative', sql`${t.price} >= 0`),
  ],
);

/** Restock (assortment) orders (OR-): a branch asks, the distribution centre sends, the branch receives. */
export const assortmentOrders = pgTable(
  'assortment_orders',
  {
    ...baseColumns(),
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    orderType: varchar('order_type', { length: 30 }).notNull(),
    branchId: branchRef('branch_id'),
    /** The distribution centre that sends (fixed when approved). */
    originBranchId: uuid('origin_branch_id').references(() => branches.id),
    status: varchar('status', { length: 20 }).notNull().default('En proceso'),
    comments: text('comments'),
    orderById: userRef('order_by_id'),
    approvedById: userRef('approved_by_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedById: userRef('finished_by_id'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    rejectedById: userRef('rejected_by_id'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assortment_orders_number_unique').on(t.orderNumber),
    index('assortment_orders_branch_idx').on(t.branchId, t.createdAt),
    index('assortment_orders_created_idx').on(t.createdAt),
    // the units in transit to a branch (the stock list's column, the restock suggestion): its few orders on the way
    index('assortment_orders_in_transit_idx')
      .on(t.branchId)
      .where(sql`${t.status} = 'En tránsito'`),
    check('assortment_orders_status_valid', oneOf(t.status, ORDER_STATUSES)),
    check('assortment_orders_type_valid', oneOf(t.orderType, ORDER_TYPES)),
  ],
);

export const assortmentOrderProducts = pgTable(
  'assortment_order_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    assortmentOrderId: uuid('assortment_order_id')
      .notNull()
      .references(() => assortmentOrders.id),
    productId: productRef(),
    orderedQuantity: integer('ordered_quantity').notNull(),
    stockedQuantity: integer('stocked_quantity'),
    receivedQuantity: integer('received_quantity'),
  },
  (t) => [
    index('assortment_order_products_order_idx').on(t.assortmentOrderId, t.productId),
    index('assortment_order_products_product_idx').on(t.productId),
    check(
      'assortment_order_products_quantities',
      sql`${t.orderedQuantity} >= 0 and coalesce(${t.stockedQuantity}, 0) >= 0 and coalesce(${t.receivedQuantity}, 0) >= 0`,
    ),
  ],
);

/** The lots a restock line was sent from (first expiry first, or the one chosen) and the branch lot each went into. */
export const assortmentOrderLots = pgTable(
  'assortment_order_lots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => assortmentOrderProducts.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => productStocks.id),
    quantity: integer('quantity').notNull(),
    receivedQuantity: integer('received_quantity'),
    destinationStockId: uuid('destination_stock_id').references(() => productStocks.id),
  },
  (t) => [
    index('assortment_order_lots_line_idx').on(t.lineId),
    index('assortment_order_lots_stock_idx').on(t.stockId),
    index('assortment_order_lots_destination_idx').on(t.destinationStockId),
    check('assortment_order_lots_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/** Transfers between branches (TR-): lines name the origin lot; the destination receives into the same lot number. */
export const transfers = pgTable(
  'transfers',
  {
    ...baseColumns(),
    transferNumber: varchar('transfer_number', { length: 20 }).notNull(),
    originBranchId: branchRef('origin_branch_id'),
    destinyBranchId: branchRef('destiny_branch_id'),
    status: varchar('status', { length: 20 }).notNull().default('En proceso'),
    comments: text('comments'),
    createdById: userRef('created_by_id'),
    approvedById: userRef('approved_by_id'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    acceptedById: userRef('accepted_by_id'),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    rejectedById: userRef('rejected_by_id'),
    rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('transfers_number_unique').on(t.transferNumber),
    index('transfers_origin_idx').on(t.originBranchId, t.createdAt),
    index('transfers_destiny_idx').on(t.destinyBranchId, t.createdAt),
    index('transfers_in_transit_idx')
      .on(t.destinyBranchId)
      .where(sql`${t.status} = 'En tránsito'`),
    check('transfers_status_valid', oneOf(t.status, ORDER_STATUSES)),
    check('transfers_branches_differ', sql`${t.originBranchId} <> ${t.destinyBranchId}`),
  ],
);

export const transferProducts = pgTable(
  'transfer_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => transfers.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => productStocks.id),
    productId: productRef(),
    stockedQuantity: integer('stocked_quantity').notNull(),
    receivedQuantity: integer('received_quantity'),
    destinationStockId: uuid('destination_stock_id').references(() => productStocks.id),
  },
  (t) => [
    index('transfer_products_transfer_idx').on(t.transferId),
    index('transfer_products_stock_idx').on(t.stockId),
    index('transfer_products_destination_idx').on(t.destinationStockId),
    check('transfer_products_quantities', sql`${t.stockedQuantity} >= 0 and coalesce(${t.receivedQuantity}, 0) >= 0`),
  ],
);

/** Sales of stock to third parties (SO-): saving takes the units, deleting puts them back. */
export const saleOrders = pgTable(
  'sale_orders',
  {
    ...baseColumns(),
    orderNumber: varchar('order_number', { length: 20 }).notNull(),
    branchId: branchRef('branch_id'),
    name: varchar('name', { length: 100 }).notNull(),
    rfc: varchar('rfc', { length: 13 }),
    phone: varchar('phone', { length: 15 }).notNull(),
    note: varchar('note', { length: 30 }).notNull(),
    comments: text('comments'),
    totalAmount: money('total_amount').notNull(),
    createdById: userRef('created_by_id'),
  },
  (t) => [
    uniqueIndex('sale_orders_number_unique').on(t.orderNumber),
    index('sale_orders_branch_idx').on(t.branchId, t.createdAt),
    check('sale_orders_total_non_negative', sql`${t.totalAmount} >= 0`),
  ],
);

export const saleOrderProducts = pgTable(
  'sale_order_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleOrderId: uuid('sale_order_id')
      .notNull()
      .references(() => saleOrders.id),
    stockId: uuid('stock_id')
      .notNull()
      .references(() => productStocks.id),
    productId: productRef(),
    quantity: integer('quantity').notNull(),
    price: money('price').notNull(),
  },
  (t) => [
    index('sale_order_products_order_idx').on(t.saleOrderId),
    index('sale_order_products_stock_idx').on(t.stockId),
    check('sale_order_products_quantity_positive', sql`${t.quantity} > 0`),
    check('sale_order_products_price_non_negative', sql`${t.price} >= 0`),
  ],
);
