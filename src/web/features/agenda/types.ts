import type { AppointmentOption, AppointmentStatus, LockType } from '../../../domain/agenda';

export interface LockDto {
  id: string;
  branchId: string;
  cabainId: string | null;
  cabain: { id: string; name: string } | null;
  type: LockType;
  reason: string;
  reasonDescription: string | null;
  time: string[];
  date: string;
  endDate: string | null;
  days: number[];
  recurrent: boolean;
  user: { name: string; lastName: string } | null;
  created_at: string;
}

export interface AppointmentCard {
  id: string;
  appointmentNumber: string;
  status: AppointmentStatus;
  date: string;
  startTime: string;
  endTime: string;
  confirmMethod: string | null;
  appointmentOption: AppointmentOption;
  customer: { id: string; customerId: string; name: string; lastName: string; motherLastName: string | null; mobilePhone: string | null };
  treatmentType: { id: string; name: string };
  treatment: { id: string; name: string } | null;
  package: { id: string; name: string } | null;
  promotion: { id: string; name: string } | null;
  attendedBy: { id: string; name: string; lastName: string } | null;
}

export interface DiaryCabin {
  id: string;
  name: string;
  description: string | null;
  type: { id: string; name: string; order: number; color: string; treatmentType: { id: string; name: string } };
  opening: string | null;
  closing: string | null;
  appointments: AppointmentCard[];
  locks: LockDto[];
}

export interface DiaryDay {
  branch: { id: string; name: string; timeZone: string };
  date: string;
  opening: string | null;
  closing: string | null;
  cabins: DiaryCabin[];
  locks: LockDto[];
}
