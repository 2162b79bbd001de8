import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ageOn, ADULT_AGE, todayIn } from '../../../domain/age';
import { allowedStatuses, appointmentNumber, hasStarted, isEditable, nowIn } from '../../../domain/appointment-rules';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  appointmentCancellations,
  appointments,
  areas,
  branches,
  cabins,
  customers,
  packages,
  purchasedProducts,
  treatmentAreas,
  treatments,
  treatmentTypes,
  users,
} from '../../db/schema';
import { redact } from '../../platform/change-log';
import { searchCondition, words, type SearchField } from '../../platform/list';
import { hhmm } from '../agenda';
import { COMMON_NAME_WORD, customersWithNameWord, fullNameSearch, isCommonNameWord, phoneSearch } from '../customers';
import { areasAndProducts, treatmentPartsOf } from '../treatments';
import { pesos } from '../../db/money';
import { live } from '../../db/live';

export const promos = alias(packages, 'promo');
export const attendants = alias(users, 'attendant');
export const schedulers = alias(users, 'scheduler');

/** Up to this many patients found by a search are passed by id; more make a common name (as one whole word does). */
const FEW_PATIENTS = COMMON_NAME_WORD;
/**
 * Up to this many patients, their visits (some ten each) are read through the customer index and sorted:
 * the planner, weighing a walk of the date index that meets them soon, walked tens of thousands of rows for
 * the 80 patients of a phone fragment. Beyond it, walking the date index is the cheaper way.
 */
const READ_AND_SORT = 200;

/** A search of the appointment list by patient, resolved to conditions on appointments.customer_id. */
export interface PatientSearch {
  byName: SQL;
  byPhone: SQL;
  /** Every field searched found at most READ_AND_SORT patients: the list sorts after reading (appointmentListSpec). */
  fewPatients: boolean;
  /** The one field searched matched more than FEW_PATIENTS patients (García): see appointmentListSpec. */
  common?: {
    /** The first of those patients found: their appointments usually pass the list's count cap by themselves. */
    sample: SQL;
    /**
     * The same match checked on each appointment's own patient. A join left the plan to PostgreSQL's
     * estimate of the name's frequency, which a new sample of statistics could put at twenty García for
     * seven thousand, and then it gathered every García's visits instead of walking the date index.
     */
    eachRow: SQL;
  };
}

/**
 * Finds the patients first, never joining every appointment to its customer. Few patients (a full name)
 * become one array of ids, which the planner weighs correctly: their visits come through the customer
 * index, wherever in three years they lie. A common name (García: thousands of patients) is checked on each
 * appointment while the list walks its date index newest first, where matches come at once.
 */
export async function findPatients(db: DbOrTx, search: { filter: string; value: string } | undefined): Promise<PatientSearch | null> {
  const value = search?.value.trim();
  if (!search || !value || search.filter === 'appointmentNumber') return null;
  let common: PatientSearch['common'];
  let most = 0;
  const commonMatch = (condition: SQL, sample: SQL): SQL => {
    common = { sample, eachRow: sql`(select ${condition} from ${customers} where ${customers.id} = ${appointments.customerId})` };
    return sql`${appointments.customerId} in (select ${customers.id} from ${customers} where ${condition})`;
  };
  // the ids travel as one comma-separated text each way: a thousand uuids parsed and escaped one by one cost the API more than the query
  const byIds = async (field: Exclude<SearchField, (value: string) => unknown>): Promise<SQL> => {
    const condition = searchCondition(field, value);
    const found = db
      .select({ id: customers.id })
      .from(customers)
      .where(condition)
      .limit(FEW_PATIENTS + 1)
      .as('found');
    const [{ n, ids }] = await db.select({ n: sql<number>`count(*)::int`, ids: sql<string | null>`string_agg(${found.id}::text, ',')` }).from(found);
    most = Math.max(most, n);
    const idArray = sql`string_to_array(${ids}, ',')::uuid[]`;
    if (n > FEW_PATIENTS) return commonMatch(condition, sql`${appointments.customerId} in (select unnest(${idArray}))`);
    return n ? sql`${appointments.customerId} = any(${idArray})` : sql`false`;
  };
  const nameLookup = async (): Promise<SQL> => {
    // one common word of a name (García): its first patients, read from the word index, settle the plan and sample the count
    const typed = words(value);
    if (typed.length === 1 && (await isCommonNameWord(db, typed[0]))) {
      return commonMatch(searchCondition(fullNameSearch, value), inArray(appointments.customerId, customersWithNameWord(db, typed[0])));
    }
    return byIds(fullNameSearch);
  };
  const both = search.filter !== 'customer' && search.filter !== 'phone';
  const byName = both || search.filter === 'customer' ? await nameLookup() : sql`false`;
  const byPhone = both || search.filter === 'phone' ? await byIds(phoneSearch) : sql`false`;
  return { byName, byPhone, fewPatients: !common && most <= READ_AND_SORT, common: both ? undefined : common };
}

/**
 * The list's search: the appointment number (CITA-000123, or just 123) through its unique index, the
 * patient's name or phone; `eachRow` checks a common name on each appointment (PatientSearch.common).
 */
export function appointmentSearchFields(patients: PatientSearch | null, eachRow = false): Record<string, SearchField> {
  const patient = (match: SQL | undefined) => (eachRow && patients?.common ? patients.common.eachRow : (match ?? sql`false`));
  return {
    appointmentNumber: (value) => {
      const digits = value.replace(/\D/g, '');
      return digits.length && digits.length <= 12 ? eq(appointments.appointmentNumber, appointmentNumber(Number(digits))) : sql`false`;
    },
    customer: () => patient(patients?.byName),
    phone: () => patient(patients?.byPhone),
  };
}

export function selectAppointments(db: DbOrTx) {
  return db
    .select({
      a: appointments,
      customer: {
        id: customers.id,
        customerId: customers.customerNumber,
        name: customers.name,
        lastName: customers.lastName,
        motherLastName: customers.motherLastName,
        mobilePhone: customers.mobilePhone,
        phone: customers.phone,
        blackList: customers.blackList,
        cancellations: customers.cancellations,
        birthday: customers.birthday,
      },
      treatmentTypeName: treatmentTypes.name,
      treatmentName: treatments.name,
      packageName: packages.name,
      promoName: promos.name,
      attendantName: attendants.name,
      attendantLastName: attendants.lastName,
      schedulerName: schedulers.name,
      schedulerLastName: schedulers.lastName,
      branchName: branches.name,
      branchTimeZone: branches.timeZone,
      cabinName: cabins.name,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
    .innerJoin(branches, eq(branches.id, appointments.branchId))
    .innerJoin(cabins, eq(cabins.id, appointments.cabinId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .leftJoin(packages, eq(packages.id, appointments.packageId))
    .leftJoin(promos, eq(promos.id, appointments.promoId))
    .leftJoin(attendants, eq(attendants.id, appointments.attendedById))
    .leftJoin(schedulers, eq(schedulers.id, appointments.userId));
}

export type AppointmentJoined = Awaited<ReturnType<ReturnType<typeof selectAppointments>['execute']>>[number];

/**
 * Live appointments with their joined names, in the order of `ids`. A prepared statement: planning a
 * ten-table join took tens of milliseconds, many times the reading of a page of rows, so lists find a
 * page's ids first (on appointments alone) and read them here.
 */
export async function appointmentsByIds(db: DbOrTx, ids: string[]): Promise<AppointmentJoined[]> {
  if (!ids.length) return [];
  const statement = prepared(db, 'appointments_by_ids', (d) =>
    selectAppointments(d)
      .where(and(sql`${appointments.id} = any(${sql.placeholder('ids')}::uuid[])`, live(appointments)))
      .prepare('appointments_by_ids'),
  );
  const byId = new Map((await statement.execute({ ids })).map((r) => [r.a.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * One live appointment with its joined names. A statement of its own: for a one-element array PostgreSQL
 * judged its custom plans cheaper than the generic one and planned the join again on every booking.
 */
export async function appointmentById(db: DbOrTx, id: string): Promise<AppointmentJoined | undefined> {
  const statement = prepared(db, 'appointment_by_id', (d) =>
    selectAppointments(d)
      .where(and(eq(appointments.id, sql.placeholder('id')), live(appointments)))
      .prepare('appointment_by_id'),
  );
  return (await statement.execute({ id }))[0];
}

/** A card plus branch, cabin, scheduler and method: the list row. */
export function toAppointmentItem(r: AppointmentJoined) {
  const a = r.a;
  const now = nowIn(r.branchTimeZone);
  return {
    id: a.id,
    appointmentNumber: a.appointmentNumber,
    status: a.status,
    date: a.date,
    startTime: hhmm(a.startTime),
    endTime: hhmm(a.endTime),
    confirmMethod: a.confirmMethod,
    appointmentOption: a.appointmentOption,
    appointmentMethod: a.appointmentMethod,
    customer: {
      id: r.customer.id,
      customerId: r.customer.customerId,
      name: r.customer.name,
      lastName: r.customer.lastName,
      motherLastName: r.customer.motherLastName,
      mobilePhone: r.customer.mobilePhone,
      phone: r.customer.phone,
      blackList: r.customer.blackList,
      cancellations: r.customer.cancellations,
      isAdult: ageOn(r.customer.birthday, todayIn()) >= ADULT_AGE,
    },
    treatmentType: { id: a.treatmentTypeId, name: r.treatmentTypeName },
    treatment: a.treatmentId ? { id: a.treatmentId, name: r.treatmentName ?? '' } : null,
    package: a.packageId ? { id: a.packageId, name: r.packageName ?? '' } : null,
    promotion: a.promoId ? { id: a.promoId, name: r.promoName ?? '' } : null,
    attendedBy: a.attendedById ? { id: a.attendedById, name: r.attendantName ?? '', lastName: r.attendantLastName ?? '' } : null,
    branch: { id: a.branchId, name: r.branchName },
    cabain: { id: a.cabinId, name: r.cabinName },
    user: a.userId ? { id: a.userId, name: r.schedulerName ?? '', lastName: r.schedulerLastName ?? '' } : null,
    editable: isEditable(a.status, a.date, a.endTime, now),
    allowedStatuses: allowedStatuses(a.status, hasStarted(a.date, a.startTime, now)),
  };
}

/** The full record of one appointment (GET /appointment/:id and every write's answer). */
export async function findAppointmentDetail(db: DbOrTx, id: string) {
  const row = await appointmentById(db, id);
  if (!row) return null;
  const a = row.a;
  const item = toAppointmentItem(row);

  let treatment = null;
  if (a.treatmentId) {
    const byId = prepared(db, 'appointment_treatment', (d) =>
      d
        .select()
        .from(treatments)
        .where(eq(treatments.id, sql.placeholder('id')))
        .prepare('appointment_treatment'),
    );
    const [t] = await byId.execute({ id: a.treatmentId });
    const parts = await areasAndProducts(db, [a.treatmentId]);
    treatment = { id: t.id, name: t.name, consent: t.consent, durationMinutes: t.durationMinutes, ...treatmentPartsOf(parts, a.treatmentId) };
  }

  let purchasedProduct = null;
  if (a.purchasedProductId) {
    const [pp] = await db
      .select({ p: purchasedProducts, treatmentName: treatments.name })
      .from(purchasedProducts)
      .innerJoin(treatments, eq(treatments.id, purchasedProducts.treatmentId))
      .where(eq(purchasedProducts.id, a.purchasedProductId))
      .limit(1);
    if (pp) {
      purchasedProduct = {
        id: pp.p.id,
        sessions: pp.p.sessions,
        currentSession: pp.p.currentSession,
        consent: pp.p.consent,
        status: pp.p.status,
        treatment: { id: pp.p.treatmentId, name: pp.treatmentName },
      };
    }
  }

  const cancellations = await prepared(db, 'appointment_cancellations_of', (d) =>
    d
      .select({
        type: appointmentCancellations.type,
        cancellationReason: appointmentCancellations.cancellationReason,
        comment: appointmentCancellations.comment,
        customerCancellation: appointmentCancellations.customerCancellation,
        created_at: appointmentCancellations.createdAt,
      })
      .from(appointmentCancellations)
      .where(and(eq(appointmentCancellations.appointmentId, sql.placeholder('id')), live(appointmentCancellations)))
      .orderBy(asc(appointmentCancellations.createdAt))
      .prepare('appointment_cancellations_of'),
  ).execute({ id });

  return {
    ...item,
    term: a.term,
    observations: a.observations,
    sessions: a.sessions,
    consent: a.consent,
    reschedules: a.reschedules,
    treatment,
    treatmentsIds: a.treatmentsIds,
    categoriesIds: a.categoriesIds,
    sessionAreas: a.sessionAreas,
    packageId: a.packageId,
    promoId: a.promoId,
    purchasedProductId: a.purchasedProductId,
    purchasedProduct,
    medicalFee: pesos(a.medicalFee),
    finishedAt: a.finishedAt,
    cancellations,
    created_at: a.createdAt,
    updated_at: a.updatedAt,
  };
}
export type AppointmentDetail = NonNullable<Awaited<ReturnType<typeof findAppointmentDetail>>>;

export async function treatmentAreaIds(db: DbOrTx, treatmentId: string): Promise<string[]> {
  return (await db.select({ id: treatmentAreas.areaId }).from(treatmentAreas).where(eq(treatmentAreas.treatmentId, treatmentId))).map((r) => r.id);
}

/** Every area of a treatment type (none when the type has no areas, e.g. valuations). */
export async function areaIdsOfType(db: DbOrTx, treatmentTypeId: string): Promise<string[]> {
  const [type] = await db.select({ hasAreas: treatmentTypes.hasAreas }).from(treatmentTypes).where(eq(treatmentTypes.id, treatmentTypeId)).limit(1);
  if (!type?.hasAreas) return [];
  return (
    await db
      .select({ id: areas.id })
      .from(areas)
      .where(and(eq(areas.treatmentTypeId, treatmentTypeId), live(areas)))
  ).map((r) => r.id);
}

export type AppointmentRow = typeof appointments.$inferSelect;

/**
 * The stored columns of an appointment under their wire names: what the bitácora records as before/after
 * (never computed fields such as editable or allowedStatuses, nor joined names).
 */
export function storedAppointment(a: AppointmentRow): Record<string, unknown> {
  return {
    appointmentNumber: a.appointmentNumber,
    status: a.status,
    branchId: a.branchId,
    cabainId: a.cabinId,
    customerId: a.customerId,
    treatmentTypeId: a.treatmentTypeId,
    appointmentOption: a.appointmentOption,
    treatmentId: a.treatmentId,
    packageId: a.packageId,
    promoId: a.promoId,
    purchasedProductId: a.purchasedProductId,
    date: a.date,
    startTime: hhmm(a.startTime),
    endTime: hhmm(a.endTime),
    term: a.term,
    appointmentMethod: a.appointmentMethod,
    sessions: a.sessions,
    categoriesIds: a.categoriesIds,
    treatmentsIds: a.treatmentsIds,
    sessionAreas: a.sessionAreas,
    observations: a.observations,
    confirmMethod: a.confirmMethod,
    attendedById: a.attendedById,
    consent: a.consent,
    reschedules: a.reschedules,
    medicalFee: pesos(a.medicalFee),
    finishedAt: a.finishedAt,
  };
}

/** Before and after of only the stored fields an update changed. */
export function storedChanges(before: AppointmentRow, after: AppointmentRow): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const [b, a] = [redact(storedAppointment(before)) as Record<string, unknown>, redact(storedAppointment(after)) as Record<string, unknown>];
  const keys = Object.keys(a).filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]));
  return { before: Object.fromEntries(keys.map((k) => [k, b[k]])), after: Object.fromEntries(keys.map((k) => [k, a[k]])) };
}
