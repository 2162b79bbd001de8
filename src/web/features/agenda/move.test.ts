import { describe, expect, it } from 'vitest';
import { appointmentSchema } from '../../../domain/agenda';
import type { AppointmentDetail } from '../../../domain/appointments.contract';
import { movedPayload, rangeAt } from './move';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stored = {
  branch: { id: id(1), name: 'Tijuana' },
  cabain: { id: id(2), name: 'Láser 1' },
  treatmentType: { id: id(3), name: 'Cosmetologico' },
  customer: { id: id(4) },
  date: '2026-03-03',
  startTime: '11:00',
  term: 60,
  appointmentMethod: 'phoneCall',
  appointmentOption: 'newTreatments',
  observations: 'Trae su toalla',
  promoId: null,
  packageId: null,
  treatment: { id: id(5) },
  purchasedProductId: null,
  sessions: 1,
  categoriesIds: [id(6)],
  treatmentsIds: [id(5)],
} as unknown as AppointmentDetail;

describe("a drag's update", () => {
  it('sends the appointment as stored with only its cabin and start changed, valid for the form schema', () => {
    const body = movedPayload(stored, id(9), '12:30');
    expect(body).toMatchObject({
      branchId: id(1),
      cabainId: id(9),
      startTime: '12:30',
      date: '2026-03-03',
      treatmentId: id(5),
      observations: 'Trae su toalla',
    });
    expect(appointmentSchema.safeParse(body).success).toBe(true);
  });
  it('sends no treatment for a purchased treatment (the purchase names it)', () => {
    const body = movedPayload({ ...stored, appointmentOption: 'purchasedProducts', purchasedProductId: id(7) } as AppointmentDetail, id(2), '13:00');
    expect(body).toMatchObject({ treatmentId: null, purchasedProductId: id(7) });
    expect(appointmentSchema.safeParse(body).success).toBe(true);
  });
  it('shows the range the moved appointment takes', () => expect(rangeAt('12:30', 60)).toBe('12:30 – 13:30'));
});
