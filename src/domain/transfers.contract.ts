import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { ORDER_STATUSES } from './inventory';
import { listQuerySchema } from './list';
import { transferApproveSchema, transferConfirmSchema, transferSchema } from './transfers.schemas';
import { optionalDate, optionalUuid } from './validation';

const named = z.object({ id: z.string(), name: z.string() });
const person = named.nullable();

/** A transfer as its list shows it. */
export const transferItemDto = z.object({
  id: z.string(),
  transferNumber: z.string(),
  originBranchId: z.string(),
  destinyBranchId: z.string(),
  originBranch: named,
  destinyBranch: named,
  status: z.enum(ORDER_STATUSES),
  comments: z.string().nullable(),
  createdById: z.string().nullable(),
  approvedAt: z.date().nullable(),
  acceptedAt: z.date().nullable(),
  rejectedAt: z.date().nullable(),
  /** Finished with some received quantity other than the sent one (the row is highlighted). */
  hasDifference: z.boolean(),
  ...timestamps,
});

export const transferLineDto = z.object({
  id: z.string(),
  stockId: z.string(),
  product: z.object({ id: z.string(), sku: z.string(), name: z.string() }),
  allotment: z.string(),
  expiresAt: z.string().nullable(),
  /** The origin lot's units right now. */
  stock: z.number(),
  stockedQuantity: z.number(),
  receivedQuantity: z.number().nullable(),
  destinationStockId: z.string().nullable(),
});

export const transferDto = transferItemDto.extend({
  createdBy: person,
  approvedBy: person,
  acceptedBy: person,
  rejectedBy: person,
  transferProducts: z.array(transferLineDto),
});

const transferListQuery = listQuerySchema.extend({
  originBranchId: optionalUuid('sucursal de origen'),
  destinyBranchId: optionalUuid('sucursal de destino'),
  startDate: optionalDate('fecha inicial'),
  endDate: optionalDate('fecha final'),
});

export const transferRoutes = {
  list: route({ method: 'GET', path: '/transfer', query: transferListQuery, response: listResponse(transferItemDto) }),
  get: route({ method: 'GET', path: '/transfer/:id', params: idParams, response: transferDto }),
  create: route({ method: 'POST', path: '/transfer/create', body: transferSchema, response: transferDto, status: 201 }),
  approve: route({ method: ['PUT', 'POST'], path: '/transfer/:id/approve', params: idParams, body: transferApproveSchema, response: transferDto }),
  confirm: route({ method: ['PUT', 'POST'], path: '/transfer/:id/confirm', params: idParams, body: transferConfirmSchema, response: transferDto }),
  reject: route({ method: ['PATCH', 'PUT'], path: '/transfer/:id/reject', params: idParams, response: transferDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/transfer/:id/delete', params: idParams, response: transferDto }),
  /** The transfer's PDF (application/pdf). */
  download: route({ method: 'GET', path: '/transfer/:id/download', params: idParams, response: z.unknown() }),
};

export type Transfer = Answer<typeof transferRoutes.get>;
export type TransferLine = Transfer['transferProducts'][number];
export type TransferListItem = ItemOf<typeof transferRoutes.list>;
