import { z } from 'zod';
import { approveAssortmentSchema, assortmentOrderSchema, confirmAssortmentSchema } from './assortment-orders.schemas';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { ORDER_STATUSES, ORDER_TYPES } from './inventory';
import { listQuerySchema } from './list';
import { msg, optionalDate } from './validation';

const named = z.object({ id: z.string(), name: z.string() });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A lot a line was sent from: the distribution centre's lot, its units and what arrived of them. */
export const assortmentLotDto = z.object({
  stockId: z.string(),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  quantity: z.number(),
  receivedQuantity: z.number().nullable(),
  destinationStockId: z.string().nullable(),
});

/** A distribution-centre lot the approver may choose (valid ones only). */
export const dcLotDto = z.object({ stockId: z.string(), allotment: z.string(), expiresAt: z.string().nullable(), quantity: z.number() });

export const assortmentLineDto = z.object({
  id: z.string(),
  productId: z.string(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  /** The product's max at the receiving branch (null: none, 0: no limit). */
  max: z.number().nullable(),
  /** The receiving branch's stock of the product. */
  stock: z.number(),
  /** The distribution centre's valid stock of the product (what may be sent). */
  dcStock: z.number(),
  dcLots: z.array(dcLotDto),
  orderedQuantity: z.number(),
  stockedQuantity: z.number().nullable(),
  receivedQuantity: z.number().nullable(),
  lots: z.array(assortmentLotDto),
});

export const assortmentOrderDto = z.object({
  id: z.string(),
  orderNumber: z.string(),
  orderType: z.enum(ORDER_TYPES),
  orderTypeLabel: z.string(),
  branchId: z.string(),
  branch: named,
  originBranch: named.nullable(),
  status: z.enum(ORDER_STATUSES),
  comments: z.string().nullable(),
  orderById: z.string().nullable(),
  orderBy: z.string().nullable(),
  approvedBy: z.string().nullable(),
  finishedBy: z.string().nullable(),
  approvedAt: z.date().nullable(),
  sentAt: z.date().nullable(),
  finishedAt: z.date().nullable(),
  rejectedAt: z.date().nullable(),
  /** Finished with some received quantity different from the sent one (the list highlights the row). */
  hasDifference: z.boolean(),
  ...timestamps,
});

export const assortmentOrderDetailDto = assortmentOrderDto.extend({ assortmentOrderProducts: z.array(assortmentLineDto) });

export const assortmentListQuery = listQuerySchema.extend({
  branchId: optional(z.uuid({ error: msg.invalid('sucursal') })),
  orderType: optional(z.enum(ORDER_TYPES, { error: msg.invalid('tipo de orden') })),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

/** A product the form may order for a branch: its stock there and its max. */
export const restockProductDto = z.object({ productId: z.string(), sku: z.string(), name: z.string(), stock: z.number(), max: z.number().nullable() });

export const assortmentOrderRoutes = {
  list: route({ method: 'GET', path: '/assortment-order', query: assortmentListQuery, response: listResponse(assortmentOrderDto) }),
  products: route({
    method: 'GET',
    path: '/assortment-order/products',
    query: z.object({ branchId: z.uuid({ error: msg.required('sucursal') }) }),
    response: z.array(restockProductDto),
  }),
  get: route({ method: 'GET', path: '/assortment-order/:id', params: idParams, response: assortmentOrderDetailDto }),
  create: route({ method: 'POST', path: '/assortment-order/create', body: assortmentOrderSchema, response: assortmentOrderDetailDto, status: 201 }),
  approve: route({
    method: ['PUT', 'POST'],
    path: '/assortment-order/:id/approve',
    params: idParams,
    body: approveAssortmentSchema,
    response: assortmentOrderDetailDto,
  }),
  confirm: route({
    method: ['PUT', 'POST'],
    path: '/assortment-order/:id/confirm',
    params: idParams,
    body: confirmAssortmentSchema,
    response: assortmentOrderDetailDto,
  }),
  reject: route({ method: ['PATCH', 'PUT'], path: '/assortment-order/:id/reject', params: idParams, response: assortmentOrderDetailDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/assortment-order/:id/delete', params: idParams, response: assortmentOrderDetailDto }),
};

/** The PDF of an order (GET, application/pdf): only its parameters, it has no JSON answer. */
export const assortmentOrderPdfPath = (id: string) => `/v1/assortment-order/${id}/download`;

export type AssortmentOrder = ItemOf<typeof assortmentOrderRoutes.list>;
export type AssortmentOrderDetail = Answer<typeof assortmentOrderRoutes.get>;
export type AssortmentLine = AssortmentOrderDetail['assortmentOrderProducts'][number];
export type RestockProduct = Answer<typeof assortmentOrderRoutes.products>[number];
