import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { reminderLinkParams, reminderRoutes } from '../../../domain/reminders.contract';
import type { AppContext } from '../../context';
import { serve } from '../../platform/serve';
import { answerLink, reminderSummary, whatsappReminder, type LinkAction } from './service';

/** Appointment reminders: the reception's view and WhatsApp link, and the patient's link pages (no session). */
export function registerReminderRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, reminderRoutes.summary, ['dairy.show', 'appointment.show'], (req) => reminderSummary(ctx, req.actor, req.params.id));
  serve(app, reminderRoutes.whatsapp, 'dairy.edit', (req) => whatsappReminder(ctx, req.actor, req.params.id));
  // HTML pages, not JSON: a patient opens them from the e-mail or WhatsApp, without signing in
  for (const action of ['confirm', 'reschedule'] as LinkAction[]) {
    app
      .withTypeProvider<ZodTypeProvider>()
      .get(`/reminder/:token/${action}`, { config: { access: 'public' }, schema: { params: reminderLinkParams } }, async (req, reply) => {
        const page = await answerLink(ctx, req.params.token, action);
        return reply.status(page.status).header('cache-control', 'no-store').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(page.html);
      });
  }
}
