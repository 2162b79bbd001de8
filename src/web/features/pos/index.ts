/** What the app may use of this area: the point of sale's screen. */
export { posRoute } from './routes';
