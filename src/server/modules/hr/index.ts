export { registerHrRoutes } from './routes';
