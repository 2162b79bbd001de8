/** What the customer history tabs read (GET /v1/customer/{id}/orders, /purchased-product/customer/{id}, /appointment/get-by-customer). */

export type { Page } from '../../ui/PagedTable';

export type { CustomerAppointment, CustomerOrder } from '../../../domain/loyalty.contract';
export type { PurchasedProduct } from '../../../domain/customers.contract';

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
export const cancellationReasons: Record<string, string> = {
  Traffic: 'Tráfico',
  Desease: 'Enfermedad',
  Work: 'Trabajo',
  Unspecified: 'Sin especificar',
  Other: 'Otro',
};
export const channels: Record<string, string> = { pos: 'Sucursal', app: 'App', online: 'En línea' };

/** Detail tables (section 9): 20 rows by default, 10 to 80 to choose from. */
export const DETAIL_PAGE_SIZES = [10, 20, 40, 60, 80];
export const DETAIL_PAGE_SIZE = 20;
