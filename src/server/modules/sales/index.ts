export { registerSaleListRoutes } from './lists/routes';
export { registerSaleIntakeRoutes } from './intake/routes';
export { registerRefundRoutes } from './refunds/routes';
export { registerPosRoutes } from './pos/routes';
export { recordMedicalCommission, registerCommissionRoutes } from './commissions';
export { cashClosingJobs, closingInputsByDay, registerCashClosingRoutes, type DayInputs } from './closings';
