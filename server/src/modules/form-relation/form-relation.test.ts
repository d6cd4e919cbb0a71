import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID, type MenuItem } from '@app/contracts';
import { md5Hex } from '../../core/auth/password.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName as unique } from '../../test/link-databases.js';
import { field, type Loose } from '../form-scheme/test-fields.js';

let t: TestApp;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t?.close());

const options = (...values: string[]) => ({ options: values.map((v) => ({ label: `选项${v}`, value: v })) });

/** An expense form with tables: title, amount, kind, a tab with a note, and a sub-table. */
async function createForm(): Promise<string> {
  const main = unique('expense');
  const sub = unique('expense_item');
  const data = [
    field(1, 'F_Title', 'input', {}, { label: '标题' }),
    field(2, 'F_Amount', 'number', { precision: 2 }, { label: '金额' }),
    field(3, 'F_Kind', 'select', { __slot__: options('1', '2') }, { dataType: 'static', label: '类别' }),
    {
      __config__: {
        formId: 4,
        avueType: 'tabs',
        layout: 'rowFormItem',
        option: { column: [{ label: '其他', prop: 'tab1' }] },
        childrenObj: { tab1: [field(5, 'F_Note', 'textarea')] },
      },
    },
    field(6, 'items', 'table', {}, { layout: 'rowFormItem', bindTable: sub, children: [field(7, 'item_name', 'input', {}, { bindTable: sub })] }),
  ];
  const res = await t.send(
    'POST',
    '/api/form-scheme/customtable',
    {
      F_Name: '报销单',
      F_Type: 0,
      F_Scheme: { data },
      tableInfo: [
        { dbId: DEFAULT_LINK_ID, name: main, type: 'main' },
        { dbId: DEFAULT_LINK_ID, name: sub, type: 'sub', relationField: 'F_ExpenseId' },
      ],
    },
    admin,
  );
  expect(res.json().code).toBe(0);
  return res.json().data.F_Id;
}

const setting = (extra: Loose = {}): Loose => ({
  columns: [{ field: 'F_Title' }, { field: 'F_Amount', label: '报销金额', sortable: true }],
  queryFields: [{ field: 'F_Title' }],
  buttons: ['add', 'edit', 'view', 'delete', 'print', 'export'],
  ...extra,
});
const body = (formId: string, extra: Loose = {}, settingExtra: Loose = {}): Loose => ({
  F_Name: '报销',
  F_FormId: formId,
  F_Setting: setting(settingExtra),
  ...extra,
});
const publish = (b: Loose, token = admin) => t.send('POST', '/api/form-relation', b, token);

const db = () => t.deps.db;
const roleId = async (code: string) =>
  (await db().selectFrom('roles').select('id').where('tenant_id', '=', 'default').where('en_code', '=', code).executeTakeFirstOrThrow()).id;
const buttonsOf = async (moduleId: string) =>
  (await db().selectFrom('module_buttons').select(['id', 'full_name']).where('module_id', '=', moduleId).orderBy('sort_code').execute()).map((r) => [
    r.id,
    r.full_name,
  ]);
const columnsOf = async (moduleId: string) =>
  (await db().selectFrom('module_columns').select(['id', 'full_name']).where('module_id', '=', moduleId).orderBy('sort_code').execute()).map((r) => [
    r.id,
    r.full_name,
  ]);
const grantedTo = async (role: string, prefix: string) =>
  (await db().selectFrom('authorizes').select('item_id').where('object_id', '=', role).where('item_id', 'like', `${prefix}%`).orderBy('item_id').execute()).map(
    (r) => r.item_id,
  );
/** Grants items to a role directly (what Organisation › role authorisation stores). */
async function grant(role: string, ids: { type: number; id: string }[]) {
  await db()
    .insertInto('authorizes')
    .values(ids.map((i, n) => ({ id: unique(`g${n}`), tenant_id: 'default', object_type: 1, object_id: role, item_type: i.type, item_id: i.id })))
    .execute();
  t.deps.grants.invalidate();
}
const menuEntry = async (token: string, moduleId: string) => {
  const menu: MenuItem[] = (await t.get('/api/modules/vue?systemId=0', token)).json().data;
  const find = (items: MenuItem[], parent: string | null): { item: MenuItem; parent: string | null } | undefined => {
    for (const item of items) {
      if (item.F_ModuleId === moduleId) return { item, parent };
      const below = find(item.children, item.F_ModuleId);
      if (below) return below;
    }
    return undefined;
  };
  return find(menu, null);
};
const pageInfo = (id: string, token = admin) => t.get(`/api/form-relation/${id}/page-info`, token);

describe('publishing a form', () => {
  let formId: string;
  beforeAll(async () => {
    formId = await createForm();
  });

  it('creates the relation, its menu entry, buttons and columns, granted to the publisher: the admin sees the page at once', async () => {
    const res = (await publish(body(formId))).json();
    expect(res).toMatchObject({ code: 0, msg: '发布成功', data: { F_Id: expect.any(String), indexes: expect.any(Array) } });
    const id = res.data.F_Id as string;
    const moduleId = `form-app-${id}`;
    expect(res.data).toMatchObject({ F_ModuleId: moduleId, F_EnCode: `forms.app.${id}` });

    const entry = await menuEntry(admin, moduleId);
    expect(entry).toMatchObject({ parent: 'form-apps', item: { F_FullName: '报销', F_EnCode: `forms.app.${id}`, path: `/form-publish/${id}` } });
    expect(await menuEntry(zhangsan, moduleId)).toBeUndefined();

    expect(await buttonsOf(moduleId)).toEqual([
      [`${moduleId}:add`, '新增'],
      [`${moduleId}:edit`, '编辑'],
      [`${moduleId}:view`, '查看'],
      [`${moduleId}:delete`, '删除'],
      [`${moduleId}:export`, '导出'],
      [`${moduleId}:print`, '打印'],
    ]);
    expect(await columnsOf(moduleId)).toEqual([
      [`${moduleId}:col:F_Title`, '标题'],
      [`${moduleId}:col:F_Amount`, '报销金额'],
    ]);
    const adminRole = await roleId('admin');
    expect(await grantedTo(adminRole, moduleId)).toHaveLength(1 + 6 + 2);
    expect(await grantedTo(await roleId('staff'), moduleId)).toEqual([]);

    const info = (await pageInfo(id)).json();
    expect(info).toMatchObject({
      code: 0,
      data: { F_Id: id, F_Name: '报销', F_ModuleId: moduleId, form: { F_Id: formId, F_Scheme: { data: expect.any(Array) } } },
    });
    expect(info.data.setting.buttons).toEqual(['add', 'edit', 'view', 'delete', 'export', 'print']);
    expect(info.data.setting.columns.map((c: Loose) => c.field)).toEqual(['F_Title', 'F_Amount']);

    const list = (await t.get(`/api/form-relation?F_FormId=${formId}`, admin)).json();
    expect(list.data.Rows.find((r: Loose) => r.F_Id === id)).toMatchObject({
      F_FormName: '报销单',
      F_ParentId: 'form-apps',
      F_ParentName: '业务表单',
      F_EnabledMark: 1,
      F_CreateUserName: expect.any(String),
    });
    const detail = (await t.get(`/api/form-relation/${id}`, admin)).json().data;
    expect(detail).toMatchObject({ F_Id: id, F_Setting: { pageSize: 20, columns: [{ field: 'F_Title', align: 'left' }, { field: 'F_Amount' }] } });
    expect((await t.get('/api/form-relation', zhangsan)).statusCode).toBe(403);
    expect((await publish(body(formId), zhangsan)).statusCode).toBe(403);
  });

  it('answers 404 on page-info to users without the menu entry; a role granted the page sees only its granted buttons and columns', async () => {
    const id = (await publish(body(formId, {}, { buttons: ['add', 'view', 'print', 'workflow'] }))).json().data.F_Id as string;
    const moduleId = `form-app-${id}`;
    const res = await pageInfo(id, zhangsan);
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe(`表单发布不存在：${id}`);
    // The launch-workflow button needs a process first.
    expect((await pageInfo(id)).json().data.setting.buttons).toEqual(['add', 'view', 'print']);

    await grant(await roleId('staff'), [
      { type: 1, id: moduleId },
      { type: 2, id: `${moduleId}:add` },
      { type: 2, id: `${moduleId}:view` },
      { type: 3, id: `${moduleId}:col:F_Title` },
    ]);
    const info = (await pageInfo(id, zhangsan)).json().data;
    expect(info.setting.buttons).toEqual(['add', 'view']);
    expect(info.setting.columns.map((c: Loose) => c.field)).toEqual(['F_Title']);
    expect(await menuEntry(zhangsan, moduleId)).toMatchObject({ parent: 'form-apps' });

    // Disabled: gone from the menu and the page.
    await t.send('PUT', `/api/form-relation/${id}`, body(formId, { F_EnabledMark: 0 }, { buttons: ['add', 'view', 'print', 'workflow'] }), admin);
    expect((await pageInfo(id)).statusCode).toBe(404);
    expect(await menuEntry(admin, moduleId)).toBeUndefined();
  });

  it('keeps buttons, columns and grants in step on update', async () => {
    const id = (await publish(body(formId))).json().data.F_Id as string;
    const moduleId = `form-app-${id}`;
    const [adminRole, staffRole] = [await roleId('admin'), await roleId('staff')];
    await grant(staffRole, [
      { type: 1, id: moduleId },
      { type: 2, id: `${moduleId}:print` },
      { type: 3, id: `${moduleId}:col:F_Amount` },
    ]);

    const res = await t.send(
      'PUT',
      `/api/form-relation/${id}`,
      body(
        formId,
        { F_Name: '报销（新）', F_SortCode: 3 },
        {
          buttons: ['add', 'view', 'import'],
          columns: [{ field: 'F_Title', label: '事由' }, { field: 'F_Kind' }, { field: 'F_Note' }, { field: 'F_CreateDate' }],
        },
      ),
      admin,
    );
    expect(res.json()).toMatchObject({ code: 0, data: { F_Id: id, F_ModuleId: moduleId } });
    expect(await buttonsOf(moduleId)).toEqual([
      [`${moduleId}:add`, '新增'],
      [`${moduleId}:view`, '查看'],
      [`${moduleId}:import`, '导入'],
    ]);
    expect(await columnsOf(moduleId)).toEqual([
      [`${moduleId}:col:F_Title`, '事由'],
      [`${moduleId}:col:F_Kind`, '类别'],
      [`${moduleId}:col:F_Note`, 'F_Note'],
      [`${moduleId}:col:F_CreateDate`, '创建时间'],
    ]);
    // Removed items go with their grants; a new button reaches the publisher's roles only; new columns every holder.
    expect(await grantedTo(staffRole, moduleId)).toEqual([moduleId, `${moduleId}:col:F_CreateDate`, `${moduleId}:col:F_Kind`, `${moduleId}:col:F_Note`]);
    expect(await grantedTo(adminRole, `${moduleId}:import`)).toEqual([`${moduleId}:import`]);
    expect(
      await db()
        .selectFrom('authorizes')
        .select('id')
        .where('item_id', 'in', [`${moduleId}:print`, `${moduleId}:col:F_Amount`])
        .execute(),
    ).toEqual([]);
    const module = await db().selectFrom('modules').select(['full_name', 'sort_code', 'enabled']).where('id', '=', moduleId).executeTakeFirstOrThrow();
    expect(module).toEqual({ full_name: '报销（新）', sort_code: 3, enabled: true });
    expect((await pageInfo(id, zhangsan)).json().data.setting).toMatchObject({
      buttons: [],
      columns: [{ field: 'F_Kind' }, { field: 'F_Note' }, { field: 'F_CreateDate' }],
    });

    expect((await t.send('PUT', '/api/form-relation/nope', body(formId), admin)).statusCode).toBe(404);
  });

  it('deletes the relation with its menu entry, buttons, columns and grants; its form cannot be deleted while published', async () => {
    const id = (await publish(body(formId, { F_Name: '报销台账' }))).json().data.F_Id as string;
    const moduleId = `form-app-${id}`;
    expect(await menuEntry(admin, moduleId)).toBeDefined();
    const refused = await t.send('DELETE', `/api/form-scheme/${formId}`, undefined, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().msg).toContain('报销台账');
    expect((await t.send('DELETE', `/api/form-relation/${id}`, undefined, zhangsan)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/form-relation/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect(await menuEntry(admin, moduleId)).toBeUndefined();
    expect(await db().selectFrom('modules').select('id').where('id', '=', moduleId).execute()).toEqual([]);
    expect(await buttonsOf(moduleId)).toEqual([]);
    expect(await db().selectFrom('authorizes').select('id').where('item_id', 'like', `${moduleId}%`).execute()).toEqual([]);
    expect((await pageInfo(id)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/form-relation/${id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('makes the menu entry again on update when it was deleted on the menu administration screen', async () => {
    const id = (await publish(body(formId))).json().data.F_Id as string;
    const moduleId = `form-app-${id}`;
    expect((await t.send('DELETE', `/api/modules/${moduleId}`, undefined, admin)).json().code).toBe(0);
    expect(await menuEntry(admin, moduleId)).toBeUndefined();
    expect((await t.send('PUT', `/api/form-relation/${id}`, body(formId), admin)).json().code).toBe(0);
    expect(await menuEntry(admin, moduleId)).toMatchObject({ parent: 'form-apps' });
    expect((await pageInfo(id)).json().data.setting.buttons).toHaveLength(6);
    expect(await columnsOf(moduleId)).toHaveLength(2);
  });

  it.each([
    ['an unknown column', {}, { columns: [{ field: 'nope' }] }, '字段 nope 不是表单主表的字段'],
    ['a sub-table column', {}, { columns: [{ field: 'item_name' }] }, '字段 item_name 不是表单主表的字段'],
    ['a container', {}, { columns: [{ field: 'items' }] }, '字段 items 不是表单主表的字段'],
    ['an unknown query field', {}, { queryFields: [{ field: 'x' }] }, '字段 x 不是表单主表的字段'],
    ['an unknown sort field', {}, { sort: { field: 'F_Nope', order: 'desc' } }, '字段 F_Nope 不是表单主表的字段'],
    ['an unknown condition field', {}, { conditions: [{ field: 'y', operator: 'eq', value: '1' }] }, '字段 y 不是表单主表的字段'],
    ['a column twice', {}, { columns: [{ field: 'F_Title' }, { field: 'F_Title' }] }, '列表列 F_Title 重复'],
    ['an unknown parent', { F_ParentId: 'nope' }, {}, '上级菜单不存在：nope'],
  ])('refuses %s: 400 with the message, nothing stored', async (_what, extra, settingExtra, msg) => {
    const before = await db()
      .selectFrom('modules')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await publish(body(formId, extra, settingExtra));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(msg);
    expect(
      await db()
        .selectFrom('modules')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(before);
  });

  it('refuses a form without tables and an unknown form; refuses a parent that is the page itself', async () => {
    const plain = (await t.send('POST', '/api/form-scheme', { F_Name: '无表', F_Scheme: { data: [field(1, 'F_Title', 'input')] } }, admin)).json().data.F_Id;
    const res = await publish(body(plain));
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('表单“无表”没有数据表，不能发布');
    expect((await publish(body('nope'))).statusCode).toBe(404);

    const id = (await publish(body(formId))).json().data.F_Id as string;
    const self = await t.send('PUT', `/api/form-relation/${id}`, body(formId, { F_ParentId: `form-app-${id}` }), admin);
    expect(self.json().msg).toBe('上级菜单不能是本页面或其下级');
    // Changing the form is allowed while every field still validates.
    const other = await createForm();
    expect((await t.send('PUT', `/api/form-relation/${id}`, body(other), admin)).json().code).toBe(0);
    expect((await t.send('PUT', `/api/form-relation/${id}`, body(plain), admin)).statusCode).toBe(400);
    expect((await t.get(`/api/form-relation/${id}`, admin)).json().data.F_FormId).toBe(other);
  });
});

describe('data conditions', () => {
  it('reads and replaces the conditions; page users read them only through a granted page; page-info never shows them', async () => {
    const formId = await createForm();
    const id = (await publish(body(formId))).json().data.F_Id as string;
    expect((await t.get(`/api/data-condition/${id}`, admin)).json()).toMatchObject({ code: 0, data: { conditions: [] } });

    const conditions = [
      { field: 'F_Kind', operator: 'eq', value: '1' },
      { field: 'F_CreateDate', operator: 'ge', value: '@today' },
    ];
    expect((await t.send('PUT', `/api/data-condition/${id}`, { conditions }, admin)).json().code).toBe(0);
    expect((await t.get(`/api/data-condition/${id}`, admin)).json().data.conditions).toEqual(conditions);
    expect((await t.get(`/api/form-relation/${id}`, admin)).json().data.F_Setting.conditions).toEqual(conditions);
    expect((await pageInfo(id)).json().data.setting.conditions).toEqual([]);

    const bad = await t.send('PUT', `/api/data-condition/${id}`, { conditions: [{ field: 'item_name', operator: 'eq', value: '1' }] }, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('字段 item_name 不是表单主表的字段');
    expect((await t.send('PUT', `/api/data-condition/${id}`, { conditions: [{ field: 'F_Kind', operator: 'nope' }] }, admin)).statusCode).toBe(400);
    expect((await t.get(`/api/data-condition/${id}`, admin)).json().data.conditions).toEqual(conditions);

    expect((await t.get(`/api/data-condition/${id}`, zhangsan)).statusCode).toBe(404);
    await grant(await roleId('staff'), [{ type: 1, id: `form-app-${id}` }]);
    expect((await t.get(`/api/data-condition/${id}`, zhangsan)).json().data.conditions).toEqual(conditions);
    expect((await t.send('PUT', `/api/data-condition/${id}`, { conditions: [] }, zhangsan)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/data-condition/nope', { conditions: [] }, admin)).statusCode).toBe(404);
  });
});

describe('publishing in a tenant other than the platform', () => {
  it("adds the entry to the tenant's menu entries (tenant_modules) so its administrator sees the page", async () => {
    const tenant = {
      F_EnCode: 'frtn',
      F_FullName: '发布租户',
      F_Contact: '王经理',
      moduleIds: ['form-design', 'form-relation'],
      adminPassword: md5Hex('Frtn@123'),
    };
    const created = await t.send('POST', '/api/tenant', tenant, admin);
    expect(created.json().code).toBe(0);
    const tenantId = created.json().data.F_TenantId as string;
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { account: 'admin', password: md5Hex('Frtn@123'), code: 'frtn' } });
    const tenantAdmin = login.json().data.Token as string;

    const main = unique('tn_expense');
    const form = await t.send(
      'POST',
      '/api/form-scheme/customtable',
      { F_Name: '租户表单', F_Scheme: { data: [field(1, 'F_Title', 'input')] }, tableInfo: [{ dbId: DEFAULT_LINK_ID, name: main, type: 'main' }] },
      tenantAdmin,
    );
    expect(form.json().code).toBe(0);
    // Another tenant's menu entry is no parent here.
    const platformPage = (await publish(body(await createForm()))).json().data.F_ModuleId;
    const refused = await publish(
      { F_Name: '租户页', F_FormId: form.json().data.F_Id, F_ParentId: platformPage, F_Setting: { columns: [{ field: 'F_Title' }] } },
      tenantAdmin,
    );
    expect(refused.json().msg).toBe(`上级菜单不存在：${platformPage}`);

    const res = (await publish({ F_Name: '租户页', F_FormId: form.json().data.F_Id, F_Setting: { columns: [{ field: 'F_Title' }] } }, tenantAdmin)).json();
    expect(res.code).toBe(0);
    expect(
      await db().selectFrom('tenant_modules').select('module_id').where('tenant_id', '=', tenantId).where('module_id', '=', res.data.F_ModuleId).execute(),
    ).toHaveLength(1);
    expect(await menuEntry(tenantAdmin, res.data.F_ModuleId)).toMatchObject({ parent: 'form-apps' });
    expect((await pageInfo(res.data.F_Id, tenantAdmin)).json().data.setting.buttons).toEqual(['add', 'edit', 'view', 'delete']);
    // The platform's users do not reach another tenant's page.
    expect((await pageInfo(res.data.F_Id)).statusCode).toBe(404);
    expect((await t.get(`/api/form-relation/${res.data.F_Id}`, admin)).statusCode).toBe(404);
  });
});
