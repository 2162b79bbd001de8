import { z } from 'zod';

/** Shared pieces of the wire contracts: the references one answer makes to another record. */

/** A record named in an answer: its id and name (a branch, cabin, category, treatment…). */
export const named = z.object({ id: z.string(), name: z.string() });

/** A user named in an answer with their id (who scheduled, who attended, who wrote a note). */
export const person = z.object({ id: z.string(), name: z.string(), lastName: z.string() });

/** A user named in full with their id (a seller, a doctor, who closed the day). */
export const fullPerson = z.object({ id: z.string(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable() });

/** Who wrote a row (a lock, a log line, a points movement): their name only. */
export const author = z.object({ name: z.string(), lastName: z.string() });

/** A yes/no filter of a list's query, as the clients send it. */
export const queryFlag = z.enum(['0', '1', 'true', 'false']).optional();

/** The fields a customer leads with wherever they are named: the record's id, their number and full name. */
export const customerIdentity = { id: z.string(), customerId: z.number(), name: z.string(), lastName: z.string(), motherLastName: z.string().nullable() };

/** The fields an appointment leads with wherever it is listed: number, status, day and hours (strings). */
export const appointmentSlot = {
  id: z.string(),
  appointmentNumber: z.string(),
  status: z.string(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
};
