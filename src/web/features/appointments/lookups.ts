import { api } from '../../app/api';
import type { Customer } from '../customers/types';
import type { DiaryCabin, ListAnswer, Named } from './types';
import { treatmentTypeLabel } from '../../../domain/treatments.schemas';

export interface Option {
  value: string;
  label: string;
}


/** The agenda day the form books into: the cabins with their hours that day, the branch's hours and zone. */
export interface BookingDay {
  cabins: DiaryCabin[];
  /** The branch's hours that day ('HH:mm'), null when it is closed; undefined when unknown (no agenda answer). */
  opening?: string | null;
  closing?: string | null;
  timeZone?: string;
}

/** The branch's cabins with their treatment type and hours: the agenda day answers them; the cabin list is the fallback (hours unknown). */
export async function loadBookingDay(branchId: string, date: string): Promise<BookingDay> {
  try {
    const day = await api<{ cabins: DiaryCabin[]; opening: string | null; closing: string | null; branch: { timeZone: string } }>('/diary', { query: { branchId, date } });
    return { cabins: day.cabins, opening: day.opening, closing: day.closing, timeZone: day.branch.timeZone };
  } catch {
    const list = await api<ListAnswer<{ id: string; name: string; type: { id: string; name: string } }>>('/cabain', { query: { branchId, take: 0, status: '1' } });
    return { cabins: list.items.map((c) => ({ ...c, type: { ...c.type, treatmentType: null } })) };
  }
}

export const loadTreatmentTypes = async () => (await api<Named[]>('/treatment-type')).map((t) => ({ value: t.id, label: treatmentTypeLabel(t.name) }));

export interface TreatmentOption extends Named {
  treatmentTypeId: string;
  /** Minutes of one session. */
  duration: number;
  categories: Named[];
  areas: Named[];
  active: boolean;
}

export const loadTreatments = async (treatmentTypeId?: string) =>
  (await api<ListAnswer<TreatmentOption>>('/treatment', { query: { take: 0, treatmentTypeId } })).items.filter((t) => t.active !== false);

export interface PackageOption extends Named {
  treatmentTypeId: string;
}

/** Active packages or promotions of the branch (each carries its treatment type). */
/** Active packages or promotions offered at the branch, through the agenda's own route (no catalogue privilege needed). */
export const loadPackages = async (type: 'Package' | 'Promotion', branchId?: string): Promise<PackageOption[]> =>
  branchId ? api<PackageOption[]>('/appointment/bookable-packages', { query: { type, branchId } }) : [];

/** The categories of a list of treatments, once each, by name: the category choices of those treatments. */
export function categoriesOf(treatments: TreatmentOption[]): Option[] {
  const seen = new Map<string, string>();
  for (const t of treatments) for (const c of t.categories) seen.set(c.id, c.name);
  return [...seen].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/** The areas of a treatment type: the finish form's choices when the appointment has no treatment areas. */
export const loadAreasOfType = (treatmentTypeId: string) => api<Named[]>('/area', { query: { treatmentTypeId } });

export interface Professional {
  id: string;
  name: string;
  lastName: string;
  motherLastName: string;
}

/** Médico types are attended by doctors, every other type by cosmetologists. */
export const isMedical = (typeName: string | undefined) => /m[eé]dic/i.test(typeName ?? '');

export const loadProfessionals = (branchId: string, medical: boolean) => api<Professional[]>(`/user/${medical ? 'doctors' : 'cosmetologists'}/${branchId}`);

export interface CustomerFacts {
  customer: Customer;
  notes: number;
  absences: number;
}

/** What the booking warnings need: the record, how many notes and how many missed appointments. */
export async function loadCustomerFacts(id: string): Promise<CustomerFacts> {
  const [customer, notes, absences] = await Promise.all([
    api<Customer>(`/customer/${id}/single`),
    api<ListAnswer<unknown>>('/note', { query: { customerId: id, take: 1 } }).then((a) => a.meta.itemCount).catch(() => 0),
    api<ListAnswer<unknown>>('/appointment', { query: { customerId: id, status: 'absence', take: 1 } }).then((a) => a.meta.itemCount).catch(() => 0),
  ]);
  return { customer, notes, absences };
}
