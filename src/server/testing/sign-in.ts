import type { TestApp } from './harness';

/** What POST /v1/auth/sign-in takes. */
export interface SignInBody {
  username: string;
  password: string;
  branchId?: string;
}

/**
 * POST /v1/auth/sign-in as a client sends it, answered whatever it is (the tests of the sign-in itself, its limits
 * and its messages); `remoteAddress` only where the test needs an address of its own.
 */
export function signInRequest(t: TestApp, payload: SignInBody, remoteAddress?: string) {
  return t.app.inject({ method: 'POST', url: '/v1/auth/sign-in', ...(remoteAddress === undefined ? {} : { remoteAddress }), payload });
}
