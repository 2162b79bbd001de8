export { registerLogRoutes } from './routes';
