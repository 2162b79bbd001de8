import { sql } from 'drizzle-orm';
import { weekDay, type LockLike, type LockType } from '../../../../domain/agenda';
import { addByHour, cabinOpenIntervals, hourLabel, type Interval } from '../../../../domain/occupation';
import { occupationBand, occupationPercent, REPORTS, type ReportColumn } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { ScheduleEntry } from '../../../../domain/schedules';
import { AppError } from '../../../platform/app-error';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import type { ReportPeriod } from '../period';
import { UUID } from './drill-key';
import { branchIs, rowsOf } from './money-rows';
import { cabinSummary } from './summary-rows';

/** A lock with the last day it can touch (lockLastDay's rule: recurrent and hour-range locks never end). */
type DatedLock = LockLike & { lastDay: string };

interface CabinRow {
  id: string;
  name: string;
  branchId: string;
  branch: string;
  /** Shown by the agenda (active, not deleted); another is reported only with booked minutes in the period. */
  live: boolean;
}

/** Every day of the period with its weekday. */
function daysOf(period: ReportPeriod): { date: string; day: number }[] {
  const days: { date: string; day: number }[] = [];
  for (let t = Date.parse(`${period.from}T12:00:00Z`); ; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (date > period.to) return days;
    days.push({ date, day: weekDay(date) });
  }
}

const hm = (t: string) => t.slice(0, 5);

/**
 * Every cabin of the scope (`live`: one the agenda shows, active and not deleted; the report adds any other that has
 * booked minutes in the period, so no booked minute goes missing), the branches' and cabins' live schedules and the locks that may touch
 * the period (lockLastDay's rule, as the agenda reads them): four set-based reads.
 */
async function setting(scope: ReportScope, cabinId: string | undefined) {
  const { db, period, branchId } = scope;
  const cabinIs = cabinId ? sql`c.id = ${cabinId}::uuid` : sql`true`;
  const [cabins, branchSchedules, cabinSchedules, locks] = await Promise.all([
    db.execute(sql`select c.id, c.name, c.branch_id, b.name as branch, c.active and c.deleted_at is null as live
      from cabins c join branches b on b.id = c.branch_id join cabin_types ct on ct.id = c.type_id
      where ${branchIs(sql`c.branch_id`, branchId)} and ${cabinIs}
      order by b.name, ct."order", c.name, c.id`),
    db.execute(sql`select s.branch_id as owner, s.day, left(s.opening::text, 5) as opening, left(s.closing::text, 5) as closing
      from branch_schedules s where s.deleted_at is null and ${branchIs(sql`s.branch_id`, branchId)}`),
    db.execute(sql`select s.cabin_id as owner, s.day, left(s.opening::text, 5) as opening, left(s.closing::text, 5) as closing
      from cabin_schedules s join cabins c on c.id = s.cabin_id where s.deleted_at is null and ${branchIs(sql`c.branch_id`, branchId)} and ${cabinIs}`),
    db.execute(sql`select l.branch_id, l.type, l.cabin_id, array_to_json(l.time) as time, l.date::text as date, l.end_date::text as end_date,
        array_to_json(l.days) as days, l.recurrent
      from locks l where l.deleted_at is null and ${branchIs(sql`l.branch_id`, branchId)} and l.date <= ${period.to}::date
        and (case when l.recurrent or l.type = 'hours_range' then 'infinity'::date else coalesce(l.end_date, l.date) end) >= ${period.from}::date`),
  ]);
  const schedulesBy = (result: unknown) => {
    const by = new Map<string, ScheduleEntry[]>();
    for (const s of rowsOf<{ owner: string; day: number; opening: string; closing: string }>(result)) {
      const list = by.get(s.owner) ?? [];
      list.push({ day: Number(s.day), opening: hm(s.opening), closing: hm(s.closing) });
      by.set(s.owner, list);
    }
    return by;
  };
  const locksBy = new Map<string, DatedLock[]>();
  for (const l of rowsOf<{
    branch_id: string;
    type: LockType;
    cabin_id: string | null;
    time: string[] | string;
    date: string;
    end_date: string | null;
    days: number[] | string;
    recurrent: boolean;
  }>(locks)) {
    const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    const lastDay = l.recurrent || l.type === 'hours_range' ? '9999-12-31' : (l.end_date ?? l.date);
    const list = locksBy.get(l.branch_id) ?? [];
    list.push({
      type: l.type,
      cabinId: l.cabin_id,
      time: json(l.time),
      date: l.date,
      endDate: l.end_date,
      days: json(l.days).map(Number),
      recurrent: l.recurrent,
      lastDay,
    });
    locksBy.set(l.branch_id, list);
  }
  const cabinRows = rowsOf<{ id: string; name: string; branch_id: string; branch: string; live: boolean }>(cabins).map((c): CabinRow => ({
    id: c.id,
    name: c.name,
    branchId: c.branch_id,
    branch: c.branch,
    live: c.live,
  }));
  return { cabins: cabinRows, branchSchedules: schedulesBy(branchSchedules), cabinSchedules: schedulesBy(cabinSchedules), locksBy };
}

/**
 * The days of the period sorted into kinds that open every cabin alike: the same weekday and the same of a cabin's locks
 * touching it (and whether the day is each lock's own date, which a one-day lock depends on). lockWindow reads nothing
 * else of the date, so a cabin's year is about seven kinds plus the days its own locks fall on. A lock over the whole
 * period (from before it, never ending in it) is the same on every day and goes into every kind; each other lock marks
 * only the days it spans, so the work grows with the days and the locks, not with their product.
 */
function dayKinds(days: { date: string; day: number }[], locks: DatedLock[]) {
  const first = days[0]?.date;
  const last = days.at(-1)?.date;
  if (!first || !last) return [];
  const indexOf = (date: string) => Math.round((Date.parse(date) - Date.parse(first)) / 86_400_000);
  const whole: LockLike[] = [];
  const marked = new Map<number, number[]>();
  locks.forEach((l, i) => {
    if (l.date < first && l.lastDay >= last) return void whole.push(l);
    const to = l.lastDay >= last ? days.length - 1 : indexOf(l.lastDay);
    for (let d = l.date < first ? 0 : indexOf(l.date); d <= to; d++) {
      const list = marked.get(d);
      if (list) list.push(i);
      else marked.set(d, [i]);
    }
  });
  const kinds = new Map<string, { date: string; day: number; locks: LockLike[]; count: number }>();
  days.forEach(({ date, day }, d) => {
    const own = marked.get(d);
    let key = String(day);
    for (const i of own ?? []) key += locks[i]!.date === date ? `|${i}=` : `|${i}`;
    const kind = kinds.get(key);
    if (kind) kind.count++;
    else kinds.set(key, { date, day, locks: own ? [...whole, ...own.map((i) => locks[i]!)] : whole, count: 1 });
  });
  return [...kinds.values()];
}

/**
 * Each cabin's open minutes over the period, as 24 hourly sums: for every day, its hours that weekday within the
 * branch's (cabinDayHours, the booking's rule) minus what the branch's locks block there (lockWindow; an 'hour' lock
 * its own half hours); each kind of day (dayKinds) is worked out once and counted as many times as it occurs.
 */
async function openMinutesByHour(scope: ReportScope, cabinId?: string): Promise<{ cabins: CabinRow[]; open: Map<string, number[]> }> {
  const s = await setting(scope, cabinId);
  const days = daysOf(scope.period);
  const open = new Map<string, number[]>();
  const byBranch = new Map<string, CabinRow[]>();
  for (const c of s.cabins) byBranch.set(c.branchId, [...(byBranch.get(c.branchId) ?? []), c]);
  for (const [branchId, cabins] of byBranch) {
    const branchSchedule = s.branchSchedules.get(branchId) ?? [];
    // a day lock or one without a cabin closes every cabin; the others only their own
    const shared: DatedLock[] = [];
    const ownBy = new Map<string, DatedLock[]>();
    for (const l of s.locksBy.get(branchId) ?? []) {
      if (l.type === 'day' || !l.cabinId) shared.push(l);
      else ownBy.set(l.cabinId, [...(ownBy.get(l.cabinId) ?? []), l]);
    }
    for (const c of cabins) {
      const hours = new Array<number>(24).fill(0);
      for (const kind of dayKinds(days, [...shared, ...(ownBy.get(c.id) ?? [])])) {
        const intervals: Interval[] = cabinOpenIntervals(branchSchedule, s.cabinSchedules.get(c.id) ?? [], kind.locks, c.id, kind.date, kind.day);
        const once = addByHour(new Array<number>(24).fill(0), intervals);
        for (let h = 0; h < 24; h++) hours[h]! += once[h]! * kind.count;
      }
      open.set(c.id, hours);
    }
  }
  return { cabins: s.cabins, open };
}

/** The cabin-days of the scope's period (one cabin's for a drill). */
const cabinDays = (scope: ReportScope, cabinId?: string) =>
  cabinSummary(scope.period, scope.branchId, cabinId ? sql`s.cabin_id = ${cabinId}::uuid` : sql`true`);

/**
 * Each cabin's booked minutes of the period (appointments scheduled, in process or finished: those that hold the
 * cabin), as a total and by hour of the day (an appointment split at the hours it crosses), from the cabin-days'
 * summary (report_cabin_day, migration 0028).
 */
async function bookedMinutes(scope: ReportScope, cabinId?: string): Promise<Map<string, number>> {
  const rows = rowsOf<{ cabin_id: string; minutes: number }>(
    await scope.db.execute(sql`select d.cabin_id, sum(d.booked_minutes)::int as minutes from ${cabinDays(scope, cabinId)} d group by d.cabin_id`),
  );
  return new Map(rows.map((r) => [r.cabin_id, Number(r.minutes)]));
}

/** The same by hour of the day (24 sums; the heat map's cells). */
async function bookedMinutesByHour(scope: ReportScope, cabinId?: string): Promise<Map<string, number[]>> {
  const rows = rowsOf<{ cabin_id: string; by_hour: number[] | string }>(
    await scope.db.execute(sql`select d.cabin_id, array_to_json(report_sum_by_hour(d.booked_by_hour)) as by_hour
      from ${cabinDays(scope, cabinId)} d group by d.cabin_id`),
  );
  return new Map(rows.map((r) => [r.cabin_id, (typeof r.by_hour === 'string' ? (JSON.parse(r.by_hour) as number[]) : r.by_hour).map(Number)]));
}

const sum = (list: number[] | undefined) => (list ?? []).reduce((a, b) => a + b, 0);
const figures = (openMinutes: number, bookedMinutes: number) => {
  const occupation = occupationPercent(bookedMinutes, openMinutes);
  return { openMinutes, bookedMinutes, occupation, band: occupationBand(occupation) };
};

const count = (key: string, label: string): ReportColumn => ({ key, label, type: 'number', sums: true });
/** The drill's columns: a cabin's hours of the day (the heat map's cells). */
const HOUR_COLUMNS: ReportColumn[] = [
  { key: 'branch', label: 'Sucursal', type: 'text' },
  { key: 'cabin', label: 'Cabina', type: 'text' },
  { key: 'hour', label: 'Hora', type: 'text' },
  count('openMinutes', 'Minutos abiertos'),
  count('bookedMinutes', 'Minutos agendados'),
  { key: 'occupation', label: 'Ocupación', type: 'percent' },
];

/**
 * Occupation: per cabin, booked minutes ÷ open minutes × 100 (occupationPercent), for past and future days alike.
 * Each row also carries its band (red, yellow, green: occupationBand) for the table's colour, and the cabin's id for
 * the drill. The totals row is the chain's (or branch's) own ratio.
 * Drill: key = a cabin id → that cabin's hours of the day; key = 'all' → every cabin × hour of the scope, the
 * occupation heat map in one call. Each row's minutes are the sum over the period's days of that hour, so the hours of
 * a cabin add up to its row.
 */
export const occupation: ReportDefinition = {
  meta: REPORTS.occupation,
  async rows(scope) {
    const [{ cabins, open }, booked] = await Promise.all([openMinutesByHour(scope), bookedMinutes(scope)]);
    const rows: ReportRow[] = cabins
      .filter((c) => c.live || booked.get(c.id))
      .map((c) => ({ branch: c.branch, branchId: c.branchId, cabin: c.name, cabinId: c.id, ...figures(sum(open.get(c.id)), booked.get(c.id) ?? 0) }));
    const all = figures(
      rows.reduce((s, r) => s + Number(r.openMinutes), 0),
      rows.reduce((s, r) => s + Number(r.bookedMinutes), 0),
    );
    return { rows, totals: { branch: null, cabin: null, openMinutes: all.openMinutes, bookedMinutes: all.bookedMinutes, occupation: all.occupation } };
  },
  async drill(scope, key) {
    let cabinId: string | undefined;
    if (key !== 'all') {
      if (!UUID.test(key)) throw new AppError('CABIN_NOT_FOUND');
      const [cabin] = rowsOf<{ branch_id: string }>(await scope.db.execute(sql`select branch_id from cabins where id = ${key}::uuid`));
      if (!cabin) throw new AppError('CABIN_NOT_FOUND');
      assertBranchAccess(scope.actor, cabin.branch_id);
      if (scope.branchId && scope.branchId !== cabin.branch_id) return { columns: HOUR_COLUMNS, rows: [] };
      cabinId = key;
    }
    const [{ cabins, open }, booked] = await Promise.all([openMinutesByHour(scope, cabinId), bookedMinutesByHour(scope, cabinId)]);
    const rows: ReportRow[] = [];
    for (const c of cabins.filter((x) => x.live || booked.get(x.id)?.some(Boolean)))
      for (let hour = 0; hour < 24; hour++) {
        const o = open.get(c.id)?.[hour] ?? 0;
        const b = booked.get(c.id)?.[hour] ?? 0;
        if (!o && !b) continue;
        const f = figures(o, b);
        // an hour never open has no occupation (the heat map leaves it blank)
        rows.push({
          branch: c.branch,
          branchId: c.branchId,
          cabin: c.name,
          cabinId: c.id,
          hour: hourLabel(hour),
          hourOfDay: hour,
          ...f,
          ...(!o && { occupation: null, band: null }),
        });
      }
    return { columns: HOUR_COLUMNS, rows };
  },
};
