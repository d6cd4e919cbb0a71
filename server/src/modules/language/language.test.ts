import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryItem, LanguageType, LpMapObject } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closeTestApp } from './test-support.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
let items: DictionaryItem[];
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
  items = (await t.get('/api/data-items/StampType/detail', admin)).json().data;
});
afterAll(() => closeTestApp(t));

describe('language types', () => {
  let ja: string;

  it('Chinese (main) and English are seeded; every signed-in user can read them', async () => {
    const res = await t.get('/api/lg-type', staff);
    expect(res.json().code).toBe(0);
    expect((res.json().data as LanguageType[]).map((l) => [l.F_Code, l.F_Name, l.F_IsMain, l.F_EnabledMark])).toEqual([
      ['zh-CN', '简体中文', 1, 1],
      ['en', 'English', 0, 1],
    ]);
    expect((await t.get('/api/lg-type')).statusCode).toBe(401);
  });

  it('adds, updates, toggles and deletes a language', async () => {
    let res = await t.send('POST', '/api/lg-type', { F_Code: 'ja', F_Name: '日语', F_SortCode: 5 }, admin);
    expect(res.json().code).toBe(0);
    ja = res.json().data.id;
    expect((await t.send('POST', '/api/lg-type', { F_Code: 'JA', F_Name: 'dup' }, admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/lg-type', { F_Code: 'en', F_Name: 'dup' }, admin)).statusCode).toBe(409);
    res = await t.send('PUT', `/api/lg-type/${ja}`, { F_Code: 'ja-JP', F_Name: '日本語', F_SortCode: 5 }, admin);
    expect(res.json().code).toBe(0);
    expect((await t.send('PUT', `/api/lg-type/${ja}`, { F_Code: 'en', F_Name: 'x' }, admin)).statusCode).toBe(409);
    res = await t.send('PATCH', `/api/lg-type/${ja}`, undefined, admin);
    expect(res.json().data).toEqual({ F_EnabledMark: 0 });
    res = await t.send('PATCH', `/api/lg-type/${ja}`, {}, admin);
    expect(res.json().data).toEqual({ F_EnabledMark: 1 });
    res = await t.send('PATCH', `/api/lg-type/${ja}`, { F_EnabledMark: 0 }, admin);
    expect(res.json().data).toEqual({ F_EnabledMark: 0 });
    const list = (await t.get('/api/lg-type', admin)).json().data as LanguageType[];
    expect(list.find((l) => l.F_Id === ja)).toMatchObject({ F_Code: 'ja-JP', F_Name: '日本語', F_EnabledMark: 0, F_IsMain: 0 });
    expect((await t.send('DELETE', `/api/lg-type/${ja}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get('/api/lg-type', admin)).json().data).toHaveLength(2);
  });

  it('the main language cannot be deleted, disabled or recoded', async () => {
    const main = ((await t.get('/api/lg-type', admin)).json().data as LanguageType[]).find((l) => l.F_IsMain === 1)!;
    expect((await t.send('DELETE', `/api/lg-type/${main.F_Id}`, undefined, admin)).statusCode).toBe(400);
    expect((await t.send('PATCH', `/api/lg-type/${main.F_Id}`, undefined, admin)).statusCode).toBe(400);
    expect((await t.send('PUT', `/api/lg-type/${main.F_Id}`, { F_Code: 'zh', F_Name: '中文' }, admin)).statusCode).toBe(400);
    expect((await t.send('PUT', `/api/lg-type/${main.F_Id}`, { F_Code: 'zh-CN', F_Name: '中文' }, admin)).json().code).toBe(0);
  });

  it('rejects bad input and unknown ids', async () => {
    for (const body of [{ F_Code: 'english', F_Name: 'x' }, { F_Code: 'e', F_Name: 'x' }, { F_Code: 'fr' }, { F_Code: 'fr', F_Name: '' }]) {
      expect((await t.send('POST', '/api/lg-type', body, admin)).statusCode).toBe(400);
    }
    expect((await t.send('PUT', '/api/lg-type/nope', { F_Code: 'fr', F_Name: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', '/api/lg-type/nope', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/lg-type/nope', undefined, admin)).statusCode).toBe(404);
  });
});

describe('translation mappings', () => {
  let mapId: string;

  it('creates by object and fills code and Chinese text from the object', async () => {
    const res = await t.send(
      'POST',
      '/api/lp-map/object',
      { F_ObjectType: 'dataItem', F_ObjectId: items[0].F_ItemDetailId, translations: { en: 'Official seal' } },
      admin,
    );
    expect(res.json().code).toBe(0);
    mapId = res.json().data.id;
    const one = (await t.get(`/api/lp-map/object/${mapId}`, admin)).json().data as LpMapObject;
    expect(one).toMatchObject({
      F_Id: mapId,
      F_ObjectType: 'dataItem',
      F_ObjectId: items[0].F_ItemDetailId,
      F_Code: 'StampType.official',
      F_Name: '公章',
      translations: { en: 'Official seal' },
    });
  });

  it('POST again replaces (one row per object), PATCH merges', async () => {
    let res = await t.send(
      'POST',
      '/api/lp-map/object',
      { F_ObjectType: 'dataItem', F_ObjectId: items[0].F_ItemDetailId, F_Code: 'seal.official', translations: { en: 'Company seal' } },
      admin,
    );
    expect(res.json().data.id).toBe(mapId);
    await t.send('POST', '/api/lg-type', { F_Code: 'ja', F_Name: '日语' }, admin);
    res = await t.send('PATCH', '/api/lp-map/object', { F_ObjectType: 'dataItem', F_ObjectId: items[0].F_ItemDetailId, translations: { ja: '社印' } }, admin);
    expect(res.json().data.id).toBe(mapId);
    expect((await t.get(`/api/lp-map/object/${mapId}`, admin)).json().data).toMatchObject({
      F_Code: 'seal.official',
      translations: { en: 'Company seal', ja: '社印' },
    });
    res = await t.send('PATCH', `/api/lp-map/object/${mapId}`, { translations: { ja: '' }, F_Name: '公章' }, admin);
    expect(res.json().code).toBe(0);
    expect((await t.get(`/api/lp-map/object/${mapId}`, admin)).json().data.translations).toEqual({ en: 'Company seal' });
  });

  it('an added language translates too; a missing translation falls back to Chinese', async () => {
    await t.send('PATCH', `/api/lp-map/object/${mapId}`, { translations: { ja: '社印' } }, admin);
    const names = async (lang: string) =>
      ((await t.get('/api/data-items/StampType/detail', staff, { 'accept-language': lang })).json().data as DictionaryItem[]).map((i) => i.F_ItemName);
    expect(await names('ja')).toEqual(['社印', '合同章', '财务章', '个人签名']);
    expect(await names('en')).toEqual(['Company seal', '合同章', '财务章', '个人签名']);
    expect(await names('fr')).toEqual(['公章', '合同章', '财务章', '个人签名']);
    expect(await names('zh-CN')).toEqual(['公章', '合同章', '财务章', '个人签名']);
  });

  it('lists with filters', async () => {
    await t.send('POST', '/api/lp-map/object', { F_ObjectType: 'module', F_ObjectId: 'system-dictionary', translations: { en: 'Data dictionary' } }, admin);
    let page = (await t.get('/api/lp-map/page', admin)).json().data;
    expect(page.Total).toBe(2);
    page = (await t.get('/api/lp-map/page?objectType=module', admin)).json().data;
    expect(page.Rows.map((r: LpMapObject) => [r.F_Code, r.F_Name])).toEqual([['system.dictionary', '数据字典']]);
    expect((await t.get('/api/lp-map/page?keyword=seal', admin)).json().data.Rows.map((r: LpMapObject) => r.F_Id)).toEqual([mapId]);
    expect((await t.get('/api/lp-map/page?keyword=公章', admin)).json().data.Total).toBe(1);
    expect((await t.get(`/api/lp-map/page?objectId=${items[0].F_ItemDetailId}`, admin)).json().data.Total).toBe(1);
    expect((await t.get('/api/lp-map/page?limit=2&size=1', admin)).json().data).toMatchObject({ Total: 2, Rows: [expect.anything()] });
  });

  it('rejects unknown languages, objects and bad input', async () => {
    const post = (body: object) => t.send('POST', '/api/lp-map/object', body, admin);
    const res = await post({ F_ObjectType: 'dataItem', F_ObjectId: items[1].F_ItemDetailId, translations: { fr: 'Sceau' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('fr');
    expect((await post({ F_ObjectType: 'dataItem', F_ObjectId: items[1].F_ItemDetailId, translations: { 'zh-CN': '主语言' } })).statusCode).toBe(400);
    expect((await post({ F_ObjectType: 'dataItem', F_ObjectId: 'nope', translations: { en: 'x' } })).statusCode).toBe(404);
    expect((await post({ F_ObjectType: 'module', F_ObjectId: 'nope', translations: { en: 'x' } })).statusCode).toBe(404);
    expect((await post({ F_ObjectType: 'form', F_ObjectId: 'x', translations: {} })).statusCode).toBe(400);
    expect((await post({ F_ObjectType: 'dataItem', F_ObjectId: items[1].F_ItemDetailId, translations: { 'not a code': 'x' } })).statusCode).toBe(400);
    expect((await t.send('PATCH', `/api/lp-map/object/${mapId}`, { translations: { fr: 'x' } }, admin)).statusCode).toBe(400);
    expect((await t.get('/api/lp-map/object/nope', admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', '/api/lp-map/object/nope', { translations: {} }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/lp-map/object/nope', undefined, admin)).statusCode).toBe(404);
  });

  it('deletes a mapping; deleting a dictionary item deletes its mapping', async () => {
    expect((await t.send('DELETE', `/api/lp-map/object/${mapId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/lp-map/object/${mapId}`, admin)).statusCode).toBe(404);
    const id = (
      await t.send('POST', '/api/lp-map/object', { F_ObjectType: 'dataItem', F_ObjectId: items[3].F_ItemDetailId, translations: { en: 'Signature' } }, admin)
    ).json().data.id;
    expect((await t.send('DELETE', `/api/data-item-detail/${items[3].F_ItemDetailId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/lp-map/object/${id}`, admin)).statusCode).toBe(404);
  });
});

describe('permissions', () => {
  it('needs the buttons to manage', async () => {
    for (const token of [staff, manager]) {
      expect((await t.send('POST', '/api/lg-type', { F_Code: 'fr', F_Name: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PUT', '/api/lg-type/x', { F_Code: 'fr', F_Name: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PATCH', '/api/lg-type/x', undefined, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', '/api/lg-type/x', undefined, token)).statusCode).toBe(403);
      expect((await t.get('/api/lp-map/page', token)).statusCode).toBe(403);
      expect((await t.get('/api/lp-map/object/x', token)).statusCode).toBe(403);
      expect((await t.send('POST', '/api/lp-map/object', { F_ObjectType: 'module', F_ObjectId: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PATCH', '/api/lp-map/object', { F_ObjectType: 'module', F_ObjectId: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PATCH', '/api/lp-map/object/x', {}, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', '/api/lp-map/object/x', undefined, token)).statusCode).toBe(403);
    }
  });
});

describe('tenant isolation', () => {
  it("never shows or changes another tenant's languages and mappings", async () => {
    const db = t.deps.db;
    await t.deps.db.insertInto('tenants').values({ id: 't2', code: 't2', name: 'Other' }).execute();
    await db.insertInto('language_types').values({ id: 'l2', tenant_id: 't2', code: 'de', name: 'Deutsch' }).execute();
    await db.insertInto('dictionary_types').values({ id: 'dt2', tenant_id: 't2', code: 'Secret', name: '机密' }).execute();
    await db.insertInto('dictionary_items').values({ id: 'di2', tenant_id: 't2', type_id: 'dt2', name: '机密项', value: 's' }).execute();
    await db
      .insertInto('lp_map')
      .values({
        id: 'm2',
        tenant_id: 't2',
        object_type: 'module',
        object_id: 'system-language',
        code: 'x',
        name: '多语言',
        translations: JSON.stringify({ en: 'Other tenant' }),
      })
      .execute();
    expect(((await t.get('/api/lg-type', admin)).json().data as LanguageType[]).map((l) => l.F_Id)).not.toContain('l2');
    expect((await t.send('PUT', '/api/lg-type/l2', { F_Code: 'de', F_Name: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', '/api/lg-type/l2', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/lg-type/l2', undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/lp-map/object/m2', admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', '/api/lp-map/object/m2', { translations: { en: 'x' } }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/lp-map/object/m2', undefined, admin)).statusCode).toBe(404);
    expect(((await t.get('/api/lp-map/page?size=100', admin)).json().data.Rows as LpMapObject[]).map((r) => r.F_Id)).not.toContain('m2');
    // Another tenant's dictionary item cannot be translated from here, and its German is not a language here.
    expect((await t.send('POST', '/api/lp-map/object', { F_ObjectType: 'dataItem', F_ObjectId: 'di2', translations: { en: 'x' } }, admin)).statusCode).toBe(
      404,
    );
    expect(
      (await t.send('POST', '/api/lp-map/object', { F_ObjectType: 'module', F_ObjectId: 'system-language', translations: { de: 'x' } }, admin)).statusCode,
    ).toBe(400);
    // Its menu translation does not leak into this tenant's menu.
    const menu = JSON.stringify((await t.get('/api/modules/vue', admin, { 'accept-language': 'en' })).json().data);
    expect(menu).not.toContain('Other tenant');
    expect(await db.selectFrom('lp_map').select(['id', 'translations']).where('tenant_id', '=', 't2').execute()).toEqual([
      { id: 'm2', translations: { en: 'Other tenant' } },
    ]);
    expect(await db.selectFrom('language_types').select(['code', 'name', 'enabled']).where('tenant_id', '=', 't2').execute()).toEqual([
      { code: 'de', name: 'Deutsch', enabled: true },
    ]);
  });

  it('a tenant without languages gets Chinese and English on first read', async () => {
    const db = t.deps.db;
    await db.deleteFrom('language_types').where('tenant_id', '=', 'default').execute();
    expect(((await t.get('/api/lg-type', admin)).json().data as LanguageType[]).map((l) => l.F_Code)).toEqual(['zh-CN', 'en']);
  });
});
