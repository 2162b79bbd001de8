import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { guarded } from '../../app/routing';

const loadForm = () => import('./AppointmentFormPage');
const AppointmentFormPage = lazy(loadForm);

/**
 * Fetches the booking form's code ahead (the agenda does, once its day is on screen, or as it opens a booking's
 * address); resolves whether it came.
 */
export const preloadAppointmentForm = (): Promise<boolean> =>
  loadForm().then(
    () => true,
    () => false,
  );
/**
 * A new booking's form inside the agenda's page (/dashboard/agenda/crear is that page with the form shown: the agenda's
 * routes), drawn ahead, hidden, once its code has come: a failed fetch then leaves the agenda as it is, and a slot's
 * click fetches it again (its failure is the screen's error, as for any other screen).
 */
export const BookingForm = lazy(() => loadForm().then((m) => ({ default: m.BookingForm })));
const AppointmentsPage = lazy(() => import('./AppointmentsPage'));
const BitacoraPage = lazy(() => import('./BitacoraPage'));

/** /dashboard/agenda/{id} (the appointment form), /dashboard/citas and /dashboard/bitacora. */
export const appointmentsRoutes: RouteObject[] = [
  { path: 'agenda/:id', element: guarded('dairy', <AppointmentFormPage />) },
  { path: 'citas', element: guarded('appointment', <AppointmentsPage />) },
  { path: 'bitacora', element: guarded('bitacora', <BitacoraPage />) },
];
