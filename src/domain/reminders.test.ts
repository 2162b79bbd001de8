import { describe, expect, it } from 'vitest';
import { branchSchema } from './branches.schemas';
import {
  cancelText,
  REMINDER_HOUR_RANGE,
  reminderHourField,
  reminderSubject,
  reminderText,
  whatsappNumber,
  whatsappUrl,
  type ReminderFacts,
} from './reminders';

const facts: ReminderFacts = {
  patient: 'Ana López Ruiz',
  date: '2031-06-11',
  startTime: '10:00',
  branch: 'Tijuana',
  address: 'Av. Revolución 100, Centro, Tijuana',
  treatment: 'Depilación láser',
  professional: null,
  branchPhone: '6640000000',
};
const links = { confirm: 'https://c.mx/v1/reminder/t/confirm', reschedule: 'https://c.mx/v1/reminder/t/reschedule' };

describe('reminder texts', () => {
  it('tell the appointment in Spanish with both links; the same text goes to WhatsApp', () => {
    const text = reminderText(facts, links);
    expect(text.split('\n')).toEqual([
      'Hola, Ana López Ruiz:',
      '',
      'Le recordamos su cita:',
      'Fecha: 11/06/2031',
      'Hora: 10:00',
      'Sucursal: Tijuana (Av. Revolución 100, Centro, Tijuana)',
      'Tratamiento: Depilación láser',
      '',
      `Confirme su asistencia: ${links.confirm}`,
      `¿Necesita cambiarla? Pida reagendar: ${links.reschedule}`,
      '',
      'Teléfono de la sucursal: 6640000000',
    ]);
    expect(reminderText({ ...facts, professional: 'Dra. Paz' }, links, 'update')).toContain('Su cita cambió');
    expect(reminderText({ ...facts, professional: 'Dra. Paz' }, links)).toContain('Profesional: Dra. Paz');
    expect(cancelText(facts)).toContain('Su cita fue cancelada:');
    expect(cancelText(facts)).not.toContain('http');
    expect(reminderSubject(facts, 'request')).toBe('Recordatorio de cita · 11/06/2031 10:00 · Tijuana');
    expect(reminderSubject(facts, 'cancel')).toBe('Cita cancelada · 11/06/2031 10:00');
  });

  it('open WhatsApp at the Mexican number with the text typed', () => {
    expect(whatsappNumber('664 123 4567')).toBe('526641234567');
    expect(whatsappNumber('526641234567')).toBe('526641234567');
    expect(whatsappNumber('12345')).toBeNull();
    expect(whatsappNumber(null)).toBeNull();
    expect(whatsappUrl('526641234567', 'Hola & adiós')).toBe('https://wa.me/526641234567?text=Hola%20%26%20adi%C3%B3s');
  });
});

describe('the branch reminder hour', () => {
  it('takes a whole hour 0–23 (number or text) and refuses others with a Spanish message', () => {
    expect(reminderHourField.parse(8)).toBe(8);
    expect(reminderHourField.parse('09:00')).toBe(9);
    expect(reminderHourField.parse(undefined)).toBeUndefined();
    for (const bad of [24, -1, 7.5]) expect(reminderHourField.safeParse(bad).error?.issues[0]?.message).toBe(REMINDER_HOUR_RANGE);
    expect(branchSchema.shape.reminderHour.safeParse('diez').success).toBe(false);
  });
});
