import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { appointmentCancellations, appointments, cabinSchedules, cabinTypes, cabins } from '../schema';
import { bulkInsert, hhmm, idMaker, isoOfDay, minutesOf, weekday } from './bulk';
import { live } from '../live';

export type AppointmentRow = typeof appointments.$inferInsert;
export type CancellationRow = typeof appointmentCancellations.$inferInsert;

export const APPOINTMENT_METHODS = ['inPerson', 'phoneCall', 'socialNetworks', 'app', 'ecommerce'] as const;
export const CONFIRM_METHODS = ['si', 'no', 'whatsapp', 'buzón', 'email', 'app', 'ecommerce'] as const;
export const CANCELLATION_REASONS = ['Traffic', 'Desease', 'Work', 'Unspecified', 'Other'] as const;
export const OTHER_COMMENTS = ['Viaje fuera de la ciudad', 'Tuvo un compromiso familiar', 'Prefiere otro horario', 'Se sintió indispuesta por la mañana'];
export const CLINIC_COMMENTS = [
  'La clínica reprogramó por mantenimiento del equipo',
  'El especialista tuvo una incapacidad',
  'Corte de energía en la sucursal',
];

interface Cabin {
  index: number;
  id: string;
  branchId: string;
  treatmentTypeId: string;
  /** Ordinal of the cabin among those of its treatment type in the branch: spreads the staff. */
  ordinal: number;
  /** Opening and closing slot (half hours from midnight) by weekday; equal = closed. */
  hours: [number, number][];
}

export interface Slot {
  cabinId: string;
  ordinal: number;
  day: number;
  start: number;
  end: number;
}

const SLOT = 30;

/**
 * The cabins of the clinics and a half-hour occupancy map per cabin and day: live appointments are
 * only placed on free slots inside the cabin's hours, so the exclusion constraint never fires.
 */
export class Agenda {
  private groups = new Map<string, Cabin[]>();
  private busy = new Map<number, Uint8Array>();
  /** Days a customer already has a live appointment on. */
  private customerDays = new Set<string>();

  constructor(list: Cabin[]) {
    for (const c of list) {
      const key = `${c.branchId}|${c.treatmentTypeId}`;
      const group = this.groups.get(key) ?? [];
      c.ordinal = group.length;
      group.push(c);
      this.groups.set(key, group);
    }
  }

  static async load(db: Db): Promise<Agenda> {
    const rows = await db
      .select({ id: cabins.id, branchId: cabins.branchId, treatmentTypeId: cabinTypes.treatmentTypeId, name: cabins.name })
      .from(cabins)
      .innerJoin(cabinTypes, eq(cabinTypes.id, cabins.typeId))
      .where(and(live(cabins), eq(cabins.active, true)))
      .orderBy(cabins.branchId, cabins.name);
    const schedules = await db
      .select({ cabinId: cabinSchedules.cabinId, day: cabinSchedules.day, opening: cabinSchedules.opening, closing: cabinSchedules.closing })
      .from(cabinSchedules)
      .where(live(cabinSchedules));
    return new Agenda(
      rows.map((r, index) => {
        const hours: [number, number][] = [0, 1, 2, 3, 4, 5, 6].map((day) => {
          const s = schedules.find((x) => x.cabinId === r.id && x.day === day);
          // a cabin without its own schedule keeps the branch's demo hours
          if (!s) return day === 0 ? [0, 0] : day === 6 ? [18, 30] : [18, 40];
          return [Math.ceil(minutesOf(s.opening) / SLOT), Math.floor(minutesOf(s.closing) / SLOT)];
        });
        return { index, id: r.id, branchId: r.branchId, treatmentTypeId: r.treatmentTypeId, ordinal: 0, hours };
      }),
    );
  }

  hasCabins(branchId: string, treatmentTypeId: string): boolean {
    return (this.groups.get(`${branchId}|${treatmentTypeId}`)?.length ?? 0) > 0;
  }

  /** Whether any cabin of the branch opens that day. */
  opens(branchId: string, day: number): boolean {
    for (const [key, list] of this.groups) if (key.startsWith(branchId) && list.some((c) => c.hours[weekday(day)][1] > c.hours[weekday(day)][0])) return true;
    return false;
  }

  /**
   * The first free run of `minutes` (rounded up to half hours) on or after `day`, preferring the
   * given fraction of the day; live bookings take the slots. Looks up to `days` days ahead.
   */
  book(opts: {
    branchId: string;
    treatmentTypeId: string;
    day: number;
    minutes: number;
    customer: string;
    prefer: number;
    live: boolean;
    days?: number;
    lastDay?: number;
  }): Slot | null {
    const group = this.groups.get(`${opts.branchId}|${opts.treatmentTypeId}`);
    if (!group?.length) return null;
    const need = Math.max(1, Math.ceil(opts.minutes / SLOT));
    for (let day = opts.day; day < opts.day + (opts.days ?? 10) && day <= (opts.lastDay ?? Infinity); day++) {
      if (opts.live && this.customerDays.has(`${opts.customer}|${day}`)) continue;
      const wd = weekday(day);
      for (let k = 0; k < group.length; k++) {
        const cabin = group[(k + Math.floor(opts.prefer * 7)) % group.length];
        const [open, close] = cabin.hours[wd];
        if (close - open < need) continue;
        const key = cabin.index * 1_000_000 + day;
        let slots = this.busy.get(key);
        if (!slots) this.busy.set(key, (slots = new Uint8Array(48)));
        const span = close - need - open + 1;
        const first = open + Math.floor(opts.prefer * span);
        for (let n = 0; n < span; n++) {
          const start = open + ((first - open + n) % span);
          let free = true;
          if (opts.live) for (let s = start; s < start + need; s++) if (slots[s]) free = false;
          if (!free) continue;
          if (opts.live) {
            for (let s = start; s < start + need; s++) slots[s] = 1;
            this.customerDays.add(`${opts.customer}|${day}`);
          }
          return { cabinId: cabin.id, ordinal: cabin.ordinal, day, start: start * SLOT, end: (start + need) * SLOT };
        }
      }
    }
    return null;
  }
}

/** Appointment numbers follow the calendar: CITA-000001 is the oldest. */
export function numberAppointments(rows: AppointmentRow[]): void {
  rows.sort((a, b) =>
    a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : a.startTime! < b.startTime! ? -1 : a.startTime! > b.startTime! ? 1 : a.cabinId! < b.cabinId! ? -1 : 1,
  );
  rows.forEach((r, i) => (r.appointmentNumber = 'CITA-' + String(i + 1).padStart(6, '0')));
}

export const slotTimes = (slot: Slot) => ({ date: isoOfDay(slot.day), startTime: hhmm(slot.start), endTime: hhmm(slot.end), term: slot.end - slot.start });

export const appointmentId = idMaker('appointment');
export const cancellationId = idMaker('appointment-cancellation');

export async function insertAgenda(db: Db, rows: AppointmentRow[], cancellations: CancellationRow[]): Promise<void> {
  await bulkInsert(db, appointments, rows);
  await bulkInsert(db, appointmentCancellations, cancellations);
}
