import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let hq: string;
let branch: string;
let departments: Record<string, string>;
let posts: Record<string, string>;
let userIds: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin');
  const db = t.deps.db;
  const companies = await db.selectFrom('companies').select(['id', 'en_code']).execute();
  hq = companies.find((c) => c.en_code === 'HQ')!.id;
  branch = companies.find((c) => c.en_code === 'EAST')!.id;
  departments = Object.fromEntries((await db.selectFrom('departments').select(['id', 'en_code']).execute()).map((d) => [d.en_code, d.id]));
  posts = Object.fromEntries((await db.selectFrom('posts').select(['id', 'en_code']).execute()).map((p) => [p.en_code, p.id]));
  userIds = Object.fromEntries((await db.selectFrom('users').select(['id', 'account']).execute()).map((u) => [u.account, u.id]));
});
afterAll(() => t.close());

const post = (over: Record<string, unknown> = {}) => ({ F_CompanyId: hq, F_Name: '架构师', EnCode: 'ARCH', ...over });

describe('posts', () => {
  it('answers the post tree of a company (optionally one department) and the paged list', async () => {
    const staff = await t.login('zhangsan');
    const tree = (await t.get(`/api/companies/${hq}/posts/tree`, staff)).json().data;
    expect(tree.map((p: { EnCode: string }) => p.EnCode).sort()).toEqual(['ACC', 'ENG', 'GM', 'MGR']);
    expect(tree[0]).toHaveProperty('F_ParentId', '0');
    const tech = (await t.get(`/api/companies/${hq}/posts/tree?Department_Id=${departments.TECH}`, staff)).json().data;
    expect(tech).toEqual([
      { F_PostId: posts.ENG, F_ParentId: '0', F_Name: '工程师', EnCode: 'ENG', F_CompanyId: hq, F_DepartmentId: departments.TECH, children: [] },
    ]);
    expect((await t.get(`/api/companies/${branch}/posts/tree`, staff)).json().data).toEqual([]);
    expect((await t.get('/api/companies/nope/posts/tree', staff)).statusCode).toBe(404);

    const page = (await t.get('/api/posts/page?size=2', admin)).json().data;
    expect(page.Total).toBe(4);
    expect(page.Rows).toHaveLength(2);
    const filtered = (await t.get(`/api/posts/page?departmentId=${departments.FIN}`, admin)).json().data.Rows;
    expect(filtered).toEqual([expect.objectContaining({ F_PostId: posts.ACC, F_CompanyName: '演示集团有限公司', F_DepartmentName: '财务部' })]);
    expect((await t.get(`/api/posts/page?keyword=${encodeURIComponent('部门')}`, admin)).json().data.Rows[0].EnCode).toBe('MGR');
    expect((await t.get(`/api/posts/page?companyId=${branch}`, admin)).json().data.Total).toBe(0);
  });

  it('adds a sub-post, updates, sets holders and deletes', async () => {
    const id = (await t.send('POST', '/api/posts', post({ F_ParentId: posts.ENG, F_DepartmentId: departments.TECH }), admin)).json().data.id;
    const tree = (await t.get(`/api/companies/${hq}/posts/tree?Department_Id=${departments.TECH}`, admin)).json().data;
    expect(tree[0].children[0]).toMatchObject({ F_PostId: id, F_Name: '架构师' });
    expect((await t.send('PUT', `/api/posts/${id}`, post({ F_Name: '首席架构师' }), admin)).json().msg).toBe('更新成功');
    expect((await t.send('POST', '/api/posts/users', { F_PostId: id, userIds: [userIds.lisi, userIds.zhangsan] }, admin)).json().code).toBe(0);
    expect(
      (await t.get(`/api/posts/${id}/users`, admin))
        .json()
        .data.map((u: { F_Account: string }) => u.F_Account)
        .sort(),
    ).toEqual(['lisi', 'zhangsan']);
    const lisi = (await t.get(`/api/users/${userIds.lisi}`, admin)).json().data;
    expect(lisi.F_Posts).toEqual([{ F_PostId: id, F_Name: '首席架构师' }]);
    expect((await t.send('DELETE', `/api/posts/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/users/${userIds.lisi}`, admin)).json().data.F_Posts).toEqual([]);
    expect((await t.get(`/api/posts/${id}/users`, admin)).statusCode).toBe(404);
  });

  it('refuses bad posts, changing nothing', async () => {
    const before = await t.deps.db.selectFrom('posts').selectAll().orderBy('id').execute();
    const child = (await t.send('POST', '/api/posts', post({ F_ParentId: posts.GM }), admin)).json().data.id;
    expect((await t.send('PUT', `/api/posts/${posts.GM}`, post({ F_ParentId: child }), admin)).json().msg).toBe('岗位不能移到自身或其下级岗位之下');
    expect((await t.send('DELETE', `/api/posts/${posts.GM}`, undefined, admin)).json().msg).toBe('该岗位下还有下级岗位，不能删除');
    await t.send('DELETE', `/api/posts/${child}`, undefined, admin);
    expect((await t.send('POST', '/api/posts', post({ F_DepartmentId: departments.PROD }), admin)).json().msg).toBe('所选部门不属于所选公司');
    expect((await t.send('POST', '/api/posts', post({ F_DepartmentId: 'nope' }), admin)).json().msg).toBe('部门不存在');
    expect((await t.send('POST', '/api/posts', post({ F_ParentId: 'nope' }), admin)).json().msg).toBe('上级岗位不存在');
    expect((await t.send('POST', '/api/posts', post({ F_CompanyId: 'nope' }), admin)).json().msg).toBe('公司不存在');
    expect((await t.send('POST', '/api/posts/users', { F_PostId: posts.GM, userIds: ['ghost'] }, admin)).json().msg).toBe('用户不存在：ghost');
    expect((await t.send('POST', '/api/posts', post({ F_Name: '' }), admin)).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('posts').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('needs the post buttons (the tree needs only a signed-in user)', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.get('/api/posts/page', staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/posts', post(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/posts/${posts.GM}`, post(), staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/posts/${posts.GM}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/posts/${posts.GM}/users`, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/posts/users', { F_PostId: posts.GM, userIds: [] }, staff)).statusCode).toBe(403);
  });
});

describe('special posts', () => {
  it('sets and reads the special posts of a company and a department', async () => {
    const body = { postList: [posts.GM, posts.ACC], F_Type: 1, F_ObjectId: branch };
    expect((await t.send('POST', '/api/special-post', body, admin)).json().msg).toBe('更新成功');
    const ofCompany = (await t.get(`/api/companies/${branch}/special-post`, admin)).json().data;
    expect(ofCompany.map((p: { F_PostId: string }) => p.F_PostId).sort()).toEqual([posts.GM, posts.ACC].sort());
    expect((await t.get(`/api/special-post?type=1&objectId=${branch}`, admin)).json().data).toEqual(ofCompany);
    await t.send('POST', '/api/special-post', { postList: [posts.ENG], F_Type: '2', F_ObjectId: departments.PROD }, admin);
    expect((await t.get(`/api/departments/${departments.PROD}/special-post`, admin)).json().data).toEqual([
      { F_PostId: posts.ENG, F_Name: '工程师', EnCode: 'ENG', F_CompanyId: hq, F_DepartmentId: departments.TECH },
    ]);
    await t.send('POST', '/api/special-post', { postList: [], F_Type: 1, F_ObjectId: branch }, admin);
    expect((await t.get(`/api/companies/${branch}/special-post`, admin)).json().data).toEqual([]);
  });

  it('refuses unknown objects, unknown posts, bad types and callers without the button', async () => {
    expect((await t.send('POST', '/api/special-post', { postList: [], F_Type: 1, F_ObjectId: departments.PROD }, admin)).json().msg).toBe(
      '特殊岗位所属的公司或部门不存在',
    );
    expect((await t.send('POST', '/api/special-post', { postList: ['nope'], F_Type: 2, F_ObjectId: departments.PROD }, admin)).json().msg).toBe(
      '岗位不存在：nope',
    );
    expect((await t.send('POST', '/api/special-post', { postList: [], F_Type: 3, F_ObjectId: branch }, admin)).statusCode).toBe(400);
    expect((await t.get(`/api/special-post?type=2&objectId=${branch}`, admin)).statusCode).toBe(404);
    const staff = await t.login('zhangsan');
    expect((await t.send('POST', '/api/special-post', { postList: [], F_Type: 1, F_ObjectId: branch }, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/special-post?type=1&objectId=${branch}`, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/companies/${branch}/special-post`, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/departments/${departments.PROD}/special-post`, admin)).json().data).toHaveLength(1);
  });
});
