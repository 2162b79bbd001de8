import { describe, expect, it } from 'vitest';
import type { LockLike } from './agenda';
import {
  addByHour,
  appointmentInterval,
  cabinOpenIntervals,
  CONFIRMATION_OF_METHOD,
  confirmationLabel,
  hourLabel,
  intervalMinutes,
  lockIntervals,
  subtractIntervals,
} from './occupation';
import { CONFIRMATION_METHODS } from './reports';

const CABIN = 'cabin-1';
const lock = (over: Partial<LockLike>): LockLike => ({
  type: 'hour',
  cabinId: CABIN,
  time: [],
  date: '2031-03-12',
  endDate: null,
  days: [],
  recurrent: false,
  ...over,
});
/** Mon–Sat 09:00–20:00, Sunday closed. */
const BRANCH = [1, 2, 3, 4, 5, 6].map((day) => ({ day, opening: '09:00', closing: '20:00' }));
/** Wednesday 2031-03-12: weekday 3. */
const WED = '2031-03-12';

describe('subtractIntervals', () => {
  it('cuts holes, trims ends and drops what is covered', () => {
    expect(subtractIntervals([540, 1200], [[600, 660]])).toEqual([
      [540, 600],
      [660, 1200],
    ]);
    expect(
      subtractIntervals(
        [540, 1200],
        [
          [500, 570],
          [1140, 1300],
        ],
      ),
    ).toEqual([[570, 1140]]);
    expect(subtractIntervals([540, 1200], [[0, 1440]])).toEqual([]);
    expect(subtractIntervals(null, [])).toEqual([]);
    // overlapping cuts remove their union once
    expect(
      intervalMinutes(
        subtractIntervals(
          [540, 1200],
          [
            [600, 700],
            [650, 720],
          ],
        ),
      ),
    ).toBe(660 - 120);
  });
});

describe('lockIntervals', () => {
  it("an 'hour' lock blocks only its own half hours, not the gap between them", () => {
    expect(lockIntervals(lock({ time: ['10:00', '12:30'] }), CABIN, WED)).toEqual([
      [600, 630],
      [750, 780],
    ]);
  });
  it('follows lockWindow: another cabin, another day, a day lock on every cabin, weekly ranges', () => {
    expect(lockIntervals(lock({ time: ['10:00'], cabinId: 'other' }), CABIN, WED)).toEqual([]);
    expect(lockIntervals(lock({ time: ['10:00'], date: '2031-03-11' }), CABIN, WED)).toEqual([]);
    expect(lockIntervals(lock({ type: 'day', cabinId: null }), CABIN, WED)).toEqual([[0, 1440]]);
    expect(lockIntervals(lock({ type: 'hours_range', time: ['13:00', '15:00'], days: [3], date: '2031-01-01' }), CABIN, WED)).toEqual([[780, 900]]);
    expect(lockIntervals(lock({ type: 'hours_range', time: ['13:00', '15:00'], days: [4], date: '2031-01-01' }), CABIN, WED)).toEqual([]);
    expect(lockIntervals(lock({ type: 'cabain', recurrent: true, days: [3], date: '2031-01-01' }), CABIN, WED)).toEqual([[0, 1440]]);
  });
});

describe('cabinOpenIntervals', () => {
  it("is the cabin's hours within the branch's minus its locks", () => {
    const cabin = [{ day: 3, opening: '10:00', closing: '18:00' }];
    const locks = [lock({ time: ['12:00', '12:30'] }), lock({ type: 'days_range', time: ['16:00', '19:00'], date: '2031-03-10', endDate: '2031-03-14' })];
    const open = cabinOpenIntervals(BRANCH, cabin, locks, CABIN, WED, 3);
    expect(open).toEqual([
      [600, 720],
      [780, 960],
    ]);
    expect(intervalMinutes(open)).toBe(120 + 180);
  });
  it('is nothing on a closed day and the whole branch day for a cabin without a schedule', () => {
    expect(cabinOpenIntervals(BRANCH, [], [], CABIN, '2031-03-16', 0)).toEqual([]);
    expect(intervalMinutes(cabinOpenIntervals(BRANCH, [], [], CABIN, WED, 3))).toBe(11 * 60);
  });
});

describe('addByHour', () => {
  it('splits minutes into the hours of the day they fall in, and adds up to the whole', () => {
    const byHour = addByHour(new Array<number>(24).fill(0), [
      [570, 690],
      [1410, 1440],
    ]);
    expect(byHour[9]).toBe(30);
    expect(byHour[10]).toBe(60);
    expect(byHour[11]).toBe(30);
    expect(byHour[23]).toBe(30);
    expect(byHour.reduce((a, b) => a + b, 0)).toBe(120 + 30);
    addByHour(byHour, [[600, 630]]);
    expect(byHour[10]).toBe(90);
  });
  it("reads an appointment's times, midnight as the day's end", () => {
    expect(appointmentInterval('23:00:00', '00:00:00')).toEqual([1380, 1440]);
    expect(appointmentInterval('09:30', '10:30')).toEqual([570, 630]);
    expect(hourLabel(9)).toBe('09:00');
  });
});

describe('confirmation labels', () => {
  it('maps every stored method onto a report column (si → yes, buzón → voicemail)', () => {
    expect(CONFIRMATION_OF_METHOD.si).toBe('yes');
    expect(CONFIRMATION_OF_METHOD['buzón']).toBe('voicemail');
    expect(new Set(Object.values(CONFIRMATION_OF_METHOD))).toEqual(new Set(CONFIRMATION_METHODS));
  });
  it("shows the agenda's label, or 'Sin confirmar'", () => {
    expect(confirmationLabel('buzón')).toBe('Buzón');
    expect(confirmationLabel(null)).toBe('Sin confirmar');
  });
});
