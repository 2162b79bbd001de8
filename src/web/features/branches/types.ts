import type { BranchZone } from '../../../domain/dates';
import type { ScheduleEntry } from '../../../domain/schedules';

export interface Branch {
  id: string;
  name: string;
  street: string;
  extNumber: string;
  intNumber: string | null;
  suburb: string;
  city: string;
  state: string;
  zipCode: string;
  phone: string | null;
  mobilePhone: string;
  lat: number | null;
  lng: number | null;
  code: string;
  zone: BranchZone;
  timeZone: string;
  active: boolean;
  franchise: boolean;
  rfc: string;
  businessName: string;
  description: string | null;
  note: string | null;
  googleMapsUrl: string | null;
  showInClients: boolean;
  distributionCenter: boolean;
  schedules: ScheduleEntry[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
