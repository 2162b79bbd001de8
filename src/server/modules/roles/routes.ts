import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema } from '../../../domain/roles.schemas';
import type { AppContext } from '../../context';
import { idParams, timestamps } from '../dto';
import * as service from './service';

const roleDto = z.object({
  id: z.string(),
  role: z.string(),
  name: z.string(),
  branchBound: z.boolean(),
  extendedCancellationLimit: z.boolean(),
  privileges: z.record(z.string(), z.array(z.string())),
  usersCount: z.number(),
  ...timestamps,
});

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/module',
    { config: { access: ['roles.show', 'systemLogs.show', 'history.show'] }, schema: { response: { 200: z.array(z.object({ id: z.string(), name: z.string(), alias: z.string(), actions: z.array(z.string()) })) } } },
    () => service.listModules(),
  );
  r.get('/role', { config: { access: ['roles.show', 'users.show'] }, schema: { response: { 200: z.array(roleDto) } } }, () => service.listRoles(ctx));
  r.get('/role/:id', { config: { access: 'roles.show' }, schema: { params: idParams, response: { 200: roleDto } } }, (req) => service.getRole(ctx, req.params.id));
  r.post('/role/create', { config: { access: 'roles.create' }, schema: { body: roleSchema, response: { 201: roleDto } } }, async (req, reply) =>
    reply.status(201).send(await service.createRole(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/role/:id/update',
    config: { access: 'roles.edit' },
    schema: { params: idParams, body: roleSchema, response: { 200: roleDto } },
    handler: (req) => service.updateRole(ctx, req, req.params.id, req.body),
  });
}
