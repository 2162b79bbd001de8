import { BUSINESS_TIME_ZONE } from '../../domain/dates';
import { sessionStore } from '../app/session';

/*
 * The zone of the business day, apart from format.ts (which re-exports it): the start-up code sets it (app/config.ts)
 * without loading dayjs, which the sign-in pages do not use.
 */

let defaultTimeZone = BUSINESS_TIME_ZONE;

/** The business default zone the server gives (GET /v1/config), for users not bound to a branch. */
export function setDefaultTimeZone(timeZone: string): void {
  defaultTimeZone = timeZone;
}

/** The zone of the web's business day: the signed-in user's branch when the role is branch-bound, else the business default. */
export function businessTimeZone(): string {
  const user = sessionStore.getState().user;
  return (user?.branchBound && user.branchTimeZone) || defaultTimeZone;
}
