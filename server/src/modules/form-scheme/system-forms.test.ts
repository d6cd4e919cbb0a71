import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName as unique } from '../../test/link-databases.js';
import { field, type Loose } from './test-fields.js';

/** System forms (F_Type 1): a screen in code registered by address; stored like address-based forms, never served by /api/{address}. */

let t: TestApp;
let admin: string;
let zhangsan: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t?.close());

const system = (extra: Loose = {}): Loose => ({
  F_Name: unique('系统表单'),
  F_Type: 1,
  F_Category: 'oa',
  F_Url: unique('notice'),
  F_Description: '公告',
  F_Scheme: { data: [] },
  ...extra,
});
const designed = (extra: Loose = {}): Loose => ({ F_Name: unique('设计表单'), F_Type: 0, F_Scheme: { data: [field(1, 'F_Name', 'input')] }, ...extra });
const add = (b: Loose) => t.send('POST', '/api/form-scheme', b, admin);

describe('system forms (F_Type 1)', () => {
  it('are stored with their empty scheme (form settings kept) and no tables', async () => {
    const res = (await add(system())).json();
    expect(res).toMatchObject({ code: 0, data: { F_Version: 1, tables: [] } });
    const detail = (await t.get(`/api/form-scheme/${res.data.F_Id}`, admin)).json().data;
    expect(detail).toMatchObject({ F_Type: 1, F_Scheme: { data: [] }, tableInfo: [], F_HasTables: false });

    const withScheme = (await add(system({ F_Scheme: JSON.stringify({ data: [], formConf: { labelWidth: 80 } }) }))).json();
    expect(withScheme.code).toBe(0);
    // The renderer-facing reads accept the empty scheme (parseScheme), for the workflow and the parser.
    const info = (await t.get(`/api/form-scheme/${withScheme.data.F_Id}/info`, zhangsan)).json();
    expect(info).toMatchObject({ code: 0, data: { F_Type: 1, F_Scheme: { data: [] } } });
    expect((await t.get(`/api/form-scheme/getBySchemeId/${withScheme.data.F_SchemeId}`, zhangsan)).json().code).toBe(0);
  });

  it('refuse fields, tables and broken schemes, storing nothing', async () => {
    const before = (await t.get('/api/form-scheme/page?F_Type=1&size=500', admin)).json().data.Total;
    const fields = await add(system({ F_Scheme: { data: [field(1, 'F_Name', 'input')] } }));
    expect(fields.statusCode).toBe(400);
    expect(fields.json().msg).toBe('系统表单的字段由其页面代码声明，不能设计字段');
    const tables = await add(system({ tableInfo: [{ name: 'sys_x', type: 'main' }] }));
    expect(tables.statusCode).toBe(400);
    expect(tables.json().msg).toBe('系统表单自行保存数据，不能绑定数据表');
    expect((await add(system({ F_Scheme: '{not json' }))).json().msg).toBe('表单配置异常，请检查数据格式');
    expect((await t.get('/api/form-scheme/page?F_Type=1&size=500', admin)).json().data.Total).toBe(before);
  });

  it('follow the address rules of address-based forms: required, valid, not reserved, unique per tenant across types', async () => {
    expect((await add(system({ F_Url: '' }))).json().msg).toBe('地址表单必须填写地址');
    expect((await add(system({ F_Url: 'x y' }))).json().msg).toContain('表单地址只能包含');
    const reserved = await add(system({ F_Url: 'notice' }));
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().msg).toBe('表单地址与系统接口冲突：notice');

    const address = unique('oaNotice');
    expect((await add(system({ F_Url: address }))).json().code).toBe(0);
    expect((await add(system({ F_Url: address.toUpperCase() }))).statusCode).toBe(409);
    // An address-based form cannot take a system form's address, nor the other way round.
    expect((await add(designed({ F_Type: 2, F_Url: address }))).statusCode).toBe(409);
    const other = unique('addr');
    expect((await add(designed({ F_Type: 2, F_Url: other }))).json().code).toBe(0);
    expect((await add(system({ F_Url: other }))).statusCode).toBe(409);
  });

  it('keep their type: no change to or from a system form; their own address and name may change', async () => {
    const sys = (await add(system())).json().data.F_Id;
    const form = (await add(designed())).json().data.F_Id;
    const toDesigned = await t.send('PUT', `/api/form-scheme/${sys}`, designed({ F_Type: 0 }), admin);
    expect(toDesigned.statusCode).toBe(400);
    expect(toDesigned.json().msg).toBe('系统表单与其他类型的表单不能互相转换');
    expect((await t.send('PUT', `/api/form-scheme/${sys}`, designed({ F_Type: 2, F_Url: unique('a') }), admin)).statusCode).toBe(400);
    expect((await t.send('PUT', `/api/form-scheme/${form}`, system(), admin)).statusCode).toBe(400);
    const address = unique('renamed');
    const saved = (await t.send('PUT', `/api/form-scheme/${sys}`, system({ F_Name: '改名', F_Url: address }), admin)).json();
    expect(saved).toMatchObject({ code: 0, data: { F_Version: 2 } });
    expect((await t.get(`/api/form-scheme/${sys}`, admin)).json().data).toMatchObject({ F_Name: '改名', F_Url: address, F_Type: 1 });
  });

  it('GET /form-scheme/systemform answers the enabled F_Type 1 and 2 forms of the tenant; the pickers and list filter by type', async () => {
    const sys = (await add(system({ F_Name: unique('sf') }))).json().data.F_Id;
    const addressed = (await add(designed({ F_Type: 2, F_Url: unique('af') }))).json().data.F_Id;
    const plain = (await add(designed())).json().data.F_Id;
    const off = (await add(system())).json().data.F_Id;
    await t.send('PATCH', `/api/form-scheme/${off}/set-enable/0`, undefined, admin);

    const ids = async (url: string) => ((await t.get(url, zhangsan)).json().data as Loose[]).map((r) => r.F_Id);
    const listed = (await t.get('/api/form-scheme/systemform', zhangsan)).json().data as Loose[];
    expect(listed.find((r) => r.F_Id === sys)).toMatchObject({ F_Type: 1, F_Url: expect.any(String), F_SchemeId: expect.any(String) });
    expect(listed.map((r) => r.F_Id)).toEqual(expect.arrayContaining([sys, addressed]));
    expect(listed.map((r) => r.F_Id)).not.toContain(plain);
    expect(listed.map((r) => r.F_Id)).not.toContain(off);

    expect(await ids('/api/form-scheme?F_Type=1')).toEqual(expect.arrayContaining([sys, addressed]));
    expect(await ids('/api/form-scheme?F_Type=2')).not.toContain(sys);
    expect(await ids('/api/form-scheme?F_Type=0')).not.toContain(sys);

    const page = async (type: number) => ((await t.get(`/api/form-scheme/page?F_Type=${type}&size=500`, admin)).json().data.Rows as Loose[]).map((r) => r.F_Id);
    expect(await page(1)).toEqual(expect.arrayContaining([sys, addressed, off]));
    expect(await page(2)).toEqual(expect.arrayContaining([addressed]));
    expect(await page(2)).not.toContain(sys);
    expect(await page(0)).not.toContain(sys);
  });

  it('are never answered on the /api/{address} data routes, and have no form data of their own', async () => {
    const address = unique('sysdata');
    const id = (await add(system({ F_Url: address }))).json().data.F_Id;
    expect((await t.send('POST', `/api/${address}`, { formData: { F_Name: 'x' } }, admin)).statusCode).toBe(404);
    expect((await t.get(`/api/${address}/k1`, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/${address}/k1`, { formData: {} }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/${address}/k1`, undefined, admin)).statusCode).toBe(404);
    const stored = await t.send('POST', `/api/form-scheme/${id}/instance-form-list`, { formData: { F_Name: 'x' } }, admin);
    expect(stored.statusCode).toBe(400);
    expect(stored.json().msg).toBe('该表单没有绑定数据表，不能保存数据');
  });
});
