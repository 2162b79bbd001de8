/** What the app may use of this area: its screens. */
export { cabinsRoutes } from './routes';
