import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { md5Hex } from '../../core/auth/password.js';

let t: TestApp;
let admin: string;
let staff: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  const created = await t.send(
    'POST',
    '/api/tenant',
    { F_EnCode: 'beta', F_FullName: 'Beta', moduleIds: ['system-subsystem'], adminPassword: md5Hex('Beta@123') },
    admin,
  );
  expect(created.json().code).toBe(0);
  const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Beta@123'), code: 'beta' } });
  other = login.json().data.Token;
});
afterAll(() => t.close());

describe('sub-systems', () => {
  it('add, list, update, delete; 403 without the buttons', async () => {
    const body = { F_Name: '协同办公', F_IndexUrl: '/oa/home', F_Icon: 'TeamOutlined', F_SortCode: 1 };
    expect((await t.send('POST', '/api/subsystem', body, staff)).statusCode).toBe(403);
    expect((await t.get('/api/subsystem/page', staff)).statusCode).toBe(403);
    const created = await t.send('POST', '/api/subsystem', body, admin);
    expect(created.json()).toMatchObject({ code: 0, msg: '新增成功' });
    const id = created.json().data.F_Id as string;
    expect((await t.get('/api/subsystem/page?keyword=协同', admin)).json().data).toMatchObject({
      Total: 1,
      Rows: [{ F_Id: id, F_Name: '协同办公', F_IndexUrl: '/oa/home', F_EnabledMark: 1, F_ModuleCount: 0 }],
    });
    expect((await t.send('PUT', `/api/subsystem/${id}`, { ...body, F_Name: '办公' }, admin)).json().code).toBe(0);
    expect((await t.send('PUT', `/api/subsystem/${id}`, { ...body, F_Name: '' }, admin)).statusCode).toBe(400);

    // a menu entry in the sub-system makes it appear in the switcher and blocks deletion
    const entry = await t.send('POST', '/api/modules', { F_SystemId: id, F_EnCode: 'oa.home', F_FullName: '办公首页', F_UrlAddress: '/oa/home' }, admin);
    expect(entry.json().code).toBe(0);
    expect((await t.get('/api/subsystem', admin)).json().data.map((s: { F_Id: string }) => s.F_Id)).toEqual(['0', id]);
    expect((await t.get(`/api/modules/${entry.json().data.F_ModuleId}/system`, admin)).json().data).toEqual({ F_Id: id, F_Name: '办公' });
    expect((await t.send('POST', '/api/modules', { F_SystemId: id, F_ParentId: 'system', F_EnCode: 'oa.x', F_FullName: 'x' }, admin)).json().msg).toBe(
      '上级菜单属于其他系统',
    );
    expect((await t.send('POST', '/api/modules', { F_SystemId: 'nope', F_EnCode: 'oa.y', F_FullName: 'y' }, admin)).json().msg).toBe('所属系统不存在');
    expect((await t.send('DELETE', `/api/subsystem/${id}`, undefined, admin)).json().msg).toBe('该子系统下还有菜单，不能删除');
    expect((await t.send('DELETE', `/api/modules/${entry.json().data.F_ModuleId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.send('DELETE', `/api/subsystem/${id}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/subsystem/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', `/api/subsystem/${id}`, undefined, admin)).statusCode).toBe(404);
  });

  it("another tenant's sub-systems are invisible and 404 by id", async () => {
    const mine = (await t.send('POST', '/api/subsystem', { F_Name: 'Beta 系统' }, other)).json().data.F_Id as string;
    expect((await t.get('/api/subsystem/page', other)).json().data.Total).toBe(1);
    expect((await t.get('/api/subsystem/page', admin)).json().data.Rows.map((r: { F_Id: string }) => r.F_Id)).not.toContain(mine);
    expect((await t.send('PUT', `/api/subsystem/${mine}`, { F_Name: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/subsystem/${mine}`, undefined, admin)).statusCode).toBe(404);
    // menu entries are product-wide: a tenant's admin cannot create them even with a sub-system of its own
    expect((await t.send('POST', '/api/modules', { F_SystemId: mine, F_EnCode: 'beta.x', F_FullName: 'x' }, other)).statusCode).toBe(403);
  });
});
