import type { FastifyInstance } from 'fastify';
import { roleRoutes } from '../../../domain/roles.contract';
import type { AppContext } from '../../context';
import { serve } from '../../platform/serve';
import * as service from './service';

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, roleRoutes.modules, ['roles.show', 'systemLogs.show', 'history.show'], () => service.listModules());
  serve(app, roleRoutes.list, ['roles.show', 'users.show'], () => service.listRoles(ctx));
  serve(app, roleRoutes.get, 'roles.show', (req) => service.getRole(ctx, req.params.id));
  serve(app, roleRoutes.create, 'roles.create', (req) => service.createRole(ctx, req.actor, req.body));
  serve(app, roleRoutes.update, 'roles.edit', (req) => service.updateRole(ctx, req.actor, req.params.id, req.body));
}
