import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteInfo } from '../app.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { apiRoutes, inBatches, placeholderUrl, routeKey } from './routes.js';

/**
 * The hostile-input corpus on every route with a body or querystring schema, sent by the administrator
 * (who passes every permission check, so the input reaches the parsers): NUL characters, 100,000-deep arrays and a
 * body over the 1 MB limit. Every answer must be a 4xx with the envelope, never a 500, and the server keeps
 * answering. Public routes are included. Oversize query strings are refused by Node before routing (431, see
 * core/input-guard.test.ts); app.inject does not go through that parser.
 */

const deepJson = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** Over the 1 MB body limit (app.ts bodyLimit), as valid JSON. */
const OVERSIZE = JSON.stringify({ F_FullHead: 'x'.repeat(1_100_000) });
const DEEP = deepJson(100_000);
const DEEP_IN_FIELD = `{"F_FullHead":"x","formData":${deepJson(100_000)}}`;

interface Shot {
  route: RouteInfo;
  what: string;
  url: string;
  payload?: string;
}

function shots(route: RouteInfo): Shot[] {
  const url = placeholderUrl(route.url);
  const list: Shot[] = [];
  if (route.schema.querystring) {
    list.push({ route, what: 'NUL in the query', url: `${url}?keyword=a%00b&id=%00` });
  }
  if (route.schema.body) {
    list.push(
      { route, what: 'NUL in a body string', url, payload: JSON.stringify({ F_FullHead: 'a\u0000b', formData: { F_Title: '\u0000' }, id: '\u0000' }) },
      { route, what: 'NUL in a body key', url, payload: JSON.stringify({ ['k\u0000']: 1 }) },
      { route, what: '100,000-deep array body', url, payload: DEEP },
      { route, what: '100,000-deep array in a field', url, payload: DEEP_IN_FIELD },
      { route, what: 'body over the limit', url, payload: OVERSIZE },
    );
  }
  return list;
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('NUL, deep nesting and oversize bodies on every body and query', () => {
  it('every answer is a 4xx envelope, never a 500, and the server keeps answering', async () => {
    const routes = apiRoutes(t).filter((r) => r.schema.body || r.schema.querystring);
    expect(routes.length).toBeGreaterThan(150);
    const all = routes.flatMap(shots);
    const failures: string[] = [];
    await inBatches(all, 3, async ({ route, what, url, payload }) => {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: { authorization: `Bearer ${admin}`, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
        payload,
      });
      let envelope: unknown;
      try {
        envelope = res.json();
      } catch {
        envelope = null;
      }
      const ok =
        res.statusCode >= 400 &&
        res.statusCode < 500 &&
        typeof envelope === 'object' &&
        envelope !== null &&
        (envelope as { success?: unknown }).success === false &&
        typeof (envelope as { code?: unknown }).code === 'number' &&
        typeof (envelope as { msg?: unknown }).msg === 'string';
      if (!ok) failures.push(`${routeKey(route)} (${what}): ${res.statusCode} ${res.body.slice(0, 200)}`);
    });
    expect(failures).toEqual([]);
    expect(all.length).toBeGreaterThan(500);
    expect((await t.get('/api/user/getUserInfo', admin)).json()).toMatchObject({ code: 0, data: { F_Account: 'admin' } });
    expect((await t.get('/api/health/ready')).statusCode).toBe(200);
  }, 120_000);
});
