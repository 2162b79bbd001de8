/** What other areas may use of agenda: its routes and the cabin locks the appointments check. */
export { registerAgendaRoutes } from './routes';
export { asLockLike, branchLocks, hhmm } from './queries';
