/** What other areas may use of appointments: its routes and its periodic jobs. */
export { registerAppointmentRoutes } from './routes';
export { appointmentJobs } from './jobs';
/** For the sales area's refunds (passed in by modules/index.ts: appointments already uses sales): a refunded purchase's bookings end. */
export { cancelBookings, REFUNDED_REASON } from './expiry';
