import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { PAY_METHODS, PAY_STATUSES } from './inventory';
import { listQuerySchema } from './list';
import { purchaseOrderSchema, purchaseOrderUpdateSchema } from './purchase-orders.schemas';
import { optionalDate, uuid } from './validation';

const named = z.object({ id: z.string(), name: z.string() });

export const purchaseOrderLineDto = z.object({
  id: z.string(),
  productId: z.string(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string(), barCode: z.string(), requiresLot: z.boolean() }),
  quantity: z.number(),
  price: z.number(),
  subtotal: z.number(),
  allotment: z.string().nullable(),
  expiresAt: z.string().nullable(),
  /** The distribution-centre lot its units went into, once received. */
  stockId: z.string().nullable(),
});

/** A purchase order as the list shows it (`total` is the invoice amount). */
export const purchaseOrderItemDto = z.object({
  id: z.string(),
  orderNumber: z.string(),
  invoiceNumber: z.string(),
  providerId: z.string(),
  provider: named.extend({ payConditions: z.number() }),
  payMethod: z.enum(PAY_METHODS),
  arrivedAt: z.string(),
  creditExpiration: z.string(),
  payStatus: z.enum(PAY_STATUSES),
  payedAt: z.string().nullable(),
  /** IVA percent (0, 8 or 16). */
  tax: z.number(),
  amount: z.number(),
  total: z.number(),
  comments: z.string().nullable(),
  /** When its lots entered the distribution centre (null until received). */
  assortmentedAt: z.date().nullable(),
  receivedBranch: named.nullable(),
  ...timestamps,
});

export const purchaseOrderDto = purchaseOrderItemDto.extend({
  /** The sum of the lines (price × quantity). */
  subtotal: z.number(),
  purchaseOrderProducts: z.array(purchaseOrderLineDto),
});

export const purchaseOrderListQuery = listQuerySchema.extend({
  providerId: z.preprocess((v) => (v === '' ? undefined : v), uuid('proveedor').optional()),
  payStatus: z.enum(PAY_STATUSES).optional(),
  payMethod: z.enum(PAY_METHODS).optional(),
  /** Arrival dates from / to (YYYY-MM-DD). */
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

/** A product the form may order: its barcode (the scan matches it) and whether its type requires lot and expiry. */
export const purchaseProductDto = z.object({
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  barCode: z.string(),
  requiresLot: z.boolean(),
  cost: z.number(),
  providerIds: z.array(z.string()),
});

export const purchaseOrderRoutes = {
  list: route({ method: 'GET', path: '/purchase-order', query: purchaseOrderListQuery, response: listResponse(purchaseOrderItemDto) }),
  get: route({ method: 'GET', path: '/purchase-order/:id', params: idParams, response: purchaseOrderDto }),
  create: route({ method: 'POST', path: '/purchase-order/create', body: purchaseOrderSchema, response: purchaseOrderDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/purchase-order/:id/update', params: idParams, body: purchaseOrderUpdateSchema, response: purchaseOrderDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/purchase-order/:id/delete', params: idParams, response: purchaseOrderDto }),
  /** Puts every line's units into the distribution centre's lots (once). */
  receive: route({ method: ['PUT', 'POST'], path: '/purchase-order/:id/receive', params: idParams, response: purchaseOrderDto }),
  /** The products the form offers (with barcode and lot rule). */
  products: route({ method: 'GET', path: '/purchase-order/products', response: z.array(purchaseProductDto) }),
  /** application/pdf: the order's printable document. */
  download: route({ method: 'GET', path: '/purchase-order/:id/download', params: idParams, response: z.unknown() }),
};

export type PurchaseOrder = Answer<typeof purchaseOrderRoutes.get>;
export type PurchaseOrderItem = ItemOf<typeof purchaseOrderRoutes.list>;
export type PurchaseProduct = Answer<typeof purchaseOrderRoutes.products>[number];
