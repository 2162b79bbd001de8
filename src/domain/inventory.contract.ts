import { z } from 'zod';
import { listResponse, route, type Answer, type ItemOf } from './contract';
import { ADJUSTMENT_TYPES, MOVEMENT_CAUSES } from './inventory';
import { listQuerySchema } from './list';
import { msg, optionalDate, optionalUuid, uuid } from './validation';
import { logDetailDto } from './logs.contract';

const named = z.object({ id: z.string(), name: z.string() });
const wholeNumber = (label: string, min: number) =>
  z.coerce
    .number({ error: msg.required(label) })
    .int(msg.invalid(label))
    .min(min, `El campo ${label} debe ser al menos ${min}`)
    .max(1_000_000, msg.invalid(label));

/** One lot of a product at a branch. */
export const lotDto = z.object({
  stockId: z.string(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  quantity: z.number(),
  /** Unit price in pesos; null for roles that do not see prices (branch manager, franchisee). */
  price: z.number().nullable(),
  productTypeRequiresLot: z.boolean(),
});

/** A product's stock at a branch, summed over its lots. */
export const stockAggregateDto = z.object({
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  stock: z.number(),
  max: z.number().nullable(),
  min: z.number().nullable(),
});

/** An inventory row: one product at one branch. */
export const stockRowDto = z.object({
  /** The product and the branch: `productId:branchId`. */
  id: z.string(),
  productId: z.string(),
  sku: z.string(),
  name: z.string(),
  category: z.string().nullable(),
  branch: named,
  distribution_center: z.boolean(),
  quantity: z.number(),
  inTransit: z.number(),
  mmId: z.string().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  expiries: z.array(z.object({ allotment: z.string(), expiresAt: z.string(), quantity: z.number() })),
  /** danger (a lot expires in under 30 days), volcano (out of max/min), or null. */
  color: z.enum(['danger', 'volcano']).nullable(),
  status: z.string(),
});

export const STOCK_EXPIRY_FILTERS = ['expired', '30', '60'] as const;
export const STOCK_LEVEL_FILTERS = ['below', 'above'] as const;

const stockListQuery = listQuerySchema.extend({
  branchId: optionalUuid('sucursal'),
  productId: optionalUuid('producto'),
  categoryId: optionalUuid('categoría'),
  expiry: z.enum(STOCK_EXPIRY_FILTERS).optional(),
  level: z.enum(STOCK_LEVEL_FILTERS).optional(),
});

export const stockDetailsDto = z.object({
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  branch: named,
  lots: z.array(lotDto.extend({ subtotal: z.number().nullable() })),
  quantity: z.number(),
  total: z.number().nullable(),
  pricesHidden: z.boolean(),
});

export const adjustmentSchema = z
  .object({
    productId: uuid('producto'),
    branchId: uuid('sucursal'),
    type: z.enum(ADJUSTMENT_TYPES, { error: msg.required('tipo') }),
    quantity: wholeNumber('cantidad', 1),
    stockId: optionalUuid('lote'),
    allotment: z.preprocess((v) => (typeof v === 'string' && !v.trim() ? undefined : v), z.string().trim().max(40, msg.max('lote', 40)).optional()),
    expiresIn: optionalDate('caducidad'),
    justification: z
      .string({ error: msg.required('justificación') })
      .trim()
      .min(1, msg.required('justificación'))
      .max(500, msg.max('justificación', 500)),
  })
  .superRefine((v, ctx) => {
    if (!v.stockId && !v.allotment) ctx.addIssue({ code: 'custom', path: ['allotment'], message: msg.required('lote') });
  });

export const maxMinSchema = z
  .object({ productId: uuid('producto'), branchId: uuid('sucursal'), max: wholeNumber('máximo', 0), min: wholeNumber('mínimo', 0) })
  .superRefine((v, ctx) => {
    if (v.min > v.max) ctx.addIssue({ code: 'custom', path: ['min'], message: 'La cantidad mínima no puede ser mayor a la cantidad máxima' });
  });

export const maxMinDto = z.object({ mmId: z.string(), productId: z.string(), branchId: z.string(), max: z.number(), min: z.number(), product: z.string() });

export const movementDto = z.object({
  seq: z.number(),
  created_at: z.date(),
  stockId: z.string(),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  branch: named,
  quantity: z.number(),
  /** The lot's quantity after the movement. */
  lotBalance: z.number(),
  /** The product's quantity at the branch after the movement (the kardex's running balance). */
  balance: z.number(),
  cause: z.enum(MOVEMENT_CAUSES),
  causeLabel: z.string(),
  documentType: z.string().nullable(),
  documentId: z.string().nullable(),
  documentNumber: z.string().nullable(),
  note: z.string().nullable(),
  user: z.string().nullable(),
});

const kardexQuery = listQuerySchema.extend({
  productId: uuid('producto'),
  branchId: uuid('sucursal'),
  stockId: optionalUuid('lote'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

/** One patient who received units of a lot (or a lot a patient received). */
export const recallRowDto = z.object({
  /** The movement that took the units. */
  id: z.string(),
  customer: z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }).nullable(),
  /** The appointment or sale that took the units. */
  source: z.enum(['appointment', 'cash_order', 'sale_order']),
  documentNumber: z.string().nullable(),
  date: z.date(),
  branch: named,
  professional: z.string().nullable(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  units: z.number(),
});

const recallQuery = listQuerySchema
  .extend({
    productId: optionalUuid('producto'),
    allotment: z.string().trim().max(40).optional(),
    stockId: optionalUuid('lote'),
    customerId: optionalUuid('cliente'),
    format: z.enum(['json', 'csv', 'xlsx']).optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.stockId && !v.productId && !v.customerId) ctx.addIssue({ code: 'custom', path: ['productId'], message: msg.required('producto, lote o cliente') });
  });

/** Where a lot's units came from and everywhere they went (every movement of that lot number, across branches). */
export const lotTraceDto = z.object({
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  branches: z.array(named.extend({ stockId: z.string(), quantity: z.number() })),
  movements: z.array(movementDto),
});

export const scanDto = z.object({
  gtin: z.string().nullable(),
  allotment: z.string().nullable(),
  expiresAt: z.string().nullable(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }).nullable(),
  /** The branch's lot with that number, when it has one. */
  stockId: z.string().nullable(),
});

export const suggestionDto = z.object({
  items: z.array(
    z.object({
      productId: z.string(),
      sku: z.string(),
      name: z.string(),
      stock: z.number(),
      inTransit: z.number(),
      pending: z.number(),
      max: z.number(),
      min: z.number(),
      orderedQuantity: z.number(),
    }),
  ),
});

const branchParams = z.object({ branchId: uuid('sucursal') });

/** The stock-by-branch report: every lot of a branch with its value (prices null for roles that do not see them). */
export const stockReportDto = z.object({
  branch: named,
  items: z.array(lotDto.extend({ subtotal: z.number().nullable() })),
  quantity: z.number(),
  total: z.number().nullable(),
  pricesHidden: z.boolean(),
});

export const stockRoutes = {
  list: route({ method: 'GET', path: '/stock', query: stockListQuery, response: listResponse(stockRowDto) }),
  byBranch: route({
    method: 'GET',
    path: '/stock/get-stock-by-branch-id',
    query: z.object({ branchId: uuid('sucursal'), aggregate: z.enum(['product']).optional(), orderType: z.string().optional(), action: z.string().optional() }),
    response: z.object({ lots: z.array(lotDto), products: z.array(stockAggregateDto) }),
  }),
  details: route({
    method: 'GET',
    path: '/stock/:branchId/:productId/details',
    params: z.object({ branchId: uuid('sucursal'), productId: uuid('producto') }),
    response: stockDetailsDto,
  }),
  adjustment: route({ method: 'PATCH', path: '/stock/adjustment', body: adjustmentSchema, response: lotDto }),
  maxMinByBranch: route({ method: 'GET', path: '/stock/:branchId/get-max-min-by-branch', params: branchParams, response: z.array(maxMinDto) }),
  createMaxMin: route({ method: 'POST', path: '/stock/create-max-min', body: maxMinSchema, response: maxMinDto, status: 201 }),
  updateMaxMin: route({
    method: ['PUT', 'POST'],
    path: '/stock/:mmId/update-max-min',
    params: z.object({ mmId: uuid('máximo y mínimo') }),
    body: maxMinSchema,
    response: maxMinDto,
  }),
  kardex: route({ method: 'GET', path: '/stock/kardex', query: kardexQuery, response: listResponse(movementDto) }),
  recall: route({ method: 'GET', path: '/stock/recall', query: recallQuery, response: listResponse(recallRowDto) }),
  trace: route({ method: 'GET', path: '/stock/:stockId/trace', params: z.object({ stockId: uuid('lote') }), response: lotTraceDto }),
  scan: route({
    method: 'GET',
    path: '/stock/scan',
    query: z.object({ code: z.string().trim().min(1, msg.required('código')).max(200), branchId: optionalUuid('sucursal') }),
    response: scanDto,
  }),
  report: route({
    method: 'GET',
    path: '/report/get-stock-by-branch',
    query: z.object({ branchId: optionalUuid('sucursal'), format: z.enum(['json', 'xlsx']).optional() }),
    response: stockReportDto,
  }),
  suggestion: route({ method: 'GET', path: '/stock/suggestion', query: z.object({ branchId: uuid('sucursal') }), response: suggestionDto }),
};

export type StockRow = ItemOf<typeof stockRoutes.list>;
export type StockLot = z.output<typeof lotDto>;
export type StockDetails = Answer<typeof stockRoutes.details>;
export type KardexRow = ItemOf<typeof stockRoutes.kardex>;
export type RecallRow = ItemOf<typeof stockRoutes.recall>;

/** The inventory modules whose change-log rows make the inventory history (/dashboard/historial). */
export const HISTORY_MODULES = ['inventory', 'purchaseOrder', 'saleOrder', 'assortmentOrder', 'transfers'] as const;

const historyQuery = listQuerySchema.extend({
  module: z.enum(HISTORY_MODULES).optional(),
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

/** One row of the inventory history: a change-log row with the product, stock and the branches the document joins. */
export const historyRowDto = z.object({
  id: z.string(),
  module: z.object({ name: z.string(), alias: z.string() }),
  action: z.string(),
  order: z.string().nullable(),
  hasChanges: z.boolean(),
  stock: z.number().nullable(),
  product: z.string().nullable(),
  originBranch: z.string().nullable(),
  destinationBranch: z.string().nullable(),
  /** The Log entity's changes: JSON text of each changed field's before and after, null when the row recorded none. */
  changes: z.string().nullable(),
  user: z.object({ name: z.string(), lastName: z.string(), motherLastName: z.string() }).nullable(),
  created_at: z.date(),
});

export const historyRoutes = {
  list: route({ method: 'GET', path: '/log', query: historyQuery, response: listResponse(historyRowDto) }),
  get: route({ method: 'GET', path: '/log/:id', params: z.object({ id: uuid('registro') }), response: logDetailDto }),
};
export type HistoryRow = ItemOf<typeof historyRoutes.list>;
