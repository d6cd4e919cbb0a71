import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let hq: string;
let branch: string;
let departments: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.deps.db;
  const companies = await db.selectFrom('companies').select(['id', 'en_code']).execute();
  hq = companies.find((c) => c.en_code === 'HQ')!.id;
  branch = companies.find((c) => c.en_code === 'EAST')!.id;
  departments = Object.fromEntries((await db.selectFrom('departments').select(['id', 'en_code']).execute()).map((d) => [d.en_code, d.id]));
  userIds = Object.fromEntries((await db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]));
});
afterAll(() => t.close());

const dept = (over: Record<string, unknown> = {}) => ({ F_CompanyId: hq, F_FullName: '市场部', F_EnCode: 'MKT', ...over });
const accounts = (rows: { F_Account: string }[]) => rows.map((r) => r.F_Account).sort();

describe('departments', () => {
  it('adds, reads, moves, updates and deletes a department', async () => {
    const res = (await t.send('POST', '/api/departments/', dept({ F_ManagerId: userIds.lisi }), admin)).json();
    expect(res.msg).toBe('新增成功');
    const id = res.data.id;
    expect((await t.get(`/api/departments/${id}`, admin)).json().data).toMatchObject({
      F_DepartmentId: id,
      F_CompanyId: hq,
      F_ParentId: '0',
      F_FullName: '市场部',
      F_ManagerId: userIds.lisi,
      F_EnabledMark: 1,
    });
    expect((await t.send('PUT', `/api/departments/${id}`, dept({ F_ParentId: departments.TECH, F_FullName: '市场二部' }), admin)).json().msg).toBe('更新成功');
    const tree = (await t.get(`/api/companies/${hq}/departments/tree`, admin)).json().data;
    const tech = tree.find((d: { F_EnCode: string }) => d.F_EnCode === 'TECH');
    expect(tech.children.map((c: { F_FullName: string }) => c.F_FullName)).toContain('市场二部');
    // Moving to another company at the top level is fine while it has no sub-departments.
    expect((await t.send('PUT', `/api/departments/${id}`, dept({ F_CompanyId: branch }), admin)).json().code).toBe(0);
    expect((await t.send('DELETE', `/api/departments/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/departments/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses moves under itself, foreign parents, deletes still in use and unknown references, changing nothing', async () => {
    const before = await t.deps.db.selectFrom('departments').selectAll().orderBy('id').execute();
    expect((await t.send('PUT', `/api/departments/${departments.TECH}`, dept({ F_ParentId: departments.RD1 }), admin)).json().msg).toBe(
      '部门不能移到自身或其下级部门之下',
    );
    expect((await t.send('PUT', `/api/departments/${departments.TECH}`, dept({ F_ParentId: departments.TECH }), admin)).json().msg).toBe(
      '部门不能移到自身或其下级部门之下',
    );
    expect((await t.send('POST', '/api/departments', dept({ F_ParentId: departments.PROD }), admin)).json().msg).toBe('上级部门不存在或不属于该公司');
    expect((await t.send('POST', '/api/departments', dept({ F_CompanyId: 'nope' }), admin)).json().msg).toBe('公司不存在');
    expect((await t.send('POST', '/api/departments', dept({ F_ManagerId: 'ghost' }), admin)).json().msg).toBe('负责人不存在');
    expect((await t.send('PUT', `/api/departments/${departments.TECH}`, dept({ F_CompanyId: branch }), admin)).json().msg).toBe(
      '部门下还有下级部门，不能改到其他公司',
    );
    expect((await t.send('DELETE', `/api/departments/${departments.TECH}`, undefined, admin)).json().msg).toBe('该部门下还有下级部门，不能删除');
    await t.deps.db.updateTable('posts').set({ department_id: departments.HR }).where('en_code', '=', 'MGR').execute();
    expect((await t.send('DELETE', `/api/departments/${departments.HR}`, undefined, admin)).json().msg).toBe('该部门下还有岗位，不能删除');
    await t.deps.db.updateTable('posts').set({ department_id: null }).where('en_code', '=', 'MGR').execute();
    expect((await t.send('DELETE', `/api/departments/${departments.RD1}`, undefined, admin)).json().msg).toBe('该部门下还有用户，不能删除');
    expect((await t.send('POST', '/api/departments', dept({ F_FullName: '' }), admin)).json().msg).toContain('F_FullName');
    expect((await t.send('PUT', '/api/departments/nope', dept(), admin)).statusCode).toBe(404);
    expect(await t.deps.db.selectFrom('departments').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('lists members (exact keyword), sets members and maintainers', async () => {
    const page = (await t.get(`/api/departments/${departments.TECH}/users`, admin)).json().data;
    expect(accounts(page.Rows)).toEqual(['lisi']);
    expect(page.Rows[0]).toMatchObject({ F_RealName: '李四', F_DepartmentName: '技术部' });
    expect(
      (await t.send('POST', '/api/departments/users', { F_DepartmentId: departments.TECH, userIds: [userIds.lisi, userIds.wangwu] }, admin)).json().msg,
    ).toBe('更新成功');
    expect(accounts((await t.get(`/api/departments/${departments.TECH}/users?size=1&limit=2`, admin)).json().data.Rows)).toHaveLength(1);
    expect((await t.get(`/api/departments/${departments.TECH}/users?keyword=wangwu`, admin)).json().data.Total).toBe(1);
    expect((await t.get(`/api/departments/${departments.TECH}/users?keyword=wang`, admin)).json().data.Total).toBe(0);
    const ghost = await t.send('POST', '/api/departments/users', { F_DepartmentId: departments.TECH, userIds: ['ghost'] }, admin);
    expect(ghost.json().msg).toBe('用户不存在：ghost');
    await t.send('POST', '/api/departments/users', { F_DepartmentId: departments.TECH, userIds: [userIds.lisi] }, admin);
    expect((await t.get(`/api/departments/${departments.TECH}/users`, admin)).json().data.Total).toBe(1);

    expect((await t.get(`/api/departments/${departments.FIN}/maintenance-users`, admin)).json().data).toEqual([]);
    expect((await t.send('PUT', `/api/departments/${departments.FIN}/maintenance-users`, { userIds: [userIds.wangwu, userIds.lisi] }, admin)).json().code).toBe(
      0,
    );
    expect(accounts((await t.get(`/api/departments/${departments.FIN}/maintenance-users`, admin)).json().data)).toEqual(['lisi', 'wangwu']);
    await t.send('PUT', `/api/departments/${departments.FIN}/maintenance-users`, { userIds: [userIds.lisi] }, admin);
    expect(accounts((await t.get(`/api/departments/${departments.FIN}/maintenance-users`, admin)).json().data)).toEqual(['lisi']);
    expect((await t.get('/api/departments/nope/users', admin)).statusCode).toBe(404);
  });

  it('needs the department buttons (member lists need only a signed-in user)', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.get(`/api/departments/${departments.TECH}/users`, staff)).statusCode).toBe(200);
    expect((await t.send('POST', '/api/departments', dept(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/departments/${departments.HR}`, dept(), staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/departments/${departments.HR}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/departments/${departments.HR}`, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/departments/users', { F_DepartmentId: departments.HR, userIds: [] }, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/departments/${departments.HR}/maintenance-users`, staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/departments/${departments.HR}/maintenance-users`, { userIds: [] }, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/departments/${departments.HR}/special-post`, staff)).statusCode).toBe(403);
  });
});
