import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../core/auth/password.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { maskSecrets } from './system-log.writer.js';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp({}, (app) => {
    app.register(
      async (api) => {
        api.post('/test/crash', async () => {
          throw new Error('kaboom');
        });
      },
      { prefix: '/api' },
    );
  });
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t.close());

type Row = Record<string, unknown>;
/** The operation log is written after the answer: wait for it. */
async function logRows(query: string, token = admin, want = 1): Promise<Row[]> {
  let rows: Row[] = [];
  for (let i = 0; i < 50; i++) {
    rows = (await t.get(`/api/log?${query}`, token)).json().data.Rows;
    if (rows.length >= want) return rows;
    await new Promise((r) => setTimeout(r, 20));
  }
  return rows;
}

describe('operation log', () => {
  it('masks secrets at any depth', () => {
    expect(maskSecrets({ account: 'a', password: 'p', nested: { newPwd: 'x', accessToken: 't', list: [{ clientSecret: 's' }] } })).toEqual({
      account: 'a',
      password: '******',
      nested: { newPwd: '******', accessToken: '******', list: [{ clientSecret: '******' }] },
    });
  });

  it('writes a row for every changing call: who, module, route, masked parameters, duration, status, ip', async () => {
    await t.send('POST', '/api/news', { F_FullHead: '日志测试' }, admin, { moduleid: 'oa-news' });
    const [row] = await logRows('category=2&keyword=日志测试');
    expect(row).toMatchObject({
      F_Category: 2,
      F_Account: 'admin',
      F_RealName: '系统管理员',
      F_Module: 'oa-news',
      F_Method: 'POST',
      F_Url: '/api/news',
      F_Status: 200,
      F_Result: 'success',
      F_IPAddress: '127.0.0.1',
    });
    expect(row.F_Duration).toEqual(expect.any(Number));
    expect(row.F_RequestId).toEqual(expect.any(String));
    // A real menu entry is answered with its name and translation key (the list shows the name the sidebar shows).
    const menu = await t.deps.db.selectFrom('modules').select(['id', 'full_name', 'i18n_key']).where('url_address', 'like', '%news%').executeTakeFirstOrThrow();
    await t.send('POST', '/api/news', { F_FullHead: '日志模块' }, admin, { moduleid: menu.id });
    const [named] = await logRows('category=2&keyword=日志模块');
    expect(named).toMatchObject({ F_Module: menu.id, F_ModuleName: menu.full_name, F_ModuleI18n: menu.i18n_key });
    await t.send('POST', '/api/news', { F_FullHead: '日志无模块' }, admin, { moduleid: 'no-such-menu' });
    expect((await logRows('category=2&keyword=日志无模块'))[0]).toMatchObject({ F_Module: 'no-such-menu', F_ModuleName: null, F_ModuleI18n: null });

    // A sign-in call: the password never reaches the log.
    const password = md5Hex(DEMO_PASSWORD);
    await t.send('POST', '/api/login', { account: 'wangwu', password, code: '' });
    const [login] = await logRows('category=2&keyword=wangwu');
    expect(login).toMatchObject({ F_Url: '/api/login', F_Method: 'POST' });
    expect(login.F_Params).toContain('"password":"******"');
    expect(login.F_Params).not.toContain(password);

    // A refused call is logged as a failure; reads are not logged.
    await t.send('DELETE', '/api/news/missing', undefined, admin);
    expect((await logRows('category=2&keyword=missing'))[0]).toMatchObject({ F_Status: 404, F_Result: 'failure' });
    await t.get('/api/news?keyword=readonly-call', admin);
    await new Promise((r) => setTimeout(r, 100));
    expect(await logRows('category=2&keyword=readonly-call', admin, 0)).toHaveLength(0);
  });

  it('logs a changing call whatever spelling of its address reached the route', async () => {
    await t.send('POST', '/%61pi/news', { F_FullHead: '编码地址日志' }, admin);
    const [row] = await logRows('category=2&keyword=编码地址日志');
    expect(row).toMatchObject({ F_Method: 'POST', F_Url: '/api/news', F_Account: 'admin', F_Status: 200 });
  });

  it('writes an exception row for a 500 with message, stack and request id', async () => {
    const res = await t.send('POST', '/api/test/crash', { x: 1 }, admin);
    expect(res.statusCode).toBe(500);
    const [row] = await logRows('category=3&keyword=kaboom');
    expect(row).toMatchObject({ F_Category: 3, F_Result: 'kaboom', F_Url: '/api/test/crash', F_Status: 500, F_Account: 'admin' });
    expect(row.F_Detail).toContain('Error: kaboom');
    expect(res.json().msg).toContain(String(row.F_RequestId));
  });
});

describe('log screens', () => {
  it('lists sign-in logs, filters by user and date', async () => {
    const rows = await logRows('category=1&user=zhangsan');
    expect(rows[0]).toMatchObject({ F_Category: 1, F_Account: 'zhangsan', F_Result: 'success' });
    expect(await logRows('category=1&user=zhangsan&startTime=2000-01-01&endTime=2000-01-02', admin, 0)).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.get(`/api/log?category=2&startTime=2000-01-01&endTime=2999-12-31`, admin)).json().data.Total).toBeGreaterThan(0);
    expect((await t.get(`/api/log?category=1&startTime=${today}`, admin)).json().data.Total).toBeGreaterThan(0);
  });

  it('deletes one entry and clears a category; staff get 403', async () => {
    expect((await t.get('/api/log', staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/log/clear/2', undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/log/x', undefined, staff)).statusCode).toBe(403);

    const [row] = await logRows('category=2');
    expect((await t.send('DELETE', `/api/log/${row.F_Id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', `/api/log/${row.F_Id}`, undefined, admin)).statusCode).toBe(404);
    const [signIn] = await logRows('category=1');
    expect((await t.send('DELETE', `/api/log/${signIn.F_Id}`, undefined, admin)).json().code).toBe(0);

    const cleared = await t.send('DELETE', '/api/log/clear/3', undefined, admin);
    expect(cleared.json()).toMatchObject({ code: 0, msg: '清空成功' });
    expect(cleared.json().data.deleted).toBeGreaterThan(0);
    expect((await t.get('/api/log?category=3', admin)).json().data.Total).toBe(0);
    expect((await t.send('DELETE', '/api/log/clear/4', undefined, admin)).statusCode).toBe(400);
    expect((await t.get('/api/log?category=9', admin)).statusCode).toBe(400);
  });

  it("another tenant's logs are not listed or deleted", async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'tl2', code: 'tl2', name: 'Other' }).execute();
    await db.insertInto('system_logs').values({ id: 'other-log', tenant_id: 'tl2', category: 2, url: '/api/other-tenant' }).execute();
    expect((await t.get('/api/log?category=2&keyword=other-tenant', admin)).json().data.Total).toBe(0);
    expect((await t.send('DELETE', '/api/log/other-log', undefined, admin)).statusCode).toBe(404);
    await t.send('DELETE', '/api/log/clear/2', undefined, admin);
    expect(await db.selectFrom('system_logs').select('id').where('id', '=', 'other-log').execute()).toHaveLength(1);
  });
});
