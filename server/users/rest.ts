/** Spec section 7: POST /username/login and POST /username/signup. */
import type { RestRouter } from '../http/rest.ts';
import { login, signup, type SignedUp } from './service.ts';
import { clientAddressOf, loginClientOf } from '../http/auth.ts';

export function registerUserRoutes(router: RestRouter): void {
  // Reply: the user record (username, isTeacher, accessToken, teachername) plus tokenExpAt.
  router.on('POST', '/username/login', async (r) => ({ json: await login(r.deps, await r.body(), loginClientOf(r.req, r.res, r.deps.config.trustProxy)) }));
  // Reply: {info}, shown by the client.
  router.on('POST', '/username/signup', async (r) => {
    const signedUp = await signup(r.deps, await r.body(), clientAddressOf(r.req, r.deps.config.trustProxy));
    return { json: { info: signedUpText(signedUp) } };
  });
}

/** The sign-up reply's sentence (GraphQL's `info` says the same). */
export function signedUpText(s: SignedUp): string {
  if (s.isTeacher) return `Teacher ${s.username} signed up, please login`;
  return `Student ${s.username} signed up to class ${s.className}${s.rosterName ? ` as ${s.rosterName}` : ''}, please login`;
}
