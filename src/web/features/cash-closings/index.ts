/** What the app may use of this area: its screens. */
export { cashClosingsRoutes } from './routes';
