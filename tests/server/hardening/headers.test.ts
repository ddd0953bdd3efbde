/** Security headers and cross-origin access: same-origin by default, CORS_ORIGINS for integrators. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ConfigError, loadConfig } from '../../../server/config.ts';

const INTEGRATOR = 'https://gradebook.school.cn';

async function preflight(url: string, origin: string) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, x-access-token' },
  });
}

describe('security headers and CORS', () => {
  let plain: TestServer;
  let open: TestServer;
  beforeAll(async () => {
    [plain, open] = await Promise.all([
      startServer('pglite', { env: { NODE_ENV: 'production' } }),
      startServer('pglite', { env: { CORS_ORIGINS: `${INTEGRATOR}, https://parents.school.cn` } }),
    ]);
  });
  afterAll(async () => {
    await plain?.close();
    await open?.close();
  });

  it('every kind of response carries nosniff, no framing, a referrer policy and a CSP without inline script', async () => {
    for (const path of ['/', '/login', '/api/v1.0/userclasses', '/api/v1.0/nothing', '/graphql?query={viewer{username}}', '/healthz', '/avatars/none.svg']) {
      const r = await fetch(`${plain.url}${path}`);
      expect(r.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), path).toBe('DENY');
      expect(r.headers.get('referrer-policy'), path).toBe('same-origin');
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("script-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    }
  });

  it('by default no other site may call the API from a browser, GraphQL included', async () => {
    for (const path of ['/graphql', '/api/v1.0/username/login']) {
      const pre = await preflight(`${plain.url}${path}`, 'https://evil.example');
      expect(pre.status, path).toBe(403);
      expect(pre.headers.get('access-control-allow-origin'), path).toBeNull();
      expect((await pre.json()).info).toMatch(/not allowed/);
      const simple = await fetch(`${plain.url}${path}`, { headers: { origin: 'https://evil.example' } });
      expect(simple.headers.get('access-control-allow-origin'), path).toBeNull();
      expect(simple.headers.get('access-control-allow-credentials'), path).toBeNull();
    }
  });

  it('an origin listed in CORS_ORIGINS may call GraphQL and REST with its token; others still may not', async () => {
    const pre = await preflight(`${open.url}/graphql`, INTEGRATOR);
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe(INTEGRATOR);
    expect(pre.headers.get('access-control-allow-headers')).toContain('x-access-token');
    expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
    expect(pre.headers.get('access-control-allow-credentials')).toBeNull();

    const { accessToken } = await open.login('demoteacher');
    const r = await fetch(`${open.url}/graphql`, {
      method: 'POST',
      headers: { origin: INTEGRATOR, 'content-type': 'application/json', 'x-access-token': accessToken },
      body: JSON.stringify({ query: '{ viewer { username } }' }),
    });
    expect(r.headers.get('access-control-allow-origin')).toBe(INTEGRATOR);
    expect(r.headers.get('vary')).toContain('Origin');
    expect((await r.json()).data.viewer.username).toBe('demoteacher');
    const rest = await fetch(`${open.url}/api/v1.0/userclasses`, { headers: { origin: INTEGRATOR, 'x-access-token': accessToken } });
    expect(rest.headers.get('access-control-allow-origin')).toBe(INTEGRATOR);

    expect((await preflight(`${open.url}/graphql`, 'https://evil.example')).status).toBe(403);
    const other = await fetch(`${open.url}/api/v1.0/userclasses`, { headers: { origin: 'https://evil.example', 'x-access-token': accessToken } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("a caller's request id is echoed only when it is a plain token", async () => {
    const kept = await fetch(`${plain.url}/healthz`, { headers: { 'x-request-id': 'lb-1234.abc:9' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-1234.abc:9');
    const replaced = await fetch(`${plain.url}/healthz`, { headers: { 'x-request-id': '<script>alert(1)</script>' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a CORS_ORIGINS value that is not a list of origins stops start-up with a message', () => {
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.cn, gradebook.school.cn/path' })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: 'https://ok.cn/app' })).toThrow(/CORS_ORIGINS/);
    expect(loadConfig({ CORS_ORIGINS: ' https://a.cn ,http://b.cn:8080 ' }).corsOrigins).toEqual(['https://a.cn', 'http://b.cn:8080']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
