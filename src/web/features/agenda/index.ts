/** What other areas may use of agenda: its screens and the clinic branches to pick from. */
export { agendaRoutes } from './routes';
export { useClinicBranches } from './lookups';
