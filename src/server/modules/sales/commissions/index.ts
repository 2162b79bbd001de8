export { recordMedicalCommission, type FinishedAppointment } from './medical-line';
export { registerCommissionRoutes } from './routes';
