export { registerSaleIntakeRoutes } from './intake/routes';
export { registerRefundRoutes } from './refunds/routes';
