import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem, ModuleDetail, ModuleNode } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { newId } from '../../core/ids.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => t.close());

const flat = (nodes: { F_ModuleId: string; children: unknown[] }[]): string[] => nodes.flatMap((n) => [n.F_ModuleId, ...flat(n.children as typeof nodes)]);
const leaves = (items: MenuItem[]): string[] => items.flatMap((i) => (i.children.length ? leaves(i.children) : [i.F_ModuleId]));

describe('menu administration', () => {
  it('lists the tree, 403 without the button', async () => {
    const res = await t.get('/api/modules', admin);
    expect(res.statusCode).toBe(200);
    const ids = flat(res.json().data as ModuleNode[]);
    expect(ids).toContain('system-module');
    expect(ids).toContain('organisation-user');
    expect((await t.get('/api/modules', staff)).statusCode).toBe(403);
    expect((await t.get('/api/modules', manager)).statusCode).toBe(403);
    const found = flat((await t.get('/api/modules?keyword=租户', admin)).json().data);
    expect(found).toEqual(['system', 'system-tenant']);
  });

  it('static segments win over /modules/:id', async () => {
    expect((await t.get('/api/modules/vue', staff)).statusCode).toBe(200);
    expect((await t.get('/api/modules/common', staff)).statusCode).toBe(200);
    expect((await t.get('/api/modules/other', staff)).statusCode).toBe(200);
    expect((await t.get('/api/modules/all', staff)).statusCode).toBe(200);
    expect((await t.get('/api/modules/current/authorized', staff)).json().data.moduleIds).toContain('personal-info');
    const detail = (await t.get('/api/modules/organisation-user', admin)).json().data as ModuleDetail;
    expect(detail.buttons.map((b) => b.F_EnCode)).toContain('resetPassword');
    expect(detail.columns.map((c) => c.F_EnCode)).toEqual(['F_Mobile', 'F_Email']);
    expect((await t.get('/api/modules/buttons/organisation-user', admin)).json().data).toHaveLength(detail.buttons.length);
    expect((await t.get('/api/modules/columns/organisation-user', admin)).json().data).toHaveLength(2);
    expect((await t.get('/api/modules/fomrs/organisation-user', admin)).json().data).toEqual([]);
    expect((await t.get('/api/modules/organisation-user/system', staff)).json().data).toEqual({ F_Id: '0', F_Name: '主系统' });
    expect((await t.get('/api/modules/nope', admin)).statusCode).toBe(404);
    expect((await t.get('/api/modules/buttons/organisation-user', staff)).statusCode).toBe(403);
  });

  it('validate-url says whether a URL is free', async () => {
    expect((await t.get(`/api/modules/${encodeURIComponent('/system/module')}/validate-url`, admin)).json().data).toBe(false);
    expect((await t.get(`/api/modules/${encodeURIComponent('/system/module')}/validate-url?id=system-module`, admin)).json().data).toBe(true);
    expect((await t.get(`/api/modules/${encodeURIComponent('/free/url')}/validate-url`, admin)).json().data).toBe(true);
  });

  it('creates, updates and deletes an entry with its buttons', async () => {
    const body = {
      F_ParentId: 'system',
      F_EnCode: 'system.report',
      F_FullName: '报表',
      F_UrlAddress: '/system/report',
      buttons: [
        { F_EnCode: 'list', F_FullName: '查询' },
        { F_EnCode: 'export', F_FullName: '导出' },
      ],
      columns: [{ F_EnCode: 'F_Secret', F_FullName: '机密' }],
    };
    expect((await t.send('POST', '/api/modules', body, staff)).statusCode).toBe(403);
    const created = await t.send('POST', '/api/modules', body, admin);
    expect(created.json()).toMatchObject({ code: 0, msg: '新增成功' });
    const id = created.json().data.F_ModuleId as string;
    expect((await t.send('POST', '/api/modules', body, admin)).statusCode).toBe(409);
    // the administrator role got it at once
    expect(leaves((await t.get('/api/modules/vue', admin)).json().data)).toContain(id);
    const detail = (await t.get(`/api/modules/${id}`, admin)).json().data as ModuleDetail;
    const list = detail.buttons.find((b) => b.F_EnCode === 'list')!;
    await t.deps.db
      .insertInto('authorizes')
      .values({
        id: newId(),
        tenant_id: 'default',
        object_type: 2,
        object_id: 'admin',
        item_type: 2,
        item_id: detail.buttons.find((b) => b.F_EnCode === 'export')!.F_Id,
      })
      .execute();
    const update = await t.send(
      'PUT',
      `/api/modules/${id}`,
      { ...body, F_FullName: '报表中心', buttons: [{ F_Id: list.F_Id, F_EnCode: 'query', F_FullName: '查询' }], columns: [] },
      admin,
    );
    expect(update.json()).toMatchObject({ code: 0 });
    const after = (await t.get(`/api/modules/${id}`, admin)).json().data as ModuleDetail;
    expect(after.F_FullName).toBe('报表中心');
    expect(after.buttons).toEqual([{ ...list, F_EnCode: 'query', F_SortCode: 0 }]);
    expect(after.columns).toEqual([]);
    const orphan = await t.deps.db.selectFrom('authorizes').select('id').where('object_id', '=', 'admin').where('item_type', '=', 2).execute();
    expect(orphan).toEqual([]);
    // rules
    expect((await t.send('PUT', `/api/modules/${id}`, { ...body, F_ParentId: id }, admin)).json()).toMatchObject({
      code: 10400,
      msg: '菜单不能移到自身或其下级菜单之下',
    });
    expect(
      (await t.send('PUT', '/api/modules/system', { F_EnCode: 'system', F_FullName: '系统管理', F_ParentId: id, F_Target: 'expand' }, admin)).json().msg,
    ).toBe('菜单不能移到自身或其下级菜单之下');
    expect((await t.send('PUT', `/api/modules/${id}`, { ...body, F_EnCode: 'system.tenant' }, admin)).statusCode).toBe(409);
    expect(
      (await t.send('PUT', `/api/modules/${id}`, { ...body, buttons: [{ F_Id: 'system-tenant:add', F_EnCode: 'x', F_FullName: 'x' }] }, admin)).statusCode,
    ).toBe(400);
    expect(
      (
        await t.send(
          'PUT',
          `/api/modules/${id}`,
          {
            ...body,
            buttons: [
              { F_EnCode: 'x', F_FullName: 'x' },
              { F_EnCode: 'x', F_FullName: 'y' },
            ],
          },
          admin,
        )
      ).statusCode,
    ).toBe(400);
    expect((await t.send('POST', '/api/modules', { ...body, F_EnCode: 'other', F_ParentId: 'missing' }, admin)).statusCode).toBe(400);
    expect((await t.send('DELETE', '/api/modules/system', undefined, admin)).json().msg).toBe('该菜单下还有下级菜单，不能删除');
    expect((await t.send('DELETE', `/api/modules/${id}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/modules/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.get(`/api/modules/${id}`, admin)).statusCode).toBe(404);
    expect(leaves((await t.get('/api/modules/vue', admin)).json().data)).not.toContain(id);
  });

  it('the grant tree carries buttons and columns', async () => {
    const tree = (await t.get('/api/modules/all', admin)).json().data;
    const org = tree.find((n: { F_ModuleId: string }) => n.F_ModuleId === 'organisation');
    const user = org.children.find((n: { F_ModuleId: string }) => n.F_ModuleId === 'organisation-user');
    expect(user.columns).toHaveLength(2);
    expect(user.buttons.length).toBeGreaterThan(4);
  });
});

describe('grants', () => {
  it('the end-to-end story: a new role with one entry and one button', async () => {
    const roleId = newId();
    await t.deps.db.insertInto('roles').values({ id: roleId, tenant_id: 'default', full_name: '客户端日志查看', en_code: 'log-viewer' }).execute();
    const itemJson = { moduleIds: ['system', 'system-client-log'], buttonIds: ['system-client-log:list'], columnIds: [], formIds: [] };
    expect((await t.send('POST', '/api/authorizes', { objectId: roleId, objectType: 1, itemJson }, staff)).statusCode).toBe(403);
    const saved = await t.send('POST', '/api/authorizes', { objectId: roleId, objectType: 1, itemJson: JSON.stringify(itemJson) }, admin);
    expect(saved.json()).toMatchObject({ code: 0, msg: '授权成功' });
    expect((await t.get(`/api/authorizes/1/${roleId}`, admin)).json().data).toEqual({
      ...itemJson,
      moduleIds: ['system', 'system-client-log'],
      appFunctionIds: [],
    });
    expect((await t.get(`/api/authorizes/1/${roleId}`, staff)).statusCode).toBe(403);
    const zhangsan = await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow();
    await t.deps.db.insertInto('user_roles').values({ tenant_id: 'default', user_id: zhangsan.id, role_id: roleId }).execute();
    t.deps.grants.invalidate();
    const menu = (await t.get('/api/modules/vue', staff)).json().data as MenuItem[];
    expect(leaves(menu)).toEqual([
      'personal-info',
      'personal-setting',
      'personal-desktop',
      'oa-news',
      'oa-notice',
      'oa-schedule',
      'oa-files',
      'workflow-launch',
      'workflow-process',
      'workflow-delegate',
      'system-client-log',
    ]);
    expect((await t.get('/api/log/client', staff)).statusCode).toBe(200);
    expect((await t.send('DELETE', '/api/log/client', undefined, staff)).statusCode).toBe(403);
    // replacing: an empty set removes everything
    await t.send('POST', '/api/authorizes', { objectId: roleId, objectType: 1, itemJson: { moduleIds: [] } }, admin);
    expect((await t.get('/api/log/client', staff)).statusCode).toBe(403);
  });

  it('unknown ids are refused and nothing changes; other tenants ids are 404', async () => {
    const role = await t.deps.db.selectFrom('roles').select('id').where('en_code', '=', 'staff').executeTakeFirstOrThrow();
    const before = (await t.get(`/api/authorizes/1/${role.id}`, admin)).json().data;
    for (const itemJson of [{ moduleIds: ['nope'] }, { buttonIds: ['x:y'] }, { columnIds: ['c'] }, { formIds: ['f'] }]) {
      const res = await t.send('POST', '/api/authorizes', { objectId: role.id, objectType: 1, itemJson }, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('授权项不存在');
    }
    expect((await t.send('POST', '/api/authorizes/app', { objectId: role.id, objectType: 1, itemJson: ['nope'] }, admin)).statusCode).toBe(400);
    expect((await t.get(`/api/authorizes/1/${role.id}`, admin)).json().data).toEqual(before);
    expect((await t.get('/api/authorizes/1/missing', admin)).statusCode).toBe(404);
    expect((await t.get('/api/authorizes/3/missing', admin)).statusCode).toBe(400);
  });

  it('user grants and app functions', async () => {
    await t.deps.db.insertInto('app_functions').values({ id: 'app-sign', en_code: 'sign', full_name: '签到' }).execute();
    expect((await t.get('/api/app-func', staff)).json().data).toEqual([
      { F_Id: 'app-sign', F_EnCode: 'sign', F_FullName: '签到', F_Icon: '', F_UrlAddress: '', F_SortCode: 0, F_EnabledMark: 1 },
    ]);
    expect((await t.get('/api/app-func/app-sign', staff)).json().data.F_FullName).toBe('签到');
    expect((await t.get('/api/app-func/none', staff)).statusCode).toBe(404);
    const wangwu = await t.deps.db.selectFrom('users').select('id').where('account', '=', 'wangwu').executeTakeFirstOrThrow();
    expect(
      (await t.send('POST', '/api/authorizes/app', { objectId: wangwu.id, objectType: 2, itemJson: '{"appFunctionIds":["app-sign"]}' }, admin)).json().code,
    ).toBe(0);
    expect((await t.get(`/api/authorizes/2/${wangwu.id}`, admin)).json().data.appFunctionIds).toEqual(['app-sign']);
    const wangwuToken = await t.login('wangwu');
    expect((await t.get('/api/modules/current/authorized', wangwuToken)).json().data.appFunctionIds).toEqual(['app-sign']);
  });
});

describe('data permissions', () => {
  it('round-trips PUT then GET', async () => {
    const role = await t.deps.db.selectFrom('roles').select('id').where('en_code', '=', 'manager').executeTakeFirstOrThrow();
    const dept = await t.deps.db.selectFrom('departments').select('id').where('en_code', '=', 'HR').executeTakeFirstOrThrow();
    const body = {
      objectId: role.id,
      objectType: 1,
      items: [
        { moduleId: 'organisation-user', scope: 6, departmentIds: [dept.id] },
        { moduleId: 'system-online-user', scope: 2 },
      ],
    };
    expect((await t.send('PUT', '/api/data-authorize/', body, manager)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/data-authorize/', body, admin)).json().code).toBe(0);
    const rows = (await t.get(`/api/data-authorize/1/${role.id}/menu`, admin)).json().data as {
      F_ModuleId: string;
      scope: number | null;
      departmentIds: string[];
    }[];
    expect(rows.find((r) => r.F_ModuleId === 'organisation-user')).toMatchObject({ scope: 6, departmentIds: [dept.id] });
    expect(rows.find((r) => r.F_ModuleId === 'system-online-user')).toMatchObject({ scope: 2, departmentIds: [] });
    expect(rows.find((r) => r.F_ModuleId === 'organisation-company')).toMatchObject({ scope: null });
    expect((await t.send('PUT', '/api/data-authorize/', { ...body, items: [{ moduleId: 'x', scope: 1 }] }, admin)).statusCode).toBe(400);
    expect(
      (await t.send('PUT', '/api/data-authorize/', { ...body, items: [{ moduleId: 'organisation-user', scope: 6, departmentIds: ['nope'] }] }, admin))
        .statusCode,
    ).toBe(400);
    expect((await t.send('PUT', '/api/data-authorize/', { ...body, items: [{ moduleId: 'organisation-user', scope: 7 }] }, admin)).statusCode).toBe(400);
    expect((await t.get(`/api/data-authorize/1/${role.id}/menu`, admin)).json().data).toEqual(rows);
    expect((await t.get(`/api/data-authorize/1/${role.id}/menu`, staff)).statusCode).toBe(403);
    expect((await t.get('/api/data-authorize/1/other/menu', admin)).statusCode).toBe(404);
  });
});

describe('two tenants', () => {
  it("a tenant's administrator sees only the tenant's entries and cannot change product-wide menus", async () => {
    const { md5Hex } = await import('../../core/auth/password.js');
    expect(
      (
        await t.send('POST', '/api/tenant', { F_EnCode: 'delta', F_FullName: 'Delta', moduleIds: ['system-module'], adminPassword: md5Hex('Delta@123') }, admin)
      ).json().code,
    ).toBe(0);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Delta@123'), code: 'delta' } });
    const delta = login.json().data.Token as string;
    expect(flat((await t.get('/api/modules', delta)).json().data)).toEqual(['system', 'system-module']);
    expect((await t.get('/api/modules/system-module', delta)).statusCode).toBe(200);
    expect((await t.get('/api/modules/system-tenant', delta)).statusCode).toBe(404);
    expect((await t.get('/api/modules/buttons/system-tenant', delta)).statusCode).toBe(404);
    expect((await t.get('/api/modules/system-tenant/system', delta)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/modules/system-module', { F_EnCode: 'system.module', F_FullName: 'x', F_ParentId: 'system' }, delta)).statusCode).toBe(
      403,
    );
    expect((await t.send('DELETE', '/api/modules/system-module', undefined, delta)).statusCode).toBe(403);
    expect((await t.get(`/api/modules/all/default`, delta)).statusCode).toBe(403);
    const zhangsan = await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow();
    expect((await t.get(`/api/authorizes/2/${zhangsan.id}`, admin)).statusCode).toBe(200);
    expect((await t.deps.db.selectFrom('tenants').select('id').where('code', '=', 'delta').executeTakeFirstOrThrow()).id).toBeTruthy();
  });
});

describe('a tenant grants only its own entries', () => {
  it('unknown to the tenant is 400, its own entries are accepted', async () => {
    const { md5Hex } = await import('../../core/auth/password.js');
    const created = await t.send(
      'POST',
      '/api/tenant',
      { F_EnCode: 'eps', F_FullName: 'Eps', moduleIds: ['organisation-role'], adminPassword: md5Hex('Eps@1234') },
      admin,
    );
    const tenantId = created.json().data.F_TenantId as string;
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Eps@1234'), code: 'eps' } });
    const eps = login.json().data.Token as string;
    const role = await t.deps.db.selectFrom('roles').select('id').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
    const denied = await t.send(
      'POST',
      '/api/authorizes',
      { objectId: role.id, objectType: 1, itemJson: { moduleIds: ['organisation-role', 'system-client-log'] } },
      eps,
    );
    expect(denied.statusCode).toBe(400);
    expect(denied.json().msg).toContain('system-client-log');
    const itemJson = { moduleIds: ['organisation', 'organisation-role'], buttonIds: ['organisation-role:authorize'] };
    expect((await t.send('POST', '/api/authorizes', { objectId: role.id, objectType: 1, itemJson }, eps)).json().code).toBe(0);
    expect((await t.get(`/api/authorizes/1/${role.id}`, eps)).json().data).toMatchObject(itemJson);
    const defaultRole = await t.deps.db
      .selectFrom('roles')
      .select('id')
      .where('tenant_id', '=', 'default')
      .where('en_code', '=', 'staff')
      .executeTakeFirstOrThrow();
    expect((await t.get(`/api/authorizes/1/${defaultRole.id}`, eps)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/authorizes', { objectId: defaultRole.id, objectType: 1, itemJson }, eps)).statusCode).toBe(404);
  });
});
