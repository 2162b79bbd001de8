import { describe, expect, it } from 'vitest';
import {
  allowedStatuses,
  NOTHING_TO_UNDO,
  UNDO_OTHER_USER,
  UNDO_RESCHEDULE_SECONDS,
  UNDO_TOO_LATE,
  undoRescheduleProblem,
  appointmentNumber,
  appointmentTerm,
  cabinDayHours,
  canCancel,
  canConfirm,
  canFinish,
  canSetOnProcess,
  canUpdate,
  chargeTreatmentChange,
  endTimeOf,
  finishAreasProblem,
  finishSessionsProblem,
  hasStarted,
  isAbsent,
  isEditable,
  isReschedule,
  itemChanged,
  missingAppliance,
  peakUse,
  lotShortageProblem,
  packageProblem,
  purchasedFinishProblem,
  requestedItem,
  slotIsPast,
  slotMoved,
  storedItem,
  treatmentTypeProblem,
  unitsPerLot,
  updateProblem,
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
  NO_CHANGES_LEFT,
  dayHoursOf,
  durationText,
  reschedulesLeft,
  reschedulesLeftText,
  sessionsMinutes,
  startTimeChoices,
  treatmentChangesLeft,
  treatmentChangesLeftText,
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
  it('numbers appointments CITA-000001, growing past six digits', () => {
    expect(appointmentNumber(42)).toBe('CITA-000042');
    expect(appointmentNumber(1_000_000)).toBe('CITA-1000000');
  });
});

describe('past and hours', () => {
  const now = { date: '2026-11-22', minutes: 10 * 60 };
  it('refuses a date before today and a start more than 30 minutes ago today (the grid locks the same slots)', () => {
    expect(slotIsPast('2026-11-21', '23:30', now)).toBe(true);
    expect(slotIsPast('2026-11-22', '09:00', now)).toBe(true);
    expect(slotIsPast('2026-11-22', '09:29', now)).toBe(true);
    // started less than (or exactly) 30 minutes ago: still bookable
    expect(slotIsPast('2026-11-22', '09:30', now)).toBe(false);
    expect(slotIsPast('2026-11-22', '10:00', { ...now, minutes: 10 * 60 + 29 })).toBe(false);
    expect(slotIsPast('2026-11-22', '10:00', { ...now, minutes: 10 * 60 + 31 })).toBe(true);
    expect(slotIsPast('2026-11-22', '10:00', now)).toBe(false);
    expect(slotIsPast('2026-11-23', '00:00', now)).toBe(false);
  });
  it('knows when an appointment has started', () => {
    expect(hasStarted('2026-11-21', '23:30', now)).toBe(true);
    expect(hasStarted('2026-11-22', '10:00', now)).toBe(true);
    expect(hasStarted('2026-11-22', '10:30', now)).toBe(false);
    expect(hasStarted('2026-11-23', '00:00', now)).toBe(false);
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
    expect(
      sameDayOrder('medical', '09:00', [
        { kind: 'other', startTime: '10:00' },
        { kind: 'medical', startTime: '12:00' },
      ]),
    ).toBeNull();
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
  it('offers inProcess, cancelled and (once started) absence from scheduled, finished from inProcess, nothing after', () => {
    expect(allowedStatuses('scheduled')).toEqual(['inProcess', 'cancelled', 'absence']);
    expect(allowedStatuses('scheduled', false)).toEqual(['inProcess', 'cancelled']);
    expect(allowedStatuses('inProcess')).toEqual(['finished']);
    expect(allowedStatuses('finished')).toEqual([]);
    expect(allowedStatuses('cancelled')).toEqual([]);
    expect(allowedStatuses('absence')).toEqual([]);
  });
  it('edits scheduled appointments freely and in-process ones without moving or rebooking them', () => {
    const still = { moved: false, rebooked: false };
    expect(updateProblem('scheduled', { moved: true, rebooked: true })).toBeNull();
    expect(updateProblem('inProcess', still)).toBeNull();
    expect(updateProblem('inProcess', { moved: true, rebooked: false })).toBe('Una cita en proceso solo admite cambios de observaciones y categorías');
    expect(updateProblem('inProcess', { moved: false, rebooked: true })).toBe('Una cita en proceso solo admite cambios de observaciones y categorías');
    expect(updateProblem('cancelled', still)).toBe('Solo se pueden editar citas agendadas o en proceso');
    expect(updateProblem('finished', still)).toBe('Solo se pueden editar citas agendadas o en proceso');
  });
  it('sees a move in branch, cabin, date, start or end', () => {
    const a = { branchId: 'b', cabinId: 'c', date: '2026-11-23', startTime: '09:00:00', endTime: '10:00:00' };
    expect(slotMoved(a, { ...a, startTime: '09:00', endTime: '10:00' })).toBe(false);
    expect(slotMoved(a, { ...a, endTime: '10:30' })).toBe(true);
    expect(slotMoved(a, { ...a, branchId: 'x' })).toBe(true);
    expect(slotMoved(a, { ...a, cabinId: 'x' })).toBe(true);
    expect(slotMoved(a, { ...a, date: '2026-11-24' })).toBe(true);
  });
  it('sees a rebooking in what is booked, not in observations or categories', () => {
    const input = {
      customerId: 'c',
      treatmentTypeId: 't',
      appointmentOption: 'newTreatments' as const,
      treatmentId: 'x',
      treatmentsIds: ['x'],
      packageId: null,
      promoId: null,
      purchasedProductId: null,
      sessions: 1,
    };
    const stored = {
      customerId: 'c',
      treatmentTypeId: 't',
      appointmentOption: 'newTreatments',
      treatmentId: 'x',
      packageId: null,
      promoId: null,
      purchasedProductId: null,
      sessions: 1,
    };
    expect(itemChanged(storedItem(stored), requestedItem(input))).toBe(false);
    expect(itemChanged(storedItem(stored), requestedItem({ ...input, treatmentId: 'y' }))).toBe(true);
    expect(itemChanged(storedItem(stored), requestedItem({ ...input, customerId: 'd' }))).toBe(true);
    expect(itemChanged(storedItem(stored), requestedItem({ ...input, sessions: 2 }))).toBe(true);
    // a purchased treatment brings its own treatment: the stored treatmentId is not compared
    const pp = { ...stored, appointmentOption: 'purchasedProducts', purchasedProductId: 'p' };
    expect(
      itemChanged(
        storedItem(pp),
        requestedItem({ ...input, appointmentOption: 'purchasedProducts', treatmentId: null, treatmentsIds: [], purchasedProductId: 'p' }),
      ),
    ).toBe(false);
    // ids of other options are ignored
    expect(requestedItem({ ...input, packageId: 'k', promoId: 'q' })).toMatchObject({ packageId: null, promoId: null });
  });
  it('guards each action by status', () => {
    expect([canUpdate('scheduled'), canUpdate('inProcess'), canUpdate('cancelled')]).toEqual([true, true, false]);
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
  it('needs sessions within the remaining ones of a purchased treatment, else exactly the booked ones', () => {
    expect(finishSessionsProblem(2, { remaining: 3, booked: 1 })).toBeNull();
    expect(finishSessionsProblem(4, { remaining: 3, booked: 4 })).toBe('Solo quedan 3 sesiones del tratamiento adquirido');
    expect(finishSessionsProblem(1, { remaining: null, booked: 1 })).toBeNull();
    expect(finishSessionsProblem(2, { remaining: null, booked: 1 })).toBe('La cita es de 1 sesión');
    expect(finishSessionsProblem(1, { remaining: null, booked: 3 })).toBe('La cita es de 3 sesiones');
  });
  it('needs one allowed area per session, and none when there are no areas (valuations)', () => {
    expect(finishAreasProblem(2, ['a', 'b'], ['a', 'b', 'c'])).toBeNull();
    expect(finishAreasProblem(2, ['a', 'a'], ['a'])).toBeNull();
    expect(finishAreasProblem(2, ['a'], ['a'])).toBe('Seleccione un área por cada sesión');
    expect(finishAreasProblem(1, ['z'], ['a'])).toBe('El área no corresponde al tratamiento');
    expect(finishAreasProblem(1, [], [])).toBeNull();
    expect(finishAreasProblem(1, ['a'], [])).toBe('El área no corresponde al tratamiento');
  });
  it('takes a lot twice when it holds two units, never more than it holds', () => {
    expect([...unitsPerLot(['l1', 'l2', 'l1'])]).toEqual([
      ['l1', 2],
      ['l2', 1],
    ]);
    const lots = [
      { id: 'l1', allotment: 'A-1', stock: 2 },
      { id: 'l2', allotment: 'B-7', stock: 1 },
    ];
    expect(lotShortageProblem(['l1', 'l1', 'l2'], lots)).toBeNull();
    expect(lotShortageProblem(['l2', 'l2'], lots)).toBe('El lote B-7 tiene 1 unidad y se requieren 2');
    expect(lotShortageProblem(['l1', 'l1', 'l1'], lots)).toBe('El lote A-1 tiene 2 unidades y se requieren 3');
  });
  it('finishes sessions of a purchased treatment only while on process and not past its expiry', () => {
    expect(purchasedFinishProblem('onProcess', null, '2026-11-22')).toBeNull();
    expect(purchasedFinishProblem('onProcess', '2026-11-22', '2026-11-22')).toBeNull();
    expect(purchasedFinishProblem('onProcess', '2026-11-21', '2026-11-22')).toBe('El tratamiento adquirido está vencido');
    expect(purchasedFinishProblem('expired', null, '2026-11-22')).toBe('El tratamiento adquirido está vencido');
    expect(purchasedFinishProblem('finished', null, '2026-11-22')).toBe('El tratamiento adquirido ya está terminado');
    expect(purchasedFinishProblem('refunded', null, '2026-11-22')).toBe('El tratamiento adquirido fue reembolsado');
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

describe('what is booked matches the appointment type', () => {
  it('refuses a treatment or purchased treatment of another type', () => {
    expect(treatmentTypeProblem('med', 'med')).toBeNull();
    expect(treatmentTypeProblem('cos', 'med')).toBe('El tratamiento no corresponde al tipo de cita');
    expect(treatmentTypeProblem('cos', 'med', true)).toBe('El tratamiento adquirido no corresponde al tipo de cita');
  });
});

describe('packages and promotions', () => {
  const promo = {
    type: 'Promotion',
    active: true,
    treatmentTypeId: 'cos',
    validBySchedule: true,
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    validByTime: true,
    startTime: '09:00:00',
    endTime: '13:00:00',
  };
  const booking = {
    option: 'promotion' as const,
    treatmentTypeId: 'cos',
    offeredAtBranch: true,
    date: '2026-11-25',
    startTime: '09:00',
    endTime: '10:30',
    treatmentId: null,
    packageTreatmentIds: ['t1', 't2'],
  };
  it('accepts an active promotion of the type, offered at the branch, on its dates and within its hours', () => {
    expect(packageProblem(promo, booking)).toBeNull();
    expect(packageProblem(promo, { ...booking, startTime: '11:30', endTime: '13:00', treatmentId: 't2' })).toBeNull();
    expect(packageProblem({ ...promo, type: 'Package' }, { ...booking, option: 'packages' })).toBeNull();
    expect(
      packageProblem({ ...promo, validBySchedule: false, validByTime: false }, { ...booking, date: '2030-01-01', startTime: '18:00', endTime: '19:00' }),
    ).toBeNull();
  });
  it('refuses the wrong kind, an inactive one, another type or branch', () => {
    expect(packageProblem({ ...promo, type: 'Package' }, booking)).toBe('El paquete seleccionado no es una promoción');
    expect(packageProblem(promo, { ...booking, option: 'packages' })).toBe('La promoción seleccionada no es un paquete');
    expect(packageProblem({ ...promo, active: false }, booking)).toBe('La promoción no está activa');
    expect(packageProblem({ ...promo, type: 'Package', active: false }, { ...booking, option: 'packages' })).toBe('El paquete no está activo');
    expect(packageProblem(promo, { ...booking, treatmentTypeId: 'med' })).toBe('La promoción no corresponde al tipo de cita');
    expect(packageProblem(promo, { ...booking, offeredAtBranch: false })).toBe('La promoción no se ofrece en esta sucursal');
  });
  it('refuses dates and hours outside its validity and a treatment it does not include', () => {
    expect(packageProblem(promo, { ...booking, date: '2026-12-01' })).toBe('La promoción solo es válida del 01/11/2026 al 30/11/2026');
    expect(packageProblem(promo, { ...booking, date: '2026-10-31' })).toBe('La promoción solo es válida del 01/11/2026 al 30/11/2026');
    expect(packageProblem({ ...promo, endDate: null }, { ...booking, date: '2026-10-31' })).toBe('La promoción es válida a partir del 01/11/2026');
    expect(packageProblem(promo, { ...booking, startTime: '12:00', endTime: '13:30' })).toBe('La promoción solo es válida de 09:00 a 13:00');
    expect(packageProblem(promo, { ...booking, startTime: '08:30', endTime: '09:30' })).toBe('La promoción solo es válida de 09:00 a 13:00');
    expect(packageProblem(promo, { ...booking, treatmentId: 'zz' })).toBe('El tratamiento no forma parte de la promoción');
  });
});

describe('sessions, duration and start times (issue 14)', () => {
  it('gives a two-session booking twice the treatment duration, rounded up to whole half hours', () => {
    expect(appointmentTerm(undefined, 45, null, 2)).toBe(90);
    expect(appointmentTerm(undefined, 40, null, 2)).toBe(90);
    expect(appointmentTerm(undefined, 60, 30, 3)).toBe(180);
    // one session, and a package's cabin time, stay as they were
    expect(appointmentTerm(undefined, 45, null, 1)).toBe(60);
    expect(appointmentTerm(undefined, null, 90, 2)).toBe(90);
    // a payload term wins
    expect(appointmentTerm(30, 45, null, 2)).toBe(30);
    expect(sessionsMinutes(45, 2)).toBe(90);
    expect(sessionsMinutes(null, 2)).toBeNull();
    expect(durationText(90)).toBe('1 h 30 min');
    expect(durationText(45)).toBe('45 min');
    expect(durationText(120)).toBe('2 h');
  });
  it('offers half-hour starts within the hours that leave room for the term, none when closed, none already past', () => {
    const hours = dayHoursOf('09:00', '12:00');
    expect(hours).toEqual([540, 720]);
    expect(startTimeChoices(hours, 30)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(startTimeChoices(hours, 90)).toEqual(['09:00', '09:30', '10:00', '10:30']);
    expect(startTimeChoices(dayHoursOf('20:00', '00:00'), 60)).toEqual(['20:00', '20:30', '21:00', '21:30', '22:00', '22:30', '23:00']);
    expect(startTimeChoices(dayHoursOf(null, null), 30)).toEqual([]);
    expect(startTimeChoices(hours, 300)).toEqual([]);
    // today at 10:45: 10:00 is more than 30 minutes ago, 10:30 is still bookable
    expect(startTimeChoices(hours, 30, '2030-01-02', { date: '2030-01-02', minutes: 645 })).toEqual(['10:30', '11:00', '11:30']);
    expect(startTimeChoices(hours, 30, '2030-01-03', { date: '2030-01-02', minutes: 645 })).toHaveLength(6);
  });
  it('says how many reschedules remain, from the limit the server enforces', () => {
    expect([0, 1, 2, 3].map(reschedulesLeft)).toEqual([2, 1, 0, 0]);
    expect([0, 1, 2].map(mayReschedule)).toEqual([true, true, false]);
    expect(reschedulesLeftText(0)).toBe('Le quedan 2 cambios de fecha, hora o cabina');
    expect(reschedulesLeftText(1)).toBe('Le queda 1 cambio de fecha, hora o cabina');
    expect(reschedulesLeftText(2)).toBe(NO_CHANGES_LEFT);
    expect(NO_CHANGES_LEFT).toMatch(/^Ya no le quedan cambios/);
    expect([0, 1, 2, 3].map(treatmentChangesLeft)).toEqual([3, 2, 1, 0]);
    expect(treatmentChangesLeftText(0)).toBe('Le quedan 3 cambios al tratamiento adquirido');
    expect(treatmentChangesLeftText(2)).toMatch(/el siguiente lo termina/);
    expect(treatmentChangesLeftText(3)).toBe('Ya no le quedan cambios al tratamiento adquirido');
    // the same count as the charge that ends the treatment
    expect(chargeTreatmentChange(2).ends).toBe(true);
  });
});

describe("the treatment's equipment", () => {
  const at = (startTime: string, endTime: string) => ({ startTime, endTime });
  it('counts the peak of units in use during the window, not every overlapping booking', () => {
    expect(peakUse([], '10:00', '11:00')).toBe(0);
    // back to back inside the window: one unit serves both
    expect(peakUse([at('10:00', '10:30'), at('10:30', '11:00')], '10:00', '11:00')).toBe(1);
    expect(peakUse([at('09:30', '10:30'), at('10:00', '10:30')], '10:00', '11:00')).toBe(2);
    // touching the window's edges is no overlap
    expect(peakUse([at('09:00', '10:00'), at('11:00', '12:00')], '10:00', '11:00')).toBe(0);
    expect(peakUse([at('10:30', '11:30'), at('10:45', '11:15')], '10:00', '11:00')).toBe(2);
    expect(peakUse([at('23:00', '00:00')], '23:30', '00:00')).toBe(1);
  });

  it('names the first appliance without a working, free unit', () => {
    const laser = { name: 'Láser diodo', working: 1, others: [at('10:00', '10:30')] };
    expect(missingAppliance([laser], '10:00', '10:30')).toBe('No hay un equipo «Láser diodo» funcionando y libre en la sucursal a esa hora');
    expect(missingAppliance([laser], '10:30', '11:00')).toBeNull();
    expect(missingAppliance([{ ...laser, working: 2 }], '10:00', '10:30')).toBeNull();
    expect(missingAppliance([{ name: 'IPL', working: 0, others: [] }], '10:00', '10:30')).toContain('«IPL»');
    expect(missingAppliance([], '10:00', '10:30')).toBeNull();
  });
});

describe('undo of a reschedule', () => {
  const at = new Date('2026-03-02T10:00:00Z');
  const later = (s: number) => new Date(at.getTime() + s * 1000);
  const last = { action: 'reagendar', userId: 'u1', at };
  it('is allowed to the same user within the window, on a scheduled appointment', () => {
    expect(undoRescheduleProblem('scheduled', last, 'u1', later(5))).toBeNull();
    expect(undoRescheduleProblem('scheduled', last, 'u1', later(UNDO_RESCHEDULE_SECONDS))).toBeNull();
  });
  it('is refused after the window, to another user, when the last change was not a reschedule, or not scheduled', () => {
    expect(undoRescheduleProblem('scheduled', last, 'u1', later(UNDO_RESCHEDULE_SECONDS + 1))).toBe(UNDO_TOO_LATE);
    expect(undoRescheduleProblem('scheduled', last, 'u2', later(5))).toBe(UNDO_OTHER_USER);
    expect(undoRescheduleProblem('scheduled', { ...last, action: 'confirmar' }, 'u1', later(5))).toBe(NOTHING_TO_UNDO);
    expect(undoRescheduleProblem('scheduled', null, 'u1', later(5))).toBe(NOTHING_TO_UNDO);
    expect(undoRescheduleProblem('cancelled', last, 'u1', later(5))).toBe(NOTHING_TO_UNDO);
  });
});
