import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5Hex } from '../../core/auth/password.js';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let hq: string;
let ownPost: string;
let ownDepartment: string;
let ownRole: string;

/** Another tenant with one of everything; none of it may be seen or changed from the default tenant. */
async function seedOtherTenant() {
  const db = t.deps.db;
  await db.insertInto('tenants').values({ id: 't2', code: 't2', name: 'Other' }).execute();
  await db.insertInto('companies').values({ id: 'c2', tenant_id: 't2', full_name: 'Other Co', en_code: 'HQ' }).execute();
  await db.insertInto('departments').values({ id: 'd2', tenant_id: 't2', company_id: 'c2', full_name: 'Other Dept', nature: null }).execute();
  await db.insertInto('posts').values({ id: 'p2', tenant_id: 't2', company_id: 'c2', department_id: 'd2', name: 'Other Post' }).execute();
  await db.insertInto('roles').values({ id: 'r2', tenant_id: 't2', full_name: '部门经理', en_code: 'staff' }).execute();
  await db
    .insertInto('users')
    .values({ id: 'u2', tenant_id: 't2', account: 'zhaoliu', real_name: 'Other user', password_hash: 'x', mobile: '13800000001', company_id: 'c2' })
    .execute();
  await db.insertInto('user_departments').values({ tenant_id: 't2', user_id: 'u2', department_id: 'd2' }).execute();
  await db.insertInto('user_roles').values({ tenant_id: 't2', user_id: 'u2', role_id: 'r2' }).execute();
  await db.insertInto('user_posts').values({ tenant_id: 't2', user_id: 'u2', post_id: 'p2' }).execute();
  await db.insertInto('department_maintainers').values({ tenant_id: 't2', user_id: 'u2', department_id: 'd2' }).execute();
  await db.insertInto('special_posts').values({ tenant_id: 't2', object_type: 1, object_id: 'c2', post_id: 'p2' }).execute();
}

async function snapshot() {
  const db = t.deps.db;
  return Promise.all([
    db.selectFrom('companies').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('departments').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('posts').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('roles').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('users').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('user_departments').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('user_roles').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('user_posts').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('department_maintainers').selectAll().where('tenant_id', '=', 't2').execute(),
    db.selectFrom('special_posts').selectAll().where('tenant_id', '=', 't2').execute(),
  ]);
}

beforeAll(async () => {
  t = await createTestApp();
  await seedOtherTenant();
  admin = await t.login('admin');
  const db = t.deps.db;
  hq = (await db.selectFrom('companies').select('id').where('tenant_id', '=', 'default').where('en_code', '=', 'HQ').executeTakeFirstOrThrow()).id;
  ownPost = (await db.selectFrom('posts').select('id').where('tenant_id', '=', 'default').limit(1).executeTakeFirstOrThrow()).id;
  ownDepartment = (await db.selectFrom('departments').select('id').where('tenant_id', '=', 'default').where('en_code', '=', 'HR').executeTakeFirstOrThrow()).id;
  ownRole = (await db.selectFrom('roles').select('id').where('tenant_id', '=', 'default').where('en_code', '=', 'staff').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

describe("another tenant's organisation", () => {
  it('never appears in any list', async () => {
    const foreign = ['c2', 'd2', 'p2', 'r2', 'u2', 'Other'];
    const lists = [
      '/api/companies/tree',
      '/api/companies/departments/tree',
      '/api/companies/departments/users/tree',
      `/api/companies/${hq}/users?size=100`,
      `/api/companies/${hq}/posts/tree`,
      '/api/users/page?size=100',
      '/api/users/page?keyword=13800000001',
      '/api/users/page?keyword=zhaoliu',
      '/api/users/maintenance_user',
      '/api/users/multi/u2,admin',
      '/api/roles/page?size=100',
      `/api/roles?keyword=${encodeURIComponent('部门经理')}`,
      '/api/posts/page?size=100',
      '/api/posts/page?companyId=c2',
      `/api/roles/${ownRole}/users`,
      `/api/departments/${ownDepartment}/users`,
    ];
    for (const url of lists) {
      const res = await t.get(url, admin);
      expect(res.json().code, url).toBe(0);
      const body = res.body;
      for (const id of foreign) expect(body.includes(`"${id}"`) || body.includes(`Other`), `${url} shows ${id}`).toBe(false);
    }
    expect((await t.get('/api/users/page?keyword=13800000001', admin)).json().data.Rows.map((r: { F_Account: string }) => r.F_Account)).toEqual(['lisi']);
    expect((await t.get(`/api/roles?keyword=${encodeURIComponent('部门经理')}`, admin)).json().data).toHaveLength(1);
  });

  it('answers 404 to every by-id call and changes nothing', async () => {
    const before = await snapshot();
    const company = { F_FullName: 'x' };
    const department = { F_CompanyId: hq, F_FullName: 'x' };
    const post = { F_CompanyId: hq, F_Name: 'x' };
    const role = { F_FullName: 'x', F_EnCode: 'x' };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/companies/c2'],
      ['PUT', '/api/companies/c2', company],
      ['DELETE', '/api/companies/c2'],
      ['GET', '/api/companies/c2/departments/tree'],
      ['GET', '/api/companies/c2/users'],
      ['GET', '/api/companies/c2/posts/tree'],
      ['GET', '/api/companies/c2/special-post'],
      ['GET', '/api/special-post?type=1&objectId=c2'],
      ['GET', '/api/departments/d2'],
      ['PUT', '/api/departments/d2', department],
      ['DELETE', '/api/departments/d2'],
      ['GET', '/api/departments/d2/users'],
      ['GET', '/api/departments/d2/maintenance-users'],
      ['PUT', '/api/departments/d2/maintenance-users', { userIds: [] }],
      ['GET', '/api/departments/d2/special-post'],
      ['POST', '/api/departments/users', { F_DepartmentId: 'd2', userIds: [] }],
      ['PUT', '/api/posts/p2', post],
      ['DELETE', '/api/posts/p2'],
      ['GET', '/api/posts/p2/users'],
      ['POST', '/api/posts/users', { F_PostId: 'p2', userIds: [] }],
      ['GET', '/api/roles/r2'],
      ['PUT', '/api/roles/r2', role],
      ['DELETE', '/api/roles/r2'],
      ['GET', '/api/roles/r2/users'],
      ['GET', '/api/roles/r2/permission'],
      ['POST', '/api/roles/users', { F_RoleId: 'r2', userIds: [] }],
      ['GET', '/api/users/u2'],
      ['PUT', '/api/users/u2', { F_RealName: 'x' }],
      ['DELETE', '/api/users/u2'],
      ['PATCH', '/api/users/u2/enabled', { F_EnabledMark: 0 }],
      ['PATCH', '/api/users/u2/password', { newPassword: md5Hex('x') }],
      ['GET', '/api/users/u2/permission'],
    ];
    for (const [method, url, body] of calls) {
      const res = method === 'GET' ? await t.get(url, admin) : await t.send(method as 'POST', url, body, admin);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('Other');
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the other tenant's ids as references (400) and changes nothing", async () => {
    const before = await snapshot();
    const refs: [string, string, unknown][] = [
      ['POST', '/api/companies', { F_FullName: 'x', F_ParentId: 'c2' }],
      ['PUT', `/api/companies/${hq}`, { F_FullName: 'x', F_ParentId: 'c2' }],
      ['POST', '/api/departments', { F_CompanyId: 'c2', F_FullName: 'x' }],
      ['POST', '/api/departments', { F_CompanyId: hq, F_ParentId: 'd2', F_FullName: 'x' }],
      ['POST', '/api/departments', { F_CompanyId: hq, F_FullName: 'x', F_ManagerId: 'u2' }],
      ['POST', '/api/departments/users', { F_DepartmentId: ownDepartment, userIds: ['u2'] }],
      ['PUT', `/api/departments/${ownDepartment}/maintenance-users`, { userIds: ['u2'] }],
      ['POST', '/api/posts', { F_CompanyId: 'c2', F_Name: 'x' }],
      ['POST', '/api/posts', { F_CompanyId: hq, F_Name: 'x', F_DepartmentId: 'd2' }],
      ['POST', '/api/posts', { F_CompanyId: hq, F_Name: 'x', F_ParentId: 'p2' }],
      ['POST', '/api/posts/users', { F_PostId: ownPost, userIds: ['u2'] }],
      ['POST', '/api/roles/users', { F_RoleId: ownRole, userIds: ['u2'] }],
      ['POST', '/api/special-post', { postList: [], F_Type: 1, F_ObjectId: 'c2' }],
      ['POST', '/api/special-post', { postList: ['p2'], F_Type: 1, F_ObjectId: hq }],
      ['POST', '/api/users', { F_Account: 'x1', F_RealName: 'x', F_Password: md5Hex('x'), F_CompanyId: 'c2' }],
      ['POST', '/api/users', { F_Account: 'x1', F_RealName: 'x', F_Password: md5Hex('x'), departmentIds: ['d2'] }],
      ['POST', '/api/users', { F_Account: 'x1', F_RealName: 'x', F_Password: md5Hex('x'), roleIds: ['r2'] }],
      ['POST', '/api/users', { F_Account: 'x1', F_RealName: 'x', F_Password: md5Hex('x'), postIds: ['p2'] }],
    ];
    for (const [method, url, body] of refs) {
      const res = await t.send(method as 'POST', url, body, admin);
      expect(res.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400);
    }
    expect(await t.deps.db.selectFrom('users').select('id').where('account', '=', 'x1').execute()).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('accounts and role codes are unique per tenant only', async () => {
    expect((await t.send('POST', '/api/users', { F_Account: 'zhaoliu', F_RealName: '赵六', F_Password: md5Hex('x') }, admin)).json().code).toBe(0);
    await t.deps.db.updateTable('roles').set({ en_code: 'onlyintwo' }).where('id', '=', 'r2').execute();
    expect((await t.send('POST', '/api/roles', { F_FullName: 'x', F_EnCode: 'onlyintwo' }, admin)).json().code).toBe(0);
  });
});
