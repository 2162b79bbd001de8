import { z } from 'zod';
import { idParams, listResponse, recordRoutes, route, timestamps, type Answer, type ItemOf } from './contract';
import { lotDto } from './inventory.contract';
import { listQuerySchema } from './list';
import { saleOrderSchema } from './sale-orders.schemas';
import { optionalDate, optionalUuid, uuid } from './validation';

const branchRef = z.object({ id: z.string(), name: z.string(), timeZone: z.string() });

/** One line of a sale order: the lot it took its units from, the units and the unit price (pesos). */
export const saleOrderLineDto = z.object({
  id: z.string(),
  stockId: z.string(),
  productId: z.string(),
  sku: z.string(),
  product: z.string(),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  quantity: z.number(),
  price: z.number(),
  subtotal: z.number(),
});

/** A sale order as the list shows it (no lines). */
export const saleOrderItemDto = z.object({
  id: z.string(),
  orderNumber: z.string(),
  name: z.string(),
  rfc: z.string().nullable(),
  phone: z.string(),
  note: z.string(),
  comments: z.string().nullable(),
  totalAmount: z.number(),
  branchId: z.string(),
  branch: branchRef,
  createdBy: z.string().nullable(),
  ...timestamps,
});

export const saleOrderDto = saleOrderItemDto.extend({ saleOrderProducts: z.array(saleOrderLineDto) });

const saleOrderListQuery = listQuerySchema.extend({
  branchId: optionalUuid('sucursal'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

/**
 * A lot the form may sell from: the branch's lots with units that have not expired. Its `quantity` is the units that may
 * be sold (the lot's stock, plus what the order being edited already holds of it); its `price` is the product's sale
 * price, else the lot's unit price (pesos).
 */
export const saleOrderLotDto = lotDto.omit({ productTypeRequiresLot: true });

const records = recordRoutes('/sale-order', { query: saleOrderListQuery, body: saleOrderSchema, response: saleOrderDto });

export const saleOrderRoutes = {
  ...records,
  list: route({ method: 'GET', path: '/sale-order', query: saleOrderListQuery, response: listResponse(saleOrderItemDto) }),
  lots: route({
    method: 'GET',
    path: '/sale-order/lots',
    query: z.object({ branchId: uuid('sucursal'), saleOrderId: optionalUuid('orden de venta') }),
    response: z.array(saleOrderLotDto),
  }),
};

/** GET /sale-order/:id/download answers the PDF, so it has no JSON contract: only its parameters and path. */
export const saleOrderPdf = { url: '/sale-order/:id/download', path: (id: string) => `/sale-order/${id}/download`, params: idParams };

export type SaleOrder = Answer<typeof saleOrderRoutes.get>;
export type SaleOrderListItem = ItemOf<typeof saleOrderRoutes.list>;
export type SaleOrderLot = Answer<typeof saleOrderRoutes.lots>[number];
