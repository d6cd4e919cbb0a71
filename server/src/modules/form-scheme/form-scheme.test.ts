import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName as unique } from '../../test/link-databases.js';
import { field, type Loose } from './test-fields.js';

let t: TestApp;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t?.close());

const scheme = (data: Loose[]) => ({ data, formConf: { labelWidth: 100 } });
const body = (extra: Loose = {}): Loose => ({ F_Name: '请假单', F_Type: 0, F_Category: 'hr', F_Scheme: scheme([field(1, 'F_Name', 'input')]), ...extra });

const add = (b: Loose, token = admin) => t.send('POST', '/api/form-scheme', b, token);
const addTables = (b: Loose, token = admin) => t.send('POST', '/api/form-scheme/customtable', b, token);
const formCount = async () =>
  Number(
    (
      await t.deps.db
        .selectFrom('form_schemes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('form schemes: list, detail, versions', () => {
  it('adds, pages with filters and keyword, reads and deletes', async () => {
    const name = unique('表单');
    const res = (await add(body({ F_Name: name, F_Description: '说明' }))).json();
    expect(res).toMatchObject({ code: 0, msg: '新增成功', data: { F_Version: 1, tables: [] } });
    const id = res.data.F_Id;
    await add(body({ F_Name: `${name}_b`, F_Category: 'finance' }));
    const address = unique('addr');
    await add(body({ F_Name: `${name}_c`, F_Type: 2, F_Url: address }));

    const page = (q: string) =>
      t.get(`/api/form-scheme/page?keyword=${encodeURIComponent(name)}${q.includes('size=') ? '' : '&size=50'}${q}`, admin).then((r) => r.json());
    expect(await page('')).toMatchObject({ code: 0, data: { Total: 3 } });
    expect((await page('&F_Type=0')).data.Total).toBe(2);
    expect((await page('&F_Type=1')).data.Rows.map((r: Loose) => r.F_Url)).toEqual([address]);
    expect((await page('&F_Type=2')).data.Total).toBe(1);
    expect((await page('&F_Category=finance')).data.Total).toBe(1);
    expect((await page('&size=1&limit=2')).data).toMatchObject({ Total: 3, Rows: [{}] });
    expect((await t.get('/api/form-scheme/page?keyword=nothing-like-this', admin)).json().data.Total).toBe(0);
    const row = (await page('&F_Type=0&F_Category=hr')).data.Rows[0];
    expect(row).toMatchObject({
      F_Id: id,
      F_Name: name,
      F_Type: 0,
      F_Category: 'hr',
      F_Url: '',
      F_Description: '说明',
      F_EnabledMark: 1,
      F_IsDefault: 0,
      F_Version: 1,
      F_CreateUserName: expect.any(String),
      F_HasTables: false,
    });

    const detail = (await t.get(`/api/form-scheme/${id}`, admin)).json();
    expect(detail).toMatchObject({
      code: 0,
      data: {
        F_Id: id,
        F_SchemeId: res.data.F_SchemeId,
        F_Scheme: { data: [{ __vModel__: 'F_Name', __config__: { formId: 1, avueType: 'input' } }] },
        tableInfo: [],
      },
    });

    expect((await t.send('DELETE', `/api/form-scheme/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/form-scheme/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/form-scheme/${id}`, undefined, admin)).statusCode).toBe(404);
    expect(await t.deps.db.selectFrom('form_scheme_versions').select('id').where('scheme_id', '=', id).execute()).toEqual([]);
  });

  it('accepts F_Scheme as a JSON string', async () => {
    const res = (await add(body({ F_Scheme: JSON.stringify(scheme([field(7, 'a', 'textarea')])) }))).json();
    expect(res.code).toBe(0);
    expect((await t.get(`/api/form-scheme/${res.data.F_Id}`, admin)).json().data.F_Scheme.data[0].__config__.avueType).toBe('textarea');
  });

  it.each([
    ['not JSON', '{"data": ['],
    ['no data', { formConf: {} }],
    ['a duplicate formId', scheme([field(1, 'a', 'input'), field(1, 'b', 'input')])],
    ['a duplicate __vModel__', scheme([field(1, 'a', 'input'), field(2, 'a', 'input')])],
    ['an unknown avueType', scheme([field(1, 'a', 'no-such-type')])],
    ['a value field without __vModel__', scheme([{ __config__: { formId: 1, avueType: 'input', label: 'x' } }])],
  ])('refuses a scheme with %s: 400 schemeInvalid, nothing stored', async (_what, F_Scheme) => {
    const before = await formCount();
    for (const res of [await add(body({ F_Scheme })), await addTables(body({ F_Scheme }))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, msg: '表单配置异常，请检查数据格式' });
    }
    expect(await formCount()).toBe(before);
  });

  it.each([
    ['a backreference', '^(a)\\1$'],
    ['a lookahead', '/^(?=.*\\d).{8,}$/'],
    ['a syntax error', '('],
  ])('refuses a rule with %s (not run by the linear-time engine): 400 naming field and pattern, nothing stored', async (_what, pattern) => {
    const before = await formCount();
    const rules = {
      regList: [
        { pattern: '^\\d+$', message: '' },
        { pattern, message: '格式不对' },
      ],
    };
    const F_Scheme = scheme([field(1, 'F_Name', 'input'), field(2, 'F_Code', 'input', {}, { label: '编号', ...rules })]);
    for (const res of [await add(body({ F_Scheme })), await addTables(body({ F_Scheme }))]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(`字段“编号”的校验规则 ${pattern} 无效或不受支持（不支持反向引用和前后断言）`);
    }
    const en = await t.send('POST', '/api/form-scheme', body({ F_Scheme }), admin, { 'accept-language': 'en' });
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe(`The validation rule ${pattern} of field "编号" is invalid or not supported (backreferences and lookarounds are not supported)`);
    expect(await formCount()).toBe(before);
  });

  it('opens a version stored with a backreference rule, but does not restore it as a new version', async () => {
    const saved = (await add(body())).json().data;
    const content = scheme([field(1, 'F_Name', 'input', {}, { label: '姓名', regList: [{ pattern: '(a)\\1', message: '' }] })]);
    await t.deps.db
      .updateTable('form_scheme_versions')
      .set({ content: JSON.stringify(content) })
      .where('id', '=', saved.F_SchemeId)
      .execute();
    expect((await t.get(`/api/form-scheme/${saved.F_Id}`, admin)).json()).toMatchObject({ code: 0 });
    const res = await t.send('POST', `/api/form-scheme/${saved.F_Id}/history/${saved.F_SchemeId}/restore`, undefined, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('字段“姓名”的校验规则 (a)\\1 无效或不受支持（不支持反向引用和前后断言）');
    expect((await t.get(`/api/form-scheme/${saved.F_Id}/history`, admin)).json().data.Total).toBe(1);
  });

  it('keeps a rule the old engine took and RE2 runs too (\\u escapes, literal flags, nested repetition)', async () => {
    const regList = [
      { pattern: '/^[\\u4e00-\\u9fa5]+$/i', message: '' },
      { pattern: '^(a+)+$', message: '' },
    ];
    expect((await add(body({ F_Scheme: scheme([field(1, 'F_Name', 'input', {}, { regList })]) }))).json()).toMatchObject({ code: 0 });
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'refuses the field name %s (main form or sub-table): 400 naming the field, nothing stored',
    async (name) => {
      const before = await formCount();
      const schemes = [
        scheme([field(1, 'F_Name', 'input'), field(2, name, 'input', {}, { label: '名称' })]),
        scheme([field(1, 'items', 'table', {}, { label: '明细', children: [field(2, name, 'input', {}, { label: '名称' })] })]),
      ];
      for (const F_Scheme of schemes) {
        const res = await add(body({ F_Scheme }));
        expect(res.statusCode).toBe(400);
        expect(res.json().msg).toBe(`字段“名称”的字段名 ${name} 与 JavaScript 对象的内置属性同名，不能使用，请换一个字段名`);
      }
      const en = await t.send('POST', '/api/form-scheme', body({ F_Scheme: schemes[0] }), admin, { 'accept-language': 'en' });
      expect(en.json().msg).toBe(`The field name ${name} of field "名称" is a built-in property of JavaScript objects and cannot be used; choose another name`);
      expect(await formCount()).toBe(before);
    },
  );

  it('answers schemeInvalid for a stored scheme that is broken', async () => {
    const id = (await add(body())).json().data.F_Id;
    const detail = (await t.get(`/api/form-scheme/${id}`, admin)).json().data;
    await t.deps.db
      .updateTable('form_scheme_versions')
      .set({ content: JSON.stringify({ data: [{ __config__: { formId: 1, avueType: 'nope' } }] }) })
      .where('id', '=', detail.F_SchemeId)
      .execute();
    for (const url of [`/api/form-scheme/${id}`, `/api/form-scheme/${id}/info`, `/api/form-scheme/getBySchemeId/${detail.F_SchemeId}`]) {
      const res = await t.get(url, admin);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('表单配置异常，请检查数据格式');
    }
  });

  it('keeps every version, lists history newest first, loads a version and restores one as a new version', async () => {
    const saved = (await add(body())).json().data;
    const id = saved.F_Id;
    const v2 = (
      await t.send(
        'PUT',
        `/api/form-scheme/${id}`,
        body({ F_Name: '第二版', F_Scheme: scheme([field(1, 'F_Name', 'input'), field(2, 'F_Age', 'number')]) }),
        admin,
      )
    ).json();
    expect(v2).toMatchObject({ code: 0, msg: '保存成功', data: { F_Id: id, F_Version: 2 } });

    const history = (await t.get(`/api/form-scheme/${id}/history`, admin)).json().data;
    expect(history.Total).toBe(2);
    expect(history.Rows.map((r: Loose) => [r.F_Version, r.F_Current])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(history.Rows[0]).toMatchObject({ F_SchemeInfoId: id, F_Id: v2.data.F_SchemeId });

    const old = (await t.get(`/api/form-scheme/getBySchemeId/${saved.F_SchemeId}`, zhangsan)).json().data;
    expect(old).toMatchObject({ F_Id: id, F_SchemeId: saved.F_SchemeId, F_Version: 1, F_Name: '第二版' });
    expect(old.F_Scheme.data).toHaveLength(1);
    expect((await t.get(`/api/form-scheme/${id}/info`, zhangsan)).json().data).toMatchObject({ F_Version: 2, F_SchemeId: v2.data.F_SchemeId });

    const restored = (await t.send('POST', `/api/form-scheme/${id}/history/${saved.F_SchemeId}/restore`, undefined, admin)).json();
    expect(restored).toMatchObject({ code: 0, data: { F_Id: id, F_Version: 3 } });
    const current = (await t.get(`/api/form-scheme/${id}`, admin)).json().data;
    expect(current).toMatchObject({ F_Version: 3, F_SchemeId: restored.data.F_SchemeId });
    expect(current.F_Scheme.data).toHaveLength(1);
    expect((await t.get(`/api/form-scheme/${id}/history`, admin)).json().data.Total).toBe(3);

    // Another form's version, and unknown ones, are not found.
    const other = (await add(body())).json().data;
    expect((await t.send('POST', `/api/form-scheme/${id}/history/${other.F_SchemeId}/restore`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/form-scheme/getBySchemeId/nope', admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/form-scheme/nope', body(), admin)).statusCode).toBe(404);
  });

  it('enables and disables; one default per type and category', async () => {
    const category = unique('cat');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await add(body({ F_Category: category }))).json().data.F_Id);
    const elsewhere = (await add(body({ F_Category: unique('cat') }))).json().data.F_Id;
    const defaults = async () =>
      (
        await t.deps.db
          .selectFrom('form_schemes')
          .select(['id', 'is_default'])
          .where('id', 'in', [...ids, elsewhere])
          .execute()
      )
        .filter((r) => r.is_default)
        .map((r) => r.id)
        .sort();
    await t.send('PATCH', `/api/form-scheme/${elsewhere}/set-default/1`, undefined, admin);
    expect((await t.send('PATCH', `/api/form-scheme/${ids[0]}/set-default/1`, undefined, admin)).json().code).toBe(0);
    expect(await defaults()).toEqual([ids[0], elsewhere].sort());
    await t.send('PATCH', `/api/form-scheme/${ids[1]}/set-default/1`, undefined, admin);
    expect(await defaults()).toEqual([ids[1], elsewhere].sort());
    await t.send('PATCH', `/api/form-scheme/${ids[1]}/set-default/0`, undefined, admin);
    expect(await defaults()).toEqual([elsewhere]);
    expect((await t.send('PATCH', `/api/form-scheme/${ids[1]}/set-default/2`, undefined, admin)).statusCode).toBe(400);
    expect((await t.send('PATCH', '/api/form-scheme/nope/set-default/1', undefined, admin)).statusCode).toBe(404);

    expect((await t.send('PATCH', `/api/form-scheme/${ids[2]}/set-enable/0`, undefined, admin)).json().code).toBe(0);
    const pickers = (await t.get('/api/form-scheme?F_Type=0', zhangsan)).json().data.map((r: Loose) => r.F_Id);
    expect(pickers).toContain(ids[0]);
    expect(pickers).not.toContain(ids[2]);
    expect((await t.get(`/api/form-scheme/page?F_Category=${category}&F_EnabledMark=0`, admin)).json().data.Rows.map((r: Loose) => r.F_Id)).toEqual([ids[2]]);
    // A disabled form is not rendered for users without the list button; administrators still see it.
    expect((await t.get(`/api/form-scheme/${ids[2]}/info`, zhangsan)).statusCode).toBe(404);
    expect((await t.get(`/api/form-scheme/${ids[2]}/info`, admin)).statusCode).toBe(200);
  });

  it('address-based forms need a free address that no route uses', async () => {
    const address = unique('leave');
    expect((await add(body({ F_Type: 2, F_Url: '' }))).json().msg).toBe('地址表单必须填写地址');
    expect((await add(body({ F_Type: 2, F_Url: 'a/b' }))).statusCode).toBe(400);
    expect((await add(body({ F_Type: 2, F_Url: 'x y' }))).json().msg).toContain('表单地址只能包含');
    for (const reserved of ['login', 'users', 'form-scheme', 'Upload', 'docs']) {
      const res = await add(body({ F_Type: 2, F_Url: reserved }));
      expect(res.statusCode, reserved).toBe(400);
      expect(res.json().msg).toBe(`表单地址与系统接口冲突：${reserved}`);
    }
    const first = (await add(body({ F_Type: 2, F_Url: address }))).json().data.F_Id;
    const taken = await add(body({ F_Type: 2, F_Url: address.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect((await t.send('PUT', `/api/form-scheme/${first}`, body({ F_Type: 2, F_Url: address, F_Name: '改' }), admin)).json().code).toBe(0);
    const systemForms = (await t.get('/api/form-scheme/systemform', zhangsan)).json().data;
    expect(systemForms.find((f: Loose) => f.F_Id === first)).toMatchObject({ F_Url: address, F_Type: 2, F_Name: '改' });
  });

  it('needs the buttons for administration; signed-in users read enabled forms; other tenants see nothing', async () => {
    const id = (await add(body())).json().data.F_Id;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/form-scheme/page'],
      ['GET', `/api/form-scheme/${id}`],
      ['GET', `/api/form-scheme/${id}/history`],
      ['POST', '/api/form-scheme', body()],
      ['POST', '/api/form-scheme/customtable', body()],
      ['PUT', `/api/form-scheme/${id}`, body()],
      ['PUT', `/api/form-scheme/customtable/${id}`, body()],
      ['DELETE', `/api/form-scheme/${id}`],
      ['PATCH', `/api/form-scheme/${id}/set-enable/0`],
      ['PATCH', `/api/form-scheme/${id}/set-default/1`],
      ['POST', `/api/form-scheme/${id}/history/x/restore`],
      ['POST', '/api/form-scheme/field-options', { field: field(1, 'a', 'select', {}, { dataType: 'dataSql', sql: 'select 1 as v' }) }],
      ['POST', `/api/form-scheme/${id}/instance-form-list`, { formData: {} }],
      ['GET', `/api/form-scheme/${id}/instance-form-list/x`],
    ];
    for (const [method, url, payload] of calls) {
      const res = method === 'GET' ? await t.get(url, zhangsan) : await t.send(method as 'POST', url, payload, zhangsan);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await t.get(`/api/form-scheme/${id}/info`, zhangsan)).json()).toMatchObject({ code: 0, data: { F_Id: id } });
    expect((await t.get(`/api/form-scheme/${id}/info`)).statusCode).toBe(401);

    await t.deps.db
      .insertInto('tenants')
      .values({ id: 'tn_forms', code: 'tn_forms', name: 'Other' })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const theirs = newId();
    const version = newId();
    await t.deps.db
      .insertInto('form_schemes')
      .values({ id: theirs, tenant_id: 'tn_forms', name: 'theirs', current_version_id: version, current_version: 1, created_by: null })
      .execute();
    await t.deps.db
      .insertInto('form_scheme_versions')
      .values({
        id: version,
        tenant_id: 'tn_forms',
        scheme_id: theirs,
        version: 1,
        content: JSON.stringify(scheme([field(1, 'a', 'input')])),
        created_by: null,
      })
      .execute();
    for (const url of [
      `/api/form-scheme/${theirs}`,
      `/api/form-scheme/${theirs}/info`,
      `/api/form-scheme/getBySchemeId/${version}`,
      `/api/form-scheme/${theirs}/history`,
    ]) {
      expect((await t.get(url, admin)).statusCode, url).toBe(404);
    }
    expect((await t.send('PUT', `/api/form-scheme/${theirs}`, body(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/form-scheme/${theirs}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', `/api/form-scheme/${theirs}/set-default/1`, undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/form-scheme/page?size=500', admin)).json().data.Rows.map((r: Loose) => r.F_Id)).not.toContain(theirs);
  });

  it('answers 400 (not 500) for bad bodies and params', async () => {
    expect((await add({ F_Name: '' })).statusCode).toBe(400);
    expect((await add(body({ F_Type: 1 }))).statusCode).toBe(400);
    expect((await add(body({ tableInfo: [{ name: 'a"; drop', type: 'main' }] }))).statusCode).toBe(400);
    expect((await t.get('/api/form-scheme/page?F_Type=9', admin)).statusCode).toBe(400);
    expect((await t.get('/api/form-scheme/x/field-options/abc', admin)).statusCode).toBe(400);
  });
});
