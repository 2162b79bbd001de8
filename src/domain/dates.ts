export const BUSINESS_TIME_ZONE = 'America/Tijuana';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** Branch time zones by the spec's zone names. */
export const ZONE_TIME_ZONES = {
  Noroeste: 'America/Tijuana',
  Pacifico: 'America/Mazatlan',
  Centro: 'America/Mexico_City',
  Sureste: 'America/Cancun',
} as const;
export type BranchZone = keyof typeof ZONE_TIME_ZONES;

/** Idle guard (section 9): 900000 ms, prompt 60000 ms before, throttle 500 ms. */
export const IDLE_TIMEOUT_MS = 900_000;
export const IDLE_PROMPT_MS = 60_000;
export const IDLE_THROTTLE_MS = 500;

const zoneFormatters = new Map<string, Intl.DateTimeFormat>();

/** Building an Intl.DateTimeFormat costs far more than using one: one per zone, kept. */
function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let f = zoneFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    zoneFormatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of a time zone at an instant: its date (YYYY-MM-DD) and the minutes since its midnight. */
export function zonedClock(timeZone: string, now: Date = new Date()): { date: string; minutes: number } {
  // every row of a list asks for today: formatToParts once per zone and minute
  const minute = Math.floor(now.getTime() / 60_000);
  const cached = lastClock.get(timeZone);
  if (cached?.minute === minute) return cached.clock;
  const parts: Record<string, string> = {};
  for (const p of zoneFormatter(timeZone).formatToParts(now)) parts[p.type] = p.value;
  const clock = Object.freeze({ date: `${parts.year}-${parts.month}-${parts.day}`, minutes: Number(parts.hour) * 60 + Number(parts.minute) });
  lastClock.set(timeZone, { minute, clock });
  return clock;
}
const lastClock = new Map<string, { minute: number; clock: { date: string; minutes: number } }>();

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dateInZone(timeZone: string, now: Date = new Date()): string {
  return zonedClock(timeZone, now).date;
}
