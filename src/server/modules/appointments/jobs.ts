import type { Job } from '../../platform/jobs';
import { markAbsences } from './absences';
import { expirePurchasedTreatments } from './expiry';

/** The appointments' periodic jobs, started by main.ts through modules/index.ts. */
export const appointmentJobs: Job[] = [
  {
    // an appointment still scheduled or in process when its day ends in the branch's zone was missed
    name: 'marcar inasistencias',
    everyMs: 15 * 60 * 1000,
    atStart: true,
    run: async ({ db }) => {
      await markAbsences(db);
    },
  },
  {
    // a purchased treatment past its limit date (or ended by its third change) cannot be finished: its bookings are cancelled
    name: 'cancelar citas de tratamientos vencidos',
    everyMs: 15 * 60 * 1000,
    atStart: true,
    run: async ({ db }) => {
      await expirePurchasedTreatments(db);
    },
  },
];
