import type { ScheduleEntry } from '../../../domain/schedules';

export interface TreatmentTypeRef {
  id: string;
  name: string;
  appointmentName: string;
}

export interface CabinType {
  id: string;
  name: string;
  order: number;
  color: string;
  treatmentType: TreatmentTypeRef;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface Cabin {
  id: string;
  name: string;
  type: { id: string; name: string; color: string };
  branch: { id: string; name: string };
  status: boolean;
  description: string | null;
  schedules: ScheduleEntry[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}
