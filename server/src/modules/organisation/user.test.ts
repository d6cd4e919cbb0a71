import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../core/auth/password.js';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deployScheme } from '../../test/workflow-fixtures.js';
import { loadFixture } from '../workflow/fixtures/index.js';

let t: TestApp;
let admin: string;
let hq: string;
let departments: Record<string, string>;
let roles: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.deps.db;
  hq = (await db.selectFrom('companies').select('id').where('en_code', '=', 'HQ').executeTakeFirstOrThrow()).id;
  departments = Object.fromEntries((await db.selectFrom('departments').select(['id', 'en_code']).execute()).map((d) => [d.en_code, d.id]));
  roles = Object.fromEntries((await db.selectFrom('roles').select(['id', 'en_code']).execute()).map((r) => [r.en_code, r.id]));
  userIds = Object.fromEntries((await db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]));
});
afterAll(() => t.close());

const accounts = (rows: { F_Account: string }[]) => rows.map((r) => r.F_Account).sort();
const newUser = (over: Record<string, unknown> = {}) => ({
  F_Account: 'zhaoliu',
  F_RealName: '赵六',
  F_Password: md5Hex('Secret@123'),
  F_Mobile: '13900000009',
  F_Email: 'zhaoliu@example.com',
  F_Gender: 1,
  F_CompanyId: hq,
  departmentIds: [departments.HR],
  roleIds: [roles.staff],
  postIds: [],
  F_Description: '新员工',
  ...over,
});

/** A role granted the user screen and its list button, optionally the mobile / email columns, held by `account`. */
async function roleWithUserList(account: string, columns: string[] = []) {
  const db = t.deps.db;
  const roleId = newId();
  await db
    .insertInto('roles')
    .values({ id: roleId, tenant_id: 'default', full_name: `role-${roleId}`, en_code: `r-${roleId}` })
    .execute();
  const columnRows = columns.length
    ? await db.selectFrom('module_columns').select('id').where('module_id', '=', 'organisation-user').where('en_code', 'in', columns).execute()
    : [];
  await db
    .insertInto('authorizes')
    .values([
      { id: newId(), tenant_id: 'default', object_type: 1, object_id: roleId, item_type: 1, item_id: 'organisation-user' },
      { id: newId(), tenant_id: 'default', object_type: 1, object_id: roleId, item_type: 2, item_id: 'organisation-user:list' },
      ...columnRows.map((c) => ({ id: newId(), tenant_id: 'default', object_type: 1, object_id: roleId, item_type: 3, item_id: c.id })),
    ])
    .execute();
  await db.insertInto('user_roles').values({ tenant_id: 'default', user_id: userIds[account], role_id: roleId }).execute();
  t.deps.grants.invalidate();
  return roleId;
}

describe('users: list', () => {
  it('pages with departments, roles, posts and company aggregated per row', async () => {
    const page = (await t.get('/api/users/page?limit=1&size=10', admin)).json().data;
    expect(page.Total).toBe(4);
    const lisi = page.Rows.find((r: { F_Account: string }) => r.F_Account === 'lisi');
    expect(lisi).toMatchObject({
      F_RealName: '李四',
      F_Mobile: '13800000001',
      F_Email: 'lisi@example.com',
      F_Company: { F_CompanyId: hq, F_FullName: '演示集团有限公司' },
      F_Department: [{ F_DepartmentId: departments.TECH, F_FullName: '技术部' }],
      F_Roles: [{ F_RoleId: roles.manager, F_FullName: '部门经理' }],
      F_Posts: [],
      F_DepartmentName: '技术部',
      F_EnabledMark: 1,
    });
    expect(lisi.F_CreateDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const second = (await t.get('/api/users/page?limit=2&size=3', admin)).json().data;
    expect(second.Rows).toHaveLength(1);
  });

  it('filters by keyword prefix, exact mobile, company, department and enabled', async () => {
    const q = async (query: string) => accounts((await t.get(`/api/users/page?${query}`, admin)).json().data.Rows);
    expect(await q('keyword=LI')).toEqual(['lisi']);
    expect(await q(`keyword=${encodeURIComponent('张')}`)).toEqual(['zhangsan']);
    expect(await q('keyword=13800000002')).toEqual(['zhangsan']);
    expect(await q('keyword=1380000000')).toEqual([]);
    expect(await q('keyword=%25')).toEqual([]);
    expect(await q(`companyId=${hq}`)).toHaveLength(4);
    expect(await q(`departmentId=${departments.FIN}`)).toEqual(['wangwu']);
    expect(await q('enabled=0')).toEqual([]);
    expect((await t.get('/api/users/page?enabled=2', admin)).statusCode).toBe(400);
  });

  it('needs the list button', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.get('/api/users/page', staff)).statusCode).toBe(403);
    expect((await t.get(`/api/users/${userIds.lisi}`, staff)).statusCode).toBe(403);
    expect((await t.get('/api/users/maintenance_user', staff)).statusCode).toBe(403);
    expect((await t.get(`/api/users/${userIds.lisi}/permission`, staff)).statusCode).toBe(403);
  });

  it('hides the mobile and email columns from a caller without the column grants', async () => {
    const roleId = await roleWithUserList('wangwu');
    const wangwu = await t.login('wangwu');
    const rows = (await t.get('/api/users/page', wangwu)).json().data.Rows;
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row).not.toHaveProperty('F_Mobile');
      expect(row).not.toHaveProperty('F_Email');
      expect(row.F_Account).toBeTruthy();
    }
    const column = await t.deps.db
      .selectFrom('module_columns')
      .select('id')
      .where('module_id', '=', 'organisation-user')
      .where('en_code', '=', 'F_Mobile')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('authorizes')
      .values({ id: newId(), tenant_id: 'default', object_type: 1, object_id: roleId, item_type: 3, item_id: column.id })
      .execute();
    t.deps.grants.invalidate();
    const again = (await t.get('/api/users/page', wangwu)).json().data.Rows;
    expect(again[0]).toHaveProperty('F_Mobile');
    expect(again[0]).not.toHaveProperty('F_Email');
    expect((await t.get('/api/users/page', admin)).json().data.Rows[0]).toHaveProperty('F_Email');
  });

  it('applies the data scope of the user module in SQL', async () => {
    const db = t.deps.db;
    const roleId = await roleWithUserList('lisi', ['F_Mobile', 'F_Email']);
    const lisi = await t.login('lisi');
    const scope = async (value: number, departmentIds: string[] = []) => {
      await db.deleteFrom('data_authorizes').where('object_id', '=', roleId).execute();
      await db
        .insertInto('data_authorizes')
        .values({
          id: newId(),
          tenant_id: 'default',
          object_type: 1,
          object_id: roleId,
          module_id: 'organisation-user',
          scope: value,
          department_ids: JSON.stringify(departmentIds),
        })
        .execute();
      const data = (await t.get('/api/users/page?size=50', lisi)).json().data;
      expect(data.Total).toBe(data.Rows.length);
      return accounts(data.Rows);
    };
    // lisi is in 技术部 (TECH), zhangsan in its sub-department 研发一组, wangwu in 财务部, admin in 总经办; all in HQ.
    expect(await scope(1)).toEqual(['lisi']);
    expect(await scope(2)).toEqual(['lisi']);
    expect(await scope(3)).toEqual(['lisi', 'zhangsan']);
    expect(await scope(4)).toEqual(['admin', 'lisi', 'wangwu', 'zhangsan']);
    expect(await scope(5)).toEqual(['admin', 'lisi', 'wangwu', 'zhangsan']);
    expect(await scope(6, [departments.FIN])).toEqual(['wangwu']);
    await db.deleteFrom('data_authorizes').where('object_id', '=', roleId).execute();
  });
});

describe('users: changes', () => {
  it('adds a user who can sign in, reads, updates and deletes them', async () => {
    const res = (await t.send('POST', '/api/users', newUser({ postIds: [] }), admin)).json();
    expect(res.msg).toBe('新增成功');
    const id = res.data.id;
    expect((await t.loginResult('zhaoliu', 'Secret@123')).json().code).toBe(0);
    const detail = (await t.get(`/api/users/${id}`, admin)).json().data;
    expect(detail).toMatchObject({
      F_Account: 'zhaoliu',
      F_Gender: 1,
      F_Mobile: '13900000009',
      F_Department: [{ F_DepartmentId: departments.HR }],
      F_Roles: [{ F_RoleId: roles.staff }],
    });

    const post = (await t.send('POST', '/api/posts', { F_CompanyId: hq, F_Name: '专员', EnCode: 'SPEC' }, admin)).json().data.id;
    const put = await t.send(
      'PUT',
      `/api/users/${id}`,
      { F_RealName: '赵六六', F_Gender: 0, F_CompanyId: hq, departmentIds: [departments.HR, departments.FIN], postIds: [post] },
      admin,
    );
    expect(put.json().msg).toBe('更新成功');
    const after = (await t.get(`/api/users/${id}`, admin)).json().data;
    expect(after.F_RealName).toBe('赵六六');
    expect(after.F_Mobile).toBe('13900000009');
    expect(after.F_Department).toHaveLength(2);
    expect(after.F_Roles).toEqual([{ F_RoleId: roles.staff, F_FullName: '普通员工' }]);
    expect(after.F_Posts).toEqual([{ F_PostId: post, F_Name: '专员' }]);

    expect((await t.send('DELETE', `/api/users/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/users/${id}`, admin)).statusCode).toBe(404);
    expect((await t.loginResult('zhaoliu', 'Secret@123')).json().code).not.toBe(0);
  });

  it('refuses duplicate accounts (any case), unknown references and bad input, changing nothing', async () => {
    const count = async () => (await t.deps.db.selectFrom('users').select(t.deps.db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const dup = await t.send('POST', '/api/users', newUser({ F_Account: 'LiSi' }), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('账号“LiSi”已存在');
    expect((await t.send('POST', '/api/users', newUser({ departmentIds: ['nope'] }), admin)).json().msg).toBe('部门不存在：nope');
    expect((await t.send('POST', '/api/users', newUser({ roleIds: ['nope'] }), admin)).json().msg).toBe('角色不存在：nope');
    expect((await t.send('POST', '/api/users', newUser({ postIds: ['nope'] }), admin)).json().msg).toBe('岗位不存在：nope');
    expect((await t.send('POST', '/api/users', newUser({ F_CompanyId: 'nope' }), admin)).json().msg).toBe('公司不存在');
    const plain = await t.send('POST', '/api/users', newUser({ F_Password: 'Secret@123' }), admin);
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toContain('F_Password');
    expect((await t.send('POST', '/api/users', newUser({ F_Email: 'not-an-email' }), admin)).json().msg).toContain('F_Email');
    expect((await t.send('POST', '/api/users', newUser({ F_Account: 'a b' }), admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/users', newUser({ roleIds: Array.from({ length: 51 }, (_, i) => `r${i}`) }), admin)).statusCode).toBe(400);
    const huge = await t.send('POST', '/api/users', newUser({ F_Description: 'x'.repeat(2 * 1024 * 1024) }), admin);
    expect(huge.statusCode).toBe(413);
    expect(await count()).toBe(before);
    expect((await t.send('PUT', '/api/users/nope', { F_RealName: 'x' }, admin)).statusCode).toBe(404);
  });

  it('refuses deleting the only approver of an open task, naming the task; a user others can stand in for is deleted', async () => {
    const add = async (account: string) => {
      const added = await t.send('POST', '/api/users', newUser({ F_Account: account, F_RealName: account, F_Mobile: '', F_Email: '' }), admin);
      expect(added.json().code, added.body).toBe(0);
      return (await t.deps.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
    };
    const solo = await add('solo_approver');
    const pair = await add('pair_approver');
    const xml = (approver: string[]) =>
      loadFixture('linear', { lisi: approver[0]!, wangwu: userIds.wangwu!, admin: userIds.admin! }).replace(
        `&quot;${approver[0]}&quot;`,
        approver.map((id) => `&quot;${id}&quot;`).join(','),
      );
    const { schemeId: alone } = await deployScheme(t, { code: 'solo-approval', name: '独审流程', xml: xml([solo]) });
    const { schemeId: shared } = await deployScheme(t, { code: 'pair-approval', name: '共审流程', xml: xml([pair, userIds.lisi!]) });
    const zhangsan = await t.login('zhangsan');
    for (const schemeId of [alone, shared]) {
      expect((await t.send('POST', '/api/workflow-task/create-process', { schemeId, formValue: [] }, zhangsan)).json().code).toBe(0);
    }
    const refused = await t.send('DELETE', `/api/users/${solo}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toMatch(/^该用户是 1 个待办任务的唯一处理人：独审流程-[^,]* · Manager approval。请先在流程监控中/);
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', solo).executeTakeFirst()).toBeDefined();
    expect((await t.send('DELETE', `/api/users/${pair}`, undefined, admin)).json().code).toBe(0);
  });

  it('refuses deleting or disabling yourself', async () => {
    expect((await t.send('DELETE', `/api/users/${userIds.admin}`, undefined, admin)).json().msg).toBe('不能删除当前登录的用户');
    expect((await t.send('PATCH', `/api/users/${userIds.admin}/enabled`, { F_EnabledMark: 0 }, admin)).json().msg).toBe('不能停用当前登录的用户');
    expect((await t.deps.db.selectFrom('users').select('enabled').where('id', '=', 'admin').executeTakeFirstOrThrow()).enabled).toBe(true);
  });

  it('disabling a user ends their sessions at once; enabling lets them sign in again', async () => {
    const wangwu = await t.login('wangwu');
    expect((await t.get('/api/user/getUserInfo', wangwu)).json().code).toBe(0);
    expect((await t.send('PATCH', `/api/users/${userIds.wangwu}/enabled`, { F_EnabledMark: 0 }, admin)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', wangwu)).json().code).toBe(10401);
    const live = await t.deps.db.selectFrom('sessions').select('id').where('user_id', '=', userIds.wangwu).where('revoked_at', 'is', null).execute();
    expect(live).toHaveLength(0);
    expect((await t.loginResult('wangwu')).json().code).not.toBe(0);
    expect(accounts((await t.get('/api/users/page?enabled=0', admin)).json().data.Rows)).toEqual(['wangwu']);
    await t.send('PATCH', `/api/users/${userIds.wangwu}/enabled`, { F_EnabledMark: 1 }, admin);
    expect((await t.loginResult('wangwu')).json().code).toBe(0);
    expect((await t.send('PATCH', `/api/users/${userIds.wangwu}/enabled`, { F_EnabledMark: 3 }, admin)).statusCode).toBe(400);
  });

  it('an administrator resets a password: the old one stops working and sessions end', async () => {
    const zhangsan = await t.login('zhangsan');
    expect((await t.send('PATCH', `/api/users/${userIds.zhangsan}/password`, { newPassword: md5Hex('New@12345') }, admin)).json().code).toBe(0);
    expect((await t.get('/api/user/getUserInfo', zhangsan)).json().code).toBe(10401);
    expect((await t.loginResult('zhangsan')).json().code).not.toBe(0);
    expect((await t.loginResult('zhangsan', 'New@12345')).json().code).toBe(0);
    expect((await t.send('PATCH', `/api/users/${userIds.zhangsan}/password`, { newPassword: 'short' }, admin)).statusCode).toBe(400);
    expect((await t.send('PATCH', '/api/users/nope/password', { newPassword: md5Hex('x') }, admin)).statusCode).toBe(404);
    await t.send('PATCH', `/api/users/${userIds.zhangsan}/password`, { newPassword: md5Hex('Admin@123456') }, admin);
  });

  it('needs the user buttons for every change', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.send('POST', '/api/users', newUser(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/users/${userIds.lisi}`, { F_RealName: 'x' }, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/users/${userIds.lisi}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.send('PATCH', `/api/users/${userIds.lisi}/enabled`, { F_EnabledMark: 0 }, staff)).statusCode).toBe(403);
    expect((await t.send('PATCH', `/api/users/${userIds.lisi}/password`, { newPassword: md5Hex('x') }, staff)).statusCode).toBe(403);
  });
});

describe('users: pickers and the rest', () => {
  it('answers /users/multi in the order asked, skipping unknown ids, and caps the count', async () => {
    const staff = await t.login('zhangsan');
    const rows = (await t.get(`/api/users/multi/${userIds.wangwu},nope,${userIds.admin}`, staff)).json().data;
    expect(rows.map((r: { F_Account: string }) => r.F_Account)).toEqual(['wangwu', 'admin']);
    expect(rows[0]).toEqual({
      F_UserId: userIds.wangwu,
      F_Account: 'wangwu',
      F_RealName: '王五',
      F_Gender: 1,
      F_HeadIcon: null,
      F_EnabledMark: 1,
      F_CompanyId: hq,
      F_DepartmentName: '财务部',
    });
    const ids = Array.from({ length: 199 }, () => newId());
    expect((await t.get(`/api/users/multi/${[...ids, userIds.lisi].join(',')}`, staff)).json().data.map((r: { F_Account: string }) => r.F_Account)).toEqual([
      'lisi',
    ]);
    const many = [...ids, newId(), userIds.lisi].join(',');
    expect((await t.get(`/api/users/multi/${many}`, staff)).json().msg).toBe('一次最多查询 200 个用户');
  });

  it("answers a user's effective permissions", async () => {
    const data = (await t.get(`/api/users/${userIds.lisi}/permission`, admin)).json().data;
    const system = data.menus.find((m: { F_ModuleId: string }) => m.F_ModuleId === 'system');
    const online = system.children.find((m: { F_ModuleId: string }) => m.F_ModuleId === 'system-online-user');
    expect(online.buttons.map((b: { F_EnCode: string }) => b.F_EnCode)).toEqual(['list']);
    const adminData = (await t.get(`/api/users/${userIds.admin}/permission`, admin)).json().data;
    const org = adminData.menus.find((m: { F_ModuleId: string }) => m.F_ModuleId === 'organisation');
    const users = org.children.find((m: { F_ModuleId: string }) => m.F_ModuleId === 'organisation-user');
    expect(users.columns.map((c: { F_EnCode: string }) => c.F_EnCode).sort()).toEqual(['F_Email', 'F_Mobile']);
    expect(users.buttons.length).toBeGreaterThan(4);
    expect((await t.get('/api/users/nope/permission', admin)).statusCode).toBe(404);
  });

  it('lists maintenance users', async () => {
    expect((await t.get('/api/users/maintenance_user', admin)).json().data.Total).toBe(0);
    await t.send('PUT', `/api/departments/${departments.TECH}/maintenance-users`, { userIds: [userIds.lisi] }, admin);
    const page = (await t.get('/api/users/maintenance_user', admin)).json().data;
    expect(page.Total).toBe(1);
    expect(page.Rows[0]).toMatchObject({ F_Account: 'lisi', F_MaintainedDepartments: [{ F_DepartmentId: departments.TECH, F_FullName: '技术部' }] });
    expect((await t.get('/api/users/maintenance_user?keyword=zz', admin)).json().data.Total).toBe(0);
  });

  it('answers forget-password with a clear "ask the administrator" message', async () => {
    const res = await t.send('POST', '/api/users/forget-password', { account: 'lisi' }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('暂不支持自助找回密码，请联系系统管理员重置密码');
  });
});
