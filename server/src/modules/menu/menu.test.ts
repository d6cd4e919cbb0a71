import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closeTestApp } from '../language/test-support.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => closeTestApp(t));

/** Entries of the office-automation and log features (another engineer's part) are checked in their own tests. */
const otherFeature = (id: string) =>
  id === 'oa' ||
  id.startsWith('oa-') ||
  id.startsWith('oa.') ||
  id === 'system-log' ||
  id.startsWith('system.log.') ||
  // the data platform's entries are checked by its own tests
  id === 'quick-development' ||
  id.startsWith('data-') ||
  id === 'system-interface' ||
  // the workflow entries are checked by the workflow tests
  id === 'workflow' ||
  id.startsWith('workflow-') ||
  id.startsWith('workflow.') ||
  // the reports' entries are checked by the report tests
  id === 'report' ||
  id.startsWith('report-');
const tree = (items: MenuItem[]): unknown =>
  items.filter((i) => !otherFeature(i.F_ModuleId)).map((i) => (i.children.length ? { [i.F_ModuleId]: tree(i.children) } : i.F_ModuleId));

describe('GET /api/modules/vue', () => {
  it('gives the administrator every entry of the main system', async () => {
    const res = await t.get('/api/modules/vue?systemId=0', admin);
    expect(res.json().code).toBe(0);
    expect(tree(res.json().data)).toEqual([
      { personal: ['personal-info', 'personal-setting', 'personal-desktop'] },
      { organisation: ['organisation-company', 'organisation-department', 'organisation-post', 'organisation-role', 'organisation-user'] },
      {
        system: [
          'system-online-user',
          'system-client-log',
          'system-clue',
          'system-module',
          'system-tenant',
          'system-subsystem',
          'system-area',
          'system-dictionary',
          'system-excel-import',
          'system-excel-export',
          'system-language',
          'system-code-rule',
          'system-task',
          'system-task-log',
        ],
      },
    ]);
  });

  it('filters by role: staff see only the personal centre, managers also the online users', async () => {
    expect(tree((await t.get('/api/modules/vue', staff)).json().data)).toEqual([{ personal: ['personal-info', 'personal-setting', 'personal-desktop'] }]);
    expect(tree((await t.get('/api/modules/vue', manager)).json().data)).toEqual([
      { personal: ['personal-info', 'personal-setting', 'personal-desktop'] },
      { system: ['system-online-user'] },
    ]);
  });

  it('answers an empty menu for a system without entries', async () => {
    expect((await t.get('/api/modules/vue?systemId=none', admin)).json().data).toEqual([]);
  });

  it('reflects a new grant after the grant cache is cleared', async () => {
    const role = await t.deps.db.selectFrom('roles').select('id').where('en_code', '=', 'staff').executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('authorizes')
      .values({ id: 'g1', tenant_id: 'default', object_type: 1, object_id: role.id, item_type: 1, item_id: 'system-client-log' })
      .execute();
    t.deps.grants.invalidate();
    expect(tree((await t.get('/api/modules/vue', staff)).json().data)).toContainEqual({ system: ['system-client-log'] });
    await t.deps.db.deleteFrom('authorizes').where('id', '=', 'g1').execute();
    t.deps.grants.invalidate();
  });

  it('a disabled role grants nothing', async () => {
    await t.deps.db.updateTable('roles').set({ enabled: false }).where('en_code', '=', 'manager').execute();
    t.deps.grants.invalidate();
    expect((await t.get('/api/modules/vue', manager)).json().data).toEqual([]);
    await t.deps.db.updateTable('roles').set({ enabled: true }).where('en_code', '=', 'manager').execute();
    t.deps.grants.invalidate();
  });

  it('records the ModuleId header without failing', async () => {
    expect((await t.get('/api/modules/vue', admin, { moduleid: 'system-online-user' })).statusCode).toBe(200);
  });
});

describe('menu names in the chosen language', () => {
  const en = { 'accept-language': 'en' };
  const find = (items: MenuItem[], id: string): MenuItem | undefined => items.map((i) => (i.F_ModuleId === id ? i : find(i.children, id))).find(Boolean);

  it('labels come from the English translation when one exists, Chinese otherwise', async () => {
    const before = (await t.get('/api/modules/vue', admin, en)).json().data as MenuItem[];
    expect(find(before, 'system-dictionary')).toMatchObject({ label: '数据字典', F_FullName: '数据字典' });
    for (const [id, text] of [
      ['system-dictionary', 'Data dictionary'],
      ['system', 'System'],
      ['personal-info', 'My profile'],
      ['home', 'Home'],
    ]) {
      const res = await t.send('PATCH', '/api/lp-map/object', { F_ObjectType: 'module', F_ObjectId: id, translations: { en: text } }, admin);
      expect(res.json().code).toBe(0);
    }
    const tree = (await t.get('/api/modules/vue', admin, en)).json().data as MenuItem[];
    expect(find(tree, 'system-dictionary')).toMatchObject({ label: 'Data dictionary', F_FullName: 'Data dictionary', meta: { i18n: 'menu.dictionary' } });
    expect(find(tree, 'system')?.label).toBe('System');
    expect(find(tree, 'system-language')?.label).toBe('多语言');
    // Chinese callers see Chinese.
    expect(find((await t.get('/api/modules/vue', admin)).json().data, 'system-dictionary')?.label).toBe('数据字典');
    expect(find((await t.get('/api/modules/vue', admin, { 'accept-language': 'zh-CN,en;q=0.5' })).json().data, 'system-dictionary')?.label).toBe('数据字典');
    const other = (await t.get('/api/modules/other', staff, { 'accept-language': 'en-US' })).json().data as MenuItem[];
    expect(other.find((i) => i.F_ModuleId === 'personal-info')?.label).toBe('My profile');
    const common = (await t.get('/api/modules/common', staff, en)).json().data as MenuItem[];
    expect(common.map((i) => i.label)).toContain('Home');
  });

  it('a changed or removed translation shows at once', async () => {
    const id = (await t.get('/api/lp-map/page?objectType=module&objectId=system-dictionary', admin)).json().data.Rows[0].F_Id as string;
    await t.send('PATCH', `/api/lp-map/object/${id}`, { translations: { en: 'Dictionaries' } }, admin);
    expect(find((await t.get('/api/modules/vue', admin, en)).json().data, 'system-dictionary')?.label).toBe('Dictionaries');
    await t.send('DELETE', `/api/lp-map/object/${id}`, undefined, admin);
    expect(find((await t.get('/api/modules/vue', admin, en)).json().data, 'system-dictionary')?.label).toBe('数据字典');
  });
});

describe('common, other and systems', () => {
  it('common entries are home and hot functions for everyone', async () => {
    const data = (await t.get('/api/modules/common', staff)).json().data as MenuItem[];
    expect(data.map((i) => i.path)).toEqual(['/wel/index', '/wel/hotFunc']);
  });

  it('other lists the leaves the user may open', async () => {
    const data = (await t.get('/api/modules/other', manager)).json().data as MenuItem[];
    expect(data.map((i) => i.F_ModuleId).filter((id) => !otherFeature(id))).toEqual([
      'personal-info',
      'personal-setting',
      'personal-desktop',
      'system-online-user',
    ]);
  });

  it('systems: the main system first, sub-systems only where the user has entries', async () => {
    expect((await t.get('/api/subsystem', staff)).json().data).toEqual([{ F_Id: '0', F_Name: '主系统', F_IndexUrl: '', F_Icon: 'AppstoreOutlined' }]);
    await t.deps.db.insertInto('subsystems').values({ id: 'oa', tenant_id: 'default', name: '协同办公', index_url: '/wel/hotFunc' }).execute();
    await t.deps.db
      .insertInto('modules')
      .values({ id: 'oa-home', system_id: 'oa', en_code: 'oa.home', full_name: '办公首页', url_address: '/oa/home' })
      .execute();
    const role = await t.deps.db.selectFrom('roles').select('id').where('en_code', '=', 'admin').executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('authorizes')
      .values({ id: 'g2', tenant_id: 'default', object_type: 1, object_id: role.id, item_type: 1, item_id: 'oa-home' })
      .execute();
    t.deps.grants.invalidate();
    t.deps.catalog.invalidate();
    const systems = (await t.get('/api/subsystem', admin)).json().data;
    expect(systems.map((s: { F_Id: string }) => s.F_Id)).toEqual(['0', 'oa']);
    expect((await t.get('/api/subsystem', staff)).json().data).toHaveLength(1);
  });
});

describe('button permissions are enforced on the server', () => {
  it('403 without the button, 200 with it', async () => {
    const denied = await t.get('/api/online-users', staff);
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 10403, success: false, msg: '没有权限执行此操作（system.onlineUser.list）' });
    expect((await t.get('/api/online-users', manager)).statusCode).toBe(200);
    const kick = await t.send('DELETE', '/api/online-users/some-session', undefined, manager);
    expect(kick.statusCode).toBe(403);
    expect((await t.get('/api/log/client', manager)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/log/client', undefined, manager)).statusCode).toBe(403);
  });

  it('the permission list in UserInfo matches what the server allows', async () => {
    const info = (await t.get('/api/user/getUserInfo', manager)).json().data;
    const mine = (permissions: string[]) => permissions.filter((p) => !otherFeature(p));
    expect(mine(info.permissions)).toEqual(['system.onlineUser.list']);
    expect(mine((await t.get('/api/user/getUserInfo', staff)).json().data.permissions)).toEqual([]);
  });
});
