import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { departments, jobPositions } from '../../db/schema';

export function registerHrRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/department', { config: { access: 'authenticated' }, schema: { response: { 200: z.array(z.object({ id: z.string(), name: z.string() })) } } }, () =>
    ctx.db.select({ id: departments.id, name: departments.name }).from(departments).where(isNull(departments.deletedAt)).orderBy(asc(departments.name)),
  );
  r.get(
    '/job-position',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({ departmentId: z.uuid().optional() }),
        response: { 200: z.array(z.object({ id: z.string(), name: z.string(), department: z.object({ id: z.string(), name: z.string() }) })) },
      },
    },
    async (req) => {
      const rows = await ctx.db
        .select({ id: jobPositions.id, name: jobPositions.name, departmentId: departments.id, departmentName: departments.name })
        .from(jobPositions)
        .innerJoin(departments, eq(departments.id, jobPositions.departmentId))
        .where(and(isNull(jobPositions.deletedAt), req.query.departmentId ? eq(jobPositions.departmentId, req.query.departmentId) : undefined))
        .orderBy(asc(jobPositions.name));
      return rows.map((p) => ({ id: p.id, name: p.name, department: { id: p.departmentId, name: p.departmentName } }));
    },
  );
}
