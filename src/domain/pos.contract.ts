import { z } from 'zod';
import { route, type Answer } from './contract';
import { msg, optionalUuid } from './validation';

/**
 * The built-in point of sale's lookups: what a counter sells at a branch (with its catalogue price, shown to the
 * cashier only: the sale intake prices again) and the branch's exchange rate. The sale itself is sales.contract.ts.
 */

/** Most results a catalogue search answers: a counter picks among a few, never pages. */
export const POS_SEARCH_LIMIT = 20;

export const POS_ITEM_KINDS = ['product', 'treatment', 'package', 'promotion'] as const;
export type PosItemKind = (typeof POS_ITEM_KINDS)[number];

export const posItemDto = z.object({
  kind: z.enum(POS_ITEM_KINDS),
  id: z.string(),
  sku: z.string(),
  name: z.string(),
  /** Catalogue price in pesos, IVA included. */
  price: z.number(),
  points: z.number(),
  /** IVA percent included in the price. */
  tax: z.number(),
  /** Products: the barcode and the units on hand at the branch in valid lots. */
  barCode: z.string().nullable(),
  stock: z.number().nullable(),
  /** Packages and promotions: the payment methods they accept (empty: any). */
  paymentTypes: z.array(z.string()),
});

export const posCatalogueQuery = z.object({ branchId: optionalUuid('sucursal'), search: z.string().trim().max(100, msg.max('búsqueda', 100)).optional() });

export const posContextQuery = z.object({ branchId: optionalUuid('sucursal') });

const posBranchDto = z.object({ id: z.string(), name: z.string() });

export const posRoutes = {
  catalogue: route({
    method: 'GET',
    path: '/pos/catalogue',
    query: posCatalogueQuery,
    response: z.object({ branchId: z.string(), items: z.array(posItemDto), exact: posItemDto.nullable() }),
  }),
  context: route({
    method: 'GET',
    path: '/pos/context',
    query: posContextQuery,
    response: z.object({
      branch: posBranchDto,
      /** Pesos per dollar at the branch: its own rate, else the default. */
      exchangeRate: z.number().nullable(),
      /** The branches this user may sell at (a branch-bound user: only their own). */
      branches: z.array(posBranchDto),
    }),
  }),
};

export type PosItem = z.infer<typeof posItemDto>;
export type PosCatalogue = Answer<typeof posRoutes.catalogue>;
export type PosContext = Answer<typeof posRoutes.context>;
