import type { FastifyInstance } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { hrRoutes } from '../../../domain/hr.contract';
import type { AppContext } from '../../context';
import { departments, jobPositions } from '../../db/schema';
import { serve } from '../../platform/serve';
import { live } from '../../db/live';

export function registerHrRoutes(app: FastifyInstance, ctx: AppContext): void {
  serve(app, hrRoutes.departments, 'authenticated', () =>
    ctx.db.select({ id: departments.id, name: departments.name }).from(departments).where(live(departments)).orderBy(asc(departments.name)),
  );
  serve(app, hrRoutes.jobPositions, 'authenticated', async (req) => {
    const rows = await ctx.db
      .select({ id: jobPositions.id, name: jobPositions.name, departmentId: departments.id, departmentName: departments.name })
      .from(jobPositions)
      .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
      .where(and(live(jobPositions), req.query.departmentId ? eq(jobPositions.departmentId, req.query.departmentId) : undefined))
      .orderBy(asc(jobPositions.name));
    return rows.map((p) => ({ id: p.id, name: p.name, department: { id: p.departmentId, name: p.departmentName } }));
  });
}
