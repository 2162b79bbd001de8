import type { AppointmentOption, AppointmentStatus } from '../../../domain/agenda';

export interface Named {
  id: string;
  name: string;
}

export interface AppointmentCustomer {
  id: string;
  customerId: number;
  name: string;
  lastName: string;
  motherLastName: string | null;
  mobilePhone: string | null;
  phone?: string | null;
  blackList?: boolean;
  cancellations?: number;
  isAdult?: boolean;
}

export interface Cancellation {
  type: string;
  cancellationReason: string;
  comment: string | null;
  customerCancellation: boolean;
  created_at: string;
}

/** GET /v1/appointment items (docs/agenda-api.md): the card plus branch, cabin, user and method. */
export interface AppointmentRow {
  id: string;
  appointmentNumber: string;
  status: AppointmentStatus;
  date: string;
  startTime: string;
  endTime: string;
  confirmMethod: string | null;
  appointmentOption: AppointmentOption;
  appointmentMethod?: string;
  customer: AppointmentCustomer;
  treatmentType: Named;
  treatment: (Named & Partial<TreatmentInfo>) | null;
  package: Named | null;
  promotion: Named | null;
  attendedBy: { id: string; name: string; lastName: string } | null;
  branch?: Named;
  cabain?: Named;
  user?: { id: string; name: string; lastName: string } | null;
}

export interface TreatmentInfo {
  consent: boolean;
  durationMinutes: number;
  areas: Named[];
  treatmentProduct: { product: Named; quantity: number }[];
}

/** GET /v1/appointment/:id */
export interface AppointmentDetail extends AppointmentRow {
  term: number;
  appointmentMethod: string;
  observations: string | null;
  sessions: number;
  consent: boolean;
  reschedules: number;
  branch: Named;
  cabain: Named;
  treatment: (Named & TreatmentInfo) | null;
  treatmentsIds: string[];
  categoriesIds: string[];
  packageId: string | null;
  promoId: string | null;
  purchasedProductId: string | null;
  purchasedProduct: { id: string; sessions: number; currentSession: number; consent: boolean; status: string; treatment: Named } | null;
  cancellations: Cancellation[];
  created_at: string;
  updated_at: string;
  editable: boolean;
  allowedStatuses: string[];
}

export interface PurchasedProduct {
  id: string;
  treatment: Named & { consent: boolean; treatmentType: Named };
  package: Named | null;
  sessions: number;
  currentSession: number;
  status: string;
  order: { orderNumber: string } | null;
}

export interface StockOption {
  stockId: string;
  sku: string;
  allotment: string;
  name: string;
  productId: string;
  stock: number;
  quantityPerSession: number;
}

export interface DiaryCabin {
  id: string;
  name: string;
  type: { id: string; name: string; treatmentType: Named | null };
  /** The cabin's hours that day within the branch's (cabinDayHours); null when closed; absent when unknown. */
  opening?: string | null;
  closing?: string | null;
}

export interface LogRow {
  id: string;
  action: string;
  appointmentNumber: string;
  appointmentId: string;
  before: unknown;
  after: unknown;
  user: { name: string; lastName: string } | null;
  created_at: string;
}

export interface ListAnswer<T> {
  items: T[];
  meta: { itemCount: number; page: number; take: number };
}
