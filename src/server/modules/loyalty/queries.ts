import { and, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { BUSINESS_TIME_ZONE } from '../../../domain/dates';
import { appointments, cashOrders, customers, orders } from '../../db/schema';
import { tutors } from '../customers';
import { live } from '../../db/live';

/** Instant at which a business day (YYYY-MM-DD) starts in the business time zone. */
export function dayStart(day: string): SQL {
  return sql`((${day}::date)::timestamp at time zone ${BUSINESS_TIME_ZONE})`;
}

/** [start of startDate, start of the day after endDate) as instants, for timestamptz columns. */
export function instantRange(startDate: string, endDate: string): { from: SQL; to: SQL } {
  return { from: dayStart(startDate), to: sql`(((${endDate}::date + 1))::timestamp at time zone ${BUSINESS_TIME_ZONE})` };
}

type SaleTable = typeof orders | typeof cashOrders;

/** A sale that counts as money in: paid, not refunded, not deleted, of a known customer. */
export function countedSale(t: SaleTable): SQL {
  return and(eq(t.paymentStatus, 'paid'), isNull(t.refundedAt), live(t), isNotNull(t.customerId))!;
}

/** Appointments that mean the customer came: finished, or being attended right now. */
export const VISIT_STATUSES = ['finished', 'inProcess'] as const;

/** The identity columns the three loyalty lists show, with a minor's tutor's mobile as fallback. */
export const identityColumns = {
  id: customers.id,
  customerId: customers.customerNumber,
  name: customers.name,
  lastName: customers.lastName,
  motherLastName: customers.motherLastName,
  gender: customers.gender,
  email: customers.email,
  mobilePhone: customers.mobilePhone,
  tutorMobilePhone: tutors.mobilePhone,
  points: customers.points,
  blackList: customers.blackList,
  status: customers.active,
};

/** A visit (finished or in-process appointment) of the outer customer row, on the given date condition. */
export function visitExists(dates: SQL): SQL {
  return sql`exists (select 1 from ${appointments} where ${appointments.customerId} = ${customers.id} and ${inArray(appointments.status, [...VISIT_STATUSES])} and ${live(appointments)} and ${dates})`;
}

/** A paid order or cash order (refunded or not: the customer came) of the outer customer row, on the given instant condition. */
export function purchaseExists(t: SaleTable, when: (col: typeof t.createdAt) => SQL): SQL {
  return sql`exists (select 1 from ${t} where ${t.customerId} = ${customers.id} and ${eq(t.paymentStatus, 'paid')} and ${live(t)} and ${when(t.createdAt)})`;
}

export const inInstants = (from: SQL, to: SQL) => (col: AnyTimestamp) => and(gte(col, from), lt(col, to))!;
export const beforeInstant = (from: SQL) => (col: AnyTimestamp) => lt(col, from);
type AnyTimestamp = typeof orders.createdAt | typeof cashOrders.createdAt;
