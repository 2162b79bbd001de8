import { z } from 'zod';

/** What the agenda answers (docs/agenda-api.md): no column is sent that is not listed here. */
const named = z.object({ id: z.string(), name: z.string() });
const hhmm = z.string().nullable();

export const lockResponse = z.object({
  id: z.string(),
  branchId: z.string(),
  cabainId: z.string().nullable(),
  cabain: named.nullable(),
  type: z.string(),
  reason: z.string(),
  reasonDescription: z.string().nullable(),
  time: z.array(z.string()),
  date: z.string(),
  endDate: z.string().nullable(),
  days: z.array(z.number()),
  recurrent: z.boolean(),
  user: z.object({ name: z.string(), lastName: z.string() }).nullable(),
  created_at: z.date(),
});

export const appointmentCardResponse = z.object({
  id: z.string(),
  appointmentNumber: z.string(),
  status: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  confirmMethod: z.string().nullable(),
  appointmentOption: z.string(),
  customer: z.object({
    id: z.string(),
    customerId: z.number(),
    name: z.string(),
    lastName: z.string(),
    motherLastName: z.string().nullable(),
    mobilePhone: z.string().nullable(),
  }),
  treatmentType: named,
  treatment: named.nullable(),
  package: named.nullable(),
  promotion: named.nullable(),
  attendedBy: z.object({ id: z.string(), name: z.string(), lastName: z.string() }).nullable(),
});

export const diaryResponse = z.object({
  branch: z.object({ id: z.string(), name: z.string(), timeZone: z.string() }),
  date: z.string(),
  opening: hhmm,
  closing: hhmm,
  cabins: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      type: z.object({ id: z.string(), name: z.string(), order: z.number(), color: z.string(), treatmentType: named }),
      opening: hhmm,
      closing: hhmm,
      appointments: z.array(appointmentCardResponse),
      locks: z.array(lockResponse),
    }),
  ),
  locks: z.array(lockResponse),
});

/** POST /lock/overlaps: the live appointments a lock payload would cover (the form warns before saving). */
export const lockOverlapsResponse = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      appointmentNumber: z.string(),
      status: z.string(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
      cabain: named,
      customer: z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable() }),
    }),
  ),
  /** Every overlapped appointment; items lists the first LOCK_OVERLAPS_SHOWN. */
  total: z.number(),
});
