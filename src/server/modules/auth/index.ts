/** What other areas may use of auth: a role's privileges, the password mail and ending a user's sessions. */
export { registerAuthRoutes } from './routes';
export { activeActorOf, actorOfUsername, rolePrivilegeMap } from './session';
export { assertActorPassword, mailPasswordCode } from './service';
export { revokeUserSessions } from './tokens.service';
