import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { zonedInstant } from '../../../domain/dates';
import type { ReminderChannel, ReminderFacts } from '../../../domain/reminders';
import { minutes } from '../../../domain/schedules';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { appointments, branches, customers, packages, purchasedProducts, reminderLinks, treatments, treatmentTypes, users } from '../../db/schema';

const promos = alias(packages, 'reminder_promo');
const purchasedTreatments = alias(treatments, 'reminder_purchased_treatment');

const joinName = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' ');

/** The appointment as a reminder tells it, with what the job and the link pages decide on. */
export async function appointmentFacts(db: DbOrTx, appointmentId: string) {
  const [r] = await db
    .select({
      a: {
        id: appointments.id,
        number: appointments.appointmentNumber,
        status: appointments.status,
        date: appointments.date,
        startTime: appointments.startTime,
        endTime: appointments.endTime,
        branchId: appointments.branchId,
        confirmMethod: appointments.confirmMethod,
        deletedAt: appointments.deletedAt,
      },
      customer: {
        name: customers.name,
        lastName: customers.lastName,
        motherLastName: customers.motherLastName,
        email: customers.email,
        mobilePhone: customers.mobilePhone,
      },
      branch: {
        name: branches.name,
        street: branches.street,
        extNumber: branches.extNumber,
        intNumber: branches.intNumber,
        suburb: branches.suburb,
        city: branches.city,
        phone: branches.phone,
        mobilePhone: branches.mobilePhone,
        timeZone: branches.timeZone,
      },
      treatment: treatments.name,
      packageName: packages.name,
      promoName: promos.name,
      purchasedName: purchasedTreatments.name,
      typeName: treatmentTypes.name,
      attendant: { name: users.name, lastName: users.lastName },
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .leftJoin(packages, eq(packages.id, appointments.packageId))
    .leftJoin(promos, eq(promos.id, appointments.promoId))
    .leftJoin(purchasedProducts, eq(purchasedProducts.id, appointments.purchasedProductId))
    .leftJoin(purchasedTreatments, eq(purchasedTreatments.id, purchasedProducts.treatmentId))
    .leftJoin(users, eq(users.id, appointments.attendedById))
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!r) return undefined;
  const b = r.branch;
  const facts: ReminderFacts = {
    patient: joinName(r.customer.name, r.customer.lastName, r.customer.motherLastName),
    date: r.a.date,
    startTime: r.a.startTime.slice(0, 5),
    branch: b.name,
    address: [joinName(b.street, b.extNumber, b.intNumber ? `int. ${b.intNumber}` : null), b.suburb, b.city].filter(Boolean).join(', '),
    treatment: r.treatment ?? r.packageName ?? r.promoName ?? r.purchasedName ?? treatmentTypeLabel(r.typeName),
    professional: r.attendant?.name ? joinName(r.attendant.name, r.attendant.lastName) : null,
    branchPhone: b.phone ?? b.mobilePhone,
  };
  return {
    appointment: r.a,
    facts,
    email: r.customer.email?.trim() || null,
    mobilePhone: r.customer.mobilePhone,
    timeZone: b.timeZone,
    start: zonedInstant(b.timeZone, r.a.date, minutes(r.a.startTime.slice(0, 5))),
    end: zonedInstant(b.timeZone, r.a.date, minutes(r.a.endTime.slice(0, 5))),
  };
}
export type AppointmentFacts = NonNullable<Awaited<ReturnType<typeof appointmentFacts>>>;

/** The key link tokens are hashed with: derived from JWT_SECRET, for this use only. */
const keys = new WeakMap<Uint8Array, Buffer>();
function linkKey(config: AppConfig): Buffer {
  let key = keys.get(config.jwtSecret);
  if (!key) {
    key = createHmac('sha256', config.jwtSecret).update('clinic-reminder-links-v1').digest();
    keys.set(config.jwtSecret, key);
  }
  return key;
}

/** What is stored of a token: its HMAC under the server's key (a copy of the table cannot make working links). */
export const tokenHash = (config: AppConfig, token: string) => createHmac('sha256', linkKey(config)).update(token).digest('hex');

export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new link for the reminder's current state: 32 random bytes, of which only the keyed hash is kept. */
export async function issueLink(db: DbOrTx, config: AppConfig, reminderId: string, sequence: number, channel: ReminderChannel) {
  const token = randomBytes(32).toString('base64url');
  await db.insert(reminderLinks).values({ reminderId, sequence, channel, tokenHash: tokenHash(config, token) });
  const base = `${config.publicUrl}/v1/reminder/${token}`;
  return { confirm: `${base}/confirm`, reschedule: `${base}/reschedule` };
}
