import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { ONLINE_MINUTES } from './online-user.repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('online users', () => {
  it('lists live sessions, marks the current one, and forces another out', async () => {
    const admin = await t.login('admin');
    const victim = await t.login('zhangsan');
    const page = (await t.get('/api/online-users?limit=1&size=10', admin)).json().data;
    expect(page.Total).toBe(2);
    const current = page.Rows.find((r: { F_IsCurrent: boolean }) => r.F_IsCurrent);
    expect(current.F_Account).toBe('admin');
    const target = page.Rows.find((r: { F_Account: string }) => r.F_Account === 'zhangsan');
    expect(target.F_LoginTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await t.send('DELETE', `/api/online-users/${current.F_SessionId}`, undefined, admin)).json().msg).toBe('不能强制下线当前会话');
    expect((await t.send('DELETE', `/api/online-users/${target.F_SessionId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', victim)).json().code).toBe(10401);
    expect((await t.send('DELETE', `/api/online-users/${target.F_SessionId}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/online-users?keyword=zhangsan', admin)).json().data.Total).toBe(0);
    expect((await t.get('/api/online-users?keyword=admin', admin)).json().data.Total).toBe(1);
  });

  it('pages on the server and validates the query', async () => {
    const admin = await t.login('admin');
    await Promise.all([t.login('lisi'), t.login('wangwu'), t.login('wangwu')]);
    const first = (await t.get('/api/online-users?limit=1&size=2', admin)).json().data;
    const second = (await t.get('/api/online-users?limit=2&size=2', admin)).json().data;
    expect(first.Rows).toHaveLength(2);
    expect(first.Total).toBe(second.Total);
    expect(new Set([...first.Rows, ...second.Rows].map((r: { F_SessionId: string }) => r.F_SessionId)).size).toBe(first.Rows.length + second.Rows.length);
    expect((await t.get('/api/online-users?size=100000', admin)).statusCode).toBe(400);
    expect((await t.get('/api/online-users?limit=abc', admin)).json().msg).toContain('limit');
  });

  it("never shows another tenant's sessions", async () => {
    await t.deps.db.insertInto('tenants').values({ id: 't2', code: 't2', name: 'Other' }).execute();
    await t.deps.db.insertInto('users').values({ id: 'u2', tenant_id: 't2', account: 'admin', real_name: 'Other admin', password_hash: 'x' }).execute();
    await t.deps.db
      .insertInto('sessions')
      .values({ id: 's2', tenant_id: 't2', user_id: 'u2', refresh_hash: 'x', expires_at: new Date(Date.now() + 3_600_000) })
      .execute();
    const admin = await t.login('admin');
    const rows = (await t.get('/api/online-users?size=100', admin)).json().data.Rows as { F_SessionId: string }[];
    expect(rows.map((r) => r.F_SessionId)).not.toContain('s2');
    expect((await t.send('DELETE', '/api/online-users/s2', undefined, admin)).statusCode).toBe(404);
  });

  it('counts only sessions seen in the last few minutes (a closed browser drops out)', async () => {
    const admin = await t.login('admin');
    const wangwu = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('tenant_id', '=', 'default')
      .where('account', '=', 'wangwu')
      .executeTakeFirstOrThrow();
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    const expires = new Date(Date.now() + 3_600_000);
    await t.deps.db
      .insertInto('sessions')
      .values([
        { id: 'stale', tenant_id: 'default', user_id: wangwu.id, refresh_hash: 'x', expires_at: expires, last_active_at: minutesAgo(ONLINE_MINUTES + 5) },
        { id: 'recent', tenant_id: 'default', user_id: wangwu.id, refresh_hash: 'y', expires_at: expires, last_active_at: minutesAgo(ONLINE_MINUTES - 2) },
      ])
      .execute();
    const ids = ((await t.get('/api/online-users?size=100', admin)).json().data.Rows as { F_SessionId: string }[]).map((r) => r.F_SessionId);
    expect(ids).toContain('recent');
    expect(ids).not.toContain('stale');
    const before = (await t.get('/api/home/overview', admin)).json().data.onlineUsers as number;
    await t.deps.db
      .updateTable('sessions')
      .set({ last_active_at: minutesAgo(ONLINE_MINUTES + 1) })
      .where('user_id', '=', wangwu.id)
      .execute();
    expect((await t.get('/api/home/overview', admin)).json().data.onlineUsers).toBe(before - 1);
    // An administrator may still force out a session that is no longer listed.
    expect((await t.send('DELETE', '/api/online-users/stale', undefined, admin)).json().code).toBe(0);
  });
});
