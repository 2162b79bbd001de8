import type { FastifyInstance } from 'fastify';
import { branchRoutes } from '../../../domain/branches.contract';
import { formatPhone } from '../../../domain/validation';
import type { AppContext } from '../../context';
import { answerList, type CsvColumn } from '../../platform/list';
import { serve, serveRecord } from '../../platform/serve';
import * as service from './service';

const csvColumns: CsvColumn<service.BranchDto>[] = [
  { header: 'Nombre', value: (b) => b.name },
  { header: 'Teléfono', value: (b) => formatPhone(b.mobilePhone) },
  { header: 'Código', value: (b) => b.code },
  { header: 'Franquicia', value: (b) => (b.franchise ? 'Sí' : 'No') },
  { header: 'Estatus', value: (b) => (b.active ? 'Activo' : 'Inactivo') },
];

export function registerBranchRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, branchRoutes.all, 'public', () => service.publicBranches(ctx));
  // the branch lookup of every screen (filters, selects): any signed-in user, limited to their branch when bound
  serve(app, branchRoutes.lookup, 'authenticated', (req, reply) =>
    answerList(reply, req.query, service.branchListSpec(ctx.db, req.actor, req.query), { name: 'sucursales', columns: csvColumns }),
  );
  serveRecord(
    app,
    branchRoutes,
    'branch',
    {
      list: (req, reply) => answerList(reply, req.query, service.branchListSpec(ctx.db, req.actor, req.query), { name: 'sucursales', columns: csvColumns }),
      get: (req) => service.getBranch(ctx, req.actor, req.params.id),
      create: (req) => service.createBranch(ctx, req.actor, req.body),
      update: (req) => service.updateBranch(ctx, req.actor, req.params.id, req.body),
      delete: (req) => service.deleteBranch(ctx, req.actor, req.params.id),
    },
    // any signed-in user reads one branch, like the lookup above
    { get: 'authenticated' },
  );
}
