import { randomUUID } from 'node:crypto';
import type { Deps } from '../deps.ts';
import { AuthenticationError } from '../errors.ts';
import { authenticate } from '../users/service.ts';
import { authenticateIntegrationToken, isIntegrationToken } from '../integrations/tokens.ts';
import type { GraphQLContext } from './builder.ts';

/** A request's GraphQL context: a refused token leaves a visitor and remembers why. */
export async function graphqlContext(deps: Deps, token: string | undefined, requestId: string = randomUUID(), clientAddress?: string): Promise<GraphQLContext> {
  if (!token) return { deps, viewer: null, authError: null, requestId, clientAddress };
  try {
    const viewer = isIntegrationToken(token) ? await authenticateIntegrationToken(deps, token) : await authenticate(deps, token);
    return { deps, viewer, authError: null, requestId, clientAddress };
  } catch (error) {
    if (error instanceof AuthenticationError) return { deps, viewer: null, authError: error, requestId, clientAddress };
    throw error;
  }
}
