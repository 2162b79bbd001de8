import { z } from 'zod';

export const PAGE_SIZES = [5, 10, 15, 30, 45, 60] as const;
export const DEFAULT_PAGE_SIZE = 15;
export const LOYALTY_PAGE_SIZE = 5;
/**
 * The most rows a list answers as JSON: the largest page (take ≤ 1,000) and `take=all` alike, which says
 * meta.truncated when more match. The web prints at most as many (PRINT_LIMIT); CSV exports stream every row.
 */
export const ALL_ROWS_LIMIT = 1000;

/** What a list answers when `field` or the search `filter` names something that is not one of its columns. */
export const listMessages = {
  badSortField: 'El campo para ordenar no es válido',
  badSearchField: 'El campo de búsqueda no es válido',
  badPage: 'La página debe ser un número entero entre 1 y 1,000,000',
  badTake: 'La cantidad por página debe ser un número entero entre 0 y 1,000, o «all»',
} as const;

export const listSearchSchema = z.object({ filter: z.string().max(60), value: z.string().max(200) });

/** Query string common to every list (API.md, Conventions). */
export const listQuerySchema = z.object({
  page: z.coerce
    .number({ error: listMessages.badPage })
    .int({ error: listMessages.badPage })
    .min(1, { error: listMessages.badPage })
    .max(1_000_000, { error: listMessages.badPage })
    .default(1),
  take: z
    .union([z.literal('all'), z.coerce.number().int().min(0).max(1000)], { error: listMessages.badTake })
    .default(DEFAULT_PAGE_SIZE)
    .transform((v) => (v === 'all' ? 0 : v)),
  order: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['ASC', 'DESC']))
    .optional(),
  field: z.string().max(60).optional(),
  active: z.enum(['0', '1', 'true', 'false']).optional(),
  status: z.string().max(40).optional(),
  withDeleted: z.enum(['true', 'false', '1', '0']).optional(),
  search: z
    .string()
    .max(400)
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        return listSearchSchema.parse(JSON.parse(v));
      } catch {
        ctx.addIssue({ code: 'custom', message: 'El parámetro de búsqueda no es válido' });
        return z.NEVER;
      }
    }),
  format: z.enum(['json', 'csv']).optional(),
});
export type ListQuery = z.output<typeof listQuerySchema>;

export interface ListMeta {
  page: number;
  take: number;
  itemCount: number;
  pageCount: number;
  hasPreviousPage: boolean;
  hasNextPage: boolean;
  /** Present and true when the list counted only up to itemCount and more rows match. */
  itemCountCapped?: boolean;
  /** Present and true when `take=all` answered only the first ALL_ROWS_LIMIT rows of more. */
  truncated?: boolean;
}

export function listMeta(page: number, take: number, itemCount: number, capped = false, truncated = false): ListMeta {
  const pageCount = take === 0 ? (itemCount ? 1 : 0) : Math.ceil(itemCount / take);
  const meta: ListMeta = { page, take, itemCount, pageCount, hasPreviousPage: page > 1, hasNextPage: page < pageCount };
  return { ...meta, ...(capped && { itemCountCapped: true }), ...(truncated && { truncated: true }) };
}

export function isTruthyFlag(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  return v === '1' || v === 'true';
}
