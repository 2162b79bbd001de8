import {
  APPOINTMENT_PREFIX,
  CANCELLATION_LIMIT,
  EXTENDED_CANCELLATION_LIMIT,
  MAX_RESCHEDULES,
  MAX_TREATMENT_CHANGES,
  PAST_SLOT_GRACE_MINUTES,
  SLOT_MINUTES,
  type AppointmentInput,
  type AppointmentOption,
  type AppointmentStatus,
} from './agenda';
import { zonedClock } from './dates';
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

/** The minutes the sessions booked in one appointment take: the treatment's duration × sessions (null without a duration). */
export function sessionsMinutes(treatmentMinutes: number | null | undefined, sessions = 1): number | null {
  if (treatmentMinutes === undefined || treatmentMinutes === null) return null;
  return treatmentMinutes * Math.max(1, Math.floor(sessions));
}

/**
 * The appointment's length: the payload's term, else the treatment's duration × the sessions booked in it, else the
 * package's or promotion's cabin time; always rounded up to whole half hours, at least one slot.
 */
export function appointmentTerm(
  payloadTerm: number | string | undefined | null,
  treatmentMinutes?: number | null,
  packageMinutes?: number | null,
  sessions = 1,
): number {
  const raw = termToMinutes(payloadTerm) ?? sessionsMinutes(treatmentMinutes, sessions) ?? packageMinutes ?? SLOT_MINUTES;
  return Math.max(SLOT_MINUTES, roundUpToSlot(raw));
}

/** '1 h 30 min', '45 min', '2 h': a duration as the form shows it. */
export function durationText(total: number): string {
  const h = Math.floor(total / 60);
  const m = total % 60;
  if (!h) return `${m} min`;
  return m ? `${h} h ${m} min` : `${h} h`;
}

/**
 * The start times the form offers ('HH:mm', every SLOT_MINUTES): within the day's hours, leaving room for the
 * appointment's term before closing, and not already past (slotIsPast) when `now` is given. Closed: none.
 */
export function startTimeChoices(hours: [number, number] | null, term: number, date?: string, now?: ZonedNow): string[] {
  if (!hours) return [];
  const choices: string[] = [];
  for (let m = roundUpToSlot(hours[0]); m + Math.max(term, SLOT_MINUTES) <= hours[1] && m < DAY_MINUTES; m += SLOT_MINUTES) {
    const time = hhmm(m);
    if (!date || !now || !slotIsPast(date, time, now)) choices.push(time);
  }
  return choices;
}

/** [open, close) minutes of the agenda day's 'HH:mm' opening and closing (null when closed). */
export function dayHoursOf(opening: string | null | undefined, closing: string | null | undefined): [number, number] | null {
  if (!opening || !closing) return null;
  return [minutes(opening), endMinutes(closing)];
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

export interface ZonedNow {
  /** 'YYYY-MM-DD' in the branch's zone. */
  date: string;
  /** Minutes since midnight in the branch's zone. */
  minutes: number;
}

/** Today's date and the minute of the day in a time zone. */
export function nowIn(timeZone: string, now = new Date()): ZonedNow {
  return zonedClock(timeZone, now);
}

/**
 * APPOINTMENT_IN_PAST, and the agenda grid's locked slots (section 2: "slots earlier than 30 minutes ago today are
 * locked"): a day before today, or today a start more than PAST_SLOT_GRACE_MINUTES before now. A slot that started
 * less than 30 minutes ago is still bookable. The grid and the server both call this.
 */
export function slotIsPast(date: string, startTime: string, now: ZonedNow): boolean {
  if (date !== now.date) return date < now.date;
  return minutes(startTime) < now.minutes - PAST_SLOT_GRACE_MINUTES;
}

/** Whether the appointment's start has come (a day before today, or today at or after the start). */
export function hasStarted(date: string, startTime: string, now: ZonedNow): boolean {
  if (date !== now.date) return date < now.date;
  return minutes(startTime) <= now.minutes;
}

export interface DayHours {
  opening: string;
  closing: string;
}

const closedDay = (h: DayHours) => h.opening === '00:00' && h.closing === '00:00';

/** One schedule's hours on a weekday: undefined without any schedule, null when closed that day. */
function dayWindow(list: readonly (DayHours & { day: number })[], day: number): [number, number] | null | undefined {
  if (!list.length) return undefined;
  const entry = list.find((e) => e.day === day);
  if (!entry || closedDay(entry)) return null;
  return [minutes(entry.opening), endMinutes(entry.closing)];
}

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
  const branch = dayWindow(branchSchedule, day);
  if (branch === null) return null;
  const cabin = dayWindow(cabinSchedule, day);
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

/** The refusal of a booking whose treatment needs an appliance that has no working, free unit then (APPLIANCE_UNAVAILABLE). */
export const applianceMissingMessage = (name: string) => `No hay un equipo «${name}» funcionando y libre en la sucursal a esa hora`;

/**
 * The most units of an appliance in use at once during [start, end): the other live appointments of the branch that
 * day whose treatment needs it, each holding one unit from its start to its end. Two that follow each other within
 * the window share a unit, so this is the peak, not the count of overlapping ones.
 */
export function peakUse(others: readonly { startTime: string; endTime: string }[], startTime: string, endTime: string): number {
  const [from, to] = [minutes(startTime), endMinutes(endTime)];
  const spans = others.map((o) => [minutes(o.startTime), endMinutes(o.endTime)] as const).filter(([s, e]) => s < to && e > from);
  // the count only rises at a start: the window's own start or one inside it
  const points = [from, ...spans.map(([s]) => s).filter((s) => s > from)];
  return Math.max(0, ...points.map((p) => spans.filter(([s, e]) => s <= p && e > p).length));
}

/**
 * The first appliance the booking cannot have: every appliance its treatment needs must have a working unit
 * (status Funcionando) at the branch that the other appointments at that time do not already hold. Null when all do.
 */
export function missingAppliance(
  needs: readonly { name: string; working: number; others: readonly { startTime: string; endTime: string }[] }[],
  startTime: string,
  endTime: string,
): string | null {
  const missing = needs.find((n) => peakUse(n.others, startTime, endTime) >= n.working);
  return missing ? applianceMissingMessage(missing.name) : null;
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

/** How many more times the appointment may change date, start time or cabin (MAX_RESCHEDULES in all). */
export function reschedulesLeft(reschedules: number): number {
  return Math.max(0, MAX_RESCHEDULES - reschedules);
}

/** APPOINTMENT_TOO_MANY_CHANGES after two reschedules. */
export function mayReschedule(reschedules: number): boolean {
  return reschedulesLeft(reschedules) > 0;
}

/** What the form says about the reschedules left: 'Le quedan N cambios', or that none remain. */
export function reschedulesLeftText(reschedules: number): string {
  const left = reschedulesLeft(reschedules);
  if (!left) return NO_CHANGES_LEFT;
  return left === 1 ? 'Le queda 1 cambio de fecha, hora o cabina' : `Le quedan ${left} cambios de fecha, hora o cabina`;
}

/** How long the agenda's 'Deshacer' of a reschedule is honoured after it, for the user who made it. */
export const UNDO_RESCHEDULE_SECONDS = 60;
export const NOTHING_TO_UNDO = 'No hay un cambio de horario que deshacer: el último cambio de la cita no fue una reagenda';
export const UNDO_OTHER_USER = 'Solo quien reagendó la cita puede deshacer el cambio';
export const UNDO_TOO_LATE = `El cambio ya no puede deshacerse: pasaron más de ${UNDO_RESCHEDULE_SECONDS} segundos`;
export const UNDO_ENDED_TREATMENT = 'El cambio terminó el tratamiento adquirido: ya no puede deshacerse';

/**
 * Whether the last change of an appointment may be undone by `actorId` at `now`: it must be a reschedule ('reagendar'
 * in the change log), made by the same user less than UNDO_RESCHEDULE_SECONDS ago, of a scheduled appointment.
 * The undo moves it back and gives back the change it counted (docs/decisions.md).
 */
export function undoRescheduleProblem(
  status: string,
  last: { action: string; userId: string | null; at: Date } | null,
  actorId: string,
  now: Date,
): string | null {
  if (status !== 'scheduled' || !last || last.action !== 'reagendar') return NOTHING_TO_UNDO;
  if (last.userId !== actorId) return UNDO_OTHER_USER;
  if (now.getTime() - last.at.getTime() > UNDO_RESCHEDULE_SECONDS * 1000) return UNDO_TOO_LATE;
  return null;
}

/** How many more cancellations or changes a purchased treatment takes; the last one ends it (chargeTreatmentChange). */
export function treatmentChangesLeft(changes: number): number {
  return Math.max(0, MAX_TREATMENT_CHANGES - changes);
}

/** The rebook action's note about the purchased treatment's changes left. */
export function treatmentChangesLeftText(changes: number): string {
  const left = treatmentChangesLeft(changes);
  if (!left) return 'Ya no le quedan cambios al tratamiento adquirido';
  if (left === 1) return 'Le queda 1 cambio al tratamiento adquirido: el siguiente lo termina';
  return `Le quedan ${left} cambios al tratamiento adquirido`;
}

/** A cancellation or reschedule charged to a purchased treatment: the third one ends it (status 'expired'). */
export function chargeTreatmentChange(changes: number): { changes: number; ends: boolean } {
  const next = changes + 1;
  return { changes: next, ends: next >= MAX_TREATMENT_CHANGES };
}

/** The form is editable in scheduled or in process (section 4); in process only what does not move or rebook it. */
export const canUpdate = (status: string) => status === 'scheduled' || status === 'inProcess';
export const canConfirm = (status: string) => status === 'scheduled';
export const canSetOnProcess = (status: string) => status === 'scheduled';
export const canCancel = (status: string) => status === 'scheduled' || status === 'inProcess';
export const canFinish = (status: string) => status === 'inProcess';
/** A manual Inasistencia: a scheduled appointment whose start has come. */
export const canMarkAbsence = (status: string) => status === 'scheduled';

/**
 * Section 4, read precisely (docs/decisions.md): scheduled → inProcess | cancelled | absence (absence once its start has
 * come), never finished directly; inProcess → finished, for every option (the spec's "if a purchased package" describes
 * the purchased treatment's session flow, not a ban on finishing the others); finished, cancelled and absence → nothing.
 */
export function allowedStatuses(status: string, started = true): AppointmentStatus[] {
  if (status === 'scheduled') return started ? ['inProcess', 'cancelled', 'absence'] : ['inProcess', 'cancelled'];
  if (status === 'inProcess') return ['finished'];
  return [];
}

/** What an update changes: the slot (moved) and what is booked (rebooked). */
export interface AppointmentChange {
  moved: boolean;
  rebooked: boolean;
}

/** The refusal of an update, or null: only scheduled or in-process appointments, and in process nothing that moves or rebooks it. */
export function updateProblem(status: string, change: AppointmentChange): string | null {
  if (!canUpdate(status)) return NOT_SCHEDULED;
  if (status === 'inProcess' && (change.moved || change.rebooked)) return IN_PROCESS_FIXED;
  return null;
}

export interface SlotOf {
  branchId: string;
  cabinId: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** A change of branch, cabin, date, start or end: the booking checks (hours, locks, overlap, past) run again. */
export function slotMoved(before: SlotOf, after: SlotOf): boolean {
  const hm = (t: string) => t.slice(0, 5);
  return (
    before.branchId !== after.branchId ||
    before.cabinId !== after.cabinId ||
    before.date !== after.date ||
    hm(before.startTime) !== hm(after.startTime) ||
    hm(before.endTime) !== hm(after.endTime)
  );
}

/** What an appointment books: who, which type and option, which treatment, package, promotion or purchased treatment, how many sessions. */
export interface BookedItem {
  customerId: string;
  treatmentTypeId: string;
  appointmentOption: string;
  /** The chosen treatment (null for a purchased treatment: its treatment comes with it). */
  treatmentId: string | null;
  packageId: string | null;
  promoId: string | null;
  purchasedProductId: string | null;
  sessions: number;
}

/** The item a create/update payload asks for. */
export function requestedItem(
  input: Pick<
    AppointmentInput,
    'customerId' | 'treatmentTypeId' | 'appointmentOption' | 'treatmentId' | 'treatmentsIds' | 'packageId' | 'promoId' | 'purchasedProductId' | 'sessions'
  >,
): BookedItem {
  const o = input.appointmentOption;
  return {
    customerId: input.customerId,
    treatmentTypeId: input.treatmentTypeId,
    appointmentOption: o,
    treatmentId: o === 'purchasedProducts' ? null : o === 'newTreatments' ? (input.treatmentId ?? input.treatmentsIds[0] ?? null) : (input.treatmentId ?? null),
    packageId: o === 'packages' ? (input.packageId ?? null) : null,
    promoId: o === 'promotion' ? (input.promoId ?? null) : null,
    purchasedProductId: o === 'purchasedProducts' ? (input.purchasedProductId ?? null) : null,
    sessions: input.sessions,
  };
}

/** The item an appointment already books (its stored columns). */
export function storedItem(a: BookedItem): BookedItem {
  return { ...a, treatmentId: a.appointmentOption === 'purchasedProducts' ? null : a.treatmentId };
}

export function itemChanged(before: BookedItem, after: BookedItem): boolean {
  return (Object.keys(after) as (keyof BookedItem)[]).some((k) => (before[k] ?? null) !== (after[k] ?? null));
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

/** Exactly one lot per unit: the submitted lots must cover each product's units, no more and no less (a lot may repeat). */
export function stockSelectionProblem(need: Map<string, number>, lots: readonly { productId: string }[]): string | null {
  const got = new Map<string, number>();
  for (const l of lots) got.set(l.productId, (got.get(l.productId) ?? 0) + 1);
  for (const productId of got.keys()) if (!need.has(productId)) return 'Se seleccionó un producto que el tratamiento no utiliza';
  for (const [productId, n] of need)
    if ((got.get(productId) ?? 0) !== n) return `Seleccione ${n} ${n === 1 ? 'lote' : 'lotes'} por cada producto del tratamiento`;
  return null;
}

/** How many units each lot gives: the same lot chosen twice gives two. */
export function unitsPerLot(stockIds: readonly string[]): Map<string, number> {
  const per = new Map<string, number>();
  for (const id of stockIds) per.set(id, (per.get(id) ?? 0) + 1);
  return per;
}

/** INSUFFICIENT_INVENTORY: a lot chosen more times than the units it holds. */
export function lotShortageProblem(stockIds: readonly string[], lots: readonly { id: string; allotment: string; stock: number }[]): string | null {
  for (const [id, n] of unitsPerLot(stockIds)) {
    const lot = lots.find((l) => l.id === id);
    if (lot && lot.stock < n) return `El lote ${lot.allotment} tiene ${lot.stock} ${lot.stock === 1 ? 'unidad' : 'unidades'} y se requieren ${n}`;
  }
  return null;
}

/**
 * Finishing: a purchased treatment gives at most its remaining sessions; any other appointment finishes exactly the
 * sessions it was booked with.
 */
export function finishSessionsProblem(sessions: number, limits: { remaining: number | null; booked: number }): string | null {
  if (limits.remaining !== null) return sessions > limits.remaining ? `Solo quedan ${Math.max(limits.remaining, 0)} sesiones del tratamiento adquirido` : null;
  if (sessions !== limits.booked) return `La cita es de ${limits.booked} ${limits.booked === 1 ? 'sesión' : 'sesiones'}`;
  return null;
}

export const AREA_PER_SESSION = 'Seleccione un área por cada sesión';
export const AREA_NOT_OF_TREATMENT = 'El área no corresponde al tratamiento';

/**
 * The areas a finish names. `allowed` is the treatment's areas, else (no treatment, or a treatment without areas) the
 * areas of the appointment's type when the type has areas, else none. With areas: one per session, each allowed;
 * without (a valuation): none.
 */
export function finishAreasProblem(sessions: number, areas: readonly string[], allowed: readonly string[]): string | null {
  if (!allowed.length) return areas.length ? AREA_NOT_OF_TREATMENT : null;
  if (areas.length !== sessions) return AREA_PER_SESSION;
  if (areas.some((a) => !allowed.includes(a))) return AREA_NOT_OF_TREATMENT;
  return null;
}

/** A purchased treatment gives sessions only while on process and not past its expiry date (spec 4: finish disabled when finished or expired). */
export function purchasedFinishProblem(status: string, expiredAt: string | null, today: string): string | null {
  if (status === 'finished') return 'El tratamiento adquirido ya está terminado';
  if (status === 'refunded') return 'El tratamiento adquirido fue reembolsado';
  if (status === 'expired' || (status === 'onProcess' && expiredAt !== null && expiredAt < today)) return 'El tratamiento adquirido está vencido';
  if (status !== 'onProcess') return 'El tratamiento adquirido no tiene sesiones disponibles';
  return null;
}

export const CABIN_TYPE_MISMATCH = 'El tipo de cita no corresponde al tipo de la cabina';
export const TREATMENT_TYPE_MISMATCH = 'El tratamiento no corresponde al tipo de cita';
export const PURCHASED_TYPE_MISMATCH = 'El tratamiento adquirido no corresponde al tipo de cita';

/** The treatment (new, purchased, or one of treatmentsIds) must be of the appointment's type, which is the cabin's. */
export function treatmentTypeProblem(appointmentTypeId: string, treatmentTypeId: string, purchased = false): string | null {
  if (appointmentTypeId === treatmentTypeId) return null;
  return purchased ? PURCHASED_TYPE_MISMATCH : TREATMENT_TYPE_MISMATCH;
}

export interface PackageLike {
  type: string;
  active: boolean;
  treatmentTypeId: string;
  validBySchedule: boolean;
  startDate: string | null;
  endDate: string | null;
  validByTime: boolean;
  startTime: string | null;
  endTime: string | null;
}

export interface PackageBooking {
  option: 'packages' | 'promotion';
  treatmentTypeId: string;
  /** Whether package_branches lists the appointment's branch. */
  offeredAtBranch: boolean;
  date: string;
  startTime: string;
  endTime: string;
  /** The treatment named on the appointment, if any, and the package's treatments. */
  treatmentId?: string | null;
  packageTreatmentIds: readonly string[];
}

const ddmmyyyy = (d: string) => d.split('-').reverse().join('/');

/**
 * A package or promotion can be booked when it is of the option's kind, active, of the appointment's type, offered at
 * the branch, valid on the date (validBySchedule: startDate–endDate, both included) and, with validByTime, the whole
 * appointment falls within its hours; a treatment named with it must be one of its treatments.
 */
export function packageProblem(pkg: PackageLike, b: PackageBooking): string | null {
  const promo = b.option === 'promotion';
  const the = promo ? 'La promoción' : 'El paquete';
  if (promo && pkg.type !== 'Promotion') return 'El paquete seleccionado no es una promoción';
  if (!promo && pkg.type !== 'Package') return 'La promoción seleccionada no es un paquete';
  if (!pkg.active) return `${the} no está ${promo ? 'activa' : 'activo'}`;
  if (pkg.treatmentTypeId !== b.treatmentTypeId) return `${the} no corresponde al tipo de cita`;
  if (!b.offeredAtBranch) return `${the} no se ofrece en esta sucursal`;
  if (pkg.validBySchedule && ((pkg.startDate && b.date < pkg.startDate) || (pkg.endDate && b.date > pkg.endDate))) {
    if (pkg.startDate && pkg.endDate) return `${the} solo es válid${promo ? 'a' : 'o'} del ${ddmmyyyy(pkg.startDate)} al ${ddmmyyyy(pkg.endDate)}`;
    return pkg.startDate
      ? `${the} es válid${promo ? 'a' : 'o'} a partir del ${ddmmyyyy(pkg.startDate)}`
      : `${the} solo es válid${promo ? 'a' : 'o'} hasta el ${ddmmyyyy(pkg.endDate!)}`;
  }
  if (pkg.validByTime && pkg.startTime && pkg.endTime) {
    const [from, to] = [pkg.startTime.slice(0, 5), pkg.endTime.slice(0, 5)];
    if (minutes(b.startTime) < minutes(from) || endMinutes(b.endTime) > endMinutes(to)) return `${the} solo es válid${promo ? 'a' : 'o'} de ${from} a ${to}`;
  }
  if (b.treatmentId && !b.packageTreatmentIds.includes(b.treatmentId)) return `El tratamiento no forma parte ${promo ? 'de la promoción' : 'del paquete'}`;
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

export const NO_CHANGES_LEFT = `Ya no le quedan cambios: la cita no puede cambiar de fecha, hora o cabina (máximo ${MAX_RESCHEDULES})`;
export const NOT_SCHEDULED = 'Solo se pueden editar citas agendadas o en proceso';
export const IN_PROCESS_FIXED = 'Una cita en proceso solo admite cambios de observaciones y categorías';
export const NOT_ABSENTABLE = 'Solo una cita agendada puede marcarse como inasistencia';
export const ABSENCE_TOO_EARLY = 'Solo se puede marcar la inasistencia cuando ya pasó la hora de inicio de la cita';
export const NOT_CONFIRMABLE = 'Solo se pueden confirmar citas agendadas';
export const NOT_STARTABLE = 'Solo una cita agendada puede pasar a En Proceso';
export const NOT_CANCELLABLE = 'Solo se pueden cancelar citas agendadas o en proceso';
export const NOT_FINISHABLE = 'Solo una cita en proceso puede terminarse';
export const CONSENT_REQUIRED = 'El consentimiento del paciente es requerido para este tratamiento';
