export { registerLogRoutes } from './routes';
export { logDetail } from './detail';
