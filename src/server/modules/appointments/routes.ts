import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appointmentMethodLabels, appointmentOptionLabels, type AppointmentMethod, type AppointmentOption } from '../../../domain/agenda';
import { appointmentRoutes, consentParams } from '../../../domain/appointments.contract';
import { changesText, formatLogTimestamp } from '../../../domain/change-labels';
import type { AppContext } from '../../context';
import { answerList } from '../../platform/list';
import { serve } from '../../platform/serve';
import {
  appointmentListSpec,
  appointmentLogSpec,
  bookablePackages,
  consentHtml,
  missedPurchasedProduct,
  statusLabel,
  stockByBranchAndTreatment,
} from './lookups';
import * as finish from './finish';
import * as service from './service';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

const fullName = (c: { name: string; lastName: string; motherLastName: string | null }) => [c.name, c.lastName, c.motherLastName].filter(Boolean).join(' ');

/** Appointments: create, update, cancel, set on process, absence, finish, confirm, list, detail, consent, missed appointments, bitácora; purchased-treatment finish. */
export function registerAppointmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const routes = appointmentRoutes;
  serve(app, routes.list, ['appointment.show', 'dairy.show'], async (req, reply) =>
    answerList(reply, req.query, await appointmentListSpec(ctx.db, req.actor, req.query), {
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
  serve(app, routes.get, ['dairy.show', 'appointment.show'], (req) => service.getAppointment(ctx, req.actor, req.params.id));
  serve(app, routes.create, 'dairy.create', (req) => service.createAppointment(ctx, req.actor, req.body));
  serve(app, routes.update, 'dairy.edit', (req) => service.updateAppointment(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.undoReschedule, 'dairy.edit', (req) => service.undoReschedule(ctx, req.actor, req.params.id));
  serve(app, routes.cancel, 'dairy.delete', (req) => service.cancelAppointment(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.setOnProcess, 'dairy.edit', (req) => service.setOnProcess(ctx, req.actor, req.params.id));
  serve(app, routes.finish, 'dairy.edit', (req) => finish.finishAppointment(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.absence, 'dairy.edit', (req) => service.markAbsence(ctx, req.actor, req.params.id));
  serve(app, routes.finishPurchased, 'dairy.edit', (req) => finish.finishPurchasedProduct(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.confirm, 'dairy.edit', (req) => service.confirmAppointment(ctx, req.actor, req.params.id, req.body));
  serve(app, routes.stock, 'dairy.edit', (req) => stockByBranchAndTreatment(ctx, req.actor, req.query.branchId, req.query.treatmentId));
  // the agenda books packages and promotions without reading their catalogue (the medic has no packages.show)
  serve(app, routes.bookablePackages, ['dairy.create', 'dairy.edit'], (req) => bookablePackages(ctx, req.actor, req.query.type, req.query.branchId));
  // a printable HTML page, not JSON: registered as it is, with the contract's parameters
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/consent/:type/:appointmentId', { config: { access: 'dairy.show' }, schema: { params: consentParams } }, async (req, reply) =>
      reply.type('text/html; charset=utf-8').send(await consentHtml(ctx, req.actor, req.params.type, req.params.appointmentId)),
    );
  serve(app, routes.missedPurchased, 'dairy.show', (req) => missedPurchasedProduct(ctx, req.actor, req.params.id));
  // API.md names it /bitacora; /appointment-log stays as an alias for the clients that already call it
  for (const path of [routes.log.path, '/appointment-log']) {
    serve(app, { ...routes.log, path }, 'bitacora.show', (req, reply) =>
      answerList(reply, req.query, appointmentLogSpec(ctx.db, req.actor, req.query), {
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
