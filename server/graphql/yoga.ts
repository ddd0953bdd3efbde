/**
 * GraphQL over HTTP (graphql-yoga at /graphql) and over WebSocket (graphql-ws on the same
 * path and port) for subscriptions. Both build the same context from the access token.
 */
import type { IncomingMessage, Server } from 'node:http';
import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { GraphQLError, getOperationAST } from 'graphql';
import { DomainError } from '../errors.ts';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { Deps } from '../deps.ts';
import { accessTokenOf } from '../http/auth.ts';
import type { GraphQLContext } from './builder.ts';
import { graphqlContext } from './context.ts';
import { schema } from './schema.ts';
import { useIntegrationScopes } from '../integrations/scopes.ts';
import { useCostLimits } from '../integrations/limits.ts';

export const GRAPHQL_PATH = '/graphql';

type ServerContext = { req?: IncomingMessage; connectionParams?: Record<string, unknown> };

export function createGraphQL(deps: Deps): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    // Integration tokens' scopes are checked first, then the cost budgets. Each distinct query or
    // mutation is compiled to a JavaScript function once (README, Performance); yoga's parse and
    // validate caches stay on. Subscriptions keep graphql-js: graphql-jit's subscribe loses
    // Pothos' typed errors.
    plugins: [
      useIntegrationScopes(),
      useCostLimits(),
      useGraphQlJit({}, { enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation !== 'subscription' }),
    ],
    graphiql: deps.config.production ? false : { subscriptionsProtocol: 'WS', title: 'WordBee GraphQL' },
    landingPage: false,
    logging: {
      debug: (...a) => deps.log.debug(a.map(String).join(' ')),
      info: (...a) => deps.log.info(a.map(String).join(' ')),
      warn: (...a) => deps.log.warn(a.map(String).join(' ')),
      error: (...a) => deps.log.error({ err: a.find((x) => x instanceof Error) }, a.filter((x) => !(x instanceof Error)).map(String).join(' ')),
    },
    // Domain errors keep their sentence (with a code); anything unexpected reaches the client
    // as "Unexpected error." with no stack or SQL.
    maskedErrors: {
      maskError: (error, message, isDev) => {
        const original = error instanceof GraphQLError ? error.originalError : undefined;
        if (original instanceof DomainError) {
          return new GraphQLError(original.message, { nodes: (error as GraphQLError).nodes, path: (error as GraphQLError).path, extensions: { code: original.name } });
        }
        return maskError(error, message, isDev);
      },
    },
    context: async ({ request, connectionParams, req }) => {
      const fromParams = connectionParams?.accessToken ?? connectionParams?.['x-access-token'];
      const token = typeof fromParams === 'string' ? fromParams : request ? accessTokenOf(request.headers) : req ? accessTokenOf(req.headers) : undefined;
      return graphqlContext(deps, token, String(req?.headers['x-request-id'] ?? '') || undefined);
    },
  });
}

/** graphql-ws on the HTTP server's upgrade, executing through yoga's envelop pipeline. */
export function attachSubscriptions(server: Server, yoga: ReturnType<typeof createGraphQL>) {
  const wss = new WebSocketServer({ server, path: GRAPHQL_PATH, maxPayload: 64 * 1024 });
  const disposable = useServer(
    {
      execute: (args: ExecutionArgs) => (args.rootValue as any).execute(args),
      subscribe: (args: ExecutionArgs) => (args.rootValue as any).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          connectionParams: ctx.connectionParams,
          params: payload,
        });
        const args = {
          schema,
          operationName: payload.operationName,
          document: parse(payload.query),
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
        const errors = validate(args.schema, args.document);
        return errors.length ? errors : args;
      },
    },
    wss,
  );
  return {
    close: async () => {
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
