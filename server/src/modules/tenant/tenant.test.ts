import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/contracts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/harness.js';
import { md5Hex } from '../../core/auth/password.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => t.close());

const leaves = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children.length ? leaves(i.children) : [i.F_ModuleId]));
const signIn = async (code: string, account = 'admin', password = 'Acme@123') =>
  t.app.inject({ method: 'POST', url: '/api/login', payload: { account, password: md5Hex(password), code } });
const tokenOf = async (code: string, account?: string, password?: string) => (await signIn(code, account, password)).json().data.Token as string;

const acme = {
  F_EnCode: 'acme',
  F_FullName: 'Acme 有限公司',
  F_Contact: '王经理',
  moduleIds: ['personal-info', 'system-online-user', 'organisation-user'],
  adminPassword: md5Hex('Acme@123'),
};
let acmeId = '';

describe('tenants', () => {
  it('403 without the buttons', async () => {
    expect((await t.get('/api/tenant', staff)).statusCode).toBe(403);
    expect((await t.get('/api/tenant', manager)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/tenant', acme, staff)).statusCode).toBe(403);
    expect((await t.send('PATCH', '/api/tenant/default/0', undefined, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/tenant/user-isexit', { account: 'admin' }, staff)).statusCode).toBe(403);
  });

  it('creates a tenant whose administrator sees only the tenant menus and rows', async () => {
    const res = await t.send('POST', '/api/tenant', acme, admin);
    expect(res.json()).toMatchObject({ code: 0, msg: '新增成功' });
    acmeId = res.json().data.F_TenantId;
    expect((await t.send('POST', '/api/tenant', { ...acme, F_EnCode: 'ACME' }, admin)).statusCode).toBe(409);
    expect((await t.send('POST', '/api/tenant', { ...acme, F_EnCode: 'other', moduleIds: ['nope'] }, admin)).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('tenants').select('id').where('code', '=', 'other').executeTakeFirst()).toBeUndefined();

    const list = (await t.get('/api/tenant?keyword=ac', admin)).json().data;
    expect(list).toMatchObject({
      Total: 1,
      Rows: [{ F_TenantId: acmeId, F_EnCode: 'acme', F_EnabledMark: 1, F_IsDefault: 0, F_UserCount: 1, F_ExpireDate: null }],
    });
    expect((await t.get('/api/tenant', admin)).json().data.Total).toBe(2);

    const acmeAdmin = await tokenOf('acme');
    const menu = (await t.get('/api/modules/vue', acmeAdmin)).json().data as MenuItem[];
    expect(leaves(menu).sort()).toEqual(['organisation-user', 'personal-info', 'system-online-user']);
    // granted buttons of the tenant's entries work, other tenants' rows are invisible
    const online = (await t.get('/api/online-users', acmeAdmin)).json().data;
    expect(online.Rows.every((r: { F_Account: string }) => r.F_Account === 'admin')).toBe(true);
    expect(online.Total).toBe(1);
    // the grant tree of the tenant is limited; the tenant admin cannot manage tenants nor grant other entries
    const tree = (await t.get(`/api/modules/all/${acmeId}`, admin)).json().data;
    expect(tree.map((n: { F_ModuleId: string }) => n.F_ModuleId)).toEqual(['personal', 'organisation', 'system']);
    expect((await t.get('/api/modules/all', acmeAdmin)).json().data).toEqual(tree);
    expect((await t.get('/api/tenant', acmeAdmin)).statusCode).toBe(403);
    const role = await t.deps.db.selectFrom('roles').select('id').where('tenant_id', '=', acmeId).executeTakeFirstOrThrow();
    expect(
      (await t.send('POST', '/api/authorizes', { objectId: role.id, objectType: 1, itemJson: { moduleIds: ['system-client-log'] } }, acmeAdmin)).statusCode,
    ).toBe(403);
    // other tenants' objects are 404 to the platform admin's grant calls
    expect((await t.get(`/api/authorizes/1/${role.id}`, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/data-authorize/1/${role.id}/menu`, admin)).statusCode).toBe(404);
  });

  it('updates the tenant and its menus', async () => {
    const acmeAdmin = await tokenOf('acme');
    const res = await t.send('PUT', `/api/tenant/${acmeId}`, { ...acme, F_FullName: 'Acme 集团', moduleIds: ['personal-info', 'system-client-log'] }, admin);
    expect(res.json().code).toBe(0);
    t.deps.grants.invalidate();
    expect(leaves((await t.get('/api/modules/vue', acmeAdmin)).json().data).sort()).toEqual(['personal-info', 'system-client-log']);
    expect((await t.get('/api/log/client', acmeAdmin)).statusCode).toBe(200);
    expect((await t.get('/api/online-users', acmeAdmin)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/tenant/${acmeId}`, { ...acme, F_EnCode: 'default' }, admin)).statusCode).toBe(409);
    expect((await t.send('PUT', '/api/tenant/missing', acme, admin)).statusCode).toBe(404);
  });

  it('tenant users: exists, list, add, disable, delete', async () => {
    expect((await t.send('POST', '/api/tenant/user-isexit', { account: 'ADMIN' }, admin)).json().data).toBe(true);
    expect((await t.send('POST', '/api/tenant/user-isexit', { F_TenantId: acmeId, account: 'zhangsan' }, admin)).json().data).toBe(false);
    const added = await t.send(
      'POST',
      '/api/tenant/user',
      { F_TenantId: acmeId, F_Account: 'zhangsan', F_RealName: '张三', F_Password: md5Hex('Zs@12345') },
      admin,
    );
    expect(added.json().code).toBe(0);
    const userId = added.json().data.F_UserId;
    expect(
      (await t.send('POST', '/api/tenant/user', { F_TenantId: acmeId, F_Account: 'ZhangSan', F_RealName: 'x', F_Password: md5Hex('x') }, admin)).statusCode,
    ).toBe(409);
    expect((await t.send('POST', '/api/tenant/user-isexit', { F_TenantId: acmeId, account: 'zhangsan' }, admin)).json().data).toBe(true);
    const users = (await t.get(`/api/tenant/${acmeId}/users?keyword=zh`, admin)).json().data;
    expect(users).toMatchObject({ Total: 1, Rows: [{ F_UserId: userId, F_Account: 'zhangsan', F_EnabledMark: 1, F_IsAdmin: 0 }] });
    expect((await t.get(`/api/tenant/${acmeId}/users`, admin)).json().data.Total).toBe(2);
    const token = await tokenOf('acme', 'zhangsan', 'Zs@12345');
    expect((await t.get('/api/modules/vue', token)).statusCode).toBe(200);
    expect((await t.send('PATCH', `/api/tenant/user/${userId}`, { F_EnabledMark: 0 }, admin)).json().code).toBe(0);
    expect((await t.get('/api/modules/vue', token)).json().code).toBe(10401);
    expect((await signIn('acme', 'zhangsan', 'Zs@12345')).json().code).not.toBe(0);
    expect((await t.send('PATCH', '/api/tenant/user/admin', { F_EnabledMark: 0 }, admin)).statusCode).toBe(400);
    expect((await t.send('DELETE', `/api/tenant/user/${userId}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', `/api/tenant/user/${userId}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/tenant/missing/users', admin)).statusCode).toBe(404);
  });

  it('a disabled tenant: its users are refused at once and cannot sign in', async () => {
    const acmeAdmin = await tokenOf('acme');
    expect((await t.send('PATCH', '/api/tenant/default/0', undefined, admin)).json().msg).toBe('默认租户不能停用或删除');
    expect((await t.send('PATCH', `/api/tenant/${acmeId}/2`, undefined, admin)).statusCode).toBe(400);
    expect((await t.send('PATCH', `/api/tenant/${acmeId}/0`, undefined, admin)).json().code).toBe(0);
    expect((await t.get('/api/modules/vue', acmeAdmin)).json().code).toBe(10401);
    expect((await signIn('acme')).json().code).not.toBe(0);
    expect((await t.get('/api/modules/vue', admin)).statusCode).toBe(200);
    expect((await t.send('PATCH', `/api/tenant/${acmeId}/1`, undefined, admin)).json().code).toBe(0);
    expect((await signIn('acme')).json().code).toBe(0);
  });

  it('deletes a tenant with its data; the default tenant cannot be deleted', async () => {
    expect((await t.send('DELETE', '/api/tenant/default', undefined, admin)).statusCode).toBe(400);
    expect((await t.send('DELETE', `/api/tenant/${acmeId}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/tenant/${acmeId}`, undefined, admin)).json().code).toBe(0);
    expect((await signIn('acme')).json().code).not.toBe(0);
    expect(await t.deps.db.selectFrom('users').select('id').where('tenant_id', '=', acmeId).execute()).toEqual([]);
    expect((await t.send('DELETE', `/api/tenant/${acmeId}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.login('admin', DEMO_PASSWORD)).length).toBeGreaterThan(0);
  });
});
