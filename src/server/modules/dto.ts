import { z } from 'zod';

/** Timestamps on the wire, named as the spec names them. */
export const timestamps = {
  created_at: z.date(),
  updated_at: z.date(),
  deleted_at: z.date().nullable(),
};

export function stamps(row: { createdAt: Date; updatedAt: Date; deletedAt: Date | null }) {
  return { created_at: row.createdAt, updated_at: row.updatedAt, deleted_at: row.deletedAt };
}

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    meta: z.object({
      page: z.number(),
      take: z.number(),
      itemCount: z.number(),
      pageCount: z.number(),
      hasPreviousPage: z.boolean(),
      hasNextPage: z.boolean(),
      itemCountCapped: z.boolean().optional(),
    }),
  });

export const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });
