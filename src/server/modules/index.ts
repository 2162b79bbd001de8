import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAuthRoutes } from './auth/routes';
import { registerBranchRoutes } from './branches/routes';
import { registerCategoryRoutes } from './categories/routes';
import { registerHealthRoutes } from './health/routes';
import { registerHrRoutes } from './hr/routes';
import { registerLogRoutes } from './logs/routes';
import { registerRoleRoutes } from './roles/routes';
import { registerSettingRoutes } from './settings/routes';
import { registerApplianceRoutes } from './appliances/routes';
import { registerCabinRoutes } from './cabins/routes';
import { registerCouponRoutes } from './coupons/routes';
import { registerCustomerRoutes } from './customers/routes';
import { registerPackageRoutes } from './packages/routes';
import { registerProductRoutes } from './products/routes';
import { registerProviderRoutes } from './providers/routes';
import { registerTreatmentRoutes } from './treatments/routes';
import { registerStaffRoutes } from './staff/routes';
import { registerLoyaltyRoutes } from './loyalty/routes';
import { registerAppointmentRoutes } from './appointments/routes';
import { registerAgendaRoutes } from './agenda/routes';

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
  registerCustomerRoutes(app, ctx);
  registerStaffRoutes(app, ctx);
  registerLoyaltyRoutes(app, ctx);
  registerAgendaRoutes(app, ctx);
  registerAppointmentRoutes(app, ctx);
}
