export { registerProductRoutes } from './routes';
