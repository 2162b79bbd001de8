import { z } from 'zod';
import { route, type Answer } from './contract';

const named = z.object({ id: z.string(), name: z.string() });

/** The personnel lookups: departments and the job positions in them. */
export const hrRoutes = {
  departments: route({ method: 'GET', path: '/department', response: z.array(named) }),
  jobPositions: route({
    method: 'GET',
    path: '/job-position',
    query: z.object({ departmentId: z.uuid().optional() }),
    response: z.array(named.extend({ department: named })),
  }),
};

export type Department = Answer<typeof hrRoutes.departments>[number];
export type JobPosition = Answer<typeof hrRoutes.jobPositions>[number];
