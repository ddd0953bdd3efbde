/**
 * GraphQL over HTTP conformance, checked by the `graphql-http` server audit (the suite the spec's
 * authors publish) against a real server: every MUST, SHOULD and MAY. The audit runs twice, in its
 * own order and reversed, because yoga caches documents: a status that depended on how a document
 * was first asked (issue 37: a bad document first sent with `Accept: application/json` then
 * answered 200 under application/graphql-response+json too) fails the second run.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAudits, type AuditResult } from 'graphql-http';
import { startServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => server?.close());

async function audit(order: 'as published' | 'reversed') {
  const audits = serverAudits({ url: `${server.url}/graphql` });
  const results: AuditResult[] = [];
  for (const a of order === 'reversed' ? [...audits].reverse() : audits) results.push(await a.fn());
  return results;
}

/** A failing audit as a line a reader can act on: its id, name and why. */
const failures = (results: AuditResult[]) => results.filter((r) => r.status !== 'ok').map((r) => `${r.id} ${r.name}: ${'reason' in r ? r.reason : ''}`);

describe('the graphql-http server audit', () => {
  it('passes every MUST, SHOULD and MAY audit, in the published order and then reversed', async () => {
    for (const order of ['as published', 'reversed'] as const) {
      const results = await audit(order);
      expect(results.filter((r) => r.name.startsWith('MUST')).length, 'the MUST audits ran').toBeGreaterThanOrEqual(13);
      expect(results.filter((r) => r.name.startsWith('SHOULD')).length, 'the SHOULD audits ran').toBeGreaterThanOrEqual(23);
      expect(failures(results), order).toEqual([]);
    }
  });

  it('answers a bad document by what the client accepts, not by how it was first asked', async () => {
    const ask = async (query: string, accept: string) => {
      const r = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept },
        body: JSON.stringify({ query }),
      });
      return {
        status: r.status,
        type: r.headers.get('content-type'),
        body: (await r.json()) as { data?: unknown; errors: { extensions?: { code?: string } }[] },
      };
    };
    const cases = [
      ['{ viewer { id ', 'GRAPHQL_PARSE_FAILED'],
      ['{ viewer { noSuchField } }', 'GRAPHQL_VALIDATION_FAILED'],
    ] as const;
    for (const [query, code] of cases) {
      for (const [accept, status, type] of [
        ['application/json', 200, 'application/json'],
        ['application/graphql-response+json', 400, 'application/graphql-response+json'],
        ['application/json', 200, 'application/json'],
        ['application/graphql-response+json, application/json;q=0.9', 400, 'application/graphql-response+json'],
      ] as const) {
        const r = await ask(query, accept);
        expect([r.status, r.type?.split(';')[0], r.body.errors[0]?.extensions?.code, r.body.data], `${query} with ${accept}`).toEqual([
          status,
          type,
          code,
          undefined,
        ]);
      }
    }
  });
});
