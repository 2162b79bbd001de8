import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APPLIANCE_TYPES, BRANCH_APPLIANCE_STATUSES, applianceSchema, branchApplianceSchema } from '../../../domain/appliances.schemas';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse, timestamps } from '../dto';
import * as appliance from './appliance.service';
import * as branchAppliance from './branch-appliance.service';

const applianceDto = z.object({
  id: z.string(),
  type: z.enum(APPLIANCE_TYPES),
  name: z.string(),
  brand: z.string(),
  model: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  ...timestamps,
});

const branchApplianceDto = z.object({
  id: z.string(),
  applianceId: z.string(),
  appliance: z.object({ id: z.string(), name: z.string(), type: z.enum(APPLIANCE_TYPES), brand: z.string(), model: z.string() }),
  branchId: z.string(),
  branch: z.object({ id: z.string(), name: z.string() }),
  sku: z.string(),
  number: z.string().nullable(),
  status: z.enum(BRANCH_APPLIANCE_STATUSES),
  statusDescription: z.string().nullable(),
  lastMaintenance: z.string().nullable(),
  comments: z.string().nullable(),
  ...timestamps,
});

const ddmmyyyy = (iso: string | null) => (iso ? iso.split('-').reverse().join('/') : '');

export function registerApplianceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // the catalogue is also the lookup of the branch-appliance and treatment forms
  r.get(
    '/appliance',
    {
      config: { access: ['appliances.show', 'branch_appliances.show', 'treatments.create', 'treatments.edit'] },
      schema: {
        querystring: listQuerySchema.extend({ type: z.enum(APPLIANCE_TYPES).optional(), applianceType: z.enum(APPLIANCE_TYPES).optional() }),
        response: { 200: listResponse(applianceDto) },
      },
    },
    (req, reply) =>
      answerList(reply, req.query, appliance.applianceListSpec(ctx.db, req.query), {
        name: 'aparatos',
        columns: [
          { header: 'Nombre', value: (a) => a.name },
          { header: 'Tipo', value: (a) => a.type },
          { header: 'Marca', value: (a) => a.brand },
          { header: 'Modelo', value: (a) => a.model },
          { header: 'Descripción', value: (a) => a.description },
          { header: 'Estatus', value: (a) => (a.active ? 'Activo' : 'Inactivo') },
        ],
      }),
  );
  r.get('/appliance/:id', { config: { access: 'appliances.show' }, schema: { params: idParams, response: { 200: applianceDto } } }, (req) =>
    appliance.getAppliance(ctx, req.params.id),
  );
  r.post('/appliance/create', { config: { access: 'appliances.create' }, schema: { body: applianceSchema, response: { 201: applianceDto } } }, async (req, reply) =>
    reply.status(201).send(await appliance.createAppliance(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/appliance/:id/update',
    config: { access: 'appliances.edit' },
    schema: { params: idParams, body: applianceSchema, response: { 200: applianceDto } },
    handler: (req) => appliance.updateAppliance(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/appliance/:id/delete',
    config: { access: 'appliances.delete' },
    schema: { params: idParams, response: { 200: applianceDto } },
    handler: (req) => appliance.deleteAppliance(ctx, req, req.params.id),
  });

  r.get(
    '/branch-appliance',
    {
      config: { access: 'branch_appliances.show' },
      schema: {
        querystring: listQuerySchema.extend({
          branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
          applianceId: z.uuid({ error: 'Aparato inválido' }).optional(),
          type: z.enum(APPLIANCE_TYPES).optional(),
          status: z.enum(BRANCH_APPLIANCE_STATUSES).optional(),
        }),
        response: { 200: listResponse(branchApplianceDto) },
      },
    },
    (req, reply) =>
      answerList(reply, req.query, branchAppliance.branchApplianceListSpec(ctx.db, req, req.query), {
        name: 'aparatos-sucursal',
        columns: [
          { header: 'SKU', value: (b) => b.sku },
          { header: 'Número', value: (b) => b.number },
          { header: 'Aparato', value: (b) => b.appliance.name },
          { header: 'Tipo', value: (b) => b.appliance.type },
          { header: 'Sucursal', value: (b) => b.branch.name },
          { header: 'Estatus', value: (b) => b.status },
          { header: 'Descripción del estatus', value: (b) => b.statusDescription },
          { header: 'Último mantenimiento', value: (b) => ddmmyyyy(b.lastMaintenance) },
          { header: 'Comentarios', value: (b) => b.comments },
        ],
      }),
  );
  r.get('/branch-appliance/:id', { config: { access: 'branch_appliances.show' }, schema: { params: idParams, response: { 200: branchApplianceDto } } }, (req) =>
    branchAppliance.getBranchAppliance(ctx, req, req.params.id),
  );
  r.post(
    '/branch-appliance/create',
    { config: { access: 'branch_appliances.create' }, schema: { body: branchApplianceSchema, response: { 201: branchApplianceDto } } },
    async (req, reply) => reply.status(201).send(await branchAppliance.createBranchAppliance(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/branch-appliance/:id/update',
    config: { access: 'branch_appliances.edit' },
    schema: { params: idParams, body: branchApplianceSchema, response: { 200: branchApplianceDto } },
    handler: (req) => branchAppliance.updateBranchAppliance(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/branch-appliance/:id/delete',
    config: { access: 'branch_appliances.delete' },
    schema: { params: idParams, response: { 200: branchApplianceDto } },
    handler: (req) => branchAppliance.deleteBranchAppliance(ctx, req, req.params.id),
  });
}
