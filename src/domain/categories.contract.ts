import { z } from 'zod';
import { CATEGORY_TYPES, categorySchema } from './categories.schemas';
import { idParams, listResponse, route, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

export const categoryDto = z.object({ id: z.string(), name: z.string(), type: z.enum(CATEGORY_TYPES), active: z.boolean(), ...timestamps });

const categoryBody = categorySchema.extend({ active: z.boolean().optional() });

export const categoryRoutes = {
  list: route({
    method: 'GET',
    path: '/categories',
    query: listQuerySchema.extend({ type: z.enum(CATEGORY_TYPES).optional() }),
    response: listResponse(categoryDto),
  }),
  get: route({ method: 'GET', path: '/categories/:id', params: idParams, response: categoryDto }),
  create: route({ method: 'POST', path: '/categories/create', body: categoryBody, response: categoryDto, status: 201 }),
  update: route({ method: ['PUT', 'POST'], path: '/categories/:id/update', params: idParams, body: categoryBody, response: categoryDto }),
  delete: route({ method: ['POST', 'DELETE'], path: '/categories/:id/delete', params: idParams, response: categoryDto }),
};

export type Category = Answer<typeof categoryRoutes.get>;
export type CategoryListItem = ItemOf<typeof categoryRoutes.list>;
