/**
 * GraphQL over HTTP (graphql-yoga at /graphql) and over WebSocket (graphql-ws on the same
 * path and port) for subscriptions. Both build the same context from the access token.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createYoga, isAsyncIterable, maskError, type GraphQLParams, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { maxDirectivesPlugin } from '@escape.tech/graphql-armor-max-directives';
import { blockFieldSuggestionsPlugin } from '@escape.tech/graphql-armor-block-field-suggestions';
import { asDomainFailure, UnavailableError } from '../http/faults.ts';
import { reportError } from '../observability.ts';
import { GraphQLError, getOperationAST, type ExecutionArgs, type ValidationContext } from 'graphql';
import { useGraphQlJit } from '@envelop/graphql-jit';
import { DomainError } from '../errors.ts';
import { errorCode, httpStatusOf } from '../http/status.ts';
import { WebSocketServer, type WebSocket } from 'ws';
import type { EndedLogins } from '../live/pubsub.ts';
import { endedAmong, type LiveLogin } from '../users/service.ts';
import { useServer } from 'graphql-ws/use/ws';
import type { Deps } from '../deps.ts';
import { accessTokenOf, loginClientOf } from '../http/auth.ts';
import type { GraphQLContext } from './builder.ts';
import { graphqlContext } from './context.ts';
import { schema } from './schema.ts';
import { useIntegrationScopes } from './scopes.ts';
import { useCostLimits } from './cost.ts';
import { usePageCaps } from './connections.ts';
import { useReplyCompression } from './compression.ts';
import { useSharedSubscriptionExecution } from './shared-subscriptions.ts';

export const GRAPHQL_PATH = '/graphql';

/**
 * Limits on what one operation may ask (GraphQL Armor), far above what the client's own
 * operations need (depth 6, ~80 tokens, no aliases; a test keeps it so). Cost limits per
 * token are a separate concern (integration tokens).
 */
export const GRAPHQL_LIMITS = { depth: 12, aliases: 15, tokens: 2000, directives: 20 } as const;
/** A JSON request body; importTextbook carries a file of up to 2 MB as a string. */
export const GRAPHQL_BODY_LIMIT = 5 * 1024 * 1024;

/**
 * A limit's refusal as a validation error with a code (GraphQL Armor words it as a thrown
 * 'Syntax Error: …' without one, which yoga answered with 200 whatever the client accepted): a
 * 400 under application/graphql-response+json, like any document that does not validate.
 */
export const LIMIT_CODE = 'GRAPHQL_VALIDATION_FAILED';
const limitError = (refusal: GraphQLError) => new GraphQLError(refusal.message.replace(/^Syntax Error: /, ''), { extensions: { code: LIMIT_CODE } });
/** Validation rules report the refusal; the token limit, checked while parsing, throws it. */
const reported = {
  propagateOnRejection: false,
  onReject: [(context: unknown, refusal: GraphQLError) => (context as ValidationContext).reportError(limitError(refusal))],
};
const thrown = {
  onReject: [
    (_context: unknown, refusal: GraphQLError) => {
      throw limitError(refusal);
    },
  ],
};

function armor(production: boolean): Plugin[] {
  const plugins = [
    maxDepthPlugin({ n: GRAPHQL_LIMITS.depth, flattenFragments: true, ...reported }),
    maxAliasesPlugin({ n: GRAPHQL_LIMITS.aliases, ...reported }),
    maxTokensPlugin({ n: GRAPHQL_LIMITS.tokens, ...thrown }),
    maxDirectivesPlugin({ n: GRAPHQL_LIMITS.directives, ...reported }),
  ] as Plugin[];
  // "Did you mean …?" would describe the schema to someone probing it.
  if (production) plugins.push(blockFieldSuggestionsPlugin() as Plugin);
  return plugins;
}

/**
 * GraphQL multipart requests (uploads) are read and parsed in server/graphql/http.ts, within the
 * uploads' memory budget; yoga takes their parameters from here instead of parsing the body
 * again (its own multipart parser is off).
 */
export const UPLOAD_PARAMS = new WeakMap<IncomingMessage, GraphQLParams | GraphQLParams[]>();

function usePreparsedUploads(): Plugin {
  return {
    onRequestParse({ serverContext, setRequestParser }) {
      const req = (serverContext as ServerContext | undefined)?.req;
      const params = req ? UPLOAD_PARAMS.get(req) : undefined;
      if (params) setRequestParser(() => params);
    },
  };
}

/**
 * A request error found while executing (a variable whose value its type refuses) has no data
 * and came without a code: it gets BAD_USER_INPUT, and 400 under
 * application/graphql-response+json as GraphQL over HTTP requires of a reply without `data`
 * (200 under plain application/json, as for a document that does not validate).
 */
function useRequestErrorCodes(): Plugin {
  return {
    onExecute: () => ({
      onExecuteDone({ result, setResult }) {
        if (isAsyncIterable(result) || result.data !== undefined || !result.errors?.length) return;
        if (result.errors.every((e) => e.extensions?.code)) return;
        const errors = result.errors.map((e) =>
          e.extensions?.code
            ? e
            : new GraphQLError(e.message, {
                nodes: e.nodes,
                source: e.source,
                positions: e.positions,
                path: e.path,
                extensions: { ...e.extensions, code: 'BAD_USER_INPUT', http: { spec: true, status: 400 } },
              }),
        );
        setResult({ ...result, errors });
      },
    }),
  };
}

type ServerContext = { req?: IncomingMessage; res?: ServerResponse; connectionParams?: Record<string, unknown> };

export function createGraphQL(deps: Deps): YogaServerInstance<ServerContext, GraphQLContext> {
  return createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    // Integration tokens' scopes are checked first, then the cost budgets. Each distinct query or
    // mutation is compiled to a JavaScript function once (docs/performance.md); yoga's parse and
    // validate caches stay on. Subscriptions keep graphql-js (graphql-jit's subscribe loses
    // Pothos' typed errors), each live event executed once per distinct subscription rather than
    // once per subscriber (server/graphql/shared-subscriptions.ts). Replies are compressed last,
    // once they are final.
    plugins: [
      usePreparsedUploads(),
      useIntegrationScopes(),
      usePageCaps(),
      useCostLimits(),
      useRequestErrorCodes(),
      ...armor(deps.config.production),
      useGraphQlJit({}, { enableIf: (args) => getOperationAST(args.document, args.operationName)?.operation !== 'subscription' }),
      useSharedSubscriptionExecution(),
      useReplyCompression(),
    ],
    // Uploads come parsed from server/graphql/http.ts (UPLOAD_PARAMS): a multipart body that
    // did not come that way is not read.
    multipart: false,
    graphiql: deps.config.production ? false : { subscriptionsProtocol: 'WS', title: 'WordBee GraphQL' },
    // GraphiQL's page with its scripts inlined (no CDN: it works offline); loaded on first use.
    renderGraphiQL: async (options) => (await import('@graphql-yoga/render-graphiql')).renderGraphiQL(options),
    landingPage: false,
    // Cross-origin access is decided for every path in server/http/headers.ts (CORS_ORIGINS).
    cors: false,
    logging: {
      debug: (...a) => deps.log.debug(a.map(String).join(' ')),
      info: (...a) => deps.log.info(a.map(String).join(' ')),
      warn: (...a) => deps.log.warn(a.map(String).join(' ')),
      error: (...a) => {
        const err = a.find((x) => x instanceof Error);
        const message = a
          .filter((x) => !(x instanceof Error))
          .map(String)
          .join(' ');
        // A caller's mistake (no login, a bad id, a value the database refuses) is answered with
        // its sentence and is not the server's error; only the unexpected is logged as one.
        const original = err instanceof GraphQLError ? (err.originalError ?? err) : err;
        const failure = original ? asDomainFailure(original) : null;
        if (original instanceof DomainError || (failure && !(failure instanceof UnavailableError))) deps.log.debug({ err: original }, message || 'refused');
        else deps.log.error({ err }, message);
      },
    },
    // Domain errors keep their sentence (with a code); anything unexpected reaches the client
    // as "Unexpected error." with no stack or SQL.
    maskedErrors: {
      maskError: (error, message, isDev) => {
        // Errors of the context (the token check) arrive unwrapped.
        const original = error instanceof GraphQLError ? error.originalError : error;
        if (original instanceof DomainError) {
          return new GraphQLError(original.message, {
            nodes: (error as GraphQLError).nodes,
            path: (error as GraphQLError).path,
            extensions: { code: errorCode(original) },
          });
        }
        // The database refusing a value (400) or being unreachable (503) is said as such.
        const failure = original ? asDomainFailure(original) : null;
        if (failure) {
          if (failure instanceof UnavailableError) deps.log.warn({ err: original }, 'database unreachable');
          return new GraphQLError(failure.message, {
            nodes: (error as GraphQLError).nodes,
            path: (error as GraphQLError).path,
            extensions: { code: errorCode(failure), http: { status: httpStatusOf(failure) } },
          });
        }
        reportError((error instanceof GraphQLError ? error.originalError : null) ?? error, { where: 'graphql' });
        return maskError(error, message, isDev);
      },
      // Never development's details (the original error's message and stack): `npm start` runs
      // in development mode unless NODE_ENV says otherwise; the log has them.
      isDev: false,
    },
    context: async ({ request, connectionParams, req, res }) => {
      const fromParams = connectionParams?.accessToken ?? connectionParams?.['x-access-token'];
      const token = typeof fromParams === 'string' ? fromParams : request ? accessTokenOf(request.headers) : req ? accessTokenOf(req.headers) : undefined;
      return graphqlContext(deps, token, String(req?.headers['x-request-id'] ?? '') || undefined, loginClientOf(req, res, deps.config.trustProxy));
    },
  });
}

/** The access token a WebSocket client sent: in connection_init's payload, else on the upgrade request. */
function socketToken(connectionParams: Record<string, unknown> | undefined, req: IncomingMessage): string | undefined {
  const fromParams = connectionParams?.accessToken ?? connectionParams?.['x-access-token'];
  return typeof fromParams === 'string' ? fromParams : accessTokenOf(req.headers);
}

/** The open WebSockets of each user's logins, to close when a login ends. */
class OpenLogins {
  private readonly byUser = new Map<number, Map<WebSocket, LiveLogin>>();
  add(login: LiveLogin, socket: WebSocket): void {
    let sockets = this.byUser.get(login.userId);
    if (!sockets) this.byUser.set(login.userId, (sockets = new Map()));
    sockets.set(socket, login);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.byUser.get(login.userId) === sockets) this.byUser.delete(login.userId);
    });
  }
  /** The sockets of the logins that `ended` names. */
  take(ended: EndedLogins): WebSocket[] {
    const sockets = this.byUser.get(ended.userId);
    if (!sockets) return [];
    return [...sockets]
      .filter(([, { sid }]) => (ended.sid !== undefined ? sid === ended.sid : ended.exceptSid === undefined || sid !== ended.exceptSid))
      .map(([socket]) => socket);
  }
  /** Every distinct login with a socket open here. */
  logins(): LiveLogin[] {
    const distinct = new Map<string, LiveLogin>();
    for (const sockets of this.byUser.values()) for (const login of sockets.values()) distinct.set(`${login.userId} ${login.version} ${login.sid}`, login);
    return [...distinct.values()];
  }
  /** The sockets opened by exactly these logins (same user, sid and token version). */
  socketsOf(logins: readonly LiveLogin[]): WebSocket[] {
    return logins.flatMap(({ userId, sid, version }) =>
      [...(this.byUser.get(userId) ?? [])].filter(([, l]) => l.sid === sid && l.version === version).map(([socket]) => socket),
    );
  }
}

const LOGIN_ENDED_CLOSE = 'Forbidden: this login has ended';

/** graphql-ws on the HTTP server's upgrade, executing through yoga's envelop pipeline. */
export function attachSubscriptions(server: Server, yoga: ReturnType<typeof createGraphQL>, deps: Deps) {
  const openLogins = new OpenLogins();
  // Upgrades are routed here rather than handing `server` to ws, which would re-emit the HTTP
  // server's own errors (a port in use) as the WebSocket server's.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?')[0] !== GRAPHQL_PATH) return void socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  });
  const disposable = useServer(
    {
      // A failure inside the server closes the socket with 4500 and "Internal server error",
      // never with its message (graphql-ws would send it outside NODE_ENV=production).
      isProd: true,
      // A token that does not authenticate closes the socket with 4403 Forbidden at
      // connection_init (graphql-ws protocol), instead of an acknowledged socket whose every
      // operation then fails. No token at all is a visitor, refused per operation as over HTTP.
      onConnect: async (ctx) => {
        const token = socketToken(ctx.connectionParams, ctx.extra.request);
        if (!token) return true;
        const { viewer, authError } = await graphqlContext(deps, token);
        if (viewer && !viewer.integration) openLogins.add({ userId: viewer.id, sid: viewer.sid ?? '', version: viewer.tokenVersion ?? 0 }, ctx.extra.socket);
        return authError === null;
      },
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelop's rootValue is untyped
      execute: (args: ExecutionArgs) => (args.rootValue as any).execute(args),
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelop's rootValue is untyped
      subscribe: (args: ExecutionArgs) => (args.rootValue as any).subscribe(args),
      onSubscribe: async (ctx, _id, payload) => {
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
          ...ctx,
          req: ctx.extra.request,
          socket: ctx.extra.socket,
          connectionParams: ctx.connectionParams,
          params: payload,
        });
        // A query that does not parse or validate (GraphQL Armor's limits throw from both) is an
        // error for that one operation: the socket and the caller's other subscriptions go on.
        let document;
        let errors: readonly GraphQLError[];
        try {
          document = parse(payload.query);
          errors = validate(schema, document);
        } catch (error) {
          return [error instanceof GraphQLError ? error : new GraphQLError('The query could not be read')];
        }
        if (errors.length) return errors;
        return {
          schema,
          operationName: payload.operationName,
          document,
          variableValues: payload.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
      },
    },
    wss,
  );
  // A login that ends on any instance closes the sockets it opened here with 4403, as a refused
  // connection_init is closed: the page goes to the login screen, which says why.
  const stopListening = deps.live.onLoginsEnded((ended) => {
    for (const socket of openLogins.take(ended)) socket.close(4403, LOGIN_ENDED_CLOSE);
  });
  // The backstop: every LIVE_LOGIN_RECHECK_SECONDS the instance asks the database which of its
  // open logins have ended, so a socket outlives its login by no more than that even when the
  // event above was lost (a publish while Redis was away is dropped).
  let rechecking = false;
  const recheck = setInterval(() => {
    const logins = openLogins.logins();
    if (rechecking || logins.length === 0) return;
    rechecking = true;
    endedAmong(deps, logins)
      .then((ended) => {
        for (const socket of openLogins.socketsOf(ended)) socket.close(4403, LOGIN_ENDED_CLOSE);
      })
      .catch((error: unknown) => deps.log.warn({ err: error }, 'rechecking the logins of open live connections failed; trying again later'))
      .finally(() => (rechecking = false));
  }, deps.config.liveLoginRecheckSeconds * 1000);
  recheck.unref();
  return {
    close: async () => {
      stopListening();
      clearInterval(recheck);
      await disposable.dispose();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
