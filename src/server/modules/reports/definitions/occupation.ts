import { sql } from 'drizzle-orm';
import { weekDay, type LockLike, type LockType } from '../../../../domain/agenda';
import { addByHour, hourLabel, intervalMinutes, lockIntervals, subtractFromAll, subtractIntervals, type Interval } from '../../../../domain/occupation';
import { cabinDayHours } from '../../../../domain/appointment-rules';
import { occupationBand, occupationPercent, REPORTS, type ReportColumn } from '../../../../domain/reports';
import type { ReportRow } from '../../../../domain/reports.contract';
import type { ScheduleEntry } from '../../../../domain/schedules';
import { AppError } from '../../../platform/app-error';
import { assertBranchAccess } from '../../../platform/auth/actor';
import type { ReportDefinition, ReportScope } from '../definition';
import type { ReportPeriod } from '../period';
import { UUID } from './drill-key';
import { branchIs, rowsOf } from './money-rows';
import { openMinutesMemo } from './open-minutes-memo';
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

/** The period's days with their weekdays, and each date's place among them. */
interface PeriodDays {
  days: { date: string; day: number }[];
  first: string;
  last: string;
  indexOf: Map<string, number>;
}

function daysOf(period: ReportPeriod): PeriodDays {
  const days: { date: string; day: number }[] = [];
  for (let t = Date.parse(`${period.from}T12:00:00Z`); ; t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    if (date > period.to) break;
    days.push({ date, day: weekDay(date) });
  }
  return { days, first: days[0]?.date ?? period.from, last: days.at(-1)?.date ?? period.to, indexOf: new Map(days.map((d, i) => [d.date, i])) };
}

/** The cabin `c` is the one asked for (any, without one). */
const cabinIs = (cabinId: string | undefined) => (cabinId ? sql`c.id = ${cabinId}::uuid` : sql`true`);

/** Every cabin of the scope, in the agenda's order (branch, cabin type, name). */
async function cabinsOf({ db, branchId }: ReportScope, cabinId: string | undefined): Promise<CabinRow[]> {
  const cabins = await db.execute(sql`select c.id, c.name, c.branch_id, b.name as branch, c.active and c.deleted_at is null as live
      from cabins c join branches b on b.id = c.branch_id join cabin_types ct on ct.id = c.type_id
      where ${branchIs(sql`c.branch_id`, branchId)} and ${cabinIs(cabinId)}
      order by b.name, ct."order", c.name, c.id`);
  return rowsOf<{ id: string; name: string; branch_id: string; branch: string; live: boolean }>(cabins).map((c) => ({
    id: c.id,
    name: c.name,
    branchId: c.branch_id,
    branch: c.branch,
    live: c.live,
  }));
}

/**
 * Every cabin of the scope (`live`: one the agenda shows, active and not deleted; the report adds any other that has
 * booked minutes in the period, so no booked minute goes missing), the branches' and cabins' live schedules and the locks that may touch
 * the period (lockLastDay's rule, as the agenda reads them): four set-based reads.
 */
async function setting(scope: ReportScope, cabinId: string | undefined) {
  const { db, period, branchId } = scope;
  const [cabins, branchSchedules, cabinSchedules, locks] = await Promise.all([
    cabinsOf(scope, cabinId),
    db.execute(sql`select s.branch_id as owner, s.day, left(s.opening::text, 5) as opening, left(s.closing::text, 5) as closing
      from branch_schedules s where s.deleted_at is null and ${branchIs(sql`s.branch_id`, branchId)}`),
    db.execute(sql`select s.cabin_id as owner, s.day, left(s.opening::text, 5) as opening, left(s.closing::text, 5) as closing
      from cabin_schedules s join cabins c on c.id = s.cabin_id where s.deleted_at is null and ${branchIs(sql`c.branch_id`, branchId)} and ${cabinIs(cabinId)}`),
    db.execute(sql`select l.branch_id, l.type, l.cabin_id, l.time, l.date::text as date, l.end_date::text as end_date,
        l.days, l.recurrent
      from locks l where l.deleted_at is null and ${branchIs(sql`l.branch_id`, branchId)} and l.date <= ${period.to}::date
        and (case when l.recurrent or l.type = 'hours_range' then 'infinity'::date else coalesce(l.end_date, l.date) end) >= ${period.from}::date`),
  ]);
  const schedulesBy = (result: unknown) =>
    groupBy(
      rowsOf<{ owner: string; day: number; opening: string; closing: string }>(result),
      (s) => s.owner,
      (s): ScheduleEntry => ({ day: Number(s.day), opening: s.opening, closing: s.closing }),
    );
  const locksBy = groupBy(
    rowsOf<{
      branch_id: string;
      type: LockType;
      cabin_id: string | null;
      time: string[];
      date: string;
      end_date: string | null;
      days: number[];
      recurrent: boolean;
    }>(locks),
    (l) => l.branch_id,
    (l): DatedLock => ({
      type: l.type,
      cabinId: l.cabin_id,
      time: l.time,
      date: l.date,
      endDate: l.end_date,
      days: l.days,
      recurrent: l.recurrent,
      lastDay: l.recurrent || l.type === 'hours_range' ? '9999-12-31' : (l.end_date ?? l.date),
    }),
  );
  return { cabins, branchSchedules: schedulesBy(branchSchedules), cabinSchedules: schedulesBy(cabinSchedules), locksBy };
}

interface DayKind {
  /** A day of the kind: its weekday and whether it is a lock's own date are all lockWindow reads of it. */
  date: string;
  day: number;
  /** How many days of the period are of this kind. */
  count: number;
}

/** A kind of day of the branch: its shared locks, and what they block (cabin-agnostic: each closes every cabin). */
interface BranchKind extends DayKind {
  locks: DatedLock[];
  cuts?: Interval[];
}

/** A kind of day of one cabin: its branch's kind (an index) and the cabin's own locks on it. */
interface CabinKind extends DayKind {
  base: number;
  own: DatedLock[];
}

/** Whether a lock spans the whole period (from before it, never ending in it): the same on every day. */
const spansAll = (l: DatedLock, p: PeriodDays) => l.date < p.first && l.lastDay >= p.last;

/** The indexes of the period's days each lock touches (a lock over the whole period touches none: it is in every kind). */
function markedDays(p: PeriodDays, locks: DatedLock[]): Map<number, number[]> {
  const marked = new Map<number, number[]>();
  locks.forEach((l, i) => {
    if (spansAll(l, p)) return;
    const to = l.lastDay >= p.last ? p.days.length - 1 : p.indexOf.get(l.lastDay)!;
    for (let d = l.date < p.first ? 0 : p.indexOf.get(l.date)!; d <= to; d++) {
      const list = marked.get(d);
      if (list) list.push(i);
      else marked.set(d, [i]);
    }
  });
  return marked;
}

/** A kind's key: its weekday (or base kind) and the locks that mark the day, each with whether the day is its own date. */
function kindKey(base: string, locks: DatedLock[], marks: number[] | undefined, date: string): string {
  let key = base;
  for (const i of marks ?? []) key += locks[i]!.date === date ? `|${i}=` : `|${i}`;
  return key;
}

/**
 * The days of the period sorted into kinds that open every cabin of a branch alike: the same weekday and the same of the
 * branch's shared locks (a day lock or one without a cabin) touching it. lockWindow reads nothing else of the date, so a
 * year is about seven kinds plus the days the locks fall on. `of[d]` is day d's kind.
 */
function branchKinds(p: PeriodDays, shared: DatedLock[]): { kinds: BranchKind[]; of: number[] } {
  const whole = shared.filter((l) => spansAll(l, p));
  const marked = markedDays(p, shared);
  const kinds: BranchKind[] = [];
  const byKey = new Map<string, number>();
  const of = p.days.map(({ date, day }, d) => {
    const own = marked.get(d);
    const key = kindKey(String(day), shared, own, date);
    let k = byKey.get(key);
    if (k === undefined) {
      k = kinds.push({ date, day, locks: own ? [...whole, ...own.map((i) => shared[i]!)] : whole, count: 0 }) - 1;
      byKey.set(key, k);
    }
    kinds[k]!.count++;
    return k;
  });
  return { kinds, of };
}

/**
 * A cabin's kinds of day: its branch's, and the days its own locks touch moved to kinds of their own (the base kind's
 * day with those locks); a lock of the cabin over the whole period is on every day alike, so it is no kind's (the caller
 * takes it away from every day). The work grows with the cabin's own locked days, not with the period.
 */
function cabinKinds(p: PeriodDays, branch: { kinds: BranchKind[]; of: number[] }, own: DatedLock[]): CabinKind[] {
  const kinds: CabinKind[] = branch.kinds.map((k, base) => ({ date: k.date, day: k.day, count: k.count, base, own: [] }));
  if (!own.length) return kinds;
  const moved = new Map<string, CabinKind>();
  for (const [d, marks] of markedDays(p, own)) {
    const base = branch.of[d]!;
    const { date, day } = p.days[d]!;
    kinds[base]!.count--;
    const key = kindKey(String(base), own, marks, date);
    const kind = moved.get(key);
    if (kind) kind.count++;
    else moved.set(key, { date, day, count: 1, base, own: marks.map((i) => own[i]!) });
  }
  return [...kinds.filter((k) => k.count > 0), ...moved.values()];
}

/** `list` grouped by `key` (in order), each item as `value` makes it. */
function groupBy<T, V = T>(list: T[], key: (item: T) => string, value: (item: T) => V = (item) => item as unknown as V): Map<string, V[]> {
  const groups = new Map<string, V[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(value(item));
    else groups.set(k, [value(item)]);
  }
  return groups;
}

/**
 * Each cabin's open minutes over the period, as 24 hourly sums (`byHour`) or their total: for every day, its hours that
 * weekday within the branch's (cabinDayHours, the booking's rule) minus what the branch's locks block there (lockIntervals:
 * lockWindow, an 'hour' lock its own half hours), as cabinOpenIntervals defines it. Each kind of day (branchKinds,
 * cabinKinds) is worked out once and counted as many times as it occurs: what the branch's shared locks block on it once
 * for every cabin, and what is left of a cabin's hours once for all the kinds its own locks carve out of it. A server
 * keeps them per scope and period while the schedules, locks and cabins keep their version (open-minutes-memo.ts).
 */
async function openMinutes(scope: ReportScope, { cabinId, byHour }: { cabinId?: string; byHour: boolean }) {
  const memo = openMinutesMemo(scope.db);
  const version = await memo.version();
  const key = [scope.branchId ?? '*', cabinId ?? '*', scope.period.from, scope.period.to, byHour ? 'hours' : 'total'].join('|');
  const kept = memo.get(key, version);
  if (kept) return { cabins: await cabinsOf(scope, cabinId), open: kept };
  const s = await setting(scope, cabinId);
  const p = daysOf(scope.period);
  const open = new Map<string, number[]>();
  for (const [branchId, cabins] of groupBy(s.cabins, (c) => c.branchId)) {
    const branchSchedule = s.branchSchedules.get(branchId) ?? [];
    // a day lock or one without a cabin closes every cabin; the others only their own
    const locks = s.locksBy.get(branchId) ?? [];
    const shared = locks.filter((l) => l.type === 'day' || !l.cabinId);
    const ownBy = groupBy(
      locks.filter((l) => l.type !== 'day' && l.cabinId),
      (l) => l.cabinId!,
    );
    const branch = p.days.length ? branchKinds(p, shared) : { kinds: [], of: [] };
    for (const c of cabins) {
      const minutes = new Array<number>(byHour ? 24 : 1).fill(0);
      const cabinSchedule = s.cabinSchedules.get(c.id) ?? [];
      const own = ownBy.get(c.id) ?? [];
      // the cabin's own locks over the whole period block the same on every day of a weekday
      const whole = own.filter((l) => spansAll(l, p));
      // the cabin's hours of each base kind's weekday less the kind's shared locks and the cabin's whole-period ones
      const baseLeft = (base: BranchKind) => {
        base.cuts ??= base.locks.flatMap((l) => lockIntervals(l, c.id, base.date));
        const cuts = whole.length ? [...base.cuts, ...whole.flatMap((l) => lockIntervals(l, c.id, base.date))] : base.cuts;
        return subtractIntervals(cabinDayHours(branchSchedule, cabinSchedule, base.day), cuts);
      };
      const baseOpen: Interval[][] = [];
      for (const kind of p.days.length ? cabinKinds(p, branch, whole.length ? own.filter((l) => !spansAll(l, p)) : own) : []) {
        const left = (baseOpen[kind.base] ??= baseLeft(branch.kinds[kind.base]!));
        const intervals =
          kind.own.length && left.length
            ? subtractFromAll(
                left,
                kind.own.flatMap((l) => lockIntervals(l, c.id, kind.date)),
              )
            : left;
        if (byHour) addByHour(minutes, intervals, kind.count);
        else minutes[0]! += intervalMinutes(intervals) * kind.count;
      }
      open.set(c.id, minutes);
    }
  }
  memo.set(key, version, open);
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
    const [{ cabins, open }, booked] = await Promise.all([openMinutes(scope, { byHour: false }), bookedMinutes(scope)]);
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
    const [{ cabins, open }, booked] = await Promise.all([openMinutes(scope, { cabinId, byHour: true }), bookedMinutesByHour(scope, cabinId)]);
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
