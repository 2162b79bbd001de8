import { z } from 'zod';
import { ACTIONS } from './privileges';
import { text } from './validation';

export const roleSchema = z.object({
  name: text('nombre', { max: 60 }),
  branchBound: z.boolean().optional(),
  extendedCancellationLimit: z.boolean().optional(),
  privileges: z.record(z.string(), z.array(z.enum(ACTIONS))).default({}),
});
export type RoleInput = z.infer<typeof roleSchema>;
