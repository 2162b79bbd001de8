export { registerSaleListRoutes } from './lists/routes';
export { registerSaleIntakeRoutes } from './intake/routes';
export { registerRefundRoutes } from './refunds/routes';
export { registerPosRoutes } from './pos/routes';
export { recordMedicalCommission, registerCommissionRoutes, type FinishedAppointment } from './commissions';
export { cashClosingJobs, closingInputsByDay, registerCashClosingRoutes, type DayInputs } from './closings';

import { createSale } from './intake/service';
import { refundSale } from './refunds/service';
import { closeUnclosedDays, createClosing, previewClosing } from './closings/service';
export type { SaleKind } from './intake/service';
export type { RefundDeps } from './refunds/service';

/** The sale services the demo's history is told through (db/demo/sales-history.ts), each at its own past moment. */
export const salesServices = { createSale, refundSale, createClosing, previewClosing, closeUnclosedDays };
