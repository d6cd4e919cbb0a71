import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let roles: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  roles = Object.fromEntries((await t.deps.db.selectFrom('roles').select(['id', 'en_code']).execute()).map((r) => [r.en_code, r.id]));
  userIds = Object.fromEntries((await t.deps.db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]));
});
afterAll(() => t.close());

const role = (over: Record<string, unknown> = {}) => ({ F_FullName: '审计员', F_EnCode: 'auditor', F_Description: '只读', ...over });

describe('roles', () => {
  it('pages roles with member counts and filters by keyword prefix and enabled', async () => {
    const page = (await t.get('/api/roles/page?limit=1&size=10', admin)).json().data;
    expect(page.Total).toBe(3);
    expect(page.Rows[0]).toMatchObject({ F_RoleId: roles.admin, F_FullName: '系统管理员', F_EnCode: 'admin', F_EnabledMark: 1, F_UserCount: 1 });
    expect(page.Rows[2].F_UserCount).toBe(2);
    expect(page.Rows[0].F_CreateDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await t.get('/api/roles/page?keyword=man', admin)).json().data.Rows.map((r: { F_EnCode: string }) => r.F_EnCode)).toEqual(['manager']);
    expect((await t.get('/api/roles/page?enabled=0', admin)).json().data.Total).toBe(0);
  });

  it('answers the role picker to any signed-in user, keyword exact on the name', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.get('/api/roles', staff)).json().data).toHaveLength(3);
    const exact = (await t.get(`/api/roles?keyword=${encodeURIComponent('部门经理')}`, staff)).json().data;
    expect(exact).toEqual([{ F_RoleId: roles.manager, F_FullName: '部门经理', F_EnCode: 'manager', F_EnabledMark: 1 }]);
    expect((await t.get(`/api/roles?keyword=${encodeURIComponent('部门')}`, staff)).json().data).toEqual([]);
  });

  it('adds, updates, sets members of and deletes a role; members change grants at once', async () => {
    const id = (await t.send('POST', '/api/roles', role(), admin)).json().data.id;
    expect((await t.get(`/api/roles/${id}`, admin)).json().data).toMatchObject({ F_FullName: '审计员', F_EnCode: 'auditor', F_UserCount: 0 });
    expect((await t.send('PUT', `/api/roles/${id}`, role({ F_FullName: '审计', F_EnabledMark: 0 }), admin)).json().msg).toBe('更新成功');
    expect((await t.get(`/api/roles/${id}`, admin)).json().data).toMatchObject({ F_FullName: '审计', F_EnabledMark: 0 });
    await t.send('PUT', `/api/roles/${id}`, role(), admin);

    // Grant the role the company list button; zhangsan gets it as soon as he becomes a member.
    await t.deps.db
      .insertInto('authorizes')
      .values([
        { id: newId(), tenant_id: 'default', object_type: 1, object_id: id, item_type: 1, item_id: 'organisation' },
        { id: newId(), tenant_id: 'default', object_type: 1, object_id: id, item_type: 1, item_id: 'organisation-company' },
        { id: newId(), tenant_id: 'default', object_type: 1, object_id: id, item_type: 2, item_id: 'organisation-company:list' },
      ])
      .execute();
    const zhangsan = await t.login('zhangsan');
    const hq = (await t.get('/api/companies/tree', zhangsan)).json().data[0].F_CompanyId;
    expect((await t.get(`/api/companies/${hq}`, zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/roles/users', { F_RoleId: id, userIds: [userIds.zhangsan, userIds.wangwu] }, admin)).json().msg).toBe('更新成功');
    expect((await t.get(`/api/companies/${hq}`, zhangsan)).statusCode).toBe(200);
    const members = (await t.get(`/api/roles/${id}/users`, admin)).json().data;
    expect(members.map((m: { F_Account: string }) => m.F_Account).sort()).toEqual(['wangwu', 'zhangsan']);

    const permission = (await t.get(`/api/roles/${id}/permission`, admin)).json().data;
    expect(permission.menus).toHaveLength(1);
    expect(permission.menus[0]).toMatchObject({
      F_ModuleId: 'organisation',
      children: [{ F_ModuleId: 'organisation-company', buttons: [{ F_EnCode: 'list' }], columns: [] }],
    });

    const refused = await t.send('DELETE', `/api/roles/${id}`, undefined, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('该角色下还有 2 个用户，请先移除用户再删除');
    await t.send('POST', '/api/roles/users', { F_RoleId: id, userIds: [] }, admin);
    expect((await t.get(`/api/roles/${id}/users`, admin)).json().data).toEqual([]);
    expect((await t.send('DELETE', `/api/roles/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect(await t.deps.db.selectFrom('authorizes').select('id').where('object_id', '=', id).execute()).toEqual([]);
    expect((await t.get(`/api/roles/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses duplicate codes, unknown users, and deleting, disabling or recoding the admin role', async () => {
    const before = await t.deps.db.selectFrom('roles').selectAll().orderBy('id').execute();
    const dup = await t.send('POST', '/api/roles', role({ F_EnCode: 'staff' }), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('角色编号“staff”已存在');
    expect((await t.send('PUT', `/api/roles/${roles.staff}`, role({ F_EnCode: 'manager' }), admin)).json().msg).toBe('角色编号“manager”已存在');
    expect((await t.send('DELETE', `/api/roles/${roles.admin}`, undefined, admin)).json().msg).toBe('系统管理员角色不能删除或停用');
    expect((await t.send('PUT', `/api/roles/${roles.admin}`, role({ F_EnCode: 'admin', F_EnabledMark: 0 }), admin)).json().msg).toBe(
      '系统管理员角色不能删除或停用',
    );
    expect((await t.send('PUT', `/api/roles/${roles.admin}`, role({ F_EnCode: 'root' }), admin)).json().msg).toBe('系统管理员角色不能删除或停用');
    const unknown = await t.send('POST', '/api/roles/users', { F_RoleId: roles.staff, userIds: [userIds.lisi, 'ghost'] }, admin);
    expect(unknown.json().msg).toBe('用户不存在：ghost');
    expect((await t.send('POST', '/api/roles/users', { F_RoleId: 'nope', userIds: [] }, admin)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/roles', role({ F_EnCode: '' }), admin)).json().msg).toContain('F_EnCode');
    expect(
      (await t.send('POST', '/api/roles/users', { F_RoleId: roles.staff, userIds: Array.from({ length: 1001 }, (_, i) => `u${i}`) }, admin)).statusCode,
    ).toBe(400);
    expect(await t.deps.db.selectFrom('roles').selectAll().orderBy('id').execute()).toEqual(before);
    expect(
      (await t.get(`/api/roles/${roles.staff}/users`, admin))
        .json()
        .data.map((u: { F_Account: string }) => u.F_Account)
        .sort(),
    ).toEqual(['wangwu', 'zhangsan']);
  });

  it('needs the role buttons', async () => {
    const lisi = await t.login('lisi');
    expect((await t.get('/api/roles/page', lisi)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/roles', role({ F_EnCode: 'x1' }), lisi)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/roles/${roles.staff}`, role(), lisi)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/roles/${roles.staff}`, undefined, lisi)).statusCode).toBe(403);
    expect((await t.get(`/api/roles/${roles.staff}/users`, lisi)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/roles/users', { F_RoleId: roles.staff, userIds: [] }, lisi)).statusCode).toBe(403);
    expect((await t.get(`/api/roles/${roles.staff}/permission`, lisi)).statusCode).toBe(403);
  });
});
