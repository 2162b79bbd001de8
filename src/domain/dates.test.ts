import { describe, expect, it } from 'vitest';
import { businessDayRange, businessDaysRange, businessMonthRange, dateInZone, zonedInstant, zoneOffsetMinutes } from './dates';

const iso = (r: { from: Date; to: Date }) => [r.from.toISOString(), r.to.toISOString()];
const hours = (r: { from: Date; to: Date }) => (r.to.getTime() - r.from.getTime()) / 3_600_000;
const TIJUANA = 'America/Tijuana';
const HERMOSILLO = 'America/Hermosillo';

describe('business day by branch zone', () => {
  it('covers 00:00:00 to 23:59:59 local: the last second belongs to the day, the next midnight does not', () => {
    const day = businessDayRange(TIJUANA, '2026-11-25');
    expect(iso(day)).toEqual(['2026-11-25T08:00:00.000Z', '2026-11-26T08:00:00.000Z']);
    const lastSecond = new Date('2026-11-26T07:59:59Z');
    expect(lastSecond >= day.from && lastSecond < day.to).toBe(true);
    expect(dateInZone(TIJUANA, lastSecond)).toBe('2026-11-25');
    expect(dateInZone(TIJUANA, day.to)).toBe('2026-11-26');
    expect(dateInZone(TIJUANA, day.from)).toBe('2026-11-25');
  });

  it('knows Hermosillo keeps UTC−7 all year while Tijuana follows US daylight saving time', () => {
    expect(iso(businessDayRange(HERMOSILLO, '2026-07-15'))).toEqual(['2026-07-15T07:00:00.000Z', '2026-07-16T07:00:00.000Z']);
    expect(iso(businessDayRange(TIJUANA, '2026-07-15'))).toEqual(['2026-07-15T07:00:00.000Z', '2026-07-16T07:00:00.000Z']);
    expect(iso(businessDayRange(HERMOSILLO, '2026-01-15'))).toEqual(['2026-01-15T07:00:00.000Z', '2026-01-16T07:00:00.000Z']);
    expect(iso(businessDayRange(TIJUANA, '2026-01-15'))).toEqual(['2026-01-15T08:00:00.000Z', '2026-01-16T08:00:00.000Z']);
    expect(zoneOffsetMinutes('America/Mexico_City', new Date('2026-07-15T12:00:00Z'))).toBe(-360);
  });

  it('gives the spring-forward day 23 hours and the fall-back day 25 in Tijuana, 24 in Hermosillo', () => {
    const spring = businessDayRange(TIJUANA, '2026-03-08');
    expect(iso(spring)).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z']);
    expect(hours(spring)).toBe(23);
    const autumn = businessDayRange(TIJUANA, '2026-11-01');
    expect(iso(autumn)).toEqual(['2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z']);
    expect(hours(autumn)).toBe(25);
    expect(hours(businessDayRange(HERMOSILLO, '2026-03-08'))).toBe(24);
    expect(hours(businessDayRange(HERMOSILLO, '2026-11-01'))).toBe(24);
    // the last second of each is still that day on the wall clock
    expect(dateInZone(TIJUANA, new Date(spring.to.getTime() - 1000))).toBe('2026-03-08');
    expect(dateInZone(TIJUANA, new Date(autumn.to.getTime() - 1000))).toBe('2026-11-01');
  });

  it('maps a skipped wall time forward and a repeated one to its first occurrence', () => {
    expect(zonedInstant(TIJUANA, '2026-03-08', 150).toISOString()).toBe('2026-03-08T10:30:00.000Z'); // 02:30 does not exist: 03:30 PDT
    expect(zonedInstant(TIJUANA, '2026-03-08', 180).toISOString()).toBe('2026-03-08T10:00:00.000Z'); // 03:00 PDT
    expect(zonedInstant(TIJUANA, '2026-11-01', 90).toISOString()).toBe('2026-11-01T08:30:00.000Z'); // 01:30 PDT, the first of two
    expect(zonedInstant(TIJUANA, '2026-11-01', 150).toISOString()).toBe('2026-11-01T10:30:00.000Z'); // 02:30 PST
  });

  it('spans whole months and day ranges, across a year end', () => {
    expect(iso(businessMonthRange(TIJUANA, '2026-03'))).toEqual(['2026-03-01T08:00:00.000Z', '2026-04-01T07:00:00.000Z']);
    expect(iso(businessMonthRange(TIJUANA, '2026-12'))).toEqual(['2026-12-01T08:00:00.000Z', '2027-01-01T08:00:00.000Z']);
    expect(iso(businessMonthRange(HERMOSILLO, '2028-02'))).toEqual(['2028-02-01T07:00:00.000Z', '2028-03-01T07:00:00.000Z']);
    expect(iso(businessDaysRange(TIJUANA, '2026-12-31', '2027-01-01'))).toEqual(['2026-12-31T08:00:00.000Z', '2027-01-02T08:00:00.000Z']);
  });
});
