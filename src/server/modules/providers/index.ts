export { registerProviderRoutes } from './routes';
