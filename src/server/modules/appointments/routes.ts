import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentMethodLabels,
  appointmentOptionLabels,
  appointmentSchema,
  cancelSchema,
  confirmSchema,
  finishSchema,
  purchasedFinishSchema,
  type AppointmentMethod,
  type AppointmentOption,
} from '../../../domain/agenda';
import { changesText, formatLogTimestamp } from '../../../domain/change-labels';
import { dateField } from '../../../domain/customers.schemas';
import { listQuerySchema } from '../../../domain/list';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { idParams, listResponse } from '../dto';
import { appointmentListSpec, appointmentLogSpec, bookablePackages, consentHtml, missedPurchasedProduct, statusLabel, stockByBranchAndTreatment } from './lookups';
import { appointmentDetailResponse, appointmentItemResponse, bookablePackageResponse, appointmentLogResponse, missedPurchasedProductResponse, stockOptionResponse } from './responses';
import * as finish from './finish';
import * as service from './service';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

// a real calendar date (2026-13-45 is refused with the field named, never sent to the database)
const appointmentQuery = listQuerySchema.extend({
  branchId: z.uuid().optional(),
  cabainId: z.uuid().optional(),
  startDate: dateField('fecha inicial').optional(),
  endDate: dateField('fecha final').optional(),
  appointmentMethod: z.string().max(20).optional(),
  treatmentTypeId: z.uuid().optional(),
  customerId: z.uuid().optional(),
});
const logQuery = listQuerySchema.extend({ startDate: dateField('fecha inicial').optional(), endDate: dateField('fecha final').optional() });
const stockQuery = z.object({ branchId: z.uuid({ error: 'Sucursal inválida' }), treatmentId: z.uuid({ error: 'Tratamiento inválido' }) });
const bookableQuery = z.object({ type: z.enum(['Package', 'Promotion'], { error: 'El tipo debe ser Package o Promotion' }), branchId: z.uuid({ error: 'Sucursal inválida' }) });
const consentParams = z.object({ type: z.string().max(40), appointmentId: z.uuid({ error: 'Identificador inválido' }) });
const fullName = (c: { name: string; lastName: string; motherLastName: string | null }) => [c.name, c.lastName, c.motherLastName].filter(Boolean).join(' ');

/** Appointments: create, update, cancel, set on process, absence, finish, confirm, list, detail, consent, missed appointments, bitácora; purchased-treatment finish. */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/appointment', { config: { access: ['appointment.show', 'dairy.show'] }, schema: { querystring: appointmentQuery, response: { 200: listResponse(appointmentItemResponse) } } }, async (req, reply) =>
    answerList(reply, req.query, await appointmentListSpec(ctx.db, req, req.query), {
      name: 'citas',
      columns: [
        { header: 'Número', value: (a) => a.appointmentNumber },
        { header: 'Fecha', value: (a) => a.date.split('-').reverse().join('/') },
        { header: 'Hora inicio', value: (a) => a.startTime },
        { header: 'Hora fin', value: (a) => a.endTime },
        { header: 'Estatus', value: (a) => statusLabel(a.status) },
        { header: 'Paciente', value: (a) => fullName(a.customer) },
        { header: 'Celular', value: (a) => a.customer.mobilePhone },
        { header: 'Sucursal', value: (a) => a.branch.name },
        { header: 'Cabina', value: (a) => a.cabain.name },
        { header: 'Tipo de cita', value: (a) => treatmentTypeLabel(a.treatmentType.name) },
        { header: 'Tratamiento', value: (a) => a.treatment?.name ?? a.package?.name ?? a.promotion?.name ?? '' },
        { header: 'Opción', value: (a) => appointmentOptionLabels[a.appointmentOption as AppointmentOption] ?? a.appointmentOption },
        { header: 'Método', value: (a) => appointmentMethodLabels[a.appointmentMethod as AppointmentMethod] ?? a.appointmentMethod },
        { header: 'Atendió', value: (a) => (a.attendedBy ? `${a.attendedBy.name} ${a.attendedBy.lastName}` : '') },
      ],
    }),
  );
  r.get('/appointment/:id', { config: { access: ['dairy.show', 'appointment.show'] }, schema: { params: idParams, response: { 200: appointmentDetailResponse } } }, (req) =>
    service.getAppointment(ctx, req, req.params.id),
  );
  r.post('/appointment/create', { config: { access: 'dairy.create' }, schema: { body: appointmentSchema, response: { 201: appointmentDetailResponse } } }, async (req, reply) =>
    reply.status(201).send(await service.createAppointment(ctx, req, req.body)),
  );
  r.route({
    method: ['PUT', 'POST'],
    url: '/appointment/:id/update',
    config: { access: 'dairy.edit' },
    schema: { params: idParams, body: appointmentSchema, response: { 200: appointmentDetailResponse } },
    handler: (req) => service.updateAppointment(ctx, req, req.params.id, req.body),
  });
  r.post('/appointment/:id/cancel', { config: { access: 'dairy.delete' }, schema: { params: idParams, body: cancelSchema, response: { 200: appointmentDetailResponse } } }, (req) =>
    service.cancelAppointment(ctx, req, req.params.id, req.body),
  );
  r.patch('/appointment/:id/set-on-process', { config: { access: 'dairy.edit' }, schema: { params: idParams, response: { 200: appointmentDetailResponse } } }, (req) =>
    service.setOnProcess(ctx, req, req.params.id),
  );
  r.post('/appointment/:id/finish', { config: { access: 'dairy.edit' }, schema: { params: idParams, body: finishSchema, response: { 200: appointmentDetailResponse } } }, (req) =>
    finish.finishAppointment(ctx, req, req.params.id, req.body),
  );
  r.patch('/appointment/:id/absence', { config: { access: 'dairy.edit' }, schema: { params: idParams, response: { 200: appointmentDetailResponse } } }, (req) =>
    service.markAbsence(ctx, req, req.params.id),
  );
  r.put('/purchased-product/:id/finish', { config: { access: 'dairy.edit' }, schema: { params: idParams, body: purchasedFinishSchema, response: { 200: missedPurchasedProductResponse } } }, (req) =>
    finish.finishPurchasedProduct(ctx, req, req.params.id, req.body),
  );
  r.patch('/appointment/:id/confirm', { config: { access: 'dairy.edit' }, schema: { params: idParams, body: confirmSchema, response: { 200: appointmentDetailResponse } } }, (req) =>
    service.confirmAppointment(ctx, req, req.params.id, req.body),
  );
  r.get('/stock/get-stock-by-branch-and-treatment', { config: { access: 'dairy.edit' }, schema: { querystring: stockQuery, response: { 200: z.array(stockOptionResponse) } } }, (req) =>
    stockByBranchAndTreatment(ctx, req, req.query.branchId, req.query.treatmentId),
  );
  // the agenda books packages and promotions without reading their catalogue (the medic has no packages.show)
  r.get(
    '/appointment/bookable-packages',
    { config: { access: ['dairy.create', 'dairy.edit'] }, schema: { querystring: bookableQuery, response: { 200: z.array(bookablePackageResponse) } } },
    (req) => bookablePackages(ctx, req, req.query.type, req.query.branchId),
  );
  r.get('/consent/:type/:appointmentId', { config: { access: 'dairy.show' }, schema: { params: consentParams } }, async (req, reply) =>
    reply.type('text/html; charset=utf-8').send(await consentHtml(ctx, req, req.params.type, req.params.appointmentId)),
  );
  r.get('/missed-appointment/:id/purchased-product', { config: { access: 'dairy.show' }, schema: { params: idParams, response: { 200: missedPurchasedProductResponse } } }, (req) =>
    missedPurchasedProduct(ctx, req, req.params.id),
  );
  // API.md names it /bitacora; /appointment-log stays as an alias for the clients that already call it
  for (const url of ['/bitacora', '/appointment-log']) {
    r.get(url, { config: { access: 'bitacora.show' }, schema: { querystring: logQuery, response: { 200: listResponse(appointmentLogResponse) } } }, (req, reply) =>
      answerList(reply, req.query, appointmentLogSpec(ctx.db, req, req.query), {
        name: 'bitacora-citas',
        columns: [
          { header: 'Fecha', value: (l) => formatLogTimestamp(l.created_at) },
          { header: 'Cita', value: (l) => l.appointmentNumber },
          { header: 'Acción', value: (l) => l.action },
          { header: 'Usuario', value: (l) => (l.user ? `${l.user.name} ${l.user.lastName}` : 'Sistema') },
          { header: 'Cambios', value: (l) => changesText(l.before, l.after) },
        ],
      }),
    );
  }
}
