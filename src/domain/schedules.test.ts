import { describe, expect, it } from 'vitest';
import {
  cabinDayIssue,
  cabinScheduleIssues,
  describeDay,
  hasSchedules,
  isClosed,
  minutes,
  NO_BRANCH_SCHEDULE,
  openDays,
  outsideBranchHours,
  SCHEDULE_DAY_REPEATED,
  SCHEDULE_ORDER,
  SCHEDULE_STEP,
  scheduleSchema,
} from './schedules';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

/** Mon–Fri 09:00–20:00, Sat 09:00–15:00, Sun closed: the demo branches' week. */
const BRANCH = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0
    ? { day, opening: '00:00', closing: '00:00' }
    : day === 6
      ? { day, opening: '09:00', closing: '15:00' }
      : { day, opening: '09:00', closing: '20:00' },
);

describe('schedule payload', () => {
  it('accepts a week with closed days and trims database seconds', () => {
    const parsed = scheduleSchema.parse([...BRANCH.slice(0, 6), { day: 6, opening: '09:00:00', closing: '15:30:00' }]);
    expect(parsed[6]).toEqual({ day: 6, opening: '09:00', closing: '15:30' });
    expect(scheduleSchema.parse([])).toEqual([]);
  });

  it('refuses a closing before the opening, off-step minutes, bad times, repeated or unknown days', () => {
    expect(firstMessage(scheduleSchema.safeParse([{ day: 1, opening: '20:00', closing: '09:00' }]))).toBe(SCHEDULE_ORDER);
    expect(firstMessage(scheduleSchema.safeParse([{ day: 1, opening: '10:00', closing: '10:00' }]))).toBe(SCHEDULE_ORDER);
    expect(firstMessage(scheduleSchema.safeParse([{ day: 1, opening: '09:15', closing: '18:00' }]))).toBe(SCHEDULE_STEP);
    expect(firstMessage(scheduleSchema.safeParse([{ day: 1, opening: '25:00', closing: '26:00' }]))).toBe('El campo hora de apertura no es válido');
    expect(
      firstMessage(
        scheduleSchema.safeParse([
          { day: 1, opening: '09:00', closing: '18:00' },
          { day: 1, opening: '09:00', closing: '12:00' },
        ]),
      ),
    ).toBe(SCHEDULE_DAY_REPEATED);
    expect(scheduleSchema.safeParse([{ day: 7, opening: '09:00', closing: '18:00' }]).success).toBe(false);
    expect(scheduleSchema.safeParse([{ day: 1, closing: '18:00' }]).success).toBe(false);
  });

  it('treats 00:00 - 00:00 as closed', () => {
    expect(isClosed({ opening: '00:00', closing: '00:00' })).toBe(true);
    expect(isClosed({ opening: '00:00', closing: '08:00' })).toBe(false);
    expect(openDays(BRANCH).map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(hasSchedules(BRANCH)).toBe(true);
    expect(hasSchedules([{ day: 0, opening: '00:00', closing: '00:00' }])).toBe(false);
    expect(describeDay(BRANCH[0])).toBe('Cerrado');
    expect(describeDay(undefined)).toBe('Cerrado');
    expect(describeDay(BRANCH[1])).toBe('09:00 - 20:00');
  });
});

describe('minutes of a clock time', () => {
  it("reads 'HH:mm' and the database's 'HH:mm:ss'; a time without a colon is not a number", () => {
    expect(minutes('09:30')).toBe(570);
    expect(minutes('00:00')).toBe(0);
    expect(minutes('23:59:00')).toBe(1439);
    expect(minutes('7:05')).toBe(425);
    expect(minutes('0930')).toBeNaN();
  });
});

describe('cabin day within the branch hours', () => {
  it('accepts ranges inside or equal to the branch day, and closed days anywhere', () => {
    expect(cabinDayIssue({ day: 1, opening: '09:00', closing: '20:00' }, BRANCH)).toBeNull();
    expect(cabinDayIssue({ day: 3, opening: '10:30', closing: '14:00' }, BRANCH)).toBeNull();
    expect(cabinDayIssue({ day: 6, opening: '09:00', closing: '15:00' }, BRANCH)).toBeNull();
    expect(cabinDayIssue({ day: 0, opening: '00:00', closing: '00:00' }, BRANCH)).toBeNull();
    expect(cabinDayIssue({ day: 0, opening: '00:00', closing: '00:00' }, [])).toBeNull();
  });

  it('refuses a range that starts early, ends late, or falls on a closed day, naming the branch hours', () => {
    expect(cabinDayIssue({ day: 1, opening: '08:30', closing: '12:00' }, BRANCH)).toBe('El horario de la sucursal es de 09:00 - 20:00');
    expect(cabinDayIssue({ day: 6, opening: '09:00', closing: '15:30' }, BRANCH)).toBe('El horario de la sucursal es de 09:00 - 15:00');
    expect(cabinDayIssue({ day: 0, opening: '10:00', closing: '12:00' }, BRANCH)).toBe(outsideBranchHours('00:00', '00:00'));
    // a day the branch does not list is closed too
    expect(cabinDayIssue({ day: 2, opening: '10:00', closing: '12:00' }, [{ day: 1, opening: '09:00', closing: '20:00' }])).toBe(
      outsideBranchHours('00:00', '00:00'),
    );
  });

  it("says 'Sucursal sin horarios' when the branch has no open day", () => {
    expect(cabinDayIssue({ day: 1, opening: '09:00', closing: '12:00' }, [])).toBe(NO_BRANCH_SCHEDULE);
    expect(cabinDayIssue({ day: 1, opening: '09:00', closing: '12:00' }, [{ day: 1, opening: '00:00', closing: '00:00' }])).toBe('Sucursal sin horarios');
  });

  it('lists every offending day with its payload index', () => {
    const cabin = [
      { day: 1, opening: '09:00', closing: '14:00' },
      { day: 2, opening: '07:00', closing: '14:00' },
      { day: 6, opening: '12:00', closing: '16:00' },
    ];
    expect(cabinScheduleIssues(cabin, BRANCH)).toEqual([
      { index: 1, day: 2, message: 'El horario de la sucursal es de 09:00 - 20:00' },
      { index: 2, day: 6, message: 'El horario de la sucursal es de 09:00 - 15:00' },
    ]);
    expect(cabinScheduleIssues(cabin, []).map((i) => i.message)).toEqual([NO_BRANCH_SCHEDULE, NO_BRANCH_SCHEDULE, NO_BRANCH_SCHEDULE]);
  });
});
