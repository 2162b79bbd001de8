import { decodeClaims, sessionStore } from '../../app/session';

/**
 * The sidebar opens the point of sale with the session token in the address (`?token=`, as the spec says): it is taken
 * out of the address bar at once (history, bookmarks, a shoulder) and becomes this tab's session. The same user's stored
 * session keeps its refresh token, so the counter stays signed in past the token's minutes.
 */
export function adoptAddressToken(location: Location = window.location): void {
  const url = new URL(location.href);
  const token = url.searchParams.get('token');
  if (token === null) return;
  url.searchParams.delete('token');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  let sub: string;
  try {
    sub = decodeClaims(token).sub;
  } catch {
    return;
  }
  const { auth, setSession } = sessionStore.getState();
  const same = auth.userId === sub;
  setSession(token, same ? (auth.refresh_token ?? '') : '', { quick: same && auth.quick });
}
