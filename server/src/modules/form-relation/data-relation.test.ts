import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const REGIONS = "select * from (values ('华北', 'north'), ('华东', 'east')) v(label, value)";
const CITIES =
  "select * from (values ('北京', 'bj', 'north'), ('天津', 'tj', 'north'), ('上海', 'sh', 'east'), ('广州', 'gz', 'south')) v(label, value, region)";
const sqlField = (formId: number, vModel: string, sql: string) =>
  field(formId, vModel, 'select', {}, { dataType: 'dataSql', database: 'local', sql, showField: 'label', saveField: 'value' });

/** Region → city (SQL options), three static selects for chains, a text field and a sub-table column. */
async function createForm(extra: Loose[] = []): Promise<string> {
  const data = [
    sqlField(1, 'region', REGIONS),
    sqlField(2, 'city', CITIES),
    field(3, 'a', 'select', { __slot__: { options: [] } }, { dataType: 'static' }),
    field(4, 'b', 'radio', { __slot__: { options: [] } }, { dataType: 'static' }),
    field(5, 'c', 'checkbox', { __slot__: { options: [] } }, { dataType: 'static' }),
    field(6, 'note', 'input', {}, { label: '备注' }),
    field(7, 'items', 'table', {}, { layout: 'rowFormItem', children: [field(8, 'item_kind', 'select', {}, { dataType: 'static' })] }),
    sqlField(9, 'city2', CITIES),
    ...extra,
  ];
  const res = await t.send('POST', '/api/form-scheme', { F_Name: unique('联动'), F_Scheme: { data } }, admin);
  expect(res.json().code).toBe(0);
  return res.json().data.F_Id;
}

const relation = (formId: string, source: number, target: number, extra: Loose = {}): Loose => ({
  F_FormId: formId,
  F_Name: '地区联动',
  F_SourceFormId: source,
  F_TargetFormId: target,
  F_FilterField: 'region',
  ...extra,
});
const save = (id: string, b: Loose, token = admin) => t.send('PUT', `/api/data-relation/${id}`, b, token);

describe('data relations', () => {
  it("creates by a client id, lists, reads a form's enabled relations, updates and deletes", async () => {
    const formId = await createForm();
    const id = unique('dr');
    expect((await save(id, relation(formId, 1, 2, { F_Description: '说明' }))).json()).toMatchObject({ code: 0 });

    const page = (await t.get(`/api/data-relation?F_FormId=${formId}`, admin)).json().data;
    expect(page).toMatchObject({
      Total: 1,
      Rows: [
        {
          F_Id: id,
          F_FormId: formId,
          F_FormName: expect.stringContaining('联动'),
          F_SourceFormId: 1,
          F_TargetFormId: 2,
          F_FilterField: 'region',
          F_EnabledMark: 1,
          F_Description: '说明',
          F_CreateDate: expect.any(String),
        },
      ],
    });
    expect((await t.get('/api/data-relation?keyword=地区', admin)).json().data.Total).toBe(1);
    expect((await t.get('/api/data-relation', zhangsan)).statusCode).toBe(403);
    expect((await t.get(`/api/data-relation/form/${formId}`, zhangsan)).json().data.map((r: Loose) => r.F_Id)).toEqual([id]);

    expect((await save(id, relation(formId, 1, 2, { F_Name: '改名', F_EnabledMark: 0 }))).json().code).toBe(0);
    expect((await t.get(`/api/data-relation?F_FormId=${formId}`, admin)).json().data.Rows[0]).toMatchObject({ F_Name: '改名', F_EnabledMark: 0 });
    expect((await t.get(`/api/data-relation/form/${formId}`, zhangsan)).json().data).toEqual([]);
    expect((await save(id, relation(formId, 1, 2), zhangsan)).statusCode).toBe(403);

    expect((await t.send('DELETE', `/api/data-relation/${id}`, undefined, zhangsan)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/data-relation/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.send('DELETE', `/api/data-relation/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/data-relation/form/${formId}`, admin)).json().data).toEqual([]);
    expect((await t.get('/api/data-relation/form/nope', admin)).statusCode).toBe(404);
  });

  it.each([
    ['an unknown source', 99, 2, 400, '字段 99 不是表单的主表字段'],
    ['a sub-table column as target', 1, 8, 400, '字段 8 不是表单的主表字段'],
    ['a container as source', 7, 2, 400, '字段 7 不是表单的主表字段'],
    ['a target without options', 1, 6, 400, '字段“备注”不是选项字段（下拉、单选、多选、联想下拉、级联）'],
    ['source = target', 2, 2, 400, '源字段和目标字段不能相同'],
  ])('refuses %s', async (_what, source, target, status, msg) => {
    const formId = await createForm();
    const res = await save(unique('dr'), relation(formId, source, target));
    expect(res.statusCode).toBe(status);
    expect(res.json().msg).toBe(msg);
    expect((await t.get(`/api/data-relation?F_FormId=${formId}`, admin)).json().data.Total).toBe(0);
  });

  it('allows one relation per target (409) and no cycles; an id of another tenant is not found', async () => {
    const formId = await createForm();
    expect((await save(unique('dr'), relation(formId, 3, 4))).json().code).toBe(0);
    const taken = await save(unique('dr'), relation(formId, 1, 4));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe('字段“b”已有数据关联');
    expect((await save(unique('dr'), relation(formId, 4, 5))).json().code).toBe(0);
    const cycle = await save(unique('dr'), relation(formId, 5, 3));
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('数据关联不能形成循环：3 → 4 → 5 → 3');

    await t.deps.db
      .insertInto('tenants')
      .values({ id: 'tn_dr', code: 'tn_dr', name: 'Other' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const foreign = await t.send('PUT', `/api/data-relation/${unique('x')}`, relation(formId, 1, 2), admin);
    expect(foreign.json().code).toBe(0);
    const otherId = unique('dr');
    await t.deps.db
      .insertInto('data_relations')
      .values({ id: otherId, tenant_id: 'tn_dr', form_id: formId, name: 'x', source_form_id: 1, target_form_id: 9, filter_field: 'region', created_by: null })
      .execute();
    expect((await save(otherId, relation(formId, 1, 9))).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/data-relation/${otherId}`, undefined, admin)).statusCode).toBe(404);
  });
});

describe('field options filtered by the source value (parentValue)', () => {
  it('wraps the SQL of a cascaded field; empty values answer nothing; multi-values match any; ignored without an enabled relation', async () => {
    const formId = await createForm();
    const get = (formField: number, q: string) =>
      t.get(`/api/form-scheme/${formId}/field-options/${formField}${q}`, zhangsan).then((r) => r.json().data.rows.map((row: Loose) => row.value));
    expect(await get(2, '?parentValue=north')).toEqual(['bj', 'tj', 'sh', 'gz']);

    const id = unique('dr');
    expect((await save(id, relation(formId, 1, 2))).json().code).toBe(0);
    expect(await get(2, '?parentValue=north')).toEqual(['bj', 'tj']);
    expect(await get(2, `?parentValue=${encodeURIComponent('north, east')}`)).toEqual(['bj', 'tj', 'sh']);
    expect(await get(2, '?parentValue=north&keyword=天')).toEqual(['tj']);
    expect(await get(2, '?parentValue=')).toEqual([]);
    expect(await get(2, '?parentValue=west')).toEqual([]);
    expect(await get(2, '')).toEqual(['bj', 'tj', 'sh', 'gz']);
    // Another field of the form has no relation: parentValue is ignored.
    expect(await get(9, '?parentValue=north')).toHaveLength(4);

    expect((await save(id, relation(formId, 1, 2, { F_EnabledMark: 0 }))).json().code).toBe(0);
    expect(await get(2, '?parentValue=north')).toHaveLength(4);

    expect((await save(id, relation(formId, 1, 2, { F_FilterField: 'bad name' }))).json().code).toBe(0);
    const bad = await t.get(`/api/form-scheme/${formId}/field-options/2?parentValue=north`, zhangsan);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('过滤字段 bad name 不是合法的列名');
  });

  it('filters the rows of a data source by the filter column', async () => {
    const code = unique('ds');
    const ds = await t.send(
      'POST',
      '/api/data-sources',
      { F_Code: code, F_Name: '城市', F_DbId: 'local', F_Sql: CITIES, F_Params: [], F_IdField: '', F_ParentField: '', F_Description: '' },
      admin,
    );
    expect(ds.json().code).toBe(0);
    const formId = await createForm([field(10, 'city_ds', 'select', {}, { dataType: 'dataSource', dataSource: code, showField: 'label', saveField: 'value' })]);
    expect((await save(unique('dr'), relation(formId, 1, 10))).json().code).toBe(0);
    const get = (q: string) =>
      t.get(`/api/form-scheme/${formId}/field-options/10${q}`, zhangsan).then((r) => r.json().data.rows.map((row: Loose) => row.value));
    expect(await get('?parentValue=east,south')).toEqual(['sh', 'gz']);
    expect(await get('?parentValue=north&keyword=北')).toEqual(['bj']);
    expect(await get('?parentValue=')).toEqual([]);
  });
});
