import type { ScheduleEntry } from '../../../domain/schedules';

export interface StoredDay {
  id: string;
  day: number;
  opening: string;
  closing: string;
}

export interface ScheduleDiff {
  update: { id: string; opening: string; closing: string }[];
  insert: ScheduleEntry[];
  remove: string[];
}

/**
 * The writes that turn the stored week into the new one, row by row: a day keeps its row when it
 * stays, so the unique (owner, day) index never sees two live rows of one day.
 */
export function diffSchedule(stored: StoredDay[], next: readonly ScheduleEntry[]): ScheduleDiff {
  const byDay = new Map(stored.map((s) => [s.day, s]));
  const diff: ScheduleDiff = { update: [], insert: [], remove: [] };
  for (const entry of next) {
    const row = byDay.get(entry.day);
    if (!row) diff.insert.push(entry);
    else if (row.opening.slice(0, 5) !== entry.opening || row.closing.slice(0, 5) !== entry.closing) {
      diff.update.push({ id: row.id, opening: entry.opening, closing: entry.closing });
    }
  }
  const kept = new Set(next.map((e) => e.day));
  for (const row of stored) if (!kept.has(row.day)) diff.remove.push(row.id);
  return diff;
}
