import { and, asc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LockLike, LockType } from '../../../domain/agenda';
import type { DbOrTx } from '../../db/client';
import {
  appointments,
  branchSchedules,
  branches,
  cabinSchedules,
  cabinTypes,
  cabins,
  customers,
  locks,
  packages,
  treatmentTypes,
  treatments,
  users,
} from '../../db/schema';

const promos = alias(packages, 'promo');
const attendants = alias(users, 'attended_by');
const lockCabins = alias(cabins, 'lock_cabin');
const lockUsers = alias(users, 'lock_user');

/** 'HH:mm:ss' from the database → 'HH:mm'. */
export const hhmm = (t: string) => t.slice(0, 5);

/**
 * Locks that may touch [from, to] (both 'YYYY-MM-DD'): started by `to`, and recurrent, weekly
 * (hours_range) or not yet ended at `from`. lockWindow() decides the exact days in memory.
 */
export function lockTouches(from: string, to: string): SQL {
  return and(
    sql`${locks.date} <= ${to}`,
    or(eq(locks.recurrent, true), eq(locks.type, 'hours_range'), sql`coalesce(${locks.endDate}, ${locks.date}) >= ${from}`),
  )!;
}

export function selectLocks(db: DbOrTx) {
  return db
    .select({ l: locks, cabinName: lockCabins.name, userName: lockUsers.name, userLastName: lockUsers.lastName })
    .from(locks)
    .leftJoin(lockCabins, eq(lockCabins.id, locks.cabinId))
    .leftJoin(lockUsers, eq(lockUsers.id, locks.userId));
}
export function countLocks(db: DbOrTx) {
  return db.select({ n: sql<number>`count(*)::int` }).from(locks);
}

type LockRow = Awaited<ReturnType<ReturnType<typeof selectLocks>['execute']>>[number];

export function toLockDto(r: LockRow) {
  const l = r.l;
  return {
    id: l.id,
    branchId: l.branchId,
    cabainId: l.cabinId,
    cabain: l.cabinId ? { id: l.cabinId, name: r.cabinName ?? '' } : null,
    type: l.type,
    reason: l.reason,
    reasonDescription: l.reasonDescription,
    time: l.time.map(hhmm),
    date: l.date,
    endDate: l.endDate,
    days: l.days,
    recurrent: l.recurrent,
    user: r.userName != null ? { name: r.userName, lastName: r.userLastName ?? '' } : null,
    created_at: l.createdAt,
  };
}
export type LockDto = ReturnType<typeof toLockDto>;

export const asLockLike = (d: { type: string; cabainId: string | null; time: string[]; date: string; endDate: string | null; days: number[]; recurrent: boolean }): LockLike => ({
  type: d.type as LockType,
  cabinId: d.cabainId,
  time: d.time,
  date: d.date,
  endDate: d.endDate,
  days: d.days,
  recurrent: d.recurrent,
});

export async function findLock(db: DbOrTx, id: string): Promise<LockDto | undefined> {
  const [row] = await selectLocks(db)
    .where(and(eq(locks.id, id), isNull(locks.deletedAt)))
    .limit(1);
  return row && toLockDto(row);
}

/** The live locks of a branch that may touch the day (or every live lock when no day is given). */
export async function branchLocks(db: DbOrTx, branchId: string, date?: string): Promise<LockDto[]> {
  const rows = await selectLocks(db)
    .where(and(eq(locks.branchId, branchId), isNull(locks.deletedAt), date ? lockTouches(date, date) : undefined))
    .orderBy(asc(locks.date), asc(locks.createdAt));
  return rows.map(toLockDto);
}

export async function loadBranch(db: DbOrTx, branchId: string) {
  const [b] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, branchId), isNull(branches.deletedAt)))
    .limit(1);
  return b;
}

/** Active cabins of the branch with their type, in the grid's order (type order, then name). */
export function branchCabins(db: DbOrTx, branchId: string) {
  return db
    .select({
      id: cabins.id,
      name: cabins.name,
      description: cabins.description,
      typeId: cabinTypes.id,
      typeName: cabinTypes.name,
      typeOrder: cabinTypes.order,
      typeColor: cabinTypes.color,
      treatmentTypeId: treatmentTypes.id,
      treatmentTypeName: treatmentTypes.name,
    })
    .from(cabins)
    .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, cabinTypes.treatmentTypeId))
    .where(and(eq(cabins.branchId, branchId), eq(cabins.active, true), isNull(cabins.deletedAt)))
    .orderBy(asc(cabinTypes.order), asc(cabins.name), asc(cabins.id));
}

/**
 * Every live schedule row of the branch and of its cabins (at most seven each): whether a branch or cabin
 * has a schedule at all decides what a missing weekday means (cabinDayHours), so one weekday is not enough.
 */
export async function branchScheduleRows(db: DbOrTx, branchId: string) {
  const [own, ofCabins] = await Promise.all([
    db
      .select({ day: branchSchedules.day, opening: branchSchedules.opening, closing: branchSchedules.closing })
      .from(branchSchedules)
      .where(and(eq(branchSchedules.branchId, branchId), isNull(branchSchedules.deletedAt))),
    db
      .select({ cabinId: cabinSchedules.cabinId, day: cabinSchedules.day, opening: cabinSchedules.opening, closing: cabinSchedules.closing })
      .from(cabinSchedules)
      .innerJoin(cabins, eq(cabins.id, cabinSchedules.cabinId))
      .where(and(eq(cabins.branchId, branchId), isNull(cabins.deletedAt), isNull(cabinSchedules.deletedAt))),
  ]);
  const day = (r: { day: number; opening: string; closing: string }) => ({ day: r.day, opening: hhmm(r.opening), closing: hhmm(r.closing) });
  const byCabin = new Map<string, ReturnType<typeof day>[]>();
  for (const r of ofCabins) {
    const list = byCabin.get(r.cabinId);
    if (list) list.push(day(r));
    else byCabin.set(r.cabinId, [day(r)]);
  }
  return { branch: own.map(day), byCabin };
}

/** The day's appointment cards of the branch (served by appointments_branch_day_idx), cancelled ones left out. */
export async function dayAppointments(db: DbOrTx, branchId: string, date: string) {
  const rows = await db
    .select({
      a: {
        id: appointments.id,
        cabinId: appointments.cabinId,
        appointmentNumber: appointments.appointmentNumber,
        status: appointments.status,
        date: appointments.date,
        startTime: appointments.startTime,
        endTime: appointments.endTime,
        confirmMethod: appointments.confirmMethod,
        appointmentOption: appointments.appointmentOption,
      },
      c: {
        id: customers.id,
        customerId: customers.customerNumber,
        name: customers.name,
        lastName: customers.lastName,
        motherLastName: customers.motherLastName,
        mobilePhone: customers.mobilePhone,
      },
      tt: { id: treatmentTypes.id, name: treatmentTypes.name },
      tId: treatments.id,
      tName: treatments.name,
      pId: packages.id,
      pName: packages.name,
      prId: promos.id,
      prName: promos.name,
      uId: attendants.id,
      uName: attendants.name,
      uLastName: attendants.lastName,
    })
    .from(appointments)
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
    .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
    .leftJoin(packages, eq(packages.id, appointments.packageId))
    .leftJoin(promos, eq(promos.id, appointments.promoId))
    .leftJoin(attendants, eq(attendants.id, appointments.attendedById))
    .where(and(eq(appointments.branchId, branchId), eq(appointments.date, date), ne(appointments.status, 'cancelled'), isNull(appointments.deletedAt)))
    .orderBy(asc(appointments.startTime), asc(appointments.appointmentNumber));
  return rows.map((r) => ({
    cabinId: r.a.cabinId,
    card: {
      id: r.a.id,
      appointmentNumber: r.a.appointmentNumber,
      status: r.a.status,
      date: r.a.date,
      startTime: hhmm(r.a.startTime),
      endTime: hhmm(r.a.endTime),
      confirmMethod: r.a.confirmMethod,
      appointmentOption: r.a.appointmentOption,
      customer: r.c,
      treatmentType: r.tt,
      treatment: r.tId ? { id: r.tId, name: r.tName ?? '' } : null,
      package: r.pId ? { id: r.pId, name: r.pName ?? '' } : null,
      promotion: r.prId ? { id: r.prId, name: r.prName ?? '' } : null,
      attendedBy: r.uId ? { id: r.uId, name: r.uName ?? '', lastName: r.uLastName ?? '' } : null,
    },
  }));
}

/** Live locks with the same branch, cabin, type, date, end date and recurrence; the caller compares the time and day sets. */
export function sameLockCandidates(db: DbOrTx, l: { branchId: string; cabinId: string | null; type: string; date: string; endDate: string | null; recurrent: boolean }, exceptId?: string) {
  return db
    .select({ id: locks.id, time: locks.time, days: locks.days })
    .from(locks)
    .where(
      and(
        eq(locks.branchId, l.branchId),
        sql`${locks.cabinId} is not distinct from ${l.cabinId}`,
        eq(locks.type, l.type),
        eq(locks.date, l.date),
        sql`${locks.endDate} is not distinct from ${l.endDate}`,
        eq(locks.recurrent, l.recurrent),
        isNull(locks.deletedAt),
        exceptId ? ne(locks.id, exceptId) : undefined,
      ),
    );
}
