import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { treatmentLookupRoutes } from '../../../domain/treatments.contract';
import type { AppContext } from '../../context';
import { areas, colors, consents, treatmentTypes } from '../../db/schema';
import { serve } from '../../platform/serve';
import { live } from '../../db/live';

/** Lookups of the treatment form and of other areas (cabin types, appointments): any signed-in user. */
export function registerTreatmentLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db;
  serve(app, treatmentLookupRoutes.types, 'authenticated', () =>
    db
      .select({ id: treatmentTypes.id, name: treatmentTypes.name, appointmentName: treatmentTypes.appointmentName, hasAreas: treatmentTypes.hasAreas })
      .from(treatmentTypes)
      .where(live(treatmentTypes))
      .orderBy(asc(treatmentTypes.name)),
  );
  serve(app, treatmentLookupRoutes.colors, 'authenticated', (req) =>
    db
      .select({ id: colors.id, name: colors.name, hex: colors.hex, treatmentTypeId: colors.treatmentTypeId })
      .from(colors)
      .where(and(live(colors), req.query.treatmentTypeId ? eq(colors.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(colors.name)),
  );
  serve(app, treatmentLookupRoutes.consents, 'authenticated', (req) =>
    db
      .select({ id: consents.id, name: consents.name, document: consents.document, treatmentTypeId: consents.treatmentTypeId })
      .from(consents)
      .where(and(live(consents), req.query.treatmentTypeId ? eq(consents.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(consents.name)),
  );
  serve(app, treatmentLookupRoutes.areas, 'authenticated', (req) =>
    db
      .select({ id: areas.id, name: areas.name, treatmentTypeId: areas.treatmentTypeId })
      .from(areas)
      .where(and(live(areas), req.query.treatmentTypeId ? eq(areas.treatmentTypeId, req.query.treatmentTypeId) : undefined))
      .orderBy(asc(areas.name)),
  );
}
