import { z } from 'zod';
import { dayMonthYear } from './dates';
import { msg } from './validation';

/**
 * Appointment reminders (issue 30, «Menos inasistencias»): the day before, at the branch's local hour, the patient
 * gets an e-mail with the appointment, an iCalendar invitation and the links that confirm it or ask to reschedule;
 * the reception can send the same text and links by WhatsApp (click-to-chat). Pure rules and texts shared by the
 * server (e-mail, page) and the screens (WhatsApp, status).
 */

/** The hour a branch sends reminders at when nobody chose one. */
export const DEFAULT_REMINDER_HOUR = 10;
export const REMINDER_HOUR_RANGE = 'La hora de recordatorio debe estar entre 0 y 23';

/** The branch form's field: a whole local hour 0–23 ('10' and 10 alike). */
export const reminderHourField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^\d{1,2}(:00)?$/.test(v.trim()) ? Number(v.trim().slice(0, 2)) : v),
  z
    .number({ error: msg.invalid('hora de recordatorio') })
    .int(REMINDER_HOUR_RANGE)
    .min(0, REMINDER_HOUR_RANGE)
    .max(23, REMINDER_HOUR_RANGE)
    .optional(),
);

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** A message of a reminder: the day-before invitation, an update after a change, the cancellation. */
export const REMINDER_KINDS = ['request', 'update', 'cancel'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed', 'skipped'] as const;
export type ReminderMessageStatus = (typeof REMINDER_MESSAGE_STATUSES)[number];
export const reminderStatusLabels: Record<ReminderMessageStatus, string> = {
  pending: 'Por enviar',
  sending: 'Enviando',
  sent: 'Enviado',
  failed: 'Falló el envío',
  skipped: 'No enviado',
};
/** Where a reminder link was handed out: the e-mail, or WhatsApp by the reception. Its confirmation is recorded as that method. */
export const REMINDER_CHANNELS = ['email', 'whatsapp'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];
export const reminderChannelLabels: Record<ReminderChannel, string> = { email: 'el enlace del correo', whatsapp: 'el enlace de WhatsApp' };

/** Tries of one message and the waits after the first and second failures (then it stays failed). */
export const REMINDER_TRIES = 3;
export const REMINDER_RETRY_DELAYS_MS = [5 * 60_000, 30 * 60_000];

export const NO_EMAIL = 'El paciente no tiene correo';

/** What a reminder tells: the appointment in the branch's words. */
export interface ReminderFacts {
  patient: string;
  date: string;
  startTime: string;
  branch: string;
  address: string;
  treatment: string;
  professional: string | null;
  branchPhone: string | null;
}

export interface ReminderLinks {
  confirm: string;
  reschedule: string;
}

/** The lines that describe the appointment (e-mail, WhatsApp and page alike). */
export function appointmentLines(f: ReminderFacts): string[] {
  return [
    `Fecha: ${dayMonthYear(f.date)}`,
    `Hora: ${f.startTime.slice(0, 5)}`,
    `Sucursal: ${f.branch}${f.address ? ` (${f.address})` : ''}`,
    `Tratamiento: ${f.treatment}`,
    ...(f.professional ? [`Profesional: ${f.professional}`] : []),
  ];
}

/** The reminder's text: the e-mail body and, word for word, the WhatsApp message. */
export function reminderText(f: ReminderFacts, links: ReminderLinks, kind: Exclude<ReminderKind, 'cancel'> = 'request'): string {
  return [
    `Hola, ${f.patient}:`,
    '',
    kind === 'update' ? 'Su cita cambió. Estos son los nuevos datos:' : 'Le recordamos su cita:',
    ...appointmentLines(f),
    '',
    `Confirme su asistencia: ${links.confirm}`,
    `¿Necesita cambiarla? Pida reagendar: ${links.reschedule}`,
    ...(f.branchPhone ? ['', `Teléfono de la sucursal: ${f.branchPhone}`] : []),
  ].join('\n');
}

export function cancelText(f: ReminderFacts): string {
  return [
    `Hola, ${f.patient}:`,
    '',
    'Su cita fue cancelada:',
    ...appointmentLines(f),
    ...(f.branchPhone ? ['', `Para agendar otra, llame a la sucursal: ${f.branchPhone}`] : []),
  ].join('\n');
}

export const reminderSubject = (f: ReminderFacts, kind: ReminderKind) =>
  kind === 'cancel'
    ? `Cita cancelada · ${dayMonthYear(f.date)} ${f.startTime.slice(0, 5)}`
    : `${kind === 'update' ? 'Cambio de cita' : 'Recordatorio de cita'} · ${dayMonthYear(f.date)} ${f.startTime.slice(0, 5)} · ${f.branch}`;

/** A Mexican 10-digit phone as WhatsApp's international number (52 + the number); null when it is not one. */
export function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `52${digits}`;
  if (digits.length === 12 && digits.startsWith('52')) return digits;
  return null;
}

/** WhatsApp's click-to-chat link (no paid API): the chat with the number, the text already typed. */
export const whatsappUrl = (number: string, text: string) => `https://wa.me/${number}?text=${encodeURIComponent(text)}`;
