/** A compiled query's request parameters, without its ASTs (vite.config.ts, `relayParams`). */
declare module '*.graphql?params' {
  const params: import('relay-runtime').RequestParameters;
  export default params;
}
