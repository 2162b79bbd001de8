import { z } from 'zod';
import { todayIn } from './age';
import { dateField } from './customers.schemas';
import { minutes, SCHEDULE_STEP_MINUTES } from './schedules';
import { msg } from './validation';

/** Agenda and appointments (spec 1, sections 2–5 and 9): the vocabulary, payloads and pure rules. */

export const APPOINTMENT_STATUSES = ['scheduled', 'inProcess', 'finished', 'cancelled', 'absence'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];
export const appointmentStatusLabels: Record<AppointmentStatus, string> = {
  scheduled: 'Agendada',
  inProcess: 'En Proceso',
  finished: 'Terminada',
  cancelled: 'Cancelada',
  absence: 'Inasistencia',
};
/** Card and tag colours of the legend (hex without #). */
export const appointmentStatusColors: Record<AppointmentStatus, string> = {
  scheduled: '1677ff',
  inProcess: 'fa8c16',
  finished: '52c41a',
  cancelled: 'ff4d4f',
  absence: '8c8c8c',
};
/** Statuses that hold the cabin (the database's no-overlap constraint uses the same list). */
export const LIVE_STATUSES: readonly AppointmentStatus[] = ['scheduled', 'inProcess', 'finished'];

export const APPOINTMENT_OPTIONS = ['promotion', 'packages', 'purchasedProducts', 'newTreatments'] as const;
export type AppointmentOption = (typeof APPOINTMENT_OPTIONS)[number];
export const appointmentOptionLabels: Record<AppointmentOption, string> = {
  promotion: 'Promoción',
  packages: 'Paquete',
  purchasedProducts: 'Tratamiento adquirido',
  newTreatments: 'Tratamiento nuevo',
};

export const APPOINTMENT_METHODS = ['inPerson', 'phoneCall', 'socialNetworks', 'app', 'ecommerce'] as const;
export type AppointmentMethod = (typeof APPOINTMENT_METHODS)[number];
export const appointmentMethodLabels: Record<AppointmentMethod, string> = {
  inPerson: 'En persona',
  phoneCall: 'Llamada telefónica',
  socialNetworks: 'Redes sociales',
  app: 'App',
  ecommerce: 'E-commerce',
};

export const CONFIRM_METHODS = ['si', 'no', 'whatsapp', 'buzón', 'email', 'app', 'ecommerce'] as const;
export const confirmMethodLabels: Record<(typeof CONFIRM_METHODS)[number], string> = {
  si: 'Sí',
  no: 'No',
  whatsapp: 'WhatsApp',
  buzón: 'Buzón',
  email: 'Correo',
  app: 'App',
  ecommerce: 'E-commerce',
};

export const CANCELLATION_TYPES = ['cancellation', 'reschedule'] as const;
export const cancellationTypeLabels: Record<(typeof CANCELLATION_TYPES)[number], string> = { cancellation: 'Cancelación', reschedule: 'Reagenda' };
export const CANCELLATION_REASONS = ['Traffic', 'Desease', 'Work', 'Unspecified', 'Other'] as const;
export const cancellationReasonLabels: Record<(typeof CANCELLATION_REASONS)[number], string> = {
  Traffic: 'Tráfico',
  Desease: 'Enfermedad',
  Work: 'Trabajo',
  Unspecified: 'Sin especificar',
  Other: 'Otro',
};

/** Section 9: cancellations limit 3 (4 for roles with extendedCancellationLimit), at most 2 reschedules. */
export const CANCELLATION_LIMIT = 3;
export const EXTENDED_CANCELLATION_LIMIT = 4;
export const MAX_RESCHEDULES = 2;
/** The third cancellation or change of a purchased treatment ends it. */
export const MAX_TREATMENT_CHANGES = 3;
export const APPOINTMENT_PREFIX = 'CITA-';
/** Slots that started more than this long ago are locked in the grid. */
export const PAST_SLOT_GRACE_MINUTES = 30;
export const SLOT_MINUTES = SCHEDULE_STEP_MINUTES;

export const COMMENT_REQUIRED = 'El comentario es requerido cuando el motivo es Otro';
export const DATE_BEFORE_TODAY = 'La fecha no puede ser anterior a hoy';

/** Sessions one appointment (or one purchased-treatment finish) may take: 1 to 50 (docs/decisions.md). */
export const MAX_SESSIONS = 50;
export const SESSIONS_TOO_MANY = `El campo sesiones no puede ser mayor a ${MAX_SESSIONS}`;
/** Appointments and locks are written at most this many years ahead of today; locks not before MIN_LOCK_DATE (docs/decisions.md). */
export const MAX_YEARS_AHEAD = 2;
export const MIN_LOCK_DATE = '2000-01-01';
export const LOCK_DATE_TOO_OLD = 'La fecha no puede ser anterior al 01/01/2000';

const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

/** The last date (YYYY-MM-DD) an appointment or a lock may fall on: today plus MAX_YEARS_AHEAD years. */
export function latestAgendaDate(today: string = todayIn()): string {
  const d = new Date(today + 'T12:00:00Z');
  d.setUTCFullYear(d.getUTCFullYear() + MAX_YEARS_AHEAD);
  return d.toISOString().slice(0, 10);
}

/** The refusal of a date beyond latestAgendaDate(), or null. */
export function tooFarAhead(date: string, today: string = todayIn()): string | null {
  const latest = latestAgendaDate(today);
  return date > latest ? `La fecha no puede ser posterior al ${ddmmyyyy(latest)}` : null;
}

const blank = (v: unknown) => (v === '' || v === undefined || (typeof v === 'string' && !v.trim()) ? null : v);
const optionalUuid = (label: string) => z.preprocess(blank, z.uuid({ error: msg.invalid(label) }).nullable()).optional();
const uuidList = (label: string) => z.array(z.uuid({ error: msg.invalid(label) })).default([]);
/** 1 to MAX_SESSIONS whole sessions, with the field's own message. */
const sessionsField = () =>
  z.coerce
    .number({ error: msg.required('sesiones') })
    .int(msg.invalid('sesiones'))
    .min(1, msg.required('sesiones'))
    .max(MAX_SESSIONS, SESSIONS_TOO_MANY);

/** 'HH:mm' or 'HH:mm:ss' on a half-hour step (seconds are added by the client, dropped here). */
export const halfHour = (label: string) =>
  z
    .string({ error: msg.required(label) })
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:00)?$/, msg.invalid(label))
    .transform((v) => v.slice(0, 5))
    .refine((v) => minutes(v) % SLOT_MINUTES === 0, `El campo ${label} debe ir en intervalos de ${SLOT_MINUTES} minutos`);

/** POST /appointment/create and PUT /appointment/{id}/update. term is 'HH:mm' or minutes; the server derives it from the treatment when absent. */
export const appointmentSchema = z
  .object({
    branchId: z.uuid({ error: msg.required('sucursal') }),
    cabainId: z.uuid({ error: msg.required('cabina') }),
    treatmentTypeId: z.uuid({ error: msg.required('tipo de cita') }),
    customerId: z.uuid({ error: msg.required('paciente') }),
    date: dateField('fecha'),
    startTime: halfHour('hora de inicio'),
    term: z.union([z.number().int().positive(), z.string().regex(/^\d{1,2}:\d{2}(:\d{2})?$/)]).optional(),
    appointmentMethod: z.enum(APPOINTMENT_METHODS, { error: msg.required('método de cita') }),
    appointmentOption: z.enum(APPOINTMENT_OPTIONS, { error: msg.required('opción') }),
    observations: z.preprocess(blank, z.string().trim().max(500, msg.max('observaciones', 500)).nullable()).optional(),
    promoId: optionalUuid('promoción'),
    packageId: optionalUuid('paquete'),
    treatmentId: optionalUuid('tratamiento'),
    purchasedProductId: optionalUuid('tratamiento adquirido'),
    sessions: sessionsField().default(1),
    categoriesIds: uuidList('categoría'),
    treatmentsIds: uuidList('tratamiento'),
  })
  .superRefine((a, ctx) => {
    const need = (ok: unknown, path: string, label: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message: msg.required(label) });
    };
    if (a.appointmentOption === 'promotion') need(a.promoId, 'promoId', 'promoción');
    if (a.appointmentOption === 'packages') need(a.packageId, 'packageId', 'paquete');
    if (a.appointmentOption === 'purchasedProducts') need(a.purchasedProductId, 'purchasedProductId', 'tratamiento adquirido');
    if (a.appointmentOption === 'newTreatments') need(a.treatmentId ?? a.treatmentsIds[0], 'treatmentId', 'tratamiento');
    const far = tooFarAhead(a.date);
    if (far) ctx.addIssue({ code: 'custom', path: ['date'], message: far });
  });
export type AppointmentInput = z.infer<typeof appointmentSchema>;

export const cancelSchema = z
  .object({
    type: z.enum(CANCELLATION_TYPES).default('cancellation'),
    cancellationReason: z.enum(CANCELLATION_REASONS, { error: msg.required('motivo de cancelación') }),
    comment: z.preprocess(blank, z.string().trim().max(255, msg.max('comentario', 255)).nullable()).optional(),
    customerCancellation: z.boolean().default(false),
  })
  .refine((c) => c.cancellationReason !== 'Other' || !!c.comment, { path: ['comment'], message: COMMENT_REQUIRED });

export const confirmSchema = z.object({ confirmMethod: z.enum(CONFIRM_METHODS, { error: msg.required('método de confirmación') }) });

/**
 * POST /appointment/{id}/finish (section 3 "Status change payload"). sessionAreas holds one area per session when the
 * treatment (or, without one, the appointment's type) has areas, and nothing when it has none (valuations): the server decides.
 */
export const finishSchema = z.object({
  status: z.literal('finished').default('finished'),
  attendedById: z.uuid({ error: msg.required('profesional que atendió') }),
  sessions: sessionsField(),
  /** One area per session (none when the treatment has no areas). */
  sessionAreas: z.array(z.uuid({ error: msg.required('área') })).default([]),
  /** One product lot (stock id) per unit the treatment consumes; a lot may repeat when its stock allows. */
  treatmentProducts: z.array(z.uuid({ error: msg.required('producto') })).default([]),
  stockIds: z.array(z.uuid()).optional(),
  consent: z.boolean().optional(),
});

/**
 * PUT /purchased-product/{id}/finish (spec 4 and 7): sessions of a purchased treatment finished outside an appointment.
 * branchId: where the sessions were given (the signed-in branch when absent).
 */
export const purchasedFinishSchema = z.object({
  attendedById: z.uuid({ error: msg.required('profesional que atendió') }),
  sessions: sessionsField(),
  sessionAreas: z.array(z.uuid({ error: msg.required('área') })).default([]),
  stockIds: z.array(z.uuid({ error: msg.required('producto') })).default([]),
  consent: z.boolean().optional(),
  branchId: optionalUuid('sucursal'),
});

export const LOCK_TYPES = ['hour', 'cabain', 'day', 'hours_range', 'days_range'] as const;
export type LockType = (typeof LOCK_TYPES)[number];
export const lockTypeLabels: Record<LockType, string> = {
  hour: 'Hora',
  cabain: 'Cabina',
  day: 'Día',
  hours_range: 'Rango de horas',
  days_range: 'Rango de días',
};
export const LOCK_REASONS = ['comida gerencia', 'comida', 'licencia', 'incapacidad', 'maestría', 'capacitación', 'otro'] as const;
/** Lock hour options: half-hourly 06:00 to 22:00 (section 9). */
export const LOCK_TIMES: string[] = Array.from({ length: 33 }, (_, i) => {
  const m = 6 * 60 + i * 30;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
});
export const LOCK_DESCRIPTION_REQUIRED = 'La descripción es requerida cuando el motivo es otro';

/**
 * POST /lock/create. What each type blocks (docs/decisions.md):
 * hour — the half-hour slots in `time` on `date` (recurrent: on the `days` of every week from `date`, every day when none);
 * cabain — the whole cabin on `date` (recurrent as for hour); day — every cabin of the branch on `date`;
 * hours_range — from time[0] to time[1] on the `days` of every week from `date`;
 * days_range — from time[0] to time[1] on every day from `date` to `endDate`.
 */
export const lockSchema = z
  .object({
    branchId: z.uuid({ error: msg.required('sucursal') }),
    cabainId: optionalUuid('cabina'),
    type: z.enum(LOCK_TYPES, { error: msg.required('tipo de bloqueo') }),
    reason: z.enum(LOCK_REASONS, { error: msg.required('motivo') }),
    reasonDescription: z.preprocess(blank, z.string().trim().max(255, msg.max('descripción', 255)).nullable()).optional(),
    time: z
      .array(
        z
          .string()
          .refine((t) => LOCK_TIMES.includes(t.slice(0, 5)), msg.invalid('hora'))
          .transform((t) => t.slice(0, 5)),
      )
      .default([]),
    date: dateField('fecha'),
    endDate: z.preprocess(blank, dateField('fecha final').nullable()).optional(),
    days: z.array(z.number().int().min(0).max(6)).default([]),
    recurrent: z.boolean().default(false),
  })
  .superRefine((l, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (l.reason === 'otro' && !l.reasonDescription) issue('reasonDescription', LOCK_DESCRIPTION_REQUIRED);
    if (l.type !== 'day' && !l.cabainId) issue('cabainId', msg.required('cabina'));
    if (['hour', 'hours_range', 'days_range'].includes(l.type) && !l.time.length) issue('time', msg.required('hora'));
    if ((l.type === 'hours_range' || l.type === 'days_range') && l.time.length !== 2) issue('time', 'Indique la hora inicial y la final');
    if ((l.type === 'hours_range' || l.type === 'days_range') && l.time.length === 2 && minutes(l.time[0]) >= minutes(l.time[1]))
      issue('time', 'La hora final debe ser posterior a la inicial');
    if (l.type === 'hours_range' && !l.days.length) issue('days', msg.required('días'));
    if (l.type === 'days_range' && !l.endDate) issue('endDate', msg.required('fecha final'));
    if (l.type === 'days_range' && l.endDate && l.endDate < l.date) issue('endDate', 'La fecha final no puede ser anterior a la inicial');
    if (l.recurrent && l.type !== 'hour' && l.type !== 'cabain') issue('recurrent', 'Solo los bloqueos por hora o por cabina pueden ser recurrentes');
    for (const [field, value] of [
      ['date', l.date],
      ['endDate', l.endDate],
    ] as const) {
      if (!value) continue;
      if (value < MIN_LOCK_DATE) issue(field, LOCK_DATE_TOO_OLD);
      const far = tooFarAhead(value);
      if (far) issue(field, far);
    }
  });
export type LockInput = z.infer<typeof lockSchema>;

export interface LockLike {
  type: LockType;
  cabinId: string | null;
  time: string[];
  date: string;
  endDate: string | null;
  days: number[];
  recurrent: boolean;
}

/** Day of week (0 Sunday) of a 'YYYY-MM-DD' date. */
export function weekDay(date: string): number {
  return new Date(date + 'T12:00:00Z').getUTCDay();
}

/** The [start, end) minutes a lock blocks in one cabin on one date, or null when it blocks nothing there. */
export function lockWindow(lock: LockLike, cabinId: string, date: string): [number, number] | null {
  // a day lock closes every cabin of the branch, whatever cabin it names
  if (lock.type !== 'day' && lock.cabinId && lock.cabinId !== cabinId) return null;
  switch (lock.type) {
    case 'day':
      return date === lock.date ? [0, 24 * 60] : null;
    case 'cabain':
      return repeatsOn(lock, date) ? [0, 24 * 60] : null;
    case 'hour': {
      if (!lock.time.length || !repeatsOn(lock, date)) return null;
      const marks = lock.time.map(minutes).sort((a, b) => a - b);
      return [marks[0], marks[marks.length - 1] + SLOT_MINUTES];
    }
    case 'hours_range':
      return date >= lock.date && lock.time.length === 2 && lock.days.includes(weekDay(date)) ? timeRange(lock) : null;
    case 'days_range':
      return date >= lock.date && date <= (lock.endDate ?? lock.date) && lock.time.length === 2 ? timeRange(lock) : null;
  }
}

/** A recurrent lock on its weekdays (every day without any) from its date on; another, on its date only. */
function repeatsOn(lock: LockLike, date: string): boolean {
  if (!lock.recurrent) return date === lock.date;
  return date >= lock.date && (!lock.days.length || lock.days.includes(weekDay(date)));
}

const timeRange = (lock: LockLike): [number, number] => [minutes(lock.time[0]), minutes(lock.time[1])];

/** Whether a lock blocks any minute of [start, end) ('HH:mm') in the cabin on the date. An 'hour' lock blocks only its own slots. */
export function lockBlocks(lock: LockLike, cabinId: string, date: string, start: string, end: string): boolean {
  const window = lockWindow(lock, cabinId, date);
  if (!window) return false;
  const [s, e] = [minutes(start), end === '00:00' ? 24 * 60 : minutes(end)];
  if (lock.type === 'hour') return lock.time.some((t) => minutes(t) < e && minutes(t) + SLOT_MINUTES > s);
  return window[0] < e && window[1] > s;
}

export const LOCK_IN_PAST = 'El bloqueo ya terminó: no se puede guardar un bloqueo en el pasado';

/**
 * Whether a lock has nothing left to block at `now` (the branch's wall clock: date and minute of the day).
 * Recurrent and weekly (hours_range) locks never end; a day or cabin lock ends with its day; an hour lock after
 * its last half hour; a days range at its end time on its last day.
 */
export function lockEnded(lock: Pick<LockLike, 'type' | 'time' | 'date' | 'endDate' | 'recurrent'>, now: { date: string; minutes: number }): boolean {
  if (lock.recurrent || lock.type === 'hours_range') return false;
  const lastDay = lock.type === 'days_range' ? (lock.endDate ?? lock.date) : lock.date;
  if (lastDay !== now.date) return lastDay < now.date;
  const marks = lock.time.map((t) => minutes(t.slice(0, 5)));
  if (lock.type === 'hour' && marks.length) return Math.max(...marks) + SLOT_MINUTES <= now.minutes;
  if (lock.type === 'days_range' && marks.length === 2) return marks[1] <= now.minutes;
  return false;
}
