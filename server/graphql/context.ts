import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.ts';
import type { LoginClient } from '../users/devices.ts';
import { AuthenticationError } from '../errors.ts';
import { authenticate } from '../users/service.ts';
import { authenticateIntegrationToken, isIntegrationToken } from '../integrations/tokens.ts';
import type { GraphQLContext } from './builder.ts';

/** A request's GraphQL context: a refused token leaves a visitor and remembers why. */
export async function graphqlContext(
  deps: Deps,
  token: string | undefined,
  requestId: string = randomUUID(),
  client: LoginClient = {},
): Promise<GraphQLContext> {
  if (!token) return { deps, viewer: null, authError: null, requestId, client };
  try {
    const viewer = isIntegrationToken(token) ? await authenticateIntegrationToken(deps, token) : await authenticate(deps, token);
    return { deps, viewer, authError: null, requestId, client };
  } catch (error) {
    if (error instanceof AuthenticationError) return { deps, viewer: null, authError: error, requestId, client };
    throw error;
  }
}
