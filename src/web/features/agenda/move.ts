import type { AppointmentInput } from '../../../domain/agenda';
import type { AppointmentDetail } from '../../../domain/appointments.contract';
import { endTimeOf } from '../../../domain/appointment-rules';

/**
 * The update a drag sends: the appointment as stored (what is booked, its method, notes, sessions), only its cabin and
 * start time changed. The server keeps its length and checks it as the edit form's reschedule (same endpoint, same rules).
 */
export function movedPayload(a: AppointmentDetail, cabainId: string, startTime: string): AppointmentInput {
  const option = a.appointmentOption as AppointmentInput['appointmentOption'];
  return {
    branchId: a.branch.id,
    cabainId,
    treatmentTypeId: a.treatmentType.id,
    customerId: a.customer.id,
    date: a.date.slice(0, 10),
    startTime,
    appointmentMethod: a.appointmentMethod as AppointmentInput['appointmentMethod'],
    appointmentOption: option,
    observations: a.observations,
    promoId: a.promoId,
    packageId: a.packageId,
    treatmentId: option === 'purchasedProducts' ? null : (a.treatment?.id ?? null),
    purchasedProductId: a.purchasedProductId,
    sessions: a.sessions,
    categoriesIds: a.categoriesIds,
    treatmentsIds: a.treatmentsIds,
  };
}

/** 'HH:mm – HH:mm' of an appointment of `term` minutes starting at `start`. */
export const rangeAt = (start: string, term: number) => `${start} – ${endTimeOf(start, term) ?? ''}`;
