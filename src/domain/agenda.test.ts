import { describe, expect, it } from 'vitest';
import {
  appointmentSchema,
  finishSchema,
  latestAgendaDate,
  LOCK_DATE_TOO_OLD,
  LOCK_DESCRIPTION_REQUIRED,
  LOCK_TIMES,
  lockBlocks,
  lockEnded,
  lockSchema,
  lockWindow,
  purchasedFinishSchema,
  SESSIONS_TOO_MANY,
  tooFarAhead,
  weekDay,
  type LockLike,
} from './agenda';
import { todayIn } from './age';

const BRANCH = '11111111-1111-4111-8111-111111111111';
const CABIN = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
// 2026-11-20 is a Friday (5); 2026-11-23 a Monday (1)
const FRI = '2026-11-20';

const lock = (over: Partial<LockLike>): LockLike => ({ type: 'hour', cabinId: CABIN, time: [], date: FRI, endDate: null, days: [], recurrent: false, ...over });
const errors = (payload: Record<string, unknown>) => {
  const r = lockSchema.safeParse({ branchId: BRANCH, cabainId: CABIN, reason: 'comida', date: FRI, ...payload });
  return r.success ? [] : r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
};
const fields = (payload: Record<string, unknown>) => errors(payload).map((e) => e.field);

describe('lockSchema', () => {
  it('accepts each type with what it needs', () => {
    expect(errors({ type: 'hour', time: ['10:00', '10:30:00'] })).toEqual([]);
    expect(errors({ type: 'cabain' })).toEqual([]);
    expect(errors({ type: 'day', cabainId: null })).toEqual([]);
    expect(errors({ type: 'hours_range', time: ['10:00', '12:00'], days: [1, 3] })).toEqual([]);
    expect(errors({ type: 'days_range', time: ['10:00', '12:00'], endDate: '2026-11-25' })).toEqual([]);
    expect(errors({ type: 'hour', time: ['10:00'], recurrent: true, days: [5] })).toEqual([]);
    expect(errors({ type: 'cabain', recurrent: true })).toEqual([]);
  });

  it('normalises times to HH:mm and defaults the lists', () => {
    const l = lockSchema.parse({ branchId: BRANCH, cabainId: CABIN, type: 'hour', reason: 'comida', date: '20/11/2026', time: ['09:30:00'] });
    expect(l).toMatchObject({ time: ['09:30'], date: FRI, days: [], recurrent: false });
    expect(lockSchema.parse({ branchId: BRANCH, cabainId: '', type: 'day', reason: 'licencia', date: FRI }).cabainId).toBeNull();
  });

  it('requires a description when the reason is otro', () => {
    expect(errors({ type: 'cabain', reason: 'otro' })).toEqual([{ field: 'reasonDescription', message: LOCK_DESCRIPTION_REQUIRED }]);
    expect(errors({ type: 'cabain', reason: 'otro', reasonDescription: '   ' }).map((e) => e.field)).toEqual(['reasonDescription']);
    expect(errors({ type: 'cabain', reason: 'otro', reasonDescription: 'Fumigación' })).toEqual([]);
  });

  it('requires the cabin unless the type is day', () => {
    for (const type of ['hour', 'cabain', 'hours_range', 'days_range'])
      expect(fields({ type, cabainId: null, time: ['10:00', '11:00'], days: [1], endDate: FRI })).toEqual(['cabainId']);
    expect(fields({ type: 'day', cabainId: undefined })).toEqual([]);
  });

  it('requires the time for hour and both ends for the ranges', () => {
    expect(fields({ type: 'hour' })).toEqual(['time']);
    expect(fields({ type: 'hours_range', days: [1] })).toEqual(['time', 'time']);
    expect(fields({ type: 'days_range', time: ['10:00'], endDate: FRI })).toEqual(['time']);
    expect(fields({ type: 'days_range', time: ['12:00', '10:00'], endDate: FRI })).toEqual(['time']);
    expect(fields({ type: 'hours_range', time: ['10:00', '10:00'], days: [1] })).toEqual(['time']);
  });

  it('accepts only the half-hour options from 06:00 to 22:00', () => {
    expect(LOCK_TIMES[0]).toBe('06:00');
    expect(LOCK_TIMES.at(-1)).toBe('22:00');
    expect(LOCK_TIMES).toHaveLength(33);
    expect(fields({ type: 'hour', time: ['05:30'] })).toEqual(['time.0']);
    expect(fields({ type: 'hour', time: ['22:30'] })).toEqual(['time.0']);
    expect(fields({ type: 'hour', time: ['10:15'] })).toEqual(['time.0']);
  });

  it('requires days for hours_range and an end date not before the start for days_range', () => {
    expect(fields({ type: 'hours_range', time: ['10:00', '12:00'] })).toEqual(['days']);
    expect(fields({ type: 'days_range', time: ['10:00', '12:00'] })).toEqual(['endDate']);
    expect(fields({ type: 'days_range', time: ['10:00', '12:00'], endDate: '2026-11-19' })).toEqual(['endDate']);
    expect(fields({ type: 'hours_range', time: ['10:00', '12:00'], days: [7] })).toEqual(['days.0']);
  });

  it('allows recurrent only for hour and cabin locks', () => {
    expect(fields({ type: 'day', recurrent: true })).toEqual(['recurrent']);
    expect(fields({ type: 'hours_range', time: ['10:00', '12:00'], days: [1], recurrent: true })).toEqual(['recurrent']);
    expect(fields({ type: 'days_range', time: ['10:00', '12:00'], endDate: FRI, recurrent: true })).toEqual(['recurrent']);
  });

  it('refuses missing type, reason and date', () => {
    const r = lockSchema.safeParse({ branchId: BRANCH });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(expect.arrayContaining(['type', 'reason', 'date']));
  });
});

describe('date bounds (two years ahead; locks not before 2000)', () => {
  const nextDay = (d: string) => new Date(Date.parse(d + 'T12:00:00Z') + 86_400_000).toISOString().slice(0, 10);
  it('gives today plus two years as the last date', () => {
    expect(latestAgendaDate('2026-11-22')).toBe('2028-11-22');
    expect(tooFarAhead('2028-11-22', '2026-11-22')).toBeNull();
    expect(tooFarAhead('2028-11-23', '2026-11-22')).toBe('La fecha no puede ser posterior al 22/11/2028');
  });
  it('refuses lock dates before 2000 and beyond two years, on date and endDate', () => {
    const latest = latestAgendaDate(todayIn());
    expect(errors({ type: 'cabain', date: '1999-12-31' })).toEqual([{ field: 'date', message: LOCK_DATE_TOO_OLD }]);
    expect(fields({ type: 'cabain', date: latest })).toEqual([]);
    expect(fields({ type: 'cabain', date: nextDay(latest) })).toEqual(['date']);
    expect(fields({ type: 'days_range', time: ['10:00', '12:00'], endDate: nextDay(latest) })).toEqual(['endDate']);
  });
});

describe('appointment and finish payloads', () => {
  const base = {
    branchId: BRANCH,
    cabainId: CABIN,
    treatmentTypeId: OTHER,
    customerId: OTHER,
    date: todayIn(),
    startTime: '10:00',
    appointmentMethod: 'phoneCall',
    appointmentOption: 'newTreatments',
    treatmentId: OTHER,
  };
  const issues = (payload: Record<string, unknown>) => {
    const r = appointmentSchema.safeParse({ ...base, ...payload });
    return r.success ? [] : r.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
  };
  it('takes 1 to 50 sessions with a field message', () => {
    expect(issues({ sessions: 50 })).toEqual([]);
    expect(issues({ sessions: 51 })).toEqual([{ field: 'sessions', message: SESSIONS_TOO_MANY }]);
    expect(issues({ sessions: 0 })).toEqual([{ field: 'sessions', message: 'El campo sesiones es requerido' }]);
  });
  it('refuses a date more than two years ahead', () => {
    const latest = latestAgendaDate(todayIn());
    expect(issues({ date: latest })).toEqual([]);
    expect(issues({ date: `${Number(latest.slice(0, 4)) + 1}${latest.slice(4)}` }).map((i) => i.field)).toEqual(['date']);
  });
  it('finishes without areas when the server finds none (valuations), with at most 50 sessions', () => {
    expect(finishSchema.parse({ attendedById: OTHER, sessions: 1 }).sessionAreas).toEqual([]);
    expect(finishSchema.safeParse({ attendedById: OTHER, sessions: 51 }).success).toBe(false);
    expect(purchasedFinishSchema.parse({ attendedById: OTHER, sessions: 2, stockIds: [CABIN, CABIN] })).toMatchObject({
      sessionAreas: [],
      stockIds: [CABIN, CABIN],
    });
  });
});

describe('weekDay', () => {
  it('numbers days 0 Sunday to 6 Saturday whatever the machine zone', () => {
    expect(weekDay(FRI)).toBe(5);
    expect(weekDay('2026-11-22')).toBe(0);
    expect(weekDay('2026-11-28')).toBe(6);
  });
});

describe('lockWindow', () => {
  it('day: every cabin, only on its date, the whole day', () => {
    const l = lock({ type: 'day', cabinId: null });
    expect(lockWindow(l, CABIN, FRI)).toEqual([0, 1440]);
    expect(lockWindow(l, OTHER, FRI)).toEqual([0, 1440]);
    expect(lockWindow(l, CABIN, '2026-11-21')).toBeNull();
    expect(lockWindow(l, CABIN, '2026-11-19')).toBeNull();
    // a day lock that names a cabin still closes them all
    expect(lockWindow(lock({ type: 'day', cabinId: CABIN }), OTHER, FRI)).toEqual([0, 1440]);
  });

  it('cabain: its cabin only, the whole day', () => {
    const l = lock({ type: 'cabain' });
    expect(lockWindow(l, CABIN, FRI)).toEqual([0, 1440]);
    expect(lockWindow(l, OTHER, FRI)).toBeNull();
    expect(lockWindow(l, CABIN, '2026-11-27')).toBeNull();
  });

  it('cabain recurrent: from its date on, every day without days, the listed weekdays with them', () => {
    const every = lock({ type: 'cabain', recurrent: true });
    expect(lockWindow(every, CABIN, '2026-11-19')).toBeNull();
    expect(lockWindow(every, CABIN, FRI)).toEqual([0, 1440]);
    expect(lockWindow(every, CABIN, '2027-03-02')).toEqual([0, 1440]);
    const mondays = lock({ type: 'cabain', recurrent: true, days: [1] });
    expect(lockWindow(mondays, CABIN, FRI)).toBeNull();
    expect(lockWindow(mondays, CABIN, '2026-11-23')).toEqual([0, 1440]);
    expect(lockWindow(mondays, CABIN, '2026-11-16')).toBeNull();
  });

  it('hour: from the first slot to the end of the last one', () => {
    const l = lock({ time: ['12:00', '10:00'] });
    expect(lockWindow(l, CABIN, FRI)).toEqual([600, 750]);
    expect(lockWindow(l, OTHER, FRI)).toBeNull();
    expect(lockWindow(l, CABIN, '2026-11-21')).toBeNull();
    expect(lockWindow(lock({ time: [] }), CABIN, FRI)).toBeNull();
  });

  it('hour recurrent: every day without days, only the listed weekdays with them', () => {
    const daily = lock({ time: ['14:00'], recurrent: true });
    expect(lockWindow(daily, CABIN, '2026-11-21')).toEqual([840, 870]);
    expect(lockWindow(daily, CABIN, '2026-11-19')).toBeNull();
    const monWed = lock({ time: ['14:00'], recurrent: true, days: [1, 3] });
    expect(lockWindow(monWed, CABIN, '2026-11-23')).toEqual([840, 870]);
    expect(lockWindow(monWed, CABIN, '2026-11-25')).toEqual([840, 870]);
    expect(lockWindow(monWed, CABIN, '2026-11-24')).toBeNull();
    expect(lockWindow(monWed, CABIN, FRI)).toBeNull();
  });

  it('hour not recurrent ignores days', () => {
    expect(lockWindow(lock({ time: ['10:00'], days: [1] }), CABIN, FRI)).toEqual([600, 630]);
    expect(lockWindow(lock({ time: ['10:00'], days: [1] }), CABIN, '2026-11-23')).toBeNull();
  });

  it('hours_range: its weekdays from its date on, with no end', () => {
    const l = lock({ type: 'hours_range', time: ['10:00', '12:00'], days: [1, 5] });
    expect(lockWindow(l, CABIN, FRI)).toEqual([600, 720]);
    expect(lockWindow(l, CABIN, '2026-11-23')).toEqual([600, 720]);
    expect(lockWindow(l, CABIN, '2028-01-03')).toEqual([600, 720]);
    expect(lockWindow(l, CABIN, '2026-11-24')).toBeNull();
    expect(lockWindow(l, CABIN, '2026-11-16')).toBeNull();
    expect(lockWindow(l, OTHER, FRI)).toBeNull();
    expect(lockWindow(lock({ type: 'hours_range', time: ['10:00', '12:00'], days: [] }), CABIN, FRI)).toBeNull();
  });

  it('days_range: every day from date to endDate, both included', () => {
    const l = lock({ type: 'days_range', time: ['08:00', '09:30'], endDate: '2026-11-23' });
    expect(lockWindow(l, CABIN, '2026-11-19')).toBeNull();
    expect(lockWindow(l, CABIN, FRI)).toEqual([480, 570]);
    expect(lockWindow(l, CABIN, '2026-11-22')).toEqual([480, 570]);
    expect(lockWindow(l, CABIN, '2026-11-23')).toEqual([480, 570]);
    expect(lockWindow(l, CABIN, '2026-11-24')).toBeNull();
    expect(lockWindow(lock({ type: 'days_range', time: ['08:00', '09:30'] }), CABIN, '2026-11-21')).toBeNull();
  });
});

describe('lockBlocks', () => {
  const range = lock({ type: 'days_range', time: ['10:00', '12:00'], endDate: FRI });

  it('blocks what overlaps and lets slots that only touch an end pass', () => {
    expect(lockBlocks(range, CABIN, FRI, '10:00', '10:30')).toBe(true);
    expect(lockBlocks(range, CABIN, FRI, '11:30', '12:00')).toBe(true);
    expect(lockBlocks(range, CABIN, FRI, '09:30', '10:30')).toBe(true);
    expect(lockBlocks(range, CABIN, FRI, '09:00', '13:00')).toBe(true);
    expect(lockBlocks(range, CABIN, FRI, '09:30', '10:00')).toBe(false);
    expect(lockBlocks(range, CABIN, FRI, '12:00', '12:30')).toBe(false);
    expect(lockBlocks(range, OTHER, FRI, '10:00', '10:30')).toBe(false);
  });

  it('hour: only its own slots, not the gaps between them', () => {
    const l = lock({ time: ['10:00', '12:00'] });
    expect(lockBlocks(l, CABIN, FRI, '10:00', '10:30')).toBe(true);
    expect(lockBlocks(l, CABIN, FRI, '12:00', '12:30')).toBe(true);
    expect(lockBlocks(l, CABIN, FRI, '11:00', '11:30')).toBe(false);
    expect(lockBlocks(l, CABIN, FRI, '10:30', '12:00')).toBe(false);
    expect(lockBlocks(l, CABIN, FRI, '10:30', '12:30')).toBe(true);
    expect(lockBlocks(l, CABIN, FRI, '09:30', '10:00')).toBe(false);
    expect(lockBlocks(l, CABIN, FRI, '12:30', '13:00')).toBe(false);
  });

  it('day and cabain block the whole day, up to an end at midnight', () => {
    expect(lockBlocks(lock({ type: 'day', cabinId: null }), OTHER, FRI, '23:30', '00:00')).toBe(true);
    expect(lockBlocks(lock({ type: 'cabain' }), CABIN, FRI, '00:00', '00:30')).toBe(true);
    expect(lockBlocks(lock({ type: 'cabain' }), CABIN, '2026-11-21', '10:00', '10:30')).toBe(false);
  });

  it('recurrent hour locks block on their weekdays only', () => {
    const l = lock({ time: ['14:00'], recurrent: true, days: [1] });
    expect(lockBlocks(l, CABIN, '2026-11-30', '13:30', '14:30')).toBe(true);
    expect(lockBlocks(l, CABIN, '2026-12-01', '13:30', '14:30')).toBe(false);
  });

  it('hours_range blocks only its window on its weekdays', () => {
    const l = lock({ type: 'hours_range', time: ['16:00', '18:00'], days: [5] });
    expect(lockBlocks(l, CABIN, '2026-11-27', '17:30', '18:30')).toBe(true);
    expect(lockBlocks(l, CABIN, '2026-11-27', '18:00', '18:30')).toBe(false);
    expect(lockBlocks(l, CABIN, '2026-11-26', '17:00', '17:30')).toBe(false);
  });
});

describe('lockEnded: a lock with nothing left to block (issue 14)', () => {
  const now = { date: '2030-05-15', minutes: 12 * 60 + 10 };
  const base: Pick<LockLike, 'type' | 'time' | 'date' | 'endDate' | 'recurrent'> = {
    type: 'hour',
    time: ['11:00', '11:30'],
    date: '2030-05-15',
    endDate: null,
    recurrent: false,
  };
  it('ends an hour lock after its last half hour, a day or cabin lock with its day', () => {
    expect(lockEnded(base, now)).toBe(true);
    expect(lockEnded({ ...base, time: ['11:00', '12:00'] }, now)).toBe(false);
    expect(lockEnded({ ...base, date: '2030-05-14' }, now)).toBe(true);
    expect(lockEnded({ ...base, date: '2030-05-16' }, now)).toBe(false);
    expect(lockEnded({ ...base, type: 'day', time: [] }, now)).toBe(false);
    expect(lockEnded({ ...base, type: 'cabain', time: [], date: '2030-05-14' }, now)).toBe(true);
  });
  it('ends a days range at its end time on its last day; recurrent and weekly locks never end', () => {
    const range = { ...base, type: 'days_range' as const, time: ['09:00', '12:00'], date: '2030-05-10', endDate: '2030-05-15' };
    expect(lockEnded(range, now)).toBe(true);
    expect(lockEnded({ ...range, time: ['09:00', '13:00'] }, now)).toBe(false);
    expect(lockEnded({ ...range, endDate: '2030-05-16' }, now)).toBe(false);
    expect(lockEnded({ ...base, date: '2020-01-01', recurrent: true }, now)).toBe(false);
    expect(lockEnded({ ...base, type: 'hours_range', time: ['09:00', '10:00'], date: '2020-01-01' }, now)).toBe(false);
  });
});
