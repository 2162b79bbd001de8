export { registerPackageRoutes } from './routes';
