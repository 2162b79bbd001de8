import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staffRoutes } from '../../../domain/staff.contract';
import { workShiftLabels } from '../../../domain/staff.schemas';
import type { AppContext } from '../../context';
import type { Privilege } from '../../platform/auth/guard';
import { readImageUpload, sendImage } from '../../platform/files';
import { answerList } from '../../platform/list';
import { serve, serveRecord } from '../../platform/serve';
import * as service from './service';

const photoName = z.object({ name: z.string().max(60) });
/** Who books, pays or reports on a doctor or cosmetologist needs the lookups (agenda, appointments, commissions, POS). */
const PROFESSIONAL_ACCESS: Privilege[] = ['dairy.show', 'appointment.show', 'medic_comission.show', 'cosmetologic_comission.show', 'users.show', 'pos.show'];
const upper = (s: string | null | undefined) => (s ?? '').toUpperCase();

/** Staff (users with their personnel file): list, detail, create/update/delete, photo, lookups. */
export function registerStaffRoutes(app: FastifyInstance, ctx: AppContext): void {
  serveRecord(app, staffRoutes, 'users', {
    list: (req, reply) =>
      answerList(reply, req.query, service.staffListSpec(ctx.db, req.actor, req.query), {
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
          { header: 'Turno', value: (u) => (u.kardex ? (workShiftLabels[u.kardex.workShift as keyof typeof workShiftLabels] ?? u.kardex.workShift) : '') },
          { header: 'Contrato', value: (u) => u.contract?.label ?? 'Sin contrato' },
          { header: 'Estatus', value: (u) => (u.status === 'activo' ? 'Activo' : 'Inactivo') },
        ],
      }),
    get: (req) => service.getStaff(ctx, req.actor, req.params.id),
    create: (req) => service.createStaff(ctx, req.actor, req.body),
    update: (req) => service.updateStaff(ctx, req.actor, req.params.id, req.body),
    delete: (req) => service.deleteStaff(ctx, req.actor, req.params.id),
  });
  serve(app, staffRoutes.doctors, PROFESSIONAL_ACCESS, (req) => service.professionals(ctx, req.actor, req.params.branchId, 'doctors'));
  serve(app, staffRoutes.cosmetologists, PROFESSIONAL_ACCESS, (req) => service.professionals(ctx, req.actor, req.params.branchId, 'cosmetologists'));
  // photo files: an <img> cannot send a token; names are random UUIDs (like the customer photos)
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/user/photo/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) =>
    sendImage(reply, ctx.config, 'users', req.params.name),
  );
  r.get('/user/photo/thumbnail/:name', { config: { access: 'public' }, schema: { params: photoName } }, (req, reply) =>
    sendImage(reply, ctx.config, 'users', req.params.name, true),
  );
  // the photo arrives as a multipart file
  serve(app, staffRoutes.photo, ['users.create', 'users.edit'], async (req) =>
    service.setStaffPhoto(ctx, req.actor, req.params.id, await readImageUpload(req)),
  );
}
