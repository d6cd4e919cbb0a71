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
  // The sign-in page's "leave your contact" form (rate-limited per source address: RATE_CLUE_*).
  'POST /api/login/add-clue',
  'POST /api/user/refesh',
  'GET /api/user/logout',
  'POST /api/user/logout',
  // Signed file addresses: the HMAC in ?sig= is the credential.
  'GET /api/files/:id',
  // Signed workflow diagram addresses: the HMAC in ?sig= is the credential (or a bearer token).
  'GET /api/workflow-scheme-info/read-resource',
  // The workflow diagram by signed address (HMAC in ?sig=, with expiry), and the launch by signed key.
  'GET /api/workflow-task/view-process',
  'POST /api/nwfschemeinfo/createProcess',
  // Probes for load balancers and orchestrators; the metrics check METRICS_TOKEN or a direct loopback caller themselves.
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/metrics',
  // Shared reports (/report-frame/{id}): the signed share token in ?share= (and, after a password, ?access=) is the credential.
  'GET /api/report-frame/:id/meta',
  'POST /api/report-frame/:id/unlock',
  'POST /api/report-frame/:id/pages',
  'POST /api/report-frame/:id/export',
  // `npm run backup` asks the running server: its credential is a signature made with the server's JWT secret.
  'GET /api/backup',
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

  // Thousands of requests: slack for a loaded two-core machine (the spellings took 29-30 s there with every route).
  it('every other /api route answers 10401 without a token, with a garbage token and with an expired one', { timeout: 120_000 }, async () => {
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
    const forged = await new TokenService(new Uint8Array(48).fill(7), 3600).signAccess({
      userId: 'admin',
      tenantId: 'default',
      sessionId: validClaims!.sessionId,
    });
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

  it(
    'every spelling the router sends to a guarded route is guarded too (the decision is on the matched route, not the raw URL)',
    { timeout: 120_000 },
    async () => {
      const guarded = t.routeTable.filter((r) => r.url.startsWith('/api/') && !isPublicRoute(r.url, { public: r.isPublic }) && r.method !== 'HEAD');
      let routed = 0;
      for (const route of guarded) {
        for (const { url, routes } of spellings(route.url.replace(/:(\w+)/g, 'x'))) {
          const res = await t.app.inject({ method: route.method as 'GET', url, payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
          const what = `${route.method} ${url} (for ${route.url})`;
          // Percent-encoded letters reach the handler: they must be refused. The rest do not reach it (a 404) or
          // reach a catch-all route such as /api/:address/:primaryKey, which is guarded as well.
          expect(routes ? [401] : [401, 404], what).toContain(res.statusCode);
          expect(res.json(), what).toMatchObject({ success: false, data: null });
          if (routes) routed++;
        }
      }
      expect(routed).toBeGreaterThan(guarded.length * 2);
    },
  );

  it('an encoded spelling of a public route stays public', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/%61pi/login', payload: { account: 'admin', password: 'wrong', code: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe(10401);
    expect((await t.app.inject({ method: 'GET', url: '/%61pi/docs/json' })).statusCode).toBe(200);
  });
});

/** Other spellings of an /api address: percent-encoded letters (routed), then ones the router may not match. */
function spellings(url: string): { url: string; routes: boolean }[] {
  const rest = url.slice('/api'.length);
  const encodeFirst = (segment: string) => `%${segment.charCodeAt(0).toString(16)}${segment.slice(1)}`;
  const [, second = ''] = rest.split('/');
  const list = [
    { url: `/%61pi${rest}`, routes: true },
    { url: `/ap%69${rest}`, routes: true },
    { url: `/%61%70%69${rest}`, routes: true },
    { url: `//api${rest}`, routes: false },
    { url: `/api/${rest}`, routes: false },
    { url: `${url}/.`, routes: false },
    { url: `/API${rest}`, routes: false },
  ];
  if (/^[a-z]/i.test(second)) list.push({ url: `/api/${encodeFirst(second)}${rest.slice(second.length + 1)}`, routes: true });
  // Dot segments, a trailing slash, an encoded slash: never routed to the guarded handler without a check.
  list.push(
    { url: `/api/.${rest}`, routes: false },
    { url: `/api/%2e${rest}`, routes: false },
    { url: `/api/x/..${rest}`, routes: false },
    { url: `${url}/`, routes: false },
    { url: `/api%2f${rest.slice(1)}`, routes: false },
    { url: `/api%2F${rest.slice(1)}`, routes: false },
  );
  const after = rest.slice(second.length + 1);
  if (second && after) list.push({ url: `/api/${second}%2f${after.slice(1)}`, routes: false });
  return list;
}
