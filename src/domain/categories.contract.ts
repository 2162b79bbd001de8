import { z } from 'zod';
import { CATEGORY_TYPES, categorySchema } from './categories.schemas';
import { recordRoutes, timestamps, type Answer, type ItemOf } from './contract';
import { listQuerySchema } from './list';

export const categoryDto = z.object({ id: z.string(), name: z.string(), type: z.enum(CATEGORY_TYPES), active: z.boolean(), ...timestamps });

const categoryBody = categorySchema.extend({ active: z.boolean().optional() });

export const categoryRoutes = recordRoutes('/categories', {
  query: listQuerySchema.extend({ type: z.enum(CATEGORY_TYPES).optional() }),
  body: categoryBody,
  response: categoryDto,
});

export type Category = Answer<typeof categoryRoutes.get>;
export type CategoryListItem = ItemOf<typeof categoryRoutes.list>;
