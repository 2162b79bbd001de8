export { recordMedicalCommission } from './medical-line';
export { registerCommissionRoutes } from './routes';
