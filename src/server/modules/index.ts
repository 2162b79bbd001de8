import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { Job } from '../platform/jobs';
import { registerAuthRoutes } from './auth';
import { registerBranchRoutes } from './branches';
import { registerCategoryRoutes } from './categories';
import { registerHealthRoutes } from './health';
import { registerHrRoutes } from './hr';
import { registerLogRoutes } from './logs';
import { registerRoleRoutes } from './roles';
import { registerSettingRoutes } from './settings';
import { registerApplianceRoutes } from './appliances';
import { registerCabinRoutes } from './cabins';
import { registerCouponRoutes } from './coupons';
import { registerCustomerRoutes } from './customers';
import { registerPackageRoutes } from './packages';
import { registerProductRoutes } from './products';
import { registerProviderRoutes } from './providers';
import { registerTreatmentRoutes } from './treatments';
import { registerStaffRoutes } from './staff';
import { customerLoyaltyReader, registerLoyaltyRoutes } from './loyalty';
import { appointmentJobs, cancelBookings, REFUNDED_REASON, registerAppointmentRoutes } from './appointments';
import { registerAgendaRoutes } from './agenda';
import { registerInventoryRoutes } from './inventory';
import { registerCommissionRoutes, registerPosRoutes, registerRefundRoutes, registerSaleIntakeRoutes, registerSaleListRoutes, type RefundDeps } from './sales';
import { registerGoalRoutes } from './goals';
import { cashClosingJobs, registerCashClosingRoutes } from './sales';
import { registerHomeRoutes } from './home';
import { registerReportRoutes, reportJobs } from './reports';
import { registerReminderRoutes, reminderJobs } from './reminders';

/** What a refund needs of the agenda: the bookings of a refunded purchase are cancelled ('Venta devuelta'). */
export const refundDeps: RefundDeps = { cancelBookings, refundedReason: REFUNDED_REASON };

/** Every area's periodic jobs, started by main.ts after the platform's own. */
export const MODULE_JOBS: Job[] = [...appointmentJobs, ...cashClosingJobs, ...reportJobs, ...reminderJobs];

/** Every area's routes under /v1. */
export function registerModules(app: FastifyInstance, ctx: AppContext): void {
  registerHealthRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerBranchRoutes(app, ctx);
  registerCategoryRoutes(app, ctx);
  registerSettingRoutes(app, ctx);
  registerRoleRoutes(app, ctx);
  registerHrRoutes(app, ctx);
  registerLogRoutes(app, ctx);
  registerCabinRoutes(app, ctx);
  registerProviderRoutes(app, ctx);
  registerProductRoutes(app, ctx);
  registerTreatmentRoutes(app, ctx);
  registerPackageRoutes(app, ctx);
  registerCouponRoutes(app, ctx);
  registerApplianceRoutes(app, ctx);
  registerCustomerRoutes(app, ctx, customerLoyaltyReader);
  registerStaffRoutes(app, ctx);
  registerLoyaltyRoutes(app, ctx);
  registerAgendaRoutes(app, ctx);
  registerAppointmentRoutes(app, ctx);
  registerInventoryRoutes(app, ctx);
  registerSaleListRoutes(app, ctx);
  registerSaleIntakeRoutes(app, ctx);
  registerCommissionRoutes(app, ctx);
  registerRefundRoutes(app, ctx, refundDeps);
  registerPosRoutes(app, ctx);
  registerGoalRoutes(app, ctx);
  registerCashClosingRoutes(app, ctx);
  registerHomeRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerReminderRoutes(app, ctx);
}
