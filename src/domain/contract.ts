import { z } from 'zod';

/**
 * The wire contract: each route's path, inputs and answer written once, as zod schemas, here in the domain.
 * The server validates and serialises with them; the web derives its types from them (`Answer`, `Body`…) and
 * calls routes through a typed client, so a renamed field fails the compiler on both sides.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContract {
  /** The first method is the one the web uses; the others are aliases the API accepts (PUT|POST update). */
  method: HttpMethod | readonly HttpMethod[];
  /** Under /v1, with `:name` parameters. */
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The success status (200 unless told). */
  status?: 200 | 201;
  /** What the API docs (/v1/docs) say of the route beyond its schemas. */
  description?: string;
}

/** Declares one route's contract, keeping its exact types. */
export const route = <const C extends RouteContract>(contract: C): C => contract;

/** Timestamps on the wire, named as the spec names them. */
export const timestamps = { created_at: z.date(), updated_at: z.date(), deleted_at: z.date().nullable() };

/** A paged list's answer: the items and the page's facts. */
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
      // take=all answered its first ALL_ROWS_LIMIT rows of more
      truncated: z.boolean().optional(),
    }),
  });

export const idParams = z.object({ id: z.uuid({ error: 'Identificador inválido' }) });

/**
 * A record's five routes as the spec repeats them for every catalogue: `GET base` (a list), `GET base/:id`,
 * `POST base/create` (201), `PUT|POST base/:id/update` and `POST|DELETE base/:id/delete`, each answering the record.
 */
export function recordRoutes<Q extends z.ZodType, B extends z.ZodType, R extends z.ZodType>(base: string, schemas: { query: Q; body: B; response: R }) {
  const { query, body, response } = schemas;
  return {
    list: route({ method: 'GET', path: base, query, response: listResponse(response) }),
    ...recordWriteRoutes(base, { create: body, update: body, response }),
  };
}

/**
 * The four routes of one record under `base`: `GET base/:id`, `POST base/create` (201), `PUT|POST base/:id/update`
 * and `POST|DELETE base/:id/delete`, each answering the record; `create` and `update` are the two bodies.
 */
export function recordWriteRoutes<const P extends string, C extends z.ZodType, U extends z.ZodType, R extends z.ZodType>(
  base: P,
  schemas: { create: C; update: U; response: R },
) {
  const { create, update, response } = schemas;
  return {
    get: route({ method: 'GET', path: `${base}/:id`, params: idParams, response }),
    create: route({ method: 'POST', path: `${base}/create`, body: create, response, status: 201 }),
    update: route({ method: ['PUT', 'POST'], path: `${base}/:id/update`, params: idParams, body: update, response }),
    delete: route({ method: ['POST', 'DELETE'], path: `${base}/:id/delete`, params: idParams, response }),
  };
}

/**
 * A catalogue whose form needs options and whose records carry a photo: `GET base` (a list, filtered by `query`),
 * `GET base/form-options` (answering `formOptions`), the four routes of recordWriteRoutes for `record`, and
 * `POST base/:id/photo` (multipart/form-data with one `image` file).
 */
export function photoCatalogueRoutes<
  const P extends string,
  Q extends z.ZodType,
  F extends z.ZodType,
  C extends z.ZodType,
  U extends z.ZodType,
  R extends z.ZodType,
>(base: P, query: Q, formOptions: F, record: { create: C; update: U; response: R }) {
  const { create, update, response } = record;
  return {
    list: route({ method: 'GET', path: base, query, response: listResponse(response) }),
    formOptions: route({ method: 'GET', path: `${base}/form-options`, response: formOptions }),
    ...recordWriteRoutes(base, { create, update, response }),
    photo: route({ method: 'POST', path: `${base}/:id/photo`, params: idParams, response }),
  };
}

/** What travels as JSON: a Date arrives as its ISO text. */
export type Wire<T> = T extends Date ? string : T extends readonly (infer U)[] ? Wire<U>[] : T extends object ? { [K in keyof T]: Wire<T[K]> } : T;

type SchemaOf<C extends RouteContract, K extends 'params' | 'query' | 'body'> = C[K] extends z.ZodType ? C[K] : never;

/** The answer a route sends, as the web receives it. */
export type Answer<C extends RouteContract> = Wire<z.output<C['response']>>;
/** The body a route accepts, as a client writes it. */
export type Body<C extends RouteContract> = z.input<SchemaOf<C, 'body'>>;
export type Params<C extends RouteContract> = z.input<SchemaOf<C, 'params'>>;
export type Query<C extends RouteContract> = z.input<SchemaOf<C, 'query'>>;
/** One item of a list route's answer. */
export type ItemOf<C extends RouteContract> = Answer<C> extends { items: (infer I)[] } ? I : never;

export { methodOf, pathOf } from './contract-paths';
