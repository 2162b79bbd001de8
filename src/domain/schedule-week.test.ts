import { describe, expect, it } from 'vitest';
import { branchSchema } from './branches.schemas';
import { cabinSchema } from './cabins.schemas';
import {
  BRANCH_CLOSED_THAT_DAY,
  cabinWeekDayIssue,
  cabinWeekIssues,
  NO_BRANCH_SCHEDULE,
  offStepMessage,
  SCHEDULE_ORDER,
  weekScheduleSchema,
} from './schedules';

const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

/** Mon–Fri 09:00–20:00, Sat 09:00–15:00, Sun closed. */
const BRANCH = [0, 1, 2, 3, 4, 5, 6].map((day) =>
  day === 0
    ? { day, opening: '00:00', closing: '00:00' }
    : day === 6
      ? { day, opening: '09:00', closing: '15:00' }
      : { day, opening: '09:00', closing: '20:00' },
);

describe('week schedule on writes', () => {
  it('refuses a time off the 30-minute step naming the day', () => {
    expect(offStepMessage(2)).toBe('Martes: la hora debe ser en punto o y media (08:30)');
    expect(issuesOf(weekScheduleSchema.safeParse([{ day: 2, opening: '08:15', closing: '18:00' }]))).toEqual([
      '0.opening: Martes: la hora debe ser en punto o y media (08:30)',
    ]);
    expect(
      issuesOf(
        weekScheduleSchema.safeParse([
          { day: 1, opening: '09:00', closing: '18:00' },
          { day: 6, opening: '09:00', closing: '14:45' },
        ]),
      ),
    ).toEqual(['1.closing: Sábado: la hora debe ser en punto o y media (08:30)']);
  });

  it('keeps the other rules: half hours, closed days, order, bad times', () => {
    expect(
      weekScheduleSchema.parse([
        { day: 1, opening: '08:30:00', closing: '20:00' },
        { day: 0, opening: '00:00', closing: '00:00' },
      ]),
    ).toEqual([
      { day: 1, opening: '08:30', closing: '20:00' },
      { day: 0, opening: '00:00', closing: '00:00' },
    ]);
    expect(issuesOf(weekScheduleSchema.safeParse([{ day: 1, opening: '20:00', closing: '09:00' }]))).toEqual([`0.closing: ${SCHEDULE_ORDER}`]);
    expect(issuesOf(weekScheduleSchema.safeParse([{ day: 1, opening: '25:00', closing: '26:00' }]))[0]).toBe(
      '0.opening: El campo hora de apertura no es válido',
    );
  });

  it('is the schedule rule of the branch and cabin payloads', () => {
    expect(issuesOf(branchSchema.pick({ schedule: true }).safeParse({ schedule: [{ day: 3, opening: '09:10', closing: '18:00' }] }))).toEqual([
      'schedule.0.opening: Miércoles: la hora debe ser en punto o y media (08:30)',
    ]);
    expect(issuesOf(cabinSchema.pick({ schedule: true }).safeParse({ schedule: [{ day: 5, opening: '09:00', closing: '17:50' }] }))).toEqual([
      'schedule.0.closing: Viernes: la hora debe ser en punto o y media (08:30)',
    ]);
  });
});

describe('cabin day against a closed branch day', () => {
  it('says the branch is closed that day instead of 00:00 - 00:00', () => {
    expect(cabinWeekDayIssue({ day: 0, opening: '10:00', closing: '12:00' }, BRANCH)).toBe(BRANCH_CLOSED_THAT_DAY);
    expect(BRANCH_CLOSED_THAT_DAY).toBe('La sucursal está cerrada ese día');
    expect(cabinWeekDayIssue({ day: 2, opening: '10:00', closing: '12:00' }, [{ day: 1, opening: '09:00', closing: '20:00' }])).toBe(BRANCH_CLOSED_THAT_DAY);
  });

  it('keeps the other answers', () => {
    expect(cabinWeekDayIssue({ day: 0, opening: '00:00', closing: '00:00' }, BRANCH)).toBeNull();
    expect(cabinWeekDayIssue({ day: 1, opening: '09:00', closing: '20:00' }, BRANCH)).toBeNull();
    expect(cabinWeekDayIssue({ day: 1, opening: '08:30', closing: '12:00' }, BRANCH)).toBe('El horario de la sucursal es de 09:00 - 20:00');
    expect(cabinWeekDayIssue({ day: 1, opening: '09:00', closing: '12:00' }, [])).toBe(NO_BRANCH_SCHEDULE);
    expect(
      cabinWeekIssues(
        [
          { day: 1, opening: '09:00', closing: '12:00' },
          { day: 0, opening: '09:00', closing: '12:00' },
        ],
        BRANCH,
      ),
    ).toEqual([{ index: 1, day: 0, message: BRANCH_CLOSED_THAT_DAY }]);
  });
});
