import type { Job } from '../../../platform/jobs';
import { closeUnclosedDays } from './service';

/** The closings' periodic job, started by main.ts through modules/index.ts. */
export const cashClosingJobs: Job[] = [
  {
    // a branch-day with payments or refunds that nobody closed is closed as 'Automático' once it has ended at the branch
    name: 'cerrar cajas sin corte',
    everyMs: 15 * 60 * 1000,
    atStart: true,
    run: async ({ db }) => {
      await closeUnclosedDays(db);
    },
  },
];
