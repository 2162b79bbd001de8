import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { areas, colors, consents, treatmentTypes } from '../../db/schema';

export const treatmentTypeDto = z.object({ id: z.string(), name: z.string(), appointmentName: z.string(), hasAreas: z.boolean() });
const colorDto = z.object({ id: z.string(), name: z.string(), hex: z.string(), treatmentTypeId: z.string() });
const consentDto = z.object({ id: z.string(), name: z.string(), document: z.string(), treatmentTypeId: z.string() });
const areaDto = z.object({ id: z.string(), name: z.string(), treatmentTypeId: z.string() });
const byType = z.object({ treatmentTypeId: z.uuid({ error: 'Tipo de tratamiento inválido' }).optional() });

/** Lookups of the treatment form and of other areas (cabin types, appointments): any signed-in user. */
export function registerTreatmentLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = ctx.db;
  r.get('/treatment-type', { config: { access: 'authenticated' }, schema: { response: { 200: z.array(treatmentTypeDto) } } }, () =>
    db
      .select({ id: treatmentTypes.id, name: treatmentTypes.name, appointmentName: treatmentTypes.appointmentName, hasAreas: treatmentTypes.hasAreas })
      .from(treatmentTypes)
      .where(isNull(treatmentTypes.deletedAt))
      .orderBy(asc(treatmentTypes.name)),
  );
  r.get('/color', { config: { access: 'authenticated' }, schema: { querystring: byType, response: { 200: z.array(colorDto) } } }, (req) =>
    db
      .select({ id: colors.id, name: colors.name, hex: colors.hex, treatmentTypeId: colors.treatmentTypeId })
      .from(colors)
      .where(and(isNull(colors.deletedAt), req.query.treatmentTypeId ? eq(colors.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(colors.name)),
  );
  r.get('/consent', { config: { access: 'authenticated' }, schema: { querystring: byType, response: { 200: z.array(consentDto) } } }, (req) =>
    db
      .select({ id: consents.id, name: consents.name, document: consents.document, treatmentTypeId: consents.treatmentTypeId })
      .from(consents)
      .where(and(isNull(consents.deletedAt), req.query.treatmentTypeId ? eq(consents.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(consents.name)),
  );
  r.get('/area', { config: { access: 'authenticated' }, schema: { querystring: byType, response: { 200: z.array(areaDto) } } }, (req) =>
    db
      .select({ id: areas.id, name: areas.name, treatmentTypeId: areas.treatmentTypeId })
      .from(areas)
      .where(and(isNull(areas.deletedAt), req.query.treatmentTypeId ? eq(areas.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(areas.name)),
  );
}
