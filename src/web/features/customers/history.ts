/** What the customer history tabs read (GET /v1/customer/{id}/orders, /purchased-product/customer/{id}, /appointment/get-by-customer). */

export type { Page } from '../../ui/PagedTable';

export interface OrderLine {
  id: string;
  name: string;
  quantity: number;
  salePrice: number;
  price: number;
}

export interface CustomerOrder {
  id: string;
  orderNumber: string;
  total: number;
  points: number;
  created_at: string;
  refundedAt: string | null;
  paymentStatus: string;
  paymentMethod: string;
  origin: string;
  branch: { id: string; name: string };
  details: OrderLine[];
}

export interface PurchasedProduct {
  id: string;
  treatment: { id: string; name: string; consent: boolean; treatmentType: { id: string; name: string } };
  package: { id: string; name: string } | null;
  sessions: number;
  currentSession: number;
  limit: number;
  status: string;
  created_at: string;
  order: { orderNumber: string } | null;
  expiredAt: string | null;
  consent: boolean;
}

export interface CustomerAppointment {
  id: string;
  appointmentNumber: string;
  status: string;
  date: string;
  startTime: string;
  endTime: string;
  branch: { id: string; name: string };
  cabain: { id: string; name: string };
  treatment: { id: string; name: string } | null;
  package: { id: string; name: string } | null;
  promotion: { id: string; name: string } | null;
  attendedBy: { name: string; lastName: string } | null;
  confirmMethod: string | null;
  cancellations: { type: string; cancellationReason: string; comment: string | null }[];
}

interface Label {
  label: string;
  color: string;
}

export const appointmentStatus: Record<string, Label> = {
  scheduled: { label: 'Agendada', color: 'blue' },
  inProcess: { label: 'En Proceso', color: 'gold' },
  finished: { label: 'Terminada', color: 'green' },
  cancelled: { label: 'Cancelada', color: 'red' },
  absence: { label: 'Inasistencia', color: 'volcano' },
};

export const paymentStatus: Record<string, Label> = {
  paid: { label: 'Pagado', color: 'green' },
  error: { label: 'Error', color: 'red' },
  pending_payment: { label: 'Pendiente de pago', color: 'orange' },
  pending_confirmation: { label: 'Pendiente de confirmación', color: 'gold' },
};

export const purchasedStatus: Record<string, Label> = {
  onProcess: { label: 'En proceso', color: 'blue' },
  finished: { label: 'Terminado', color: 'green' },
  refunded: { label: 'Reembolsado', color: 'purple' },
  expired: { label: 'Vencido', color: 'red' },
};

export const cancellationTypes: Record<string, string> = { cancellation: 'Cancelación', reschedule: 'Reagendado' };
export const cancellationReasons: Record<string, string> = { Traffic: 'Tráfico', Desease: 'Enfermedad', Work: 'Trabajo', Unspecified: 'Sin especificar', Other: 'Otro' };
export const channels: Record<string, string> = { pos: 'Sucursal', app: 'App', online: 'En línea' };

/** Detail tables (section 9): 20 rows by default, 10 to 80 to choose from. */
export const DETAIL_PAGE_SIZES = [10, 20, 40, 60, 80];
export const DETAIL_PAGE_SIZE = 20;
