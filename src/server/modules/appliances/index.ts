/** What other areas may use of appliances. */
export { registerApplianceRoutes } from './routes';
