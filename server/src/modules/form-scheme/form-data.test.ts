import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { describeOnLinkDatabases, uniqueName as unique } from '../../test/link-databases.js';
import { field, type Loose } from './test-fields.js';
import { FormDataService } from './form-data.service.js';
import { FormSchemeService } from './form-scheme.service.js';

let t: TestApp;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t?.close());

const options = (...values: string[]) => ({ options: values.map((v) => ({ label: `选项${v}`, value: v })) });

/** A leave form: text, mobile, number, static select / checkbox, upload, dates, switch, a tab, and a sub-table. */
function leaveForm(main: string, sub: string, extra: Loose[] = []) {
  const data = [
    field(1, 'F_Name', 'input', { maxlength: 20 }, { required: true }),
    field(2, 'F_Mobile', 'mobile'),
    field(3, 'F_Days', 'number', { min: 0, max: 30, precision: 1 }),
    field(4, 'F_Kind', 'select', { __slot__: options('1', '2') }, { dataType: 'static' }),
    field(5, 'F_Tags', 'checkbox', { __slot__: options('a', 'b', 'c') }, { dataType: 'static' }),
    field(6, 'F_Files', 'upload'),
    field(7, 'F_Start', 'date', { type: 'date' }),
    field(8, 'F_Range', 'date', { type: 'daterange' }),
    field(9, 'F_Note', 'textarea', {}, { regList: [{ pattern: '^[^x]*$', message: '备注不能含 x' }] }),
    field(10, 'F_Agree', 'switch', { 'active-value': 'Y', 'inactive-value': 'N' }),
    {
      __config__: {
        formId: 11,
        avueType: 'tabs',
        layout: 'rowFormItem',
        option: { column: [{ label: '其他', prop: 'tab1' }] },
        childrenObj: { tab1: [field(12, 'F_Dept', 'department')] },
      },
    },
    field(
      13,
      'items',
      'table',
      {},
      {
        layout: 'rowFormItem',
        bindTable: sub,
        children: [
          field(14, 'item_name', 'input', {}, { required: true, bindTable: sub }),
          field(15, 'item_amount', 'number', { precision: 2 }, { bindTable: sub }),
        ],
      },
    ),
    ...extra,
  ];
  return {
    F_Name: '请假',
    F_Type: 0,
    F_Scheme: { data },
    tableInfo: [
      { dbId: DEFAULT_LINK_ID, name: main, type: 'main' },
      { dbId: DEFAULT_LINK_ID, name: sub, type: 'sub', relationField: 'F_LeaveId' },
    ],
  };
}

const goodData = () => ({
  F_Name: '张三请假',
  F_Mobile: '13800138000',
  F_Days: '2.5',
  F_Kind: '2',
  F_Tags: ['a', 'c'],
  F_Files: 'folder-7f3a',
  F_Start: '2026-03-01',
  F_Range: '2026-03-01,2026-03-03',
  F_Note: '回老家',
  F_Agree: 'Y',
  F_Dept: 'dept-1,dept-2',
  items: [
    { item_name: '车票', item_amount: '120.5' },
    { item_name: '住宿', item_amount: 300 },
    { item_name: '餐费', item_amount: '0.25' },
  ],
});

const driver = () => t.deps.links.forLink('default', DEFAULT_LINK_ID);
const count = async (table: string) =>
  Number((await (await driver()).execute(`select count(*) as n from ${(await driver()).quoteIdent(table)}`, [])).rows[0].n);

async function createForm(extra: Loose = {}) {
  const main = unique('leave');
  const sub = unique('leave_item');
  const res = await t.send('POST', '/api/form-scheme/customtable', { ...leaveForm(main, sub), ...extra }, admin);
  expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
  return { id: res.json().data.F_Id as string, main, sub, saved: res.json().data };
}

describe('customtable: tables from the fields', () => {
  it('creates the main table and the sub-table, then adds a column for a new field; type changes are refused', async () => {
    const { id, main, sub, saved } = await createForm();
    expect(saved.tables).toEqual([
      {
        name: main,
        created: true,
        addedColumns: ['F_Id', 'F_Name', 'F_Mobile', 'F_Days', 'F_Kind', 'F_Tags', 'F_Files', 'F_Start', 'F_Range', 'F_Note', 'F_Agree', 'F_Dept'],
      },
      { name: sub, created: true, addedColumns: ['F_Id', 'F_LeaveId', 'F_SortCode', 'item_name', 'item_amount'] },
    ]);
    const d = await driver();
    const columns = Object.fromEntries((await d.columns(main)).map((c) => [c.f_column, c]));
    expect(columns.F_Id).toMatchObject({ f_key: true, f_isnullable: false });
    expect(columns.F_Name.f_datatype).toMatch(/character varying|varchar/);
    expect(columns.F_Days.f_datatype).toBe('numeric');
    expect(columns.F_Start.f_datatype).toBe('date');
    expect(columns).toHaveProperty('F_CreateUserId');
    expect((await d.columns(sub)).map((c) => c.f_column)).toEqual(expect.arrayContaining(['F_LeaveId', 'F_SortCode', 'item_name', 'item_amount']));
    expect(await t.deps.db.selectFrom('data_tables').select('table_name').where('table_name', 'in', [main, sub]).execute()).toHaveLength(2);

    const next = leaveForm(main, sub, [field(20, 'F_Extra', 'input')]);
    const second = (await t.send('PUT', `/api/form-scheme/customtable/${id}`, next, admin)).json();
    expect(second).toMatchObject({
      code: 0,
      data: {
        F_Version: 2,
        tables: [
          { name: main, created: false, addedColumns: ['F_Extra'] },
          { name: sub, created: false, addedColumns: [] },
        ],
      },
    });
    expect((await d.columns(main)).map((c) => c.f_column)).toContain('F_Extra');

    // Restoring version 1 releases its tables again: add-only, the column version 2 added stays.
    const restored = (await t.send('POST', `/api/form-scheme/${id}/history/${saved.F_SchemeId}/restore`, undefined, admin)).json();
    expect(restored).toMatchObject({
      code: 0,
      data: {
        F_Version: 3,
        tables: [
          { name: main, created: false, addedColumns: [] },
          { name: sub, created: false, addedColumns: [] },
        ],
      },
    });
    expect((await d.columns(main)).map((c) => c.f_column)).toContain('F_Extra');

    // A number that becomes a text box would change a released column's type: refused, no version added.
    const changed = leaveForm(main, sub);
    (changed.F_Scheme.data as Loose[])[2] = field(3, 'F_Days', 'input');
    const refused = await t.send('PUT', `/api/form-scheme/customtable/${id}`, changed, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('已发布字段 F_Days 的类型不能修改（decimal(18,1) → varchar(255)）');
    expect((await t.get(`/api/form-scheme/${id}`, admin)).json().data.F_Version).toBe(3);

    // A maxlength within 255 still fits the released varchar(255): saved, nothing altered.
    const wider = leaveForm(main, sub);
    (wider.F_Scheme.data as Loose[])[0] = field(1, 'F_Name', 'input', { maxlength: 100 }, { required: true });
    expect((await t.send('PUT', `/api/form-scheme/customtable/${id}`, wider, admin)).json().code).toBe(0);
  });

  it('refuses a table that exists but was not released through the platform, before any DDL', async () => {
    const main = unique('leave');
    const sub = unique('leave_item');
    const d = await driver();
    await d.executeDdl([`create table ${d.quoteIdent(sub)} (id int primary key)`]);
    const res = await t.send('POST', '/api/form-scheme/customtable', leaveForm(main, sub), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe(`表已存在：${sub}`);
    expect(await d.tableExists(main)).toBe(false);
  });

  it('without customtable: the tables must be released with every bound column', async () => {
    const main = unique('leave');
    const sub = unique('leave_item');
    const notReleased = await t.send('POST', '/api/form-scheme', leaveForm(main, sub), admin);
    expect(notReleased.statusCode).toBe(400);
    expect(notReleased.json().msg).toBe(`数据表未发布：${main}（请使用“建表保存”）`);
    const { main: m, sub: s } = await createForm();
    expect((await t.send('POST', '/api/form-scheme', leaveForm(m, s), admin)).json().code).toBe(0);
    const missing = await t.send('POST', '/api/form-scheme', leaveForm(m, s, [field(30, 'F_Other', 'input')]), admin);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe(`数据表 ${m} 没有字段 F_Other`);
  });

  it('refuses tableInfo that does not fit the fields', async () => {
    const main = unique('leave');
    const sub = unique('leave_item');
    const base = leaveForm(main, sub);
    const cases: [Loose, string][] = [
      [{ tableInfo: [base.tableInfo[1]] }, '数据表配置有误'],
      [{ tableInfo: [base.tableInfo[0]] }, '数据表配置有误'],
      [{ tableInfo: [base.tableInfo[0], { ...base.tableInfo[1], dbId: 'other' }] }, '数据表配置有误'],
      [{ F_Scheme: { data: [...(base.F_Scheme.data as Loose[]), field(40, 'F_Id2', 'input', {}, { bindTableField: 'F_Id' })] } }, '保留字段'],
      [{ F_Scheme: { data: [...(base.F_Scheme.data as Loose[]), field(41, 'F_Copy', 'input', {}, { bindTableField: 'F_Name' })] } }, '字段重复'],
    ];
    for (const [change, message] of cases) {
      const res = await t.send('POST', '/api/form-scheme/customtable', { ...base, ...change }, admin);
      expect(res.statusCode, JSON.stringify(change).slice(0, 80)).toBe(400);
      expect(res.json().msg).toContain(message);
    }
    expect(await (await driver()).tableExists(main)).toBe(false);
  });
});

describe('form data: instance-form-list', () => {
  it('stores a form with a sub-table and reads back the same values; update replaces; delete removes', async () => {
    const { id, main, sub } = await createForm();
    const saved = (await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: goodData() }, admin)).json();
    expect(saved).toMatchObject({ code: 0, msg: '新增成功' });
    const key = saved.data.primaryKey;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);

    const read = (await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json();
    expect(read).toMatchObject({ code: 0, data: { primaryKey: key } });
    expect(read.data.formData).toEqual({
      ...goodData(),
      F_Tags: 'a,c',
      items: [
        { item_name: '车票', item_amount: '120.5' },
        { item_name: '住宿', item_amount: '300' },
        { item_name: '餐费', item_amount: '0.25' },
      ],
    });
    const rows = (await (await driver()).execute(`select * from "${main}"`, [])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ F_Id: key, F_CreateUserId: 'admin', F_Tags: 'a,c', F_Files: 'folder-7f3a' });
    expect(rows[0].F_CreateDate).toBeTruthy();
    expect(await count(sub)).toBe(3);

    const changed = { ...goodData(), F_Name: '改过', F_Agree: 'N', items: [{ item_name: '只剩一行', item_amount: '1' }] };
    expect((await t.send('PUT', `/api/form-scheme/${id}/instance-form-list/${key}`, { formData: changed }, admin)).json()).toMatchObject({
      code: 0,
      msg: '更新成功',
    });
    const again = (await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData;
    expect(again).toMatchObject({ F_Name: '改过', F_Agree: 'N', items: [{ item_name: '只剩一行', item_amount: '1' }] });
    expect(await count(sub)).toBe(1);
    expect((await (await driver()).execute(`select "F_ModifyDate" from "${main}"`, [])).rows[0].F_ModifyDate).toBeTruthy();

    expect((await t.send('PUT', `/api/form-scheme/${id}/instance-form-list/nope`, { formData: changed }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/form-scheme/${id}/instance-form-list/${key}`, undefined, admin)).json().msg).toBe('删除成功');
    expect(await count(main)).toBe(0);
    expect(await count(sub)).toBe(0);
    expect((await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).statusCode).toBe(404);
  });

  it.each([
    ['a missing required value', { F_Name: '' }, 'F_Name不能为空'],
    ['a failing pattern', { F_Note: 'xx' }, '备注不能含 x'],
    ['a bad mobile number', { F_Mobile: '12345' }, '手机号码长度不为11位'],
    ['a mobile number of the wrong form', { F_Mobile: '23800138000' }, '手机号码格式不正确'],
    ['text over maxlength', { F_Name: '字'.repeat(21) }, 'F_Name不能超过 20 个字符'],
    ['an option not allowed', { F_Kind: '9' }, 'F_Kind的值不在可选项中'],
    ['a number out of range', { F_Days: '31' }, 'F_Days必须在 0 到 30 之间'],
    ['a number with too many decimals for its column', { F_Days: '2.55' }, '字段 F_Days 的值不符合类型 decimal(18,1)'],
    ['a bad date', { F_Start: '2026-02-30' }, '字段 F_Start 的值不符合类型 date'],
    ['a sub-table row without its required value', { items: [{ item_name: '', item_amount: '1' }] }, 'item_name不能为空'],
  ])('refuses %s and stores nothing', async (_what, change, message) => {
    const { id, main, sub } = await createForm();
    const res = await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: { ...goodData(), ...change } }, admin);
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.msg).toBe(`表单数据校验未通过：${message}`);
    expect(answer.data.errors[0]).toMatchObject({ vModel: expect.any(String), formId: expect.any(Number), key: expect.any(String) });
    expect(await count(main)).toBe(0);
    expect(await count(sub)).toBe(0);
  });

  it('stores and reads a form saved before field names were checked, with fields named like Object.prototype members', async () => {
    const main = unique('proto');
    const sub = unique('proto_item');
    const res = await t.send(
      'POST',
      '/api/form-scheme/customtable',
      {
        F_Name: '旧表单',
        F_Scheme: {
          data: [
            field(1, 'F_A', 'input', {}, { required: true }),
            field(2, 'F_B', 'input'),
            field(3, 'F_C', 'input'),
            field(4, 'items', 'table', {}, { bindTable: sub, children: [field(5, 'F_D', 'input', {}, { bindTable: sub })] }),
          ],
        },
        tableInfo: [
          { dbId: DEFAULT_LINK_ID, name: main, type: 'main' },
          { dbId: DEFAULT_LINK_ID, name: sub, type: 'sub', relationField: 'F_ParentId' },
        ],
      },
      admin,
    );
    const { F_Id: id, F_SchemeId: versionId } = res.json().data;
    // The names the save now refuses, written straight into the stored version (the columns stay F_A…F_D).
    const renamed = (vModel: string, column: string, formId: number, extra: Loose = {}) =>
      field(formId, vModel, 'input', {}, { bindTableField: column, ...extra });
    const content = {
      data: [
        renamed('constructor', 'F_A', 1, { required: true }),
        renamed('__proto__', 'F_B', 2),
        renamed('toString', 'F_C', 3),
        field(4, 'items', 'table', {}, { bindTable: sub, children: [renamed('hasOwnProperty', 'F_D', 5, { bindTable: sub })] }),
      ],
    };
    await t.deps.db
      .updateTable('form_scheme_versions')
      .set({ content: JSON.stringify(content) })
      .where('id', '=', versionId)
      .execute();

    // Not sending a field means it is missing, not Object.prototype's member of that name.
    const missing = await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: {} }, admin);
    expect(missing.json().data.errors).toEqual([{ vModel: 'constructor', formId: 1, key: 'forms.rule.required', params: { label: 'constructor' } }]);
    // A request body with a "__proto__" key is refused by the JSON parser (prototype poisoning), so that field stays empty.
    const formData = { constructor: 'a', toString: 'c', items: [{ hasOwnProperty: 'd' }] };
    const saved = (await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData }, admin)).json();
    expect(saved, JSON.stringify(saved)).toMatchObject({ code: 0 });
    expect((await (await driver()).execute(`select * from "${main}"`, [])).rows[0]).toMatchObject({ F_A: 'a', F_B: null, F_C: 'c' });
    const read = (await t.get(`/api/form-scheme/${id}/instance-form-list/${saved.data.primaryKey}`, admin)).body;
    expect(read).toContain('"formData":{"constructor":"a","__proto__":null,"toString":"c","items":[{"hasOwnProperty":"d"}]}');
  });

  it('works out computed fields on the server from the values stored with them', async () => {
    const main = unique('order');
    const formula = [{ formId: 1 }, { formId: 0, name: '*' }, { formId: 2 }];
    const res = await t.send(
      'POST',
      '/api/form-scheme/customtable',
      {
        F_Name: '订单',
        F_Scheme: {
          data: [
            field(1, 'F_Price', 'number', { precision: 2 }),
            field(2, 'F_Qty', 'number'),
            field(3, 'F_Total', 'computation', { computationalConfiguration: formula }),
          ],
        },
        tableInfo: [{ dbId: DEFAULT_LINK_ID, name: main, type: 'main' }],
      },
      admin,
    );
    const id = res.json().data.F_Id as string;
    // No total sent, then a wrong one: the stored total follows price × quantity (truncated to 2 decimals).
    const key = (await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: { F_Price: '19.99', F_Qty: '3' } }, admin)).json().data
      .primaryKey;
    expect((await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData.F_Total).toBe('59.97');
    await t.send('PUT', `/api/form-scheme/${id}/instance-form-list/${key}`, { formData: { F_Price: '0.33', F_Qty: '3', F_Total: '1000' } }, admin);
    expect((await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData.F_Total).toBe('0.99');
  });

  it('lists several errors at once with the structured list', async () => {
    const { id } = await createForm();
    const res = (
      await t.send(
        'POST',
        `/api/form-scheme/${id}/instance-form-list`,
        { formData: { ...goodData(), F_Name: '', F_Mobile: '1', F_Kind: 'x', F_Days: '-1' } },
        admin,
      )
    ).json();
    expect(res.data.errors.map((e: Loose) => e.vModel)).toEqual(['F_Name', 'F_Mobile', 'F_Days', 'F_Kind']);
    expect(res.msg).toBe('表单数据校验未通过：F_Name不能为空；手机号码长度不为11位；F_Days必须在 0 到 30 之间 (+1)');
  });

  it('is atomic: a sub-table row the database refuses leaves no main row behind', async () => {
    const { id, main, sub } = await createForm();
    const d = await driver();
    await d.executeDdl([`alter table ${d.quoteIdent(sub)} add constraint ${d.quoteIdent(`${sub}_ck`)} check ("item_amount" < 1000)`]);
    const res = await t.send(
      'POST',
      `/api/form-scheme/${id}/instance-form-list`,
      {
        formData: {
          ...goodData(),
          items: [
            { item_name: 'ok', item_amount: '1' },
            { item_name: 'too much', item_amount: '5000' },
          ],
        },
      },
      admin,
    );
    expect(res.statusCode).toBe(400);
    expect(await count(main)).toBe(0);
    expect(await count(sub)).toBe(0);

    // An update that fails keeps the stored record and rows as they were.
    const key = (await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: goodData() }, admin)).json().data.primaryKey;
    const failed = await t.send(
      'PUT',
      `/api/form-scheme/${id}/instance-form-list/${key}`,
      { formData: { ...goodData(), F_Name: '不该保存', items: [{ item_name: 'x', item_amount: '9999' }] } },
      admin,
    );
    expect(failed.statusCode).toBe(400);
    const kept = (await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData;
    expect(kept.F_Name).toBe('张三请假');
    expect(kept.items).toHaveLength(3);
  });

  it('a form without tables stores nothing of its own', async () => {
    const id = (await t.send('POST', '/api/form-scheme', { F_Name: '无表', F_Scheme: { data: [field(1, 'a', 'input')] } }, admin)).json().data.F_Id;
    const res = await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: { a: 'x' } }, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('该表单没有绑定数据表，不能保存数据');
  });

  it('reads and writes with the version a caller names (workflow instances keep theirs)', async () => {
    const { id, main, sub } = await createForm();
    const v1 = (await t.get(`/api/form-scheme/${id}`, admin)).json().data.F_SchemeId;
    await t.send('PUT', `/api/form-scheme/customtable/${id}`, leaveForm(main, sub, [field(20, 'F_Extra', 'input', {}, { required: true })]), admin);
    // The current version requires F_Extra; version 1 does not know it.
    expect((await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: goodData() }, admin)).statusCode).toBe(400);
    const saved = await t.send('POST', `/api/form-scheme/${id}/instance-form-list?versionId=${v1}`, { formData: goodData() }, admin);
    expect(saved.json().code).toBe(0);
    const read = (await t.get(`/api/form-scheme/${id}/instance-form-list/${saved.json().data.primaryKey}?versionId=${v1}`, admin)).json().data.formData;
    expect(read).not.toHaveProperty('F_Extra');
  });
});

describe('form data with a field authority list (as a workflow node passes it)', () => {
  it('neither validates nor stores hidden fields (a hidden tab hides its fields); non-editable fields keep their value', async () => {
    const { id } = await createForm();
    const auth = { userId: 'admin', tenantId: 'default', sessionId: 's', account: 'admin' };
    const schemes = new FormSchemeService(t.deps, () => false);
    const service = new FormDataService(t.deps);
    const loaded = await schemes.forAdmin(auth, id);
    const hidden = [
      { formId: 1, view: false, edit: false, required: false },
      { formId: 9, view: false, edit: false, required: false },
      { formId: 11, view: false, edit: false, required: false },
    ];
    const key = await service.save(auth, loaded, { ...goodData(), F_Name: '', F_Note: 'x 不会保存' }, null, { authority: hidden });
    const stored = await service.read(auth, loaded, key);
    expect(stored).toMatchObject({ F_Name: null, F_Note: null, F_Dept: null, F_Mobile: '13800138000' });
    expect(await service.read(auth, loaded, key, { authority: hidden })).not.toHaveProperty('F_Dept');

    await service.save(auth, loaded, goodData(), key);
    const readOnly = [{ formId: 1, view: true, edit: false, required: false }];
    await service.save(auth, loaded, { ...goodData(), F_Name: '改不了', F_Mobile: '13900139000' }, key, { authority: readOnly });
    expect(await service.read(auth, loaded, key)).toMatchObject({ F_Name: '张三请假', F_Mobile: '13900139000' });
  });

  it('a sub-table: read-only rows are not rewritten; an editable column keeps the read-only cells of each row', async () => {
    const { id } = await createForm();
    const auth = { userId: 'admin', tenantId: 'default', sessionId: 's', account: 'admin' };
    const service = new FormDataService(t.deps);
    const loaded = await new FormSchemeService(t.deps, () => false).forAdmin(auth, id);
    const key = await service.save(auth, loaded, goodData(), null);
    const names = async () =>
      ((await service.read(auth, loaded, key)).items as { item_name: string; item_amount: string }[]).map((r) => [r.item_name, r.item_amount]);
    const stored = await names();
    // The table read-only (an approval node that does not name it): whatever is sent, the rows stay.
    const rowsReadOnly = [{ formId: 13, view: true, edit: false, required: false }];
    await service.save(auth, loaded, { ...goodData(), items: [] }, key, { authority: rowsReadOnly });
    expect(await names()).toEqual(stored);
    // The amounts editable, the names not: the names stay by position, the amounts change.
    const amountsOnly = [
      { formId: 13, view: true, edit: true, required: false },
      { formId: 14, view: true, edit: false, required: false },
    ];
    await service.save(
      auth,
      loaded,
      {
        ...goodData(),
        items: [
          { item_name: 'x', item_amount: '1' },
          { item_name: 'y', item_amount: '2' },
          { item_name: 'z', item_amount: '3' },
        ],
      },
      key,
      { authority: amountsOnly },
    );
    expect(await names()).toEqual([
      ['车票', '1'],
      ['住宿', '2'],
      ['餐费', '3'],
    ]);
  });
});

describe('address-based forms', () => {
  it('POST /api/{address}, GET / PUT / DELETE /api/{address}/{key}; other addresses and tenants answer 404', async () => {
    const address = unique('leave-form');
    const { id } = await createForm({ F_Type: 2, F_Url: address });
    const saved = (await t.send('POST', `/api/${address}`, { formData: goodData() }, admin)).json();
    expect(saved).toMatchObject({ code: 0, msg: '新增成功' });
    const key = saved.data.primaryKey;
    expect((await t.get(`/api/${address}/${key}`, admin)).json().data.formData).toMatchObject({ F_Name: '张三请假', items: [{}, {}, {}] });
    expect((await t.send('PUT', `/api/${address.toUpperCase()}/${key}`, { formData: { ...goodData(), F_Name: '地址改' } }, admin)).json().code).toBe(0);
    expect((await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData.F_Name).toBe('地址改');
    const refused = await t.send('PUT', `/api/${address}/${key}`, { formData: { ...goodData(), F_Name: '' } }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.errors[0]).toMatchObject({ vModel: 'F_Name', key: 'forms.rule.required' });

    // Users without the data button get 403 on a real form, 404 elsewhere.
    expect((await t.send('POST', `/api/${address}`, { formData: goodData() }, zhangsan)).statusCode).toBe(403);
    const unknown = await t.send('POST', '/api/no-such-form', { formData: goodData() }, admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, msg: '接口不存在：POST /api/no-such-form' });
    expect((await t.get('/api/no-such-form/x', admin)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/bad.address', { formData: {} }, admin)).statusCode).toBe(404);
    // Whatever is posted: the address decides first.
    expect((await t.send('POST', '/api/no-such-form', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/no-such-form', { nothing: 1 }, admin)).statusCode).toBe(404);
    expect((await t.send('POST', `/api/${address}`, { nothing: 1 }, admin)).statusCode).toBe(400);

    await t.send('PATCH', `/api/form-scheme/${id}/set-enable/0`, undefined, admin);
    expect((await t.get(`/api/${address}/${key}`, admin)).statusCode).toBe(404);
    await t.send('PATCH', `/api/form-scheme/${id}/set-enable/1`, undefined, admin);
    expect((await t.send('DELETE', `/api/${address}/${key}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/${address}/${key}`, admin)).statusCode).toBe(404);

    // A designed form (F_Type 0) is never reached by address.
    expect((await t.send('POST', `/api/${id}`, { formData: goodData() }, admin)).statusCode).toBe(404);
  });

  it('never shadows the static and parametric routes of other modules', async () => {
    const login = await t.send('POST', '/api/login', { account: 'admin', password: 'x', code: '' });
    expect(login.json().msg).not.toContain('接口不存在');
    expect((await t.loginResult('admin')).json().code).toBe(0);
    expect((await t.get('/api/users/page', admin)).json()).toMatchObject({ code: 0, data: { Total: expect.any(Number) } });
    expect((await t.get('/api/form-scheme/page', admin)).json().code).toBe(0);
    expect((await t.get('/api/does-not-exist')).statusCode).toBe(404);
  });
});

describe('field options', () => {
  const CITIES = "select * from (values ('北京', 'bj'), ('上海', 'sh'), ('北海', 'bh')) v(label, value)";

  async function optionsForm(enabled = true) {
    const code = unique('ds');
    const ds = await t.send(
      'POST',
      '/api/data-sources',
      { F_Code: code, F_Name: '城市', F_DbId: DEFAULT_LINK_ID, F_Sql: CITIES, F_Params: [], F_IdField: '', F_ParentField: '', F_Description: '' },
      admin,
    );
    expect(ds.json().code).toBe(0);
    const data = [
      field(1, 'city_sql', 'select', {}, { dataType: 'dataSql', database: 'localDB', sql: `${CITIES} where label like '%' || @keyword || '%'` }),
      field(2, 'city_filter', 'select', {}, { dataType: 'dataSql', database: DEFAULT_LINK_ID, sql: CITIES, showField: 'label', saveField: 'value' }),
      field(3, 'city_ds', 'select', {}, { dataType: 'dataSource', dataSource: code, showField: 'label', saveField: 'value' }),
      field(4, 'static', 'select', { __slot__: options('1') }, { dataType: 'static' }),
    ];
    const id = (await t.send('POST', '/api/form-scheme', { F_Name: '选项', F_Scheme: { data } }, admin)).json().data.F_Id as string;
    if (!enabled) await t.send('PATCH', `/api/form-scheme/${id}/set-enable/0`, undefined, admin);
    return id;
  }

  const get = (id: string, formId: number, q = '', token = zhangsan) => t.get(`/api/form-scheme/${id}/field-options/${formId}${q}`, token);

  it('runs the stored source of a field for signed-in users: SQL with @keyword, SQL filtered by showField, data sources by code', async () => {
    const id = await optionsForm();
    expect((await get(id, 1, '?keyword=北')).json()).toMatchObject({
      code: 0,
      data: {
        rows: [
          { label: '北京', value: 'bj' },
          { label: '北海', value: 'bh' },
        ],
      },
    });
    expect((await get(id, 1)).json().data.rows).toHaveLength(3);
    expect((await get(id, 2, '?keyword=海')).json().data.rows.map((r: Loose) => r.value)).toEqual(['sh', 'bh']);
    expect((await get(id, 3, '?keyword=上')).json().data.rows).toEqual([{ label: '上海', value: 'sh' }]);
    expect((await get(id, 3)).json().data.rows).toHaveLength(3);
    const version = (await t.get(`/api/form-scheme/${id}`, admin)).json().data.F_SchemeId;
    expect((await get(id, 3, `?versionId=${version}`)).json().data.rows).toHaveLength(3);

    const other = await get(id, 4);
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('字段 static 的选项不是来自数据源或 SQL');
    expect((await get(id, 99)).statusCode).toBe(404);
    expect((await t.get(`/api/form-scheme/${id}/field-options/1`)).statusCode).toBe(401);
  });

  it('answers 404 for a disabled form to users without the list button; the designer preview needs edit', async () => {
    const id = await optionsForm(false);
    expect((await get(id, 1)).statusCode).toBe(404);
    expect((await get(id, 1, '', admin)).json().code).toBe(0);

    const preview = { field: field(1, 'x', 'select', {}, { dataType: 'dataSql', database: 'local', sql: CITIES, showField: 'label' }), keyword: '京' };
    expect((await t.send('POST', '/api/form-scheme/field-options', preview, zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/form-scheme/field-options', preview, admin)).json().data.rows).toEqual([{ label: '北京', value: 'bj' }]);
    const writes = await t.send(
      'POST',
      '/api/form-scheme/field-options',
      { field: field(1, 'x', 'select', {}, { dataType: 'dataSql', sql: 'delete from users' }) },
      admin,
    );
    expect(writes.statusCode).toBe(400);
  });
});

/** LinkDriver.transaction: commits together, rolls back together (also after a statement the database refuses). */
async function transactionBehaviour(linkId: string): Promise<void> {
  const d = await t.deps.links.forLink('default', linkId);
  const table = unique('tx');
  const q = (name: string) => d.quoteIdent(name);
  await d.executeDdl([`create table ${q(table)} (${q('id')} varchar(36) primary key, ${q('n')} int not null)`]);
  const insert = `insert into ${q(table)} (${q('id')}, ${q('n')}) values (${d.placeholder(1)}, ${d.placeholder(2)})`;
  const rows = async () => (await d.execute(`select ${q('id')} from ${q(table)} order by ${q('id')}`, [])).rows.map((r) => String(Object.values(r)[0]));

  const answer = await d.transaction(async (tx) => {
    await tx.execute(insert, ['a', 1]);
    await tx.execute(insert, ['b', 2]);
    return 'done';
  });
  expect(answer).toBe('done');
  expect(await rows()).toEqual(['a', 'b']);

  await expect(
    d.transaction(async (tx) => {
      await tx.execute(insert, ['c', 3]);
      throw new Error('changed my mind');
    }),
  ).rejects.toThrow('changed my mind');
  await expect(
    d.transaction(async (tx) => {
      await tx.execute(insert, ['d', 4]);
      await tx.execute(insert, ['a', 5]);
    }),
  ).rejects.toMatchObject({ status: 400 });
  expect(await rows()).toEqual(['a', 'b']);
  // The connection is usable afterwards.
  await d.transaction((tx) => tx.execute(insert, ['e', 6]));
  expect(await rows()).toEqual(['a', 'b', 'e']);
}

/** A form on a link: tables created, a record with sub-table rows stored and read back, a refused row rolls back. */
async function formOnLink(linkId: string): Promise<void> {
  const main = unique('leave');
  const sub = unique('leave_item');
  const form = leaveForm(main, sub);
  form.tableInfo = form.tableInfo.map((table) => ({ ...table, dbId: linkId }));
  const created = (await t.send('POST', '/api/form-scheme/customtable', form, admin)).json();
  expect(created, JSON.stringify(created)).toMatchObject({
    code: 0,
    data: {
      tables: [
        { name: main, created: true },
        { name: sub, created: true },
      ],
    },
  });
  const id = created.data.F_Id;
  const key = (await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: goodData() }, admin)).json().data.primaryKey;
  const read = (await t.get(`/api/form-scheme/${id}/instance-form-list/${key}`, admin)).json().data.formData;
  expect(read).toEqual({
    ...goodData(),
    F_Tags: 'a,c',
    items: [
      { item_name: '车票', item_amount: '120.5' },
      { item_name: '住宿', item_amount: '300' },
      { item_name: '餐费', item_amount: '0.25' },
    ],
  });

  const d = await t.deps.links.forLink('default', linkId);
  const count = async (table: string) => Number(Object.values((await d.execute(`select count(*) as n from ${d.quoteIdent(table)}`, [])).rows[0])[0]);
  await d.executeDdl([`alter table ${d.quoteIdent(sub)} add constraint ${d.quoteIdent(`${sub}_ck`)} check (${d.quoteIdent('item_amount')} < 1000)`]);
  const refused = await t.send(
    'POST',
    `/api/form-scheme/${id}/instance-form-list`,
    {
      formData: {
        ...goodData(),
        items: [
          { item_name: 'ok', item_amount: '1' },
          { item_name: 'no', item_amount: '5000' },
        ],
      },
    },
    admin,
  );
  expect(refused.statusCode).toBe(400);
  expect(await count(main)).toBe(1);
  expect(await count(sub)).toBe(3);
  expect(
    (
      await t.send(
        'PUT',
        `/api/form-scheme/${id}/instance-form-list/${key}`,
        { formData: { ...goodData(), items: [{ item_name: 'x', item_amount: '9999' }] } },
        admin,
      )
    ).statusCode,
  ).toBe(400);
  expect(await count(sub)).toBe(3);
  expect((await t.send('DELETE', `/api/form-scheme/${id}/instance-form-list/${key}`, undefined, admin)).json().code).toBe(0);
  expect([await count(main), await count(sub)]).toEqual([0, 0]);
}

describe('LinkDriver.transaction', () => {
  it('commits and rolls back on the platform link', async () => {
    await transactionBehaviour(DEFAULT_LINK_ID);
  });
});

describeOnLinkDatabases(
  'forms',
  () => t,
  'forms',
  (linkId) => {
    it('LinkDriver.transaction commits and rolls back', async () => {
      await transactionBehaviour(linkId());
    });

    it('stores form data in one transaction', async () => {
      await formOnLink(linkId());
    });
  },
);
