import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { RouteContract } from '../../domain/contract';
import type { ModuleKey } from '../../domain/privileges';
import type { RouteAccess } from './auth/guard';

type Input<C extends RouteContract, K extends 'params' | 'query' | 'body'> = C[K] extends z.ZodType ? z.output<C[K]> : undefined;

/** The request a contract's handler receives: parameters, query and body already checked by its schemas. */
export type ContractRequest<C extends RouteContract> = FastifyRequest<{ Params: Input<C, 'params'>; Querystring: Input<C, 'query'>; Body: Input<C, 'body'> }>;

/** What a handler gives back: the answer the contract describes, or the reply it already sent (a CSV). */
type Result<C extends RouteContract> = z.input<C['response']> | FastifyReply;
export type ContractHandler<C extends RouteContract> = (req: ContractRequest<C>, reply: FastifyReply) => Result<C> | Promise<Result<C>>;

/**
 * Registers one route of the wire contract: its path, methods, schemas and success status come from
 * src/domain/<area>.contract.ts, the privilege from the caller; the handler only turns HTTP into a service call.
 */
export function serve<C extends RouteContract>(app: FastifyInstance, contract: C, access: RouteAccess, handler: ContractHandler<C>): void {
  const status = contract.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: typeof contract.method === 'string' ? contract.method : [...contract.method],
    url: contract.path,
    config: { access },
    schema: {
      ...(contract.description && { description: contract.description }),
      ...(contract.params && { params: contract.params }),
      ...(contract.query && { querystring: contract.query }),
      ...(contract.body && { body: contract.body }),
      response: { [status]: contract.response },
    },
    handler: async (req, reply) => {
      const answer = await handler(req as unknown as ContractRequest<C>, reply);
      if (answer === reply || reply.sent) return reply;
      return reply.status(status).send(answer);
    },
  });
}

/** A record's five routes (list, read, create, update, delete) as the spec repeats them for every catalogue. */
export interface RecordRoutes {
  list: RouteContract;
  get: RouteContract;
  create: RouteContract;
  update: RouteContract;
  delete: RouteContract;
}

/**
 * The usual registration of a record's routes: `<module>.show` reads, `.create`, `.edit` and `.delete` write.
 * `access` overrides one route's privilege (a lookup several screens read).
 */
export function serveRecord<R extends RecordRoutes>(
  app: FastifyInstance,
  routes: R,
  module: ModuleKey,
  handlers: { [K in keyof RecordRoutes]: ContractHandler<R[K]> },
  access: Partial<Record<keyof RecordRoutes, RouteAccess>> = {},
): void {
  const privilege = { list: 'show', get: 'show', create: 'create', update: 'edit', delete: 'delete' } as const;
  for (const key of Object.keys(privilege) as (keyof RecordRoutes)[]) {
    serve(app, routes[key], access[key] ?? `${module}.${privilege[key]}`, handlers[key] as ContractHandler<RouteContract>);
  }
}
