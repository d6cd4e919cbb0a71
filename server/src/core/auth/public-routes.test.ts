import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { TokenService } from './tokens.js';
import { isPublicRoute } from './plugin.js';

/**
 * The checked-in list of routes that answer without a token. Adding a public route means adding it here,
 * in review; every other route is proved to refuse missing, garbage and expired tokens.
 */
const PUBLIC_ROUTES = [
  'POST /api/login',
  'POST /api/login/phone',
  'GET /api/login/send/:phone',
  'GET /api/login/:id',
  'POST /api/user/refesh',
  'GET /api/user/logout',
  'POST /api/user/logout',
  // Signed file addresses (issue 6): the HMAC in ?sig= is the credential.
  'GET /api/files/:id',
  // Signed workflow diagram addresses (issue 10): the HMAC in ?sig= is the credential (or a bearer token).
  'GET /api/workflow-scheme-info/read-resource',
  // Issue 10: the workflow diagram by signed address (HMAC in ?sig=, with expiry), and the launch by signed key.
  'GET /api/workflow-task/view-process',
  'POST /api/nwfschemeinfo/createProcess',
].sort();

describe('every route outside the public allowlist needs a valid token', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('collects the routes', () => {
    expect(t.routeTable.length).toBeGreaterThan(15);
  });

  it('the public routes are exactly the allowlist', () => {
    const publicRoutes = t.routeTable
      .filter((r) => r.url.startsWith('/api') && !r.url.startsWith('/api/docs') && r.isPublic && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicRoutes).toEqual(PUBLIC_ROUTES);
  });

  it('every other /api route answers 10401 without a token, with a garbage token and with an expired one', async () => {
    const expired = await new TokenService(t.deps.config.jwtSecret, 60).signAccess(
      { userId: 'admin', tenantId: 'default', sessionId: 'whatever' },
      Date.now() - 3_600_000,
    );
    const valid = await t.login('admin');
    const validClaims = await t.deps.tokens.verifyAccess(valid);
    const expiredButReal = await new TokenService(t.deps.config.jwtSecret, 60).signAccess(
      { userId: 'admin', tenantId: 'default', sessionId: validClaims!.sessionId },
      Date.now() - 3_600_000,
    );
    const forged = await new TokenService(new Uint8Array(48).fill(7), 3600).signAccess({ userId: 'admin', tenantId: 'default', sessionId: validClaims!.sessionId });
    const guarded = t.routeTable.filter((r) => r.url.startsWith('/api/') && !isPublicRoute(r.url, { public: r.isPublic }) && r.method !== 'HEAD');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const url = route.url.replace(/:(\w+)/g, 'x');
      for (const token of [undefined, 'garbage', 'a.b.c', expired, expiredButReal, forged]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${token ? token.slice(0, 10) : 'no token'}`).toBe(401);
        expect(res.json()).toMatchObject({ code: 10401, success: false });
      }
    }
  });
});
