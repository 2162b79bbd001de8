import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema } from '../../../domain/list';
import { staffSchema, workShiftLabels } from '../../../domain/staff.schemas';
import type { AppContext } from '../../context';
import type { Privilege } from '../../platform/auth/guard';
import { sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { idParams, listResponse } from '../dto';
import { staffDetailResponse, staffListItemResponse } from './responses';
import * as service from './service';

const staffQuery = listQuerySchema.extend({
  branchId: z.uuid({ error: 'Sucursal inválida' }).optional(),
  roleId: z.uuid({ error: 'Rol inválido' }).optional(),
  departmentId: z.uuid({ error: 'Departamento inválido' }).optional(),
  jobPositionId: z.uuid({ error: 'Puesto inválido' }).optional(),
});
const photoName = z.object({ name: z.string().max(60) });
const branchParams = z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }) });
const professional = z.array(z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string() }));
/** Who books, pays or reports on a doctor or cosmetologist needs the lookups (agenda, appointments, commissions, POS). */
const PROFESSIONAL_ACCESS: Privilege[] = ['dairy.show', 'appointment.show', 'medic_comission.show', 'cosmetologic_comission.show', 'users.show', 'pos.show'];
const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();

/** Staff (users with their personnel file): list, detail, create/update/delete, photo, lookups. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/user', { config: { access: 'users.show' }, schema: { querystring: staffQuery, response: { 200: listResponse(staffListItemResponse) } } }, (req, reply) =>
    answerList(reply, req.query, service.staffListSpec(ctx.db, req, req.query), {
      name: 'personal',
      columns: [
        { header: 'Número de empleado', value: (u) => u.kardex?.employeeNumber },
        { header: 'Nombre', value: (u) => u.name },
        { header: 'Apellido paterno', value: (u) => upper(u.lastName) },
        { header: 'Apellido materno', value: (u) => upper(u.motherLastName) },
        { header: 'Usuario', value: (u) => u.username },
        { header: 'Rol', value: (u) => u.role.role },
        { header: 'Sucursal', value: (u) => u.mainBranch?.name },
        { header: 'Departamento', value: (u) => u.kardex?.jobPosition.department.name },
        { header: 'Puesto', value: (u) => u.kardex?.jobPosition.name },
        { header: 'Turno', value: (u) => (u.kardex ? workShiftLabels[u.kardex.workShift as keyof typeof workShiftLabels] ?? u.kardex.workShift : '') },
        { header: 'Contrato', value: (u) => u.contract?.label ?? 'Sin contrato' },
        { header: 'Estatus', value: (u) => (u.status === 'activo' ? 'Activo' : 'Inactivo') },
      ],
    }),
  );
  r.get('/user/doctors/:branchId', { config: { access: PROFESSIONAL_ACCESS }, schema: { params: branchParams, response: { 200: professional } } }, (req) =>
    service.professionals(ctx, req, req.params.branchId, 'doctors'),
  );
  r.get('/user/cosmetologists/:branchId', { config: { access: PROFESSIONAL_ACCESS }, schema: { params: branchParams, response: { 200: professional } } }, (req) =>
    service.professionals(ctx, req, req.params.branchId, 'cosmetologists'),
  );
  // photo files: an <img> cannot send a token; names are random UUIDs (like the customer photos)
  r.get('/user/photo/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) => sendImage(reply, ctx.config, 'users', req.params.name));
  r.get('/user/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) => sendImage(reply, ctx.config, 'users', req.params.name, true));
  r.get('/user/:id', { config: { access: 'users.show' }, schema: { params: idParams, response: { 200: staffDetailResponse } } }, (req) => service.getStaff(ctx, req, req.params.id));
  r.post('/user/create', { config: { access: 'users.create' }, schema: { body: staffSchema, response: { 201: staffDetailResponse } } }, async (req, reply) =>
    reply.status(201).send(await service.createStaff(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/user/:id/update',
    config: { access: 'users.edit' },
    schema: { params: idParams, body: staffSchema, response: { 200: staffDetailResponse } },
    handler: (req) => service.updateStaff(ctx, req, req.params.id, req.body),
  });
  r.route({
    method: ['POST', 'DELETE'],
    url: '/user/:id/delete',
    config: { access: 'users.delete' },
    schema: {
      params: idParams,
      response: { 200: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string(), username: z.string(), deleted_at: z.date() }) },
    },
    handler: (req) => service.deleteStaff(ctx, req, req.params.id),
  });
  r.post('/user/:id/photo', { config: { access: ['users.create', 'users.edit'] }, schema: { params: idParams, response: { 200: staffDetailResponse } } }, (req) =>
    service.setStaffPhoto(ctx, req, req.params.id),
  );
}
