import { describe, expect, it, vi, afterEach } from 'vitest';
import {
  BIRTHDAY_IN_FUTURE,
  BIRTHDAY_TOO_OLD,
  birthdayProblem,
  customerSchema,
  MINOR_CANNOT_BE_TUTOR,
  MOBILE_REQUIRED,
  noteSchema,
  RELATIONSHIP_REQUIRED,
  SELF_TUTOR,
  TUTOR_NOT_ELIGIBLE,
  TUTOR_REQUIRED,
  tutorProblem,
} from './customers.schemas';

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

  it('refuses a birthday before 1900-01-01 or after today, in Tijuana', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(issues({ ...base, birthday: '1000-01-01', mobilePhone: '6641234567' })).toEqual([`birthday: ${BIRTHDAY_TOO_OLD}`]);
    expect(issues({ ...base, birthday: '31-12-1899', mobilePhone: '6641234567' })).toEqual([`birthday: ${BIRTHDAY_TOO_OLD}`]);
    expect(issues({ ...base, birthday: '1900-01-01', mobilePhone: '6641234567' })).toEqual([]);
    expect(birthdayProblem('2026-11-22', '2026-11-22')).toBeNull();
    expect(birthdayProblem('2026-11-23', '2026-11-22')).toBe(BIRTHDAY_IN_FUTURE);
    // 04:00 UTC on 23 November is still the 22nd in Tijuana
    vi.useFakeTimers({ now: new Date('2026-11-23T04:00:00Z') });
    expect(issues({ ...base, birthday: '2026-11-23', tutorId: '6f1c2a9e-1b7d-4c3a-9f00-1234567890ab', relationship: 'Madre' })).toEqual([
      `birthday: ${BIRTHDAY_IN_FUTURE}`,
    ]);
  });

  it('requires name, surname and birthday, and tells a wrong gender from a missing one', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(issues({ gender: 'Femenino', mobilePhone: '6641234567' })).toEqual([
      'name: El campo nombre es requerido',
      'lastName: El campo apellido paterno es requerido',
      'birthday: El campo fecha de nacimiento es requerido',
    ]);
    expect(issues({ ...base, gender: undefined, birthday: '1990-01-01', mobilePhone: '6641234567' })).toEqual(['gender: El campo género es requerido']);
    expect(issues({ ...base, gender: 'Femenina', birthday: '1990-01-01', mobilePhone: '6641234567' })).toEqual(['gender: El campo género no es válido']);
  });

  it('takes a phone with the mask and refuses 9 digits or letters', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(customerSchema.parse({ ...base, birthday: '1990-01-01', mobilePhone: '(664)123-4567', phone: '664 123 4567' })).toMatchObject({
      mobilePhone: '6641234567',
      phone: '6641234567',
    });
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '(664)123-456' })).toEqual(['mobilePhone: El teléfono debe tener 10 dígitos']);
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '664abc1234567' })).toEqual(['mobilePhone: El teléfono debe tener 10 dígitos']);
  });

  it('refuses a minor marked as tutor', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    expect(issues({ ...base, birthday: '2012-01-01', tutorId: '6f1c2a9e-1b7d-4c3a-9f00-1234567890ab', relationship: 'Madre', isTutor: true })).toEqual([
      `isTutor: ${MINOR_CANNOT_BE_TUTOR}`,
    ]);
  });

  it('limits the e-mail to 100 characters', () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T18:00:00Z') });
    const email = 'a'.repeat(96) + '@x.mx';
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '6641234567', email: 'a'.repeat(95) + '@x.mx' })).toEqual([]);
    expect(issues({ ...base, birthday: '1990-01-01', mobilePhone: '6641234567', email })).toEqual([
      'email: El campo correo electrónico debe tener como máximo 100 caracteres',
    ]);
  });
});

describe('tutor rule', () => {
  const today = '2026-11-22';
  const tutor = { id: 't-1', isTutor: true, birthday: '1980-03-01' };

  it('accepts an adult customer marked as tutor', () => {
    expect(tutorProblem(tutor, 'c-1', today)).toBeNull();
    expect(tutorProblem(tutor, undefined, today)).toBeNull();
    // 18 on the very day
    expect(tutorProblem({ ...tutor, birthday: '2008-11-22' }, 'c-1', today)).toBeNull();
  });

  it('refuses the customer themself, one not marked as tutor, and a minor', () => {
    expect(tutorProblem(tutor, 't-1', today)).toBe(SELF_TUTOR);
    expect(tutorProblem({ ...tutor, isTutor: false }, 'c-1', today)).toBe(TUTOR_NOT_ELIGIBLE);
    expect(tutorProblem({ ...tutor, birthday: '2008-11-23' }, 'c-1', today)).toBe(TUTOR_NOT_ELIGIBLE);
  });
});

describe('note', () => {
  const note = { customerId: '6f1c2a9e-1b7d-4c3a-9f00-1234567890ab', noteType: 'Queja', title: 'Demora', note: 'Esperó 20 minutos' };
  const noteIssues = (input: unknown) => {
    const r = noteSchema.safeParse(input);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };
  it('requires type, title and text', () => {
    expect(noteIssues(note)).toEqual([]);
    expect(noteIssues({ customerId: note.customerId, title: ' ', note: '' })).toEqual([
      'noteType: El campo tipo de nota es requerido',
      'title: El campo título es requerido',
      'note: El campo nota es requerido',
    ]);
    expect(noteIssues({ ...note, noteType: 'Chisme' })).toEqual(['noteType: El campo tipo de nota no es válido']);
  });
});
