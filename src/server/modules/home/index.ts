/** What other areas may use of the dashboard home: its route. */
export { registerHomeRoutes } from './routes';
