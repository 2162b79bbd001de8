import { describe, expect, it } from 'vitest';
import { maskPhone } from '../../ui/PhoneInput';
import { fromWeek, rowEntry, toWeek, USUAL_WEEK } from './schedule-form';

describe('week editor conversions', () => {
  it('reads a stored week into seven rows and writes all seven days back', () => {
    const week = toWeek([
      { day: 1, opening: '10:00', closing: '18:30' },
      { day: 0, opening: '00:00', closing: '00:00' },
    ]);
    expect(week).toHaveLength(7);
    expect(week[0]).toEqual({ enabled: false, range: null });
    expect(week[1].enabled).toBe(true);
    expect(week[1].range!.map((d) => d.format('HH:mm'))).toEqual(['10:00', '18:30']);
    expect(week[3]).toEqual({ enabled: false, range: null });
    const back = fromWeek(week);
    expect(back).toHaveLength(7);
    expect(back[1]).toEqual({ day: 1, opening: '10:00', closing: '18:30' });
    expect(back.filter((d) => d.day !== 1).every((d) => d.opening === '00:00' && d.closing === '00:00')).toBe(true);
  });

  it('round-trips the usual week, and a day switched off is sent closed', () => {
    expect(fromWeek(toWeek(USUAL_WEEK))).toEqual(USUAL_WEEK);
    const week = toWeek(USUAL_WEEK);
    week[6] = { ...week[6], enabled: false };
    expect(fromWeek(week)[6]).toEqual({ day: 6, opening: '00:00', closing: '00:00' });
    expect(rowEntry(6, week[6])).toBeNull();
    expect(rowEntry(1, week[1])).toEqual({ day: 1, opening: '09:00', closing: '20:00' });
    expect(rowEntry(2, { enabled: true, range: null })).toBeNull();
  });
});

describe('phone mask', () => {
  it('formats as (000)000-0000 while typing', () => {
    expect(maskPhone('6')).toBe('(6');
    expect(maskPhone('6641')).toBe('(664)1');
    expect(maskPhone('664123')).toBe('(664)123');
    expect(maskPhone('6641234567')).toBe('(664)123-4567');
    expect(maskPhone('(664)123-45678')).toBe('(664)123-4567');
    expect(maskPhone(null)).toBe('');
  });
});
