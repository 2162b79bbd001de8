import { describe, expect, it } from 'vitest';
import { diffSchedule } from './schedule-rows';

describe('diffSchedule', () => {
  const stored = [
    { id: 'a', day: 1, opening: '09:00:00', closing: '20:00:00' },
    { id: 'b', day: 2, opening: '09:00:00', closing: '20:00:00' },
    { id: 'c', day: 6, opening: '09:00:00', closing: '15:00:00' },
  ];

  it('keeps unchanged days, updates changed ones, inserts new ones and removes the rest', () => {
    expect(
      diffSchedule(stored, [
        { day: 1, opening: '09:00', closing: '20:00' },
        { day: 2, opening: '10:00', closing: '18:00' },
        { day: 3, opening: '09:00', closing: '12:00' },
      ]),
    ).toEqual({ update: [{ id: 'b', opening: '10:00', closing: '18:00' }], insert: [{ day: 3, opening: '09:00', closing: '12:00' }], remove: ['c'] });
    expect(diffSchedule(stored, [])).toEqual({ update: [], insert: [], remove: ['a', 'b', 'c'] });
  });
});
