import { and, asc, eq, ne, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { LockLike, LockType } from '../../../domain/agenda';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import {
  appointmentReminders,
  appointments,
  branches,
  cabins,
  customers,
  lockLastDay,
  locks,
  packages,
  treatmentTypes,
  treatments,
  users,
} from '../../db/schema';
import { live } from '../../db/live';

const lockCabins = alias(cabins, 'lock_cabin');
const lockUsers = alias(users, 'lock_user');
const cardPromos = alias(packages, 'promo');
const cardAttendants = alias(users, 'attended_by');

/** 'HH:mm:ss' from the database → 'HH:mm'. */
export const hhmm = (t: string) => t.slice(0, 5);

/**
 * Locks that may touch [from, to] (both 'YYYY-MM-DD'): started by `to`, and recurrent, weekly
 * (hours_range) or not yet ended at `from`. lockWindow() decides the exact days in memory.
 */
export function lockTouches(from: string | Placeholder, to: string | Placeholder): SQL {
  return sql`${locks.date} <= ${to} and ${lockLastDay(locks)} >= ${from}`;
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

export const asLockLike = (d: {
  type: string;
  cabainId: string | null;
  time: string[];
  date: string;
  endDate: string | null;
  days: number[];
  recurrent: boolean;
}): LockLike => ({ type: d.type as LockType, cabinId: d.cabainId, time: d.time, date: d.date, endDate: d.endDate, days: d.days, recurrent: d.recurrent });

export async function findLock(db: DbOrTx, id: string): Promise<LockDto | undefined> {
  const [row] = await selectLocks(db)
    .where(and(eq(locks.id, id), live(locks)))
    .limit(1);
  return row && toLockDto(row);
}

/** A branch's live locks that may touch a day, both given as placeholders (branchId, date). */
const liveLocksTouchingDay = () =>
  and(eq(locks.branchId, sql.placeholder('branchId')), live(locks), lockTouches(sql.placeholder('date'), sql.placeholder('date')));

/** The live locks of a branch that may touch the day (or every live lock when no day is given). */
export async function branchLocks(db: DbOrTx, branchId: string, date?: string): Promise<LockDto[]> {
  const rows = date
    ? await prepared(db, 'agenda_day_locks', (d) =>
        selectLocks(d).where(liveLocksTouchingDay()).orderBy(asc(locks.date), asc(locks.createdAt)).prepare('agenda_day_locks'),
      ).execute({ branchId, date })
    : await selectLocks(db)
        .where(and(eq(locks.branchId, branchId), live(locks)))
        .orderBy(asc(locks.date), asc(locks.createdAt));
  return rows.map(toLockDto);
}

export async function loadBranch(db: DbOrTx, branchId: string) {
  const [b] = await db
    .select({ id: branches.id, name: branches.name, timeZone: branches.timeZone })
    .from(branches)
    .where(and(eq(branches.id, branchId), live(branches)))
    .limit(1);
  return b;
}

/** A branch's or cabin's live schedule rows as a JSON array; `owner` is the SQL of its id (a trusted column reference). */
const scheduleJson = (table: string, column: string, owner: string) =>
  sql.raw(`coalesce((select json_agg(json_build_object('day', s.day, 'opening', left(s.opening::text, 5), 'closing', left(s.closing::text, 5)))
    from ${table} s where s.${column} = ${owner} and s.deleted_at is null), '[]')`);

export interface DaySchedule {
  day: number;
  opening: string;
  closing: string;
}
/** What the agenda needs of a branch besides its day's appointments and locks (daySetting). */
export interface DaySetting {
  id: string;
  name: string;
  timeZone: string;
  /** Every live row: whether a branch or cabin has a schedule at all decides what a missing weekday means (cabinDayHours). */
  schedule: DaySchedule[];
  cabins: {
    id: string;
    name: string;
    description: string | null;
    type: { id: string; name: string; order: number; color: string; treatmentType: { id: string; name: string } };
    schedule: DaySchedule[];
  }[];
}

/**
 * JSON text written by plain concatenation, which PostgreSQL does in about two thirds of the time of
 * json_build_object (that one looks each value's type up again on every row). Keys are fixed here. Text
 * and dates go through to_json, so they are always escaped; uuids and numbers, which never need it, are
 * printed as they are (a third of the cards' to_json calls); null is written only where the column allows it.
 */
function jsonValue(column: PgColumn): SQL {
  const text =
    column.dataType === 'number' ? sql`${column}::text` : column.columnType === 'PgUUID' ? sql`'"' || ${column}::text || '"'` : sql`to_json(${column})::text`;
  return column.notNull ? text : sql`coalesce(${text}, 'null')`;
}
/** A moment as ISO JSON text in UTC ("2026-12-05T18:00:00.000Z"), or null. */
const instantJson = (column: PgColumn) => sql`coalesce(to_json(to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text, 'null')`;
/** A time of day as "HH:mm" JSON text (a time prints as digits and colons only). */
const hhmmJson = (column: PgColumn) => sql`'"' || left(${column}::text, 5) || '"'`;
function jsonObject(fields: Record<string, SQL>): SQL {
  const members = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${JSON.stringify(key).slice(0, -1)}":'`)} || ${value}`);
  return sql`'{' || ${sql.join(members, sql` || ',' || `)} || '}'`;
}
/** A left-joined row as JSON text, null when it did not join (its columns are then all null). */
const joinedJson = (id: PgColumn, fields: Record<string, SQL>) => sql`case when ${id} is null then 'null' else ${jsonObject(fields)} end`;
const namedJson = (table: { id: PgColumn; name: PgColumn }) => joinedJson(table.id, { id: jsonValue(table.id), name: jsonValue(table.name) });

const cardJson = jsonObject({
  id: jsonValue(appointments.id),
  appointmentNumber: jsonValue(appointments.appointmentNumber),
  status: jsonValue(appointments.status),
  date: jsonValue(appointments.date),
  startTime: hhmmJson(appointments.startTime),
  endTime: hhmmJson(appointments.endTime),
  confirmMethod: jsonValue(appointments.confirmMethod),
  appointmentOption: jsonValue(appointments.appointmentOption),
  customer: jsonObject({
    id: jsonValue(customers.id),
    customerId: jsonValue(customers.customerNumber),
    name: jsonValue(customers.name),
    lastName: jsonValue(customers.lastName),
    motherLastName: jsonValue(customers.motherLastName),
    mobilePhone: jsonValue(customers.mobilePhone),
  }),
  treatmentType: jsonObject({ id: jsonValue(treatmentTypes.id), name: jsonValue(treatmentTypes.name) }),
  treatment: namedJson(treatments),
  package: namedJson(packages),
  promotion: namedJson(cardPromos),
  attendedBy: joinedJson(cardAttendants.id, {
    id: jsonValue(cardAttendants.id),
    name: jsonValue(cardAttendants.name),
    lastName: jsonValue(cardAttendants.lastName),
  }),
  // the day-before reminder (issue 30): whether it went, and the patient's answer through its link
  reminder: joinedJson(appointmentReminders.id, {
    status: jsonValue(appointmentReminders.lastStatus),
    sentAt: instantJson(appointmentReminders.lastSentAt),
    confirmedVia: jsonValue(appointmentReminders.confirmedVia),
    rescheduleRequestedAt: instantJson(appointmentReminders.rescheduleRequestedAt),
  }),
});

/** A lock as JSON text in the shape of toLockDto (created_at as Date.toJSON() writes it). */
const lockJson = jsonObject({
  id: jsonValue(locks.id),
  branchId: jsonValue(locks.branchId),
  cabainId: jsonValue(locks.cabinId),
  cabain: namedJson(lockCabins),
  type: jsonValue(locks.type),
  reason: jsonValue(locks.reason),
  reasonDescription: jsonValue(locks.reasonDescription),
  time: sql`coalesce((select json_agg(left(t, 5)) from unnest(${locks.time}) t)::text, '[]')`,
  date: jsonValue(locks.date),
  endDate: jsonValue(locks.endDate),
  days: jsonValue(locks.days),
  recurrent: jsonValue(locks.recurrent),
  user: joinedJson(lockUsers.id, { name: jsonValue(lockUsers.name), lastName: jsonValue(lockUsers.lastName) }),
  created_at: sql`to_json(to_char(${locks.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text`,
});

/** The agenda day's parts, one row each: the branch (with cabins and schedules), one per cabin with cards, the locks. */
type DayPart = 'setting' | 'cards' | 'locks';

export interface AgendaDay {
  /** Undefined when there is no such branch. */
  setting: DaySetting | undefined;
  /** Per cabin, its cards as one JSON array text in the shape of appointmentCardResponse, to splice in unparsed. */
  cards: Map<string, string>;
  /** The live locks of the branch that may touch the day (lockWindow decides). */
  locks: (Omit<LockDto, 'created_at'> & { created_at: string })[];
}

/**
 * The agenda day in one prepared statement of three parts (UNION ALL), so that the screen the clinics keep
 * open all day costs one round trip and one wake-up of one database connection:
 * - the branch with its schedule and its active cabins in the grid's order (type order, then name), each
 *   with its type and schedule;
 * - the day's appointment cards per cabin (served by appointments_branch_day_idx, cancelled ones left out).
 *   PostgreSQL writes their JSON: a busy day is some two hundred cards, and parsing, mapping and serializing
 *   them row by row cost the API several times the query itself (docs/decisions.md);
 * - the locks that may touch the day (as branchLocks reads them), as one JSON array.
 */
export async function agendaDay(db: DbOrTx, branchId: string, date: string): Promise<AgendaDay> {
  const statement = prepared(db, 'agenda_day', (d) => {
    const part = (name: DayPart) => sql<DayPart>`${sql.raw(`'${name}'`)}`.as('part');
    const setting = d
      .select({
        part: part('setting'),
        cabinId: sql<string | null>`null::uuid`.as('cabin_id'),
        body: sql<string>`json_build_object('id', branches.id, 'name', branches.name, 'timeZone', branches.time_zone,
          'schedule', ${scheduleJson('branch_schedules', 'branch_id', 'branches.id')},
          'cabins', coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name, 'description', c.description,
              'type', json_build_object('id', ct.id, 'name', ct.name, 'order', ct."order", 'color', ct.color,
                'treatmentType', json_build_object('id', tt.id, 'name', tt.name)),
              'schedule', ${scheduleJson('cabin_schedules', 'cabin_id', 'c.id')}) order by ct."order", c.name, c.id)
            from cabins c join cabin_types ct on ct.id = c.type_id join treatment_types tt on tt.id = ct.treatment_type_id
            where c.branch_id = branches.id and c.active and c.deleted_at is null), '[]'))::text`.as('body'),
      })
      .from(branches)
      .where(and(eq(branches.id, sql.placeholder('branchId')), live(branches)));
    const cards = d
      .select({
        part: part('cards'),
        cabinId: appointments.cabinId,
        body: sql<string>`'[' || string_agg(${cardJson}, ',' order by ${appointments.startTime}, ${appointments.appointmentNumber}) || ']'`.as('body'),
      })
      .from(appointments)
      .innerJoin(customers, eq(customers.id, appointments.customerId))
      .innerJoin(treatmentTypes, eq(treatmentTypes.id, appointments.treatmentTypeId))
      .leftJoin(treatments, eq(treatments.id, appointments.treatmentId))
      .leftJoin(packages, eq(packages.id, appointments.packageId))
      .leftJoin(cardPromos, eq(cardPromos.id, appointments.promoId))
      .leftJoin(cardAttendants, eq(cardAttendants.id, appointments.attendedById))
      .leftJoin(appointmentReminders, eq(appointmentReminders.appointmentId, appointments.id))
      .where(
        and(
          eq(appointments.branchId, sql.placeholder('branchId')),
          eq(appointments.date, sql.placeholder('date')),
          ne(appointments.status, 'cancelled'),
          live(appointments),
        ),
      )
      .groupBy(appointments.cabinId);
    const dayLocks = d
      .select({
        part: part('locks'),
        cabinId: sql<string | null>`null::uuid`.as('cabin_id'),
        body: sql<string>`coalesce('[' || string_agg(${lockJson}, ',' order by ${locks.date}, ${locks.createdAt}) || ']', '[]')`.as('body'),
      })
      .from(locks)
      .leftJoin(lockCabins, eq(lockCabins.id, locks.cabinId))
      .leftJoin(lockUsers, eq(lockUsers.id, locks.userId))
      .where(liveLocksTouchingDay());
    return setting.unionAll(cards).unionAll(dayLocks).prepare('agenda_day');
  });
  const day: AgendaDay = { setting: undefined, cards: new Map(), locks: [] };
  for (const row of await statement.execute({ branchId, date })) {
    if (row.part === 'cards') day.cards.set(row.cabinId!, row.body);
    else if (row.part === 'setting') day.setting = JSON.parse(row.body) as DaySetting;
    else day.locks = JSON.parse(row.body) as AgendaDay['locks'];
  }
  return day;
}

/** Live locks with the same branch, cabin, type, date, end date and recurrence; the caller compares the time and day sets. */
export function sameLockCandidates(
  db: DbOrTx,
  l: { branchId: string; cabinId: string | null; type: string; date: string; endDate: string | null; recurrent: boolean },
  exceptId?: string,
) {
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
        live(locks),
        exceptId ? ne(locks.id, exceptId) : undefined,
      ),
    );
}

/** What appointmentsUnderLock needs of a lock: its normalised columns (service.ts lockColumns). */
export interface LockScope {
  branchId: string;
  cabinId: string | null;
  type: string;
  time: string[];
  date: string;
  endDate: string | null;
  days: number[];
  recurrent: boolean;
}

/** At most this many candidates are read; lockBlocks() then keeps those the lock really covers. */
const OVERLAP_CANDIDATES = 5000;

/**
 * Scheduled and in-process appointments from `from` on that a lock may cover: its branch, its cabin (every cabin for a
 * day lock), its dates, its weekdays when weekly and its hours when it has a range. Broad on purpose: the caller
 * decides each one with lockBlocks(), the rule the booking applies.
 */
export function appointmentsUnderLock(db: DbOrTx, lock: LockScope, from: string) {
  const weekly = lock.type === 'hours_range' || (lock.recurrent && lock.days.length > 0);
  const lastDay = lock.recurrent || lock.type === 'hours_range' ? null : lock.type === 'days_range' ? (lock.endDate ?? lock.date) : lock.date;
  const ranged = (lock.type === 'hours_range' || lock.type === 'days_range') && lock.time.length === 2;
  return db
    .select({
      id: appointments.id,
      appointmentNumber: appointments.appointmentNumber,
      status: appointments.status,
      date: appointments.date,
      startTime: appointments.startTime,
      endTime: appointments.endTime,
      cabinId: appointments.cabinId,
      cabinName: cabins.name,
      customerId: customers.id,
      name: customers.name,
      lastName: customers.lastName,
      motherLastName: customers.motherLastName,
    })
    .from(appointments)
    .innerJoin(cabins, eq(cabins.id, appointments.cabinId))
    .innerJoin(customers, eq(customers.id, appointments.customerId))
    .where(
      and(
        eq(appointments.branchId, lock.branchId),
        live(appointments),
        sql`${appointments.status} in ('scheduled', 'inProcess')`,
        sql`${appointments.date} >= ${from}`,
        lastDay ? sql`${appointments.date} <= ${lastDay}` : undefined,
        lock.type !== 'day' && lock.cabinId ? eq(appointments.cabinId, lock.cabinId) : undefined,
        weekly && lock.days.length
          ? sql`extract(dow from ${appointments.date})::int in (${sql.join(
              lock.days.map((d) => sql`${d}`),
              sql`, `,
            )})`
          : undefined,
        ranged
          ? sql`${appointments.startTime} < ${lock.time[1]}::time and (${appointments.endTime} > ${lock.time[0]}::time or ${appointments.endTime} = '00:00')`
          : undefined,
      ),
    )
    .orderBy(asc(appointments.date), asc(appointments.startTime), asc(cabins.name))
    .limit(OVERLAP_CANDIDATES);
}
