import { getTableColumns, getTableName, is, sql, SQL, type Table } from 'drizzle-orm';
import { zonedInstant } from '../../../domain/dates';
import type { Db } from '../client';
import { demoId } from './random';

/**
 * Inserts many demo rows in a few statements: each chunk travels as one JSON parameter that
 * json_populate_recordset turns into rows of the table, several times faster than a VALUES list
 * with a parameter per cell. Rows use the schema's property names; a missing value falls back to
 * the column's literal default (or '{}' for array columns), so every NOT NULL column without one
 * — ids and timestamps included — must be given.
 */
export async function bulkInsert<T extends Table>(db: Db, table: T, rows: T['$inferInsert'][], chunk = 5000): Promise<void> {
  if (!rows.length) return;
  const name = getTableName(table);
  // generated columns (customers.search_name) are PostgreSQL's to write
  const columns = (
    Object.entries(getTableColumns(table)) as [
      string,
      { name: string; default?: unknown; notNull: boolean; columnType: string; generated?: unknown; mapToDriverValue(v: unknown): unknown },
    ][]
  )
    .filter(([, col]) => !col.generated)
    .map(([key, col]) => {
      const literal = col.default !== undefined && !is(col.default, SQL);
      // a custom column (money as Cents) is written the way the driver would write it
      const toDriver = col.columnType === 'PgCustomColumn' ? (v: unknown) => col.mapToDriverValue(v) : undefined;
      return { key, name: col.name, toDriver, fallback: literal ? col.default : col.columnType === 'PgArray' ? [] : col.notNull ? undefined : null };
    });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const record = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const col of columns) {
      let v = row[col.key];
      if (v === undefined) {
        if (col.fallback === undefined) throw new Error(`Demo: falta ${name}.${col.name}`);
        v = col.fallback;
      }
      if (col.toDriver && v !== null) v = col.toDriver(v);
      // arrays travel as PostgreSQL array literals: parsing them is far cheaper than JSON arrays
      out[col.name] = v instanceof Date ? v.toISOString() : Array.isArray(v) ? `{${v.map((x) => `"${String(x).replace(/["\\]/g, '\\$&')}"`).join(',')}}` : v;
    }
    return out;
  };
  for (let i = 0; i < rows.length; i += chunk) {
    const json = JSON.stringify(rows.slice(i, i + chunk).map((r) => record(r as Record<string, unknown>)));
    await db.execute(sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${sql.identifier(name)}, ${json}::json)`);
  }
}

/** Deterministic UUIDs for numbered demo rows: one hash per kind, the number in the last group. */
export function idMaker(kind: string): (n: number) => string {
  const base = demoId(kind).slice(0, 24);
  return (n) => base + n.toString(16).padStart(12, '0');
}

/** Calendar days as integers (days since 1970-01-01), the way the demo history counts them. */
export const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;
export const isoOfDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
/** 0 = Sunday … 6 = Saturday, as in the schedules. */
export const weekday = (day: number) => (day + 4) % 7;
export const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const offsets = new Map<string, Map<number, number>>();
/** The UTC instant of a branch's wall-clock minute on a demo day. */
export function branchInstant(timeZone: string, day: number, minute: number): Date {
  // before 03:00 a daylight-saving day may still keep the previous offset (Tijuana changes at 02:00): read it exactly.
  // With noon's offset the nightly job at 00:10 of a spring Sunday ran at 23:10 of the Saturday and left it open
  if (minute < 3 * 60) return zonedInstant(timeZone, isoOfDay(day), minute);
  let zone = offsets.get(timeZone);
  if (!zone) offsets.set(timeZone, (zone = new Map()));
  let offset = zone.get(day);
  if (offset === undefined) {
    // the zone's offset at noon that day: wall clock minus UTC
    const noon = new Date(day * 86_400_000 + 12 * 3_600_000);
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(noon);
    const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
    const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
    offset = (wall - noon.getTime()) / 60_000;
    zone.set(day, offset);
  }
  return new Date(day * 86_400_000 + (minute - offset) * 60_000);
}
