/** What the app may use of this area: its screen. */
export { reportsRoutes } from './routes';
