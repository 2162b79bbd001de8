import { z } from 'zod';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';
import { APPROVAL_STATES, PRODUCT_KINDS, productCreateSchema, productUpdateSchema, type ProductKind } from './products.schemas';

const named = z.object({ id: z.string(), name: z.string() });
const num = z.number().nullable();

export const productTypeDto = z.object({ id: z.string(), name: z.string(), slug: z.enum(PRODUCT_KINDS), requiresLot: z.boolean(), ...timestamps });

export const productDto = z.object({
  id: z.string(),
  productTypeId: z.string(),
  productType: z.object({ id: z.string(), name: z.string(), slug: z.enum(PRODUCT_KINDS) }),
  sku: z.string(),
  name: z.string(),
  brand: z.string(),
  barCode: z.string(),
  description: z.string(),
  contentType: z.string(),
  content: z.number(),
  measureUnit: z.string(),
  cost: z.number(),
  tax: z.number(),
  realCost: z.number(),
  franchiseTax: num,
  additionalCostFranchise: num,
  indirectExpenses: num,
  franchisePrice: num,
  profitPorcentage: num,
  salePrice: num,
  points: num,
  active: z.boolean(),
  status: z.boolean(),
  approval: z.enum(APPROVAL_STATES),
  approved_at: z.date().nullable(),
  rejected_at: z.date().nullable(),
  photos: z.array(named),
  providers: z.array(named),
  categories: z.array(named),
  providersIds: z.array(z.string()),
  categoriesIds: z.array(z.string()),
  ...timestamps,
});

const productListQuery = listQuerySchema.extend({
  isApproved: z.enum(['0', '1']).optional(),
  approval: z.enum(APPROVAL_STATES).optional(),
  providerId: z.uuid().optional(),
  categoryId: z.uuid().optional(),
  productTypeId: z.uuid().optional(),
  excludeType: z.string().max(200).optional(),
  type: z.string().max(200).optional(),
});

const photoIdParams = z.object({ photoId: z.uuid({ error: 'Identificador inválido' }) });

/** The spec gives each product kind its own update path. */
const updateOf = <K extends ProductKind>(kind: K) =>
  route({ method: ['PUT', 'POST'], path: `/product/:id/update-${kind}-product`, params: idParams, body: productUpdateSchema, response: productDto });

export const productTypeRoutes = { list: route({ method: 'GET', path: '/product-type', query: listQuerySchema, response: listResponse(productTypeDto) }) };

export const productRoutes = {
  list: route({ method: 'GET', path: '/product', query: productListQuery, response: listResponse(productDto) }),
  get: route({ method: 'GET', path: '/product/:id', params: idParams, response: productDto }),
  /**
   * JSON, as the spec describes (the form then uploads the photos with the returned id), or multipart/form-data: a
   * `data` field (the JSON) and 1 to 3 `image` files. The server checks either form with productCreateSchema itself.
   */
  create: route({ method: 'POST', path: '/product/create', body: productCreateSchema, response: productDto, status: 201 }),
  update: { cosmetologist: updateOf('cosmetologist'), sale: updateOf('sale'), medical: updateOf('medical'), supply: updateOf('supply') },
  approve: route({ method: 'POST', path: '/product/:id/approve', params: idParams, response: productDto }),
  reject: route({ method: 'POST', path: '/product/:id/reject', params: idParams, response: productDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/product/:id/delete', params: idParams, response: productDto }),
  /** multipart/form-data with 1 to 3 `image` files. */
  addPhotos: route({ method: 'POST', path: '/product/:id/photos', params: idParams, response: productDto }),
  deletePhoto: route({ method: ['DELETE', 'POST'], path: '/product/photo/:photoId/delete', params: photoIdParams, response: productDto }),
};

export type ProductType = ItemOf<typeof productTypeRoutes.list>;
export type Product = Answer<typeof productRoutes.get>;
export type ProductListItem = ItemOf<typeof productRoutes.list>;
