import {
  APPOINTMENT_PREFIX,
  CANCELLATION_LIMIT,
  EXTENDED_CANCELLATION_LIMIT,
  MAX_RESCHEDULES,
  MAX_TREATMENT_CHANGES,
  SLOT_MINUTES,
  type AppointmentOption,
  type AppointmentStatus,
} from './agenda';
import { minutes } from './schedules';

/**
 * Pure rules of booking, rescheduling, cancelling and finishing appointments (spec 1, sections 4, 5 and 9).
 * The server calls them; each returns a refusal code or message, or null when the rule is met.
 */

export const DAY_MINUTES = 24 * 60;

/** 'HH:mm' of a minute count (1440 → '24:00'). */
export function hhmm(total: number): string {
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** Minutes of 'HH:mm'; an end time of '00:00' means midnight at the end of the day. */
export function endMinutes(time: string): number {
  const m = minutes(time);
  return m === 0 ? DAY_MINUTES : m;
}

export function roundUpToSlot(total: number): number {
  return Math.ceil(total / SLOT_MINUTES) * SLOT_MINUTES;
}

/** term on the wire is minutes or 'HH:mm'. */
export function termToMinutes(term: number | string | undefined | null): number | null {
  if (term === undefined || term === null) return null;
  if (typeof term === 'number') return term;
  const [h, m] = term.split(':').map(Number);
  return h * 60 + m;
}

/**
 * The appointment's length: the payload's term, else the treatment's duration, else the package's or
 * promotion's cabin time; always rounded up to whole half hours, at least one slot.
 */
export function appointmentTerm(payloadTerm: number | string | undefined | null, treatmentMinutes?: number | null, packageMinutes?: number | null): number {
  const raw = termToMinutes(payloadTerm) ?? treatmentMinutes ?? packageMinutes ?? SLOT_MINUTES;
  return Math.max(SLOT_MINUTES, roundUpToSlot(raw));
}

/** The end time, or null when the appointment would run past midnight. */
export function endTimeOf(startTime: string, term: number): string | null {
  const end = minutes(startTime) + term;
  if (end > DAY_MINUTES) return null;
  return end === DAY_MINUTES ? '00:00' : hhmm(end);
}

export function appointmentNumber(sequence: number): string {
  return APPOINTMENT_PREFIX + String(sequence).padStart(6, '0');
}

/** The sequence part of 'CITA-000123' (0 when none). */
export function appointmentSequence(number: string | null | undefined): number {
  const n = Number((number ?? '').slice(APPOINTMENT_PREFIX.length));
  return Number.isFinite(n) ? n : 0;
}

export interface ZonedNow {
  /** 'YYYY-MM-DD' in the branch's zone. */
  date: string;
  /** Minutes since midnight in the branch's zone. */
  minutes: number;
}

/** Today's date and the minute of the day in a time zone. */
export function nowIn(timeZone: string, now = new Date()): ZonedNow {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { date: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** APPOINTMENT_IN_PAST: the date is before today, or today and the start time has passed. */
export function isInPast(date: string, startTime: string, now: ZonedNow): boolean {
  if (date < now.date) return true;
  return date === now.date && minutes(startTime) < now.minutes;
}

export interface DayHours {
  opening: string;
  closing: string;
}

const closedDay = (h: DayHours) => h.opening === '00:00' && h.closing === '00:00';

/**
 * The hours a cabin takes appointments on a weekday: the cabin's own schedule for that day within the
 * branch's. A branch without any schedule is open 0–24; a branch with schedules is closed on days it
 * does not list. A cabin without any schedule follows the branch; a cabin with schedules is closed on
 * days it does not list. Returns [open, close) in minutes or null when closed.
 */
export function cabinDayHours(
  branchSchedule: readonly (DayHours & { day: number })[],
  cabinSchedule: readonly (DayHours & { day: number })[],
  day: number,
): [number, number] | null {
  const window = (list: readonly (DayHours & { day: number })[]): [number, number] | null | undefined => {
    if (!list.length) return undefined;
    const entry = list.find((e) => e.day === day);
    if (!entry || closedDay(entry)) return null;
    return [minutes(entry.opening), endMinutes(entry.closing)];
  };
  const branch = window(branchSchedule);
  if (branch === null) return null;
  const cabin = window(cabinSchedule);
  if (cabin === null) return null;
  const b = branch ?? [0, DAY_MINUTES];
  const c = cabin ?? b;
  const open = Math.max(b[0], c[0]);
  const close = Math.min(b[1], c[1]);
  return open < close ? [open, close] : null;
}

/** APPOINTMENT_OUTSIDE_HOURS unless [start, end) fits the day's hours. */
export function withinHours(startTime: string, endTime: string, hours: [number, number] | null): boolean {
  if (!hours) return false;
  return minutes(startTime) >= hours[0] && endMinutes(endTime) <= hours[1];
}

export type TreatmentKind = 'medical' | 'cosmetology' | 'other';

/** Treatment type names of the catalogue: 'Medico', 'Cosmetologico', 'Valoracion'. */
export function treatmentKind(typeName: string | null | undefined): TreatmentKind {
  const n = (typeName ?? '')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (n.startsWith('medic')) return 'medical';
  if (n.startsWith('cosmet')) return 'cosmetology';
  return 'other';
}

/**
 * Same customer, same day: every cosmetology appointment goes before every medical one (docs/decisions.md).
 * A new cosmetology appointment starting at or after a live medical one is refused, and so is a new
 * medical appointment starting at or before a live cosmetology one. Valuation appointments are ignored.
 */
export function sameDayOrder(
  kind: TreatmentKind,
  startTime: string,
  others: readonly { kind: TreatmentKind; startTime: string }[],
): 'APPOINTMENT_COSMETOLOGY_AFTER_MEDICAL' | 'APPOINTMENT_MEDICAL_BEFORE_COSMETOLOGY' | null {
  const start = minutes(startTime);
  if (kind === 'cosmetology' && others.some((o) => o.kind === 'medical' && minutes(o.startTime) <= start)) return 'APPOINTMENT_COSMETOLOGY_AFTER_MEDICAL';
  if (kind === 'medical' && others.some((o) => o.kind === 'cosmetology' && minutes(o.startTime) >= start)) return 'APPOINTMENT_MEDICAL_BEFORE_COSMETOLOGY';
  return null;
}

export function cancellationLimit(extended: boolean): number {
  return extended ? EXTENDED_CANCELLATION_LIMIT : CANCELLATION_LIMIT;
}

/** CUSTOMER_TOO_MANY_CANCELLATIONS: at the limit a customer may only book against a purchased treatment. */
export function mayBookWithCancellations(cancellations: number, extended: boolean, option: AppointmentOption): boolean {
  return option === 'purchasedProducts' || cancellations < cancellationLimit(extended);
}

export interface PurchasedLike {
  id: string;
  customerId: string;
  status: string;
  sessions: number;
  currentSession: number;
}

/**
 * A purchased treatment can be booked when it is the customer's, still on process with sessions left
 * (or is the one already on the appointment), and the sessions asked fit in what is left.
 */
export function purchasedProductProblem(pp: PurchasedLike, customerId: string, sessions: number, currentId?: string | null): string | null {
  if (pp.customerId !== customerId) return 'El tratamiento adquirido no pertenece al paciente';
  const remaining = pp.sessions - pp.currentSession;
  if (pp.id !== currentId && (pp.status !== 'onProcess' || remaining <= 0)) return 'El tratamiento adquirido no tiene sesiones disponibles';
  if (sessions > Math.max(remaining, 0)) return `Solo quedan ${Math.max(remaining, 0)} sesiones del tratamiento adquirido`;
  return null;
}

export interface SlotLike {
  date: string;
  startTime: string;
  cabinId: string;
}

/** A change of date, start time or cabin is a reschedule. */
export function isReschedule(before: SlotLike, after: SlotLike): boolean {
  return before.date !== after.date || before.startTime.slice(0, 5) !== after.startTime.slice(0, 5) || before.cabinId !== after.cabinId;
}

/** APPOINTMENT_TOO_MANY_CHANGES after two reschedules. */
export function mayReschedule(reschedules: number): boolean {
  return reschedules < MAX_RESCHEDULES;
}

/** A cancellation or reschedule charged to a purchased treatment: the third one ends it (status 'expired'). */
export function chargeTreatmentChange(changes: number): { changes: number; ends: boolean } {
  const next = changes + 1;
  return { changes: next, ends: next >= MAX_TREATMENT_CHANGES };
}

export const canUpdate = (status: string) => status === 'scheduled';
export const canConfirm = (status: string) => status === 'scheduled';
export const canSetOnProcess = (status: string) => status === 'scheduled';
export const canCancel = (status: string) => status === 'scheduled' || status === 'inProcess';
export const canFinish = (status: string) => status === 'inProcess';

/** Section 4: scheduled → inProcess | cancelled (never finished directly); inProcess → finished. */
export function allowedStatuses(status: string): AppointmentStatus[] {
  if (status === 'scheduled') return ['inProcess', 'cancelled'];
  if (status === 'inProcess') return ['finished'];
  return [];
}

/** scheduled or inProcess, and the appointment's end has not passed in the branch's zone. */
export function isEditable(status: string, date: string, endTime: string, now: ZonedNow): boolean {
  if (status !== 'scheduled' && status !== 'inProcess') return false;
  if (date !== now.date) return date > now.date;
  return endMinutes(endTime) > now.minutes;
}

/** The absence job: a scheduled or in-process appointment whose day has ended in the branch's zone. */
export function isAbsent(status: string, date: string, today: string): boolean {
  return (status === 'scheduled' || status === 'inProcess') && date < today;
}

/** Units of each product a finish consumes: the treatment's quantity per session × sessions. */
export function unitsNeeded(treatmentProducts: readonly { productId: string; quantity: number }[], sessions: number): Map<string, number> {
  const need = new Map<string, number>();
  for (const p of treatmentProducts) need.set(p.productId, (need.get(p.productId) ?? 0) + p.quantity * sessions);
  return need;
}

/** Exactly one lot per unit: the submitted lots must cover each product's units, no more and no less. */
export function stockSelectionProblem(need: Map<string, number>, lots: readonly { productId: string }[]): string | null {
  const got = new Map<string, number>();
  for (const l of lots) got.set(l.productId, (got.get(l.productId) ?? 0) + 1);
  for (const productId of got.keys()) if (!need.has(productId)) return 'Se seleccionó un producto que el tratamiento no utiliza';
  for (const [productId, n] of need) if ((got.get(productId) ?? 0) !== n) return `Seleccione ${n} ${n === 1 ? 'lote' : 'lotes'} por cada producto del tratamiento`;
  return null;
}

/** Finishing: sessions fit the purchased treatment and one area per session. */
export function finishSessionsProblem(sessions: number, areas: number, remaining: number | null): string | null {
  if (remaining !== null && sessions > remaining) return `Solo quedan ${Math.max(remaining, 0)} sesiones del tratamiento adquirido`;
  if (areas !== sessions) return 'Seleccione un área por cada sesión';
  return null;
}

/** The medic's commission basis: the treatment's medical fee × sessions, in cents-safe arithmetic. */
export function medicalFeeOf(kind: TreatmentKind, fee: number | null | undefined, sessions: number): number | null {
  if (kind !== 'medical' || fee === null || fee === undefined) return null;
  return Math.round(fee * 100 * sessions) / 100;
}

/** The department a professional must belong to for a kind of treatment (null: either). */
export function professionalDepartment(kind: TreatmentKind): 'medica' | 'cosmetologica' | null {
  if (kind === 'medical') return 'medica';
  if (kind === 'cosmetology') return 'cosmetologica';
  return null;
}

export const NOT_SCHEDULED = 'Solo se pueden editar citas agendadas';
export const NOT_CONFIRMABLE = 'Solo se pueden confirmar citas agendadas';
export const NOT_STARTABLE = 'Solo una cita agendada puede pasar a En Proceso';
export const NOT_CANCELLABLE = 'Solo se pueden cancelar citas agendadas o en proceso';
export const NOT_FINISHABLE = 'Solo una cita en proceso puede terminarse';
export const CONSENT_REQUIRED = 'El consentimiento del paciente es requerido para este tratamiento';
