export { registerRoleRoutes } from './routes';
