import { describe, expect, it } from 'vitest';
import { zonedInstant } from './dates';
import { latestOccurrence, nextOccurrence, occurrencePeriod, periodQuery } from './report-subscriptions';
import { reportSubscriptionSchema } from './report-subscriptions.contract';

const TIJUANA = 'America/Tijuana';
const at = (day: string, hhmm: string, zone = TIJUANA) => {
  const [h, m] = hhmm.split(':').map(Number);
  return zonedInstant(zone, day, h! * 60 + m!);
};

describe('the schedule of a report subscription', () => {
  it('a daily one is due at its local hour; before it, yesterday’s occurrence is the latest', () => {
    const s = { frequency: 'daily', hour: 7, timeZone: TIJUANA } as const;
    expect(latestOccurrence(s, at('2026-03-10', '07:00'))).toEqual({ day: '2026-03-10', at: at('2026-03-10', '07:00') });
    expect(latestOccurrence(s, at('2026-03-10', '06:59')).day).toBe('2026-03-09');
    // the day Tijuana moves its clocks forward (8 March 2026): still 07:00 on the wall clock
    expect(latestOccurrence(s, at('2026-03-08', '12:00')).at.toISOString()).toBe('2026-03-08T14:00:00.000Z');
    expect(latestOccurrence(s, at('2026-03-07', '12:00')).at.toISOString()).toBe('2026-03-07T15:00:00.000Z');
    expect(occurrencePeriod('daily', '2026-03-10')).toEqual({ from: '2026-03-09', to: '2026-03-09' });
    expect(nextOccurrence(s, at('2026-03-10', '08:00'))).toEqual(at('2026-03-11', '07:00'));
  });

  it('a weekly one is due on Mondays with the week before; a monthly one on the 1st with the month before', () => {
    const weekly = { frequency: 'weekly', hour: 6, timeZone: 'America/Mexico_City' } as const;
    // Wednesday 2026-11-18 → Monday the 16th
    expect(latestOccurrence(weekly, at('2026-11-18', '10:00', 'America/Mexico_City')).day).toBe('2026-11-16');
    expect(latestOccurrence(weekly, at('2026-11-16', '05:00', 'America/Mexico_City')).day).toBe('2026-11-09');
    expect(occurrencePeriod('weekly', '2026-11-16')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    const monthly = { frequency: 'monthly', hour: 0, timeZone: TIJUANA } as const;
    expect(latestOccurrence(monthly, at('2026-03-01', '00:00')).day).toBe('2026-03-01');
    expect(latestOccurrence(monthly, at('2026-02-28', '23:59')).day).toBe('2026-02-01');
    expect(occurrencePeriod('monthly', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(occurrencePeriod('monthly', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(nextOccurrence(monthly, at('2026-01-31', '10:00'))).toEqual(at('2026-02-01', '00:00'));
  });

  it('asks a report for a date range, or the month or year the period ends in', () => {
    const period = { from: '2025-12-01', to: '2025-12-31' };
    expect(periodQuery({ filters: ['dates', 'branch'] }, period)).toEqual({ startDate: '2025-12-01', endDate: '2025-12-31' });
    expect(periodQuery({ filters: ['month', 'branch'] }, period)).toEqual({ month: '2025-12' });
    expect(periodQuery({ filters: ['year'] }, period)).toEqual({ year: 2025 });
  });

  it('refuses a bad hour, frequency or recipient in Spanish', () => {
    const r = reportSubscriptionSchema.safeParse({ report: 'customers', frequency: 'daily', hour: 7.5, recipients: ['x@y.mx', 'X@Y.MX'] });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['hour', 'El campo hora no es válido'],
      ['recipients.1', 'El destinatario está repetido'],
    ]);
  });
});
