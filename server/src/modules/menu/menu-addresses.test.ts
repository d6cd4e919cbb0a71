import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closeTestApp } from '../language/test-support.js';

/**
 * The menu addresses the seeded accounts get, checked in as web/src/app/seeded-menu-addresses.json, where the web's
 * router test (web/src/app/menu-routes.test.ts) proves each one opens a page inside the layout and not the 404 route.
 * After changing a menu entry's address, run this test with UPDATE_MENU_ADDRESSES=1 to rewrite the list.
 */
const LIST = new URL('../../../../web/src/app/seeded-menu-addresses.json', import.meta.url);
const SEEDED_ACCOUNTS = ['admin', 'lisi', 'zhangsan', 'wangwu'];

const leafPaths = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children.length ? leafPaths(i.children) : i.target === 'expand' ? [] : [i.path]));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeTestApp(t));

describe('seeded menu addresses', () => {
  it('match the checked-in list the web router test reads', async () => {
    const found = new Set<string>();
    for (const account of SEEDED_ACCOUNTS) {
      const token = await t.login(account);
      for (const url of ['/api/modules/vue?systemId=0', '/api/modules/common', '/api/modules/other']) {
        const res = await t.get(url, token);
        expect(res.json().code).toBe(0);
        for (const path of leafPaths(res.json().data as MenuItem[])) if (path) found.add(path);
      }
    }
    const addresses = [...found].sort();
    if (process.env.UPDATE_MENU_ADDRESSES === '1') writeFileSync(LIST, `${JSON.stringify(addresses, null, 2)}\n`);
    expect(addresses).toEqual(JSON.parse(readFileSync(LIST, 'utf8')));
    expect(addresses).toContain('/wel/hotFunc');
  });
});
