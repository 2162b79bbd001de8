/** What other areas may use of appointments: its routes and its periodic jobs. */
export { registerAppointmentRoutes } from './routes';
export { appointmentJobs } from './jobs';
