import type { QueryClient } from '@tanstack/react-query';
import { agendaRoutes, type DiaryCabin, type DiaryDay } from '../../../domain/agenda.contract';
import { appointmentRoutes, type BookablePackage } from '../../../domain/appointments.contract';
import { cabinRoutes } from '../../../domain/cabins.contract';
import { customerRoutes, noteRoutes, type CustomerDetail } from '../../../domain/customers.contract';
import { call } from '../../app/api';
import { loyaltyRoutes } from '../../../domain/loyalty.contract';
import { staffRoutes, type Professional } from '../../../domain/staff.contract';
import { treatmentLookupRoutes, treatmentRoutes, type Area, type TreatmentListItem } from '../../../domain/treatments.contract';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

/** A record's reference as answers carry it. */
export type Named = Pick<Area, 'id' | 'name'>;

export interface Option {
  value: string;
  label: string;
}

/** A cabin the form can book: from the agenda day (with its hours that day) or, as a fallback, from the cabin list (hours unknown). */
export interface BookingCabin extends Pick<DiaryCabin, 'id' | 'name'> {
  type: { id: string; name: string; treatmentType: Named | null };
  /** The cabin's hours that day within the branch's (cabinDayHours); null when closed; absent when unknown. */
  opening?: string | null;
  closing?: string | null;
}

/** The agenda day the form books into: the cabins with their hours that day, the branch's hours and zone. */
export interface BookingDay {
  cabins: BookingCabin[];
  /** The branch's hours that day ('HH:mm'), null when it is closed; undefined when unknown (no agenda answer). */
  opening?: string | null;
  closing?: string | null;
  timeZone?: string;
}

export const bookingDayKey = (branchId: string | undefined, date: string) => ['appt-day', branchId, date];
const bookingDayOf = (day: DiaryDay): BookingDay => ({ cabins: day.cabins, opening: day.opening, closing: day.closing, timeZone: day.branch.timeZone });

/** The branch's cabins with their treatment type and hours: the agenda day answers them; the cabin list is the fallback (hours unknown). */
export async function loadBookingDay(branchId: string, date: string): Promise<BookingDay> {
  try {
    return bookingDayOf(await call(agendaRoutes.diary, { query: { branchId, date } }));
  } catch {
    const list = await call(cabinRoutes.list, { query: { branchId, take: 0, status: '1' } });
    return { cabins: list.items.map((c) => ({ ...c, type: { ...c.type, treatmentType: null } })) };
  }
}

export const TREATMENT_TYPES_KEY = ['appt-treatment-type-options'];
export const TREATMENT_TYPES_FRESH_MS = 300_000;
/** How long the form takes a day of the agenda and a type's treatments as they were answered, instead of asking again as it opens. */
export const BOOKING_LOOKUP_FRESH_MS = 30_000;

/**
 * The agenda's day, already answered, is the booking form's day of that branch and date; the treatment types are asked
 * for ahead. A slot's click then opens a form that has its cabins and types at hand: nothing to ask for, nothing to draw
 * twice while it opens.
 */
export function seedBookingForm(queryClient: QueryClient, day: DiaryDay, { withTreatments }: { withTreatments: boolean }): void {
  queryClient.setQueryData(bookingDayKey(day.branch.id, day.date), bookingDayOf(day));
  void queryClient.prefetchQuery({ queryKey: TREATMENT_TYPES_KEY, queryFn: loadTreatmentTypes, staleTime: TREATMENT_TYPES_FRESH_MS });
  if (!withTreatments) return;
  // a new treatment is the form's first option: the treatments of each cabin's type
  for (const typeId of new Set(day.cabins.flatMap((c) => c.type.treatmentType?.id ?? [])))
    void queryClient.prefetchQuery({ queryKey: treatmentsKey(typeId), queryFn: () => loadTreatments(typeId), staleTime: BOOKING_LOOKUP_FRESH_MS });
}

export const loadTreatmentTypes = async () => (await call(treatmentLookupRoutes.types)).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }));

/** A treatment the form can book (`duration`: minutes of one session). */
export type TreatmentOption = TreatmentListItem;

export const treatmentsKey = (treatmentTypeId: string | undefined) => ['appt-treatments', treatmentTypeId];
export const loadTreatments = async (treatmentTypeId?: string) =>
  (await call(treatmentRoutes.list, { query: { take: 0, treatmentTypeId } })).items.filter((t) => t.active !== false);

export type PackageOption = BookablePackage;

/** Active packages or promotions of the branch (each carries its treatment type). */
/** Active packages or promotions offered at the branch, through the agenda's own route (no catalogue privilege needed). */
export const loadPackages = async (type: 'Package' | 'Promotion', branchId?: string): Promise<PackageOption[]> =>
  branchId ? call(appointmentRoutes.bookablePackages, { query: { type, branchId } }) : [];

/** Spanish order, made once: localeCompare with a locale builds a collator on every comparison (a slow PC felt it as the form opened). */
const byName = new Intl.Collator('es');

/** The categories of a list of treatments, once each, by name: the category choices of those treatments. */
export function categoriesOf(treatments: TreatmentOption[]): Option[] {
  const seen = new Map<string, string>();
  for (const t of treatments) for (const c of t.categories) seen.set(c.id, c.name);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => byName.compare(a.label, b.label));
}

/** The areas of a treatment type: the finish form's choices when the appointment has no treatment areas. */
export const loadAreasOfType = (treatmentTypeId: string) => call(treatmentLookupRoutes.areas, { query: { treatmentTypeId } });

export type { Professional };

/** Médico types are attended by doctors, every other type by cosmetologists. */
export const isMedical = (typeName: string | undefined) => /m[eé]dic/i.test(typeName ?? '');

export const loadProfessionals = (branchId: string, medical: boolean) =>
  call(medical ? staffRoutes.doctors : staffRoutes.cosmetologists, { params: { branchId } });

export interface CustomerFacts {
  customer: CustomerDetail;
  notes: number;
  absences: number;
}

/** What the booking warnings need: the record, how many notes and how many missed appointments. */
export async function loadCustomerFacts(id: string): Promise<CustomerFacts> {
  const [customer, notes, absences] = await Promise.all([
    call(customerRoutes.single, { params: { id } }),
    call(noteRoutes.list, { query: { customerId: id, take: 1 } })
      .then((a) => a.meta.itemCount)
      .catch(() => 0),
    call(appointmentRoutes.list, { query: { customerId: id, status: 'absence', take: 1 } })
      .then((a) => a.meta.itemCount)
      .catch(() => 0),
  ]);
  return { customer, notes, absences };
}

/** The customer's purchased treatments (the booking form's and its option fields' one query: the same key). */
export const purchasedQueryKey = (customerId: string | undefined) => ['appt-purchased', customerId];
export const loadPurchased = (customerId: string) => call(loyaltyRoutes.purchasedProducts, { params: { id: customerId }, query: { take: 100 } });
