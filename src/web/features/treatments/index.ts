/** What other areas may use of treatments: its screens and the inline active switch. */
export { treatmentsRoutes } from './routes';
export { InlineSwitch } from './InlineSwitch';
