/**
 * Bad GraphQL request parameters (variables or extensions that are not a JSON object) are the
 * caller's mistake: a 400 that says which, on GET and POST, and never a stack trace, in the
 * development mode `npm start` runs by default as in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';

const QUERY = '{ __typename }';

describe.each(['development', 'production'])('GraphQL request parameters in %s mode', (mode) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { env: { NODE_ENV: mode }, app: { mailWorker: false, webhookWorker: false } });
  });
  afterAll(() => server?.close());

  const expectClearRefusal = async (response: Response, about: RegExp, what: string) => {
    const text = await response.text();
    expect(response.status, `${what}: ${text.slice(0, 300)}`).toBe(400);
    expect(text, what).not.toMatch(/stack|\.ts:\d+|node_modules|at [A-Za-z.]+ \(/);
    expect(JSON.parse(text).errors[0].message, what).toMatch(about);
  };

  it('GET with variables or extensions that are not a JSON object is a 400 naming the parameter', async () => {
    const get = (extra: string) => fetch(`${server.url}/graphql?query=${encodeURIComponent(QUERY)}&${extra}`);
    await expectClearRefusal(await get('variables={not'), /variables/, 'variables={not');
    await expectClearRefusal(await get('variables=[1]'), /variables/, 'variables=[1]');
    await expectClearRefusal(await get('variables=7'), /variables/, 'variables=7');
    await expectClearRefusal(await get('extensions={not'), /extensions/, 'extensions={not');
    await expectClearRefusal(await get('extensions=%22x%22'), /extensions/, 'extensions="x"');
    // Good ones still work.
    const ok = await get(`variables=${encodeURIComponent('{}')}&extensions=${encodeURIComponent('{}')}`);
    expect(ok.status).toBe(200);
    const okBody = await ok.json();
    expect(okBody.data?.__typename, JSON.stringify(okBody)).toBe('Query');
  });

  it('POST with variables or extensions that are not an object is a 400 naming the parameter', async () => {
    const post = (body: Record<string, unknown>) =>
      fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: QUERY, ...body }) });
    await expectClearRefusal(await post({ variables: '{not' }), /variables/, 'variables "{not"');
    await expectClearRefusal(await post({ variables: [1, 2] }), /variables/, 'variables [1,2]');
    await expectClearRefusal(await post({ extensions: '{not' }), /extensions/, 'extensions "{not"');
    await expectClearRefusal(await post({ extensions: 5 }), /extensions/, 'extensions 5');
    expect((await post({ variables: null, extensions: {} })).status).toBe(200);
  });
});
