import type { FastifyInstance } from 'fastify';
import { applianceRoutes, branchApplianceRoutes } from '../../../domain/appliances.contract';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serveRecord } from '../../platform/serve';
import * as appliance from './appliance.service';
import * as branchAppliance from './branch-appliance.service';
import { dayMonthYear } from '../../../domain/dates';

export function registerApplianceRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(
    app,
    applianceRoutes,
    'appliances',
    {
      list: (req, reply) =>
        answerList(reply, req.query, appliance.applianceListSpec(ctx.db, req.query), {
          name: 'aparatos',
          columns: [
            { header: 'Nombre', value: (a) => a.name },
            { header: 'Tipo', value: (a) => a.type },
            { header: 'Marca', value: (a) => a.brand },
            { header: 'Modelo', value: (a) => a.model },
            { header: 'Descripción', value: (a) => a.description },
            { header: 'Estado', value: (a) => a.status },
            { header: 'Estatus', value: (a) => (a.active ? 'Activo' : 'Inactivo') },
          ],
        }),
      get: (req) => appliance.getAppliance(ctx, req.params.id),
      create: (req) => appliance.createAppliance(ctx, req.actor, req.body),
      update: (req) => appliance.updateAppliance(ctx, req.actor, req.params.id, req.body),
      delete: (req) => appliance.deleteAppliance(ctx, req.actor, req.params.id),
    },
    // the catalogue is also the lookup of the branch-appliance and treatment forms
    { list: ['appliances.show', 'branch_appliances.show', 'treatments.create', 'treatments.edit'] },
  );

  serveRecord(app, branchApplianceRoutes, 'branch_appliances', {
    list: (req, reply) =>
      answerList(reply, req.query, branchAppliance.branchApplianceListSpec(ctx.db, req.actor, req.query), {
        name: 'aparatos-sucursal',
        columns: [
          { header: 'SKU', value: (b) => b.sku },
          { header: 'Número', value: (b) => b.number },
          { header: 'Aparato', value: (b) => b.appliance.name },
          { header: 'Tipo', value: (b) => b.appliance.type },
          { header: 'Sucursal', value: (b) => b.branch.name },
          { header: 'Estatus', value: (b) => b.status },
          { header: 'Descripción del estatus', value: (b) => b.statusDescription },
          { header: 'Último mantenimiento', value: (b) => dayMonthYear(b.lastMaintenance) },
          { header: 'Comentarios', value: (b) => b.comments },
        ],
      }),
    get: (req) => branchAppliance.getBranchAppliance(ctx, req.actor, req.params.id),
    create: (req) => branchAppliance.createBranchAppliance(ctx, req.actor, req.body),
    update: (req) => branchAppliance.updateBranchAppliance(ctx, req.actor, req.params.id, req.body),
    delete: (req) => branchAppliance.deleteBranchAppliance(ctx, req.actor, req.params.id),
  });
}
