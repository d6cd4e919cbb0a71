import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let staff: string;
let hq: string;
let branch: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  staff = await t.login('zhangsan');
  const companies = await t.deps.db.selectFrom('companies').select(['id', 'en_code']).where('tenant_id', '=', 'default').execute();
  hq = companies.find((c) => c.en_code === 'HQ')!.id;
  branch = companies.find((c) => c.en_code === 'EAST')!.id;
});
afterAll(() => t.close());

const company = (over: Record<string, unknown> = {}) => ({ F_FullName: '测试公司', F_CompanyName: '测试', F_EnCode: 'T1', F_ParentId: '0', ...over });

describe('companies', () => {
  it('answers the company tree and the org trees to any signed-in user', async () => {
    const tree = (await t.get('/api/companies/tree', staff)).json();
    expect(tree.code).toBe(0);
    expect(tree.data).toHaveLength(1);
    expect(tree.data[0]).toMatchObject({ F_CompanyId: hq, F_FullName: '演示集团有限公司', F_CompanyName: '演示集团', F_EnCode: 'HQ', F_EnabledMark: 1 });
    expect(tree.data[0].children[0].F_CompanyId).toBe(branch);

    const org = (await t.get('/api/companies/departments/tree', staff)).json().data;
    expect(org[0]).toMatchObject({ id: hq, type: 'company', companyId: hq });
    expect(org[0].users).toBeUndefined();
    const titles = org[0].children.map((n: { title: string }) => n.title);
    expect(titles[0]).toBe('华东分公司');
    expect(titles).toContain('技术部');
    const tech = org[0].children.find((n: { title: string }) => n.title === '技术部');
    expect(tech.children[0]).toMatchObject({ title: '研发一组', type: 'department' });

    const withUsers = (await t.get('/api/companies/departments/users/tree', staff)).json().data;
    const rnd = withUsers[0].children.find((n: { title: string }) => n.title === '技术部').children[0];
    expect(rnd.users.map((u: { F_Account: string }) => u.F_Account)).toEqual(['zhangsan']);
    expect(rnd.users[0]).toMatchObject({ F_RealName: '张三', F_Gender: 0, F_EnabledMark: 1, F_CompanyId: hq, F_DepartmentName: '研发一组' });

    const departments = (await t.get(`/api/companies/${hq}/departments/tree`, staff)).json().data;
    expect(departments.map((d: { F_EnCode: string }) => d.F_EnCode)).toEqual(['GM', 'HR', 'FIN', 'TECH']);
    expect(departments[3].children[0]).toMatchObject({ F_EnCode: 'RD1', F_CompanyId: hq });
    expect((await t.get('/api/companies/nope/departments/tree', staff)).statusCode).toBe(404);
  });

  it('lists the users of a company with an exact keyword', async () => {
    const all = (await t.get(`/api/companies/${hq}/users?limit=1&size=2`, staff)).json().data;
    expect(all.Total).toBe(4);
    expect(all.Rows).toHaveLength(2);
    const one = (await t.get(`/api/companies/${hq}/users?keyword=${encodeURIComponent('李四')}`, staff)).json().data;
    expect(one.Rows.map((u: { F_Account: string }) => u.F_Account)).toEqual(['lisi']);
    expect((await t.get(`/api/companies/${hq}/users?keyword=li`, staff)).json().data.Total).toBe(0);
    expect((await t.get(`/api/companies/${branch}/users`, staff)).json().data.Total).toBe(0);
  });

  it('adds, reads, updates and deletes a company', async () => {
    const added = (await t.send('POST', '/api/companies/', company({ F_ParentId: hq }), admin)).json();
    expect(added.msg).toBe('新增成功');
    const id = added.data.id;
    const detail = (await t.get(`/api/companies/${id}`, admin)).json().data;
    expect(detail).toMatchObject({ F_CompanyId: id, F_ParentId: hq, F_FullName: '测试公司', F_Nature: null, F_EnabledMark: 1, F_Description: '' });
    expect(detail.F_CreateDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const updated = await t.send(
      'PUT',
      `/api/companies/${id}`,
      company({ F_FullName: '改名公司', F_ParentId: branch, F_EnabledMark: 0, F_Nature: 'branch' }),
      admin,
    );
    expect(updated.json().msg).toBe('更新成功');
    expect((await t.get(`/api/companies/${id}`, admin)).json().data).toMatchObject({
      F_FullName: '改名公司',
      F_ParentId: branch,
      F_EnabledMark: 0,
      F_Nature: 'branch',
    });
    expect((await t.send('DELETE', `/api/companies/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/companies/${id}`, admin)).statusCode).toBe(404);
  });

  it('refuses bad moves, unknown parents and deletes of companies still in use, changing nothing', async () => {
    const before = await t.deps.db.selectFrom('companies').selectAll().orderBy('id').execute();
    const underChild = await t.send('PUT', `/api/companies/${hq}`, company({ F_ParentId: branch }), admin);
    expect(underChild.statusCode).toBe(400);
    expect(underChild.json().msg).toBe('公司不能移到自身或其下级公司之下');
    expect((await t.send('PUT', `/api/companies/${hq}`, company({ F_ParentId: hq }), admin)).json().msg).toBe('公司不能移到自身或其下级公司之下');
    expect((await t.send('POST', '/api/companies', company({ F_ParentId: 'nope' }), admin)).json().msg).toBe('上级公司不存在');
    expect((await t.send('DELETE', `/api/companies/${hq}`, undefined, admin)).json().msg).toBe('该公司下还有下级公司，不能删除');
    expect((await t.send('DELETE', `/api/companies/${branch}`, undefined, admin)).json().msg).toBe('该公司下还有部门，不能删除');
    const lonely = (await t.send('POST', '/api/companies', company(), admin)).json().data.id;
    await t.deps.db.updateTable('users').set({ company_id: lonely }).where('account', '=', 'wangwu').execute();
    expect((await t.send('DELETE', `/api/companies/${lonely}`, undefined, admin)).json().msg).toBe('该公司下还有用户，不能删除');
    await t.deps.db.updateTable('users').set({ company_id: hq }).where('account', '=', 'wangwu').execute();
    expect((await t.send('DELETE', `/api/companies/${lonely}`, undefined, admin)).statusCode).toBe(200);
    const missingName = await t.send('POST', '/api/companies', { F_FullName: '' }, admin);
    expect(missingName.statusCode).toBe(400);
    expect(missingName.json().msg).toContain('F_FullName');
    expect((await t.send('POST', '/api/companies', company({ F_FullName: 'x'.repeat(101) }), admin)).statusCode).toBe(400);
    expect((await t.send('PUT', '/api/companies/nope', company(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/companies/nope', undefined, admin)).statusCode).toBe(404);
    expect(await t.deps.db.selectFrom('companies').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('needs the company buttons for changes and details', async () => {
    const lisi = await t.login('lisi');
    for (const token of [staff, lisi]) {
      expect((await t.send('POST', '/api/companies', company(), token)).statusCode).toBe(403);
      expect((await t.send('PUT', `/api/companies/${hq}`, company(), token)).statusCode).toBe(403);
      expect((await t.send('DELETE', `/api/companies/${branch}`, undefined, token)).statusCode).toBe(403);
      expect((await t.get(`/api/companies/${hq}`, token)).statusCode).toBe(403);
    }
  });
});
