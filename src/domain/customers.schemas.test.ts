import { describe, expect, it, vi, afterEach } from 'vitest';
import { customerSchema, MOBILE_REQUIRED, RELATIONSHIP_REQUIRED, TUTOR_REQUIRED } from './customers.schemas';

const base = { name: 'Ana', lastName: 'López', gender: 'Femenino' as const };
const issues = (input: unknown) => {
  const r = customerSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

afterEach(() => vi.useRealTimers());

describe('customer age rules', () => {
  it('requires a tutor and relationship under 18', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(issues({ ...base, birthday: '2010-05-01' })).toEqual([`tutorId: ${TUTOR_REQUIRED}`, `relationship: ${RELATIONSHIP_REQUIRED}`]);
    expect(issues({ ...base, birthday: '2010-05-01', tutorId: '6f1c2a9e-1b7d-4c3a-9f00-1234567890ab', relationship: 'Madre' })).toEqual([]);
  });

  it('requires a mobile phone from 18, counting the birthday in Tijuana', () => {
    // 05:00 UTC on 23 November is 21:00 on 22 November in Tijuana: still 17
    vi.useFakeTimers({ now: new Date('2026-11-23T05:00:00Z') });
    expect(issues({ ...base, birthday: '2008-11-23' })).toContain(`tutorId: ${TUTOR_REQUIRED}`);
    vi.useFakeTimers({ now: new Date('2026-11-23T09:00:00Z') });
    expect(issues({ ...base, birthday: '2008-11-23' })).toEqual([`mobilePhone: ${MOBILE_REQUIRED}`]);
    expect(issues({ ...base, birthday: '2008-11-23', mobilePhone: '(664)123-4567' })).toEqual([]);
  });

  it('accepts DD-MM-YYYY and refuses impossible or future dates', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(customerSchema.parse({ ...base, birthday: '01-05-1990', mobilePhone: '6641234567' }).birthday).toBe('1990-05-01');
    expect(issues({ ...base, birthday: '1990-02-30', mobilePhone: '6641234567' })[0]).toMatch(/^birthday/);
    expect(issues({ ...base, birthday: '2027-01-01', mobilePhone: '6641234567' })).toEqual(['birthday: La fecha de nacimiento no puede ser futura']);
  });

  it('limits the e-mail to 100 characters', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    const email = 'a'.repeat(96) + '@x.mx';
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '6641234567', email: 'a'.repeat(95) + '@x.mx' })).toEqual([]);
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '6641234567', email })).toEqual(['email: El campo correo electrónico debe tener como máximo 100 caracteres']);
  });
});
