import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  appointmentNumber,
  appointmentSequence,
  appointmentTerm,
  cabinDayHours,
  canCancel,
  canConfirm,
  canFinish,
  canSetOnProcess,
  canUpdate,
  chargeTreatmentChange,
  endTimeOf,
  finishSessionsProblem,
  isAbsent,
  isEditable,
  isInPast,
  isReschedule,
  mayBookWithCancellations,
  mayReschedule,
  medicalFeeOf,
  nowIn,
  professionalDepartment,
  purchasedProductProblem,
  sameDayOrder,
  stockSelectionProblem,
  termToMinutes,
  treatmentKind,
  unitsNeeded,
  withinHours,
} from './appointment-rules';

describe('term and end time', () => {
  it('takes the payload term, else the treatment, else the package, rounded up to 30 minutes', () => {
    expect(appointmentTerm(45, 60, 90)).toBe(60);
    expect(appointmentTerm('01:30', 60)).toBe(90);
    expect(appointmentTerm(undefined, 40, 90)).toBe(60);
    expect(appointmentTerm(undefined, null, 90)).toBe(90);
    expect(appointmentTerm(undefined, null, null)).toBe(30);
    expect(termToMinutes('00:30:00')).toBe(30);
  });
  it('computes the end and refuses to run past midnight', () => {
    expect(endTimeOf('09:00', 90)).toBe('10:30');
    expect(endTimeOf('23:00', 60)).toBe('00:00');
    expect(endTimeOf('23:30', 60)).toBeNull();
  });
  it('numbers appointments CITA-000001 and reads the sequence back', () => {
    expect(appointmentNumber(42)).toBe('CITA-000042');
    expect(appointmentSequence('CITA-008123')).toBe(8123);
    expect(appointmentSequence(null)).toBe(0);
  });
});

describe('past and hours', () => {
  const now = { date: '2026-11-22', minutes: 10 * 60 };
  it('refuses a date before today and a start already passed today', () => {
    expect(isInPast('2026-11-21', '15:00', now)).toBe(true);
    expect(isInPast('2026-11-22', '09:30', now)).toBe(true);
    expect(isInPast('2026-11-22', '10:00', now)).toBe(false);
    expect(isInPast('2026-11-23', '09:00', now)).toBe(false);
  });
  it('reads the wall clock of a zone', () => {
    const at = new Date('2026-11-23T05:30:00Z');
    expect(nowIn('America/Tijuana', at)).toEqual({ date: '2026-11-22', minutes: 21 * 60 + 30 });
    expect(nowIn('America/Mexico_City', at)).toEqual({ date: '2026-11-22', minutes: 23 * 60 + 30 });
  });
  const branch = [
    { day: 1, opening: '09:00', closing: '20:00' },
    { day: 6, opening: '09:00', closing: '15:00' },
  ];
  it('uses the branch hours, the cabin hours within them, 0–24 when neither has any', () => {
    expect(cabinDayHours(branch, [], 1)).toEqual([540, 1200]);
    expect(cabinDayHours(branch, [], 0)).toBeNull();
    expect(cabinDayHours(branch, [{ day: 1, opening: '12:00', closing: '22:00' }], 1)).toEqual([720, 1200]);
    expect(cabinDayHours(branch, [{ day: 1, opening: '12:00', closing: '22:00' }], 6)).toBeNull();
    expect(cabinDayHours([], [], 3)).toEqual([0, 1440]);
    expect(cabinDayHours([], [{ day: 3, opening: '10:00', closing: '00:00' }], 3)).toEqual([600, 1440]);
    expect(cabinDayHours([{ day: 2, opening: '00:00', closing: '00:00' }], [], 2)).toBeNull();
  });
  it('accepts an appointment inside the hours only', () => {
    expect(withinHours('09:00', '10:00', [540, 1200])).toBe(true);
    expect(withinHours('19:30', '20:00', [540, 1200])).toBe(true);
    expect(withinHours('19:30', '20:30', [540, 1200])).toBe(false);
    expect(withinHours('08:30', '09:30', [540, 1200])).toBe(false);
    expect(withinHours('10:00', '11:00', null)).toBe(false);
    expect(withinHours('23:00', '00:00', [0, 1440])).toBe(true);
  });
});

describe('cosmetology before medical, same customer same day', () => {
  it('names treatment kinds from the catalogue type names', () => {
    expect(treatmentKind('Medico')).toBe('medical');
    expect(treatmentKind('Médico')).toBe('medical');
    expect(treatmentKind('Cosmetologico')).toBe('cosmetology');
    expect(treatmentKind('Valoracion')).toBe('other');
  });
  it('refuses cosmetology at or after a medical appointment', () => {
    expect(sameDayOrder('cosmetology', '12:00', [{ kind: 'medical', startTime: '10:00' }])).toBe('APPOINTMENT_COSMETOLOGY_AFTER_MEDICAL');
    expect(sameDayOrder('cosmetology', '09:00', [{ kind: 'medical', startTime: '10:00' }])).toBeNull();
  });
  it('refuses medical at or before a cosmetology appointment', () => {
    expect(sameDayOrder('medical', '09:00', [{ kind: 'cosmetology', startTime: '10:00' }])).toBe('APPOINTMENT_MEDICAL_BEFORE_COSMETOLOGY');
    expect(sameDayOrder('medical', '11:00', [{ kind: 'cosmetology', startTime: '10:00' }])).toBeNull();
  });
  it('ignores valuation appointments and same-kind ones', () => {
    expect(sameDayOrder('other', '09:00', [{ kind: 'medical', startTime: '08:00' }])).toBeNull();
    expect(sameDayOrder('medical', '09:00', [{ kind: 'other', startTime: '10:00' }, { kind: 'medical', startTime: '12:00' }])).toBeNull();
  });
});

describe('cancellations, reschedules, treatment changes', () => {
  it('limits customers with 3 cancellations (4 for extended roles) to purchased treatments', () => {
    expect(mayBookWithCancellations(2, false, 'newTreatments')).toBe(true);
    expect(mayBookWithCancellations(3, false, 'newTreatments')).toBe(false);
    expect(mayBookWithCancellations(3, false, 'purchasedProducts')).toBe(true);
    expect(mayBookWithCancellations(3, true, 'packages')).toBe(true);
    expect(mayBookWithCancellations(4, true, 'promotion')).toBe(false);
  });
  it('allows two reschedules', () => {
    expect(mayReschedule(0)).toBe(true);
    expect(mayReschedule(1)).toBe(true);
    expect(mayReschedule(2)).toBe(false);
  });
  it('sees a reschedule in a change of date, start or cabin only', () => {
    const a = { date: '2026-11-23', startTime: '09:00:00', cabinId: 'c1' };
    expect(isReschedule(a, { ...a, startTime: '09:00' })).toBe(false);
    expect(isReschedule(a, { ...a, startTime: '09:30' })).toBe(true);
    expect(isReschedule(a, { ...a, date: '2026-11-24' })).toBe(true);
    expect(isReschedule(a, { ...a, cabinId: 'c2' })).toBe(true);
  });
  it('ends the treatment on its third change', () => {
    expect(chargeTreatmentChange(0)).toEqual({ changes: 1, ends: false });
    expect(chargeTreatmentChange(1)).toEqual({ changes: 2, ends: false });
    expect(chargeTreatmentChange(2)).toEqual({ changes: 3, ends: true });
  });
});

describe('purchased treatments', () => {
  const pp = { id: 'p', customerId: 'c', status: 'onProcess', sessions: 5, currentSession: 3 };
  it('accepts the customer’s treatment with sessions left', () => {
    expect(purchasedProductProblem(pp, 'c', 2)).toBeNull();
  });
  it('refuses another customer’s, a used-up one and too many sessions', () => {
    expect(purchasedProductProblem(pp, 'x', 1)).toMatch(/no pertenece/);
    expect(purchasedProductProblem({ ...pp, currentSession: 5 }, 'c', 1)).toMatch(/sesiones disponibles/);
    expect(purchasedProductProblem({ ...pp, status: 'expired' }, 'c', 1)).toMatch(/sesiones disponibles/);
    expect(purchasedProductProblem(pp, 'c', 3)).toBe('Solo quedan 2 sesiones del tratamiento adquirido');
  });
  it('keeps the one already on the appointment', () => {
    expect(purchasedProductProblem({ ...pp, status: 'expired' }, 'c', 1, 'p')).toBeNull();
  });
});

describe('statuses', () => {
  it('offers inProcess or cancelled from scheduled, finished from inProcess, nothing after', () => {
    expect(allowedStatuses('scheduled')).toEqual(['inProcess', 'cancelled']);
    expect(allowedStatuses('inProcess')).toEqual(['finished']);
    expect(allowedStatuses('finished')).toEqual([]);
    expect(allowedStatuses('absence')).toEqual([]);
  });
  it('guards each action by status', () => {
    expect([canUpdate('scheduled'), canUpdate('inProcess')]).toEqual([true, false]);
    expect([canConfirm('scheduled'), canConfirm('cancelled')]).toEqual([true, false]);
    expect([canSetOnProcess('scheduled'), canSetOnProcess('inProcess')]).toEqual([true, false]);
    expect([canCancel('scheduled'), canCancel('inProcess'), canCancel('finished')]).toEqual([true, true, false]);
    expect([canFinish('inProcess'), canFinish('scheduled')]).toEqual([true, false]);
  });
  it('is editable while live and not past its end', () => {
    const now = { date: '2026-11-22', minutes: 600 };
    expect(isEditable('scheduled', '2026-11-22', '10:30', now)).toBe(true);
    expect(isEditable('scheduled', '2026-11-22', '10:00', now)).toBe(false);
    expect(isEditable('inProcess', '2026-11-23', '09:00', now)).toBe(true);
    expect(isEditable('scheduled', '2026-11-21', '20:00', now)).toBe(false);
    expect(isEditable('finished', '2026-11-23', '10:00', now)).toBe(false);
    expect(isEditable('scheduled', '2026-11-22', '00:00', now)).toBe(true);
  });
  it('marks as absent live appointments of a past day', () => {
    expect(isAbsent('scheduled', '2026-11-21', '2026-11-22')).toBe(true);
    expect(isAbsent('inProcess', '2026-11-21', '2026-11-22')).toBe(true);
    expect(isAbsent('scheduled', '2026-11-22', '2026-11-22')).toBe(false);
    expect(isAbsent('finished', '2026-11-21', '2026-11-22')).toBe(false);
  });
});

describe('finishing', () => {
  const need = unitsNeeded(
    [
      { productId: 'a', quantity: 1 },
      { productId: 'b', quantity: 2 },
    ],
    2,
  );
  it('needs quantity × sessions units of each product', () => {
    expect([...need]).toEqual([
      ['a', 2],
      ['b', 4],
    ]);
  });
  it('accepts exactly one lot per unit', () => {
    const lots = [{ productId: 'a' }, { productId: 'a' }, { productId: 'b' }, { productId: 'b' }, { productId: 'b' }, { productId: 'b' }];
    expect(stockSelectionProblem(need, lots)).toBeNull();
    expect(stockSelectionProblem(new Map(), [])).toBeNull();
  });
  it('refuses missing, extra and foreign lots', () => {
    expect(stockSelectionProblem(need, [{ productId: 'a' }, { productId: 'a' }])).toMatch(/Seleccione 4 lotes/);
    expect(stockSelectionProblem(new Map([['a', 1]]), [{ productId: 'a' }, { productId: 'a' }])).toMatch(/Seleccione 1 lote/);
    expect(stockSelectionProblem(new Map([['a', 1]]), [{ productId: 'a' }, { productId: 'z' }])).toMatch(/no utiliza/);
  });
  it('needs sessions within the remaining ones and one area each', () => {
    expect(finishSessionsProblem(2, 2, 3)).toBeNull();
    expect(finishSessionsProblem(1, 1, null)).toBeNull();
    expect(finishSessionsProblem(4, 4, 3)).toBe('Solo quedan 3 sesiones del tratamiento adquirido');
    expect(finishSessionsProblem(2, 1, 3)).toBe('Seleccione un área por cada sesión');
  });
  it('stores the medical fee × sessions for medical treatments only', () => {
    expect(medicalFeeOf('medical', 350.1, 3)).toBe(1050.3);
    expect(medicalFeeOf('cosmetology', 350, 1)).toBeNull();
    expect(medicalFeeOf('medical', null, 1)).toBeNull();
  });
  it('asks a medic for medical treatments and a cosmetologist for cosmetology', () => {
    expect(professionalDepartment('medical')).toBe('medica');
    expect(professionalDepartment('cosmetology')).toBe('cosmetologica');
    expect(professionalDepartment('other')).toBeNull();
  });
});
