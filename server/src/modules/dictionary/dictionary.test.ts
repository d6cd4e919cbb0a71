import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictionaryItem, DictionaryTypeNode } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { closeTestApp } from '../language/test-support.js';
import { insertDemoDictionaries } from './demo-data.js';

let t: TestApp;
let admin: string;
let staff: string;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, staff, manager] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => closeTestApp(t));

const names = (items: DictionaryItem[]) => items.map((i) => i.F_ItemName);

describe('demo dictionaries', () => {
  it('are seeded for the demo tenant', async () => {
    const res = await t.get('/api/data-items/tree', admin);
    expect(res.json().code).toBe(0);
    const codes = (res.json().data as DictionaryTypeNode[]).map((n) => n.F_ItemCode);
    expect(codes).toEqual(['CompanyNature', 'DepartmentNature', 'StampType', 'NewsCategory', 'FlowSort']);
    expect(names((await t.get('/api/data-items/CompanyNature/detail', staff)).json().data)).toEqual(['集团', '分公司', '子公司']);
    expect(names((await t.get('/api/data-items/stamptype/detail', staff)).json().data)).toEqual(['公章', '合同章', '财务章', '个人签名']);
    expect(names((await t.get('/api/data-items/DepartmentNature/detail', staff)).json().data)).toEqual(['职能部门', '业务部门']);
    expect(names((await t.get('/api/data-items/NewsCategory/detail', staff)).json().data)).toEqual(['公司新闻', '行业动态', '通知']);
    expect(names((await t.get('/api/data-items/FlowSort/detail', staff)).json().data)).toEqual(['人事', '财务', '行政']);
  });
});

describe('demo data of an existing tenant (the migration path)', () => {
  it('inserts once and never duplicates', async () => {
    const db = t.deps.db;
    await t.deps.db.insertInto('tenants').values({ id: 't3', code: 't3', name: 'Upgraded' }).execute();
    await insertDemoDictionaries(t.deps.db, 't3');
    await insertDemoDictionaries(t.deps.db, 't3');
    await insertDemoDictionaries(t.deps.db, 'default');
    const count = async (tenantId: string) =>
      Promise.all([
        db
          .selectFrom('dictionary_types')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('dictionary_items')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', tenantId)
          .executeTakeFirstOrThrow(),
      ]).then(([types, items]) => [Number(types.n), Number(items.n)]);
    expect(await count('t3')).toEqual([5, 15]);
    expect(await count('default')).toEqual([5, 15]);
  });
});

describe('dictionary types', () => {
  let parentId: string;
  let childId: string;

  it('adds, lists, updates a type; codes are unique per tenant ignoring case', async () => {
    let res = await t.send('POST', '/api/data-items', { F_ItemCode: 'Priority', F_ItemName: '优先级', F_SortCode: 10 }, admin);
    expect(res.json().code).toBe(0);
    parentId = res.json().data.id;
    res = await t.send('POST', '/api/data-items', { F_ItemCode: 'priority', F_ItemName: '重复' }, admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('priority');
    res = await t.send('POST', '/api/data-items', { F_ParentId: parentId, F_ItemCode: 'Region', F_ItemName: '区域', F_IsTree: 1 }, admin);
    childId = res.json().data.id;

    res = await t.get('/api/data-items?keyword=prio', admin);
    expect(res.json().data.Total).toBe(1);
    expect(res.json().data.Rows[0]).toMatchObject({
      F_ItemId: parentId,
      F_ItemCode: 'Priority',
      F_ItemName: '优先级',
      F_IsTree: 0,
      F_EnabledMark: 1,
      F_DeleteMark: 0,
      F_ParentId: '0',
    });
    res = await t.get(`/api/data-items?parentId=${parentId}`, admin);
    expect(res.json().data.Rows.map((r: { F_ItemId: string }) => r.F_ItemId)).toEqual([childId]);

    const tree = (await t.get('/api/data-items/tree', admin)).json().data as DictionaryTypeNode[];
    expect(tree.find((n) => n.F_ItemId === parentId)?.children.map((c) => c.F_ItemCode)).toEqual(['Region']);

    res = await t.send('PUT', `/api/data-items/${parentId}`, { F_ItemCode: 'Priority', F_ItemName: '优先级别', F_SortCode: 10 }, admin);
    expect(res.json().code).toBe(0);
    res = await t.send('PUT', `/api/data-items/${parentId}`, { F_ItemCode: 'CompanyNature', F_ItemName: 'x' }, admin);
    expect(res.statusCode).toBe(409);
    res = await t.send('PUT', `/api/data-items/${parentId}`, { F_ParentId: childId, F_ItemCode: 'Priority', F_ItemName: 'x' }, admin);
    expect(res.statusCode).toBe(400);
    res = await t.get(`/api/data-items/${parentId}/info`, staff);
    expect(res.json().data).toMatchObject({ F_ItemCode: 'Priority', F_ItemName: '优先级别' });
    expect((await t.get('/api/data-items/priority/info', staff)).json().data.F_ItemId).toBe(parentId);
  });

  it('rejects bad input', async () => {
    for (const body of [
      { F_ItemCode: '', F_ItemName: 'x' },
      { F_ItemCode: '1abc', F_ItemName: 'x' },
      { F_ItemCode: 'ok' },
      { F_ItemCode: 'ok', F_ItemName: 'x', F_IsTree: 5 },
    ]) {
      expect((await t.send('POST', '/api/data-items', body, admin)).statusCode).toBe(400);
    }
    expect((await t.send('POST', '/api/data-items', { F_ParentId: 'nope', F_ItemCode: 'Orphan', F_ItemName: 'x' }, admin)).statusCode).toBe(400);
  });

  it('answers 404 for unknown ids and codes', async () => {
    expect((await t.send('PUT', '/api/data-items/nope', { F_ItemCode: 'Nope', F_ItemName: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/data-items/nope', undefined, admin)).statusCode).toBe(404);
    expect((await t.get('/api/data-items/nope/detail', admin)).statusCode).toBe(404);
    expect((await t.get('/api/data-items/nope/detail/tree', admin)).statusCode).toBe(404);
    expect((await t.get('/api/data-items/nope/info', admin)).statusCode).toBe(404);
  });

  it('refuses to delete a type in use and changes nothing', async () => {
    const res = await t.send('DELETE', `/api/data-items/${parentId}`, undefined, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('该字典分类已被使用（还有字典项或下级分类），不能删除');
    expect((await t.send('DELETE', `/api/data-items/${parentId}`, undefined, admin, { 'accept-language': 'en' })).json().msg).toContain('in use');
    const companyNature = (await t.get('/api/data-items/CompanyNature/info', admin)).json().data.F_ItemId as string;
    expect((await t.send('DELETE', `/api/data-items/${companyNature}`, undefined, admin)).statusCode).toBe(400);
    expect((await t.get('/api/data-items/CompanyNature/detail', admin)).json().data).toHaveLength(3);
    expect((await t.get(`/api/data-items/${parentId}/info`, admin)).statusCode).toBe(200);
  });

  it('deletes an unused type', async () => {
    expect((await t.send('DELETE', `/api/data-items/${childId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.send('DELETE', `/api/data-items/${parentId}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/data-items/${parentId}/info`, admin)).statusCode).toBe(404);
  });
});

describe('dictionary items', () => {
  let typeId: string;
  let flatTypeId: string;
  let east: string;
  let shanghai: string;

  it('adds tree items, sorted, enabled only for selects', async () => {
    typeId = (await t.send('POST', '/api/data-items', { F_ItemCode: 'SalesRegion', F_ItemName: '销售区域', F_IsTree: 1 }, admin)).json().data.id;
    flatTypeId = (await t.send('POST', '/api/data-items', { F_ItemCode: 'Level', F_ItemName: '级别' }, admin)).json().data.id;
    east = (await t.send('POST', '/api/data-item-detail', { F_ItemId: typeId, F_ItemName: '华东', F_ItemValue: 'east', F_SortCode: 2 }, admin)).json().data.id;
    await t.send('POST', '/api/data-item-detail', { F_ItemId: typeId, F_ItemName: '华北', F_ItemValue: 'north', F_SortCode: 1 }, admin);
    shanghai = (
      await t.send('POST', '/api/data-item-detail', { F_ItemId: typeId, F_ParentId: east, F_ItemName: '上海', F_ItemValue: 'sh', F_SortCode: 1 }, admin)
    ).json().data.id;
    await t.send(
      'POST',
      '/api/data-item-detail',
      { F_ItemId: typeId, F_ParentId: east, F_ItemName: '杭州', F_ItemValue: 'hz', F_SortCode: 0, F_EnabledMark: 0 },
      admin,
    );

    const flat = (await t.get('/api/data-items/SalesRegion/detail', staff)).json().data as DictionaryItem[];
    expect(names(flat)).toEqual(['华北', '上海', '华东']);
    expect(flat[1]).toMatchObject({ F_ItemDetailId: shanghai, F_ItemId: typeId, F_ParentId: east, F_ItemValue: 'sh', F_EnabledMark: 1, F_SortCode: 1 });
    const tree = (await t.get(`/api/data-items/${typeId}/detail/tree`, staff)).json().data;
    expect(tree.map((n: DictionaryItem) => n.F_ItemName)).toEqual(['华北', '华东']);
    expect(tree[1].children.map((n: DictionaryItem) => n.F_ItemName)).toEqual(['上海']);
    // The dictionary screen: disabled items too, and the keyword.
    const all = (await t.get(`/api/data-items/${typeId}/detail?all=1`, admin)).json().data as DictionaryItem[];
    expect(names(all)).toEqual(['杭州', '华北', '上海', '华东']);
    expect(names((await t.get(`/api/data-items/${typeId}/detail?all=1&keyword=hz`, admin)).json().data)).toEqual(['杭州']);
    const allTree = (await t.get(`/api/data-items/${typeId}/detail/tree?all=1&keyword=华`, admin)).json().data;
    expect(allTree.map((n: DictionaryItem) => n.F_ItemName)).toEqual(['华北', '华东']);
  });

  it('a disabled dictionary answers no items to selects', async () => {
    await t.send('PUT', `/api/data-items/${flatTypeId}`, { F_ItemCode: 'Level', F_ItemName: '级别', F_EnabledMark: 0 }, admin);
    await t.send('POST', '/api/data-item-detail', { F_ItemId: flatTypeId, F_ItemName: '高', F_ItemValue: 'high' }, admin);
    expect((await t.get('/api/data-items/Level/detail', staff)).json().data).toEqual([]);
    expect(names((await t.get('/api/data-items/Level/detail?all=1', admin)).json().data)).toEqual(['高']);
  });

  it('rejects bad items', async () => {
    const post = (body: object) => t.send('POST', '/api/data-item-detail', body, admin);
    expect((await post({ F_ItemId: typeId, F_ItemName: '重复', F_ItemValue: 'east' })).statusCode).toBe(409);
    expect((await post({ F_ItemId: typeId, F_ItemName: '', F_ItemValue: 'x' })).statusCode).toBe(400);
    expect((await post({ F_ItemId: typeId, F_ItemName: 'x' })).statusCode).toBe(400);
    expect((await post({ F_ItemId: 'nope', F_ItemName: 'x', F_ItemValue: 'x' })).statusCode).toBe(404);
    expect((await post({ F_ItemId: typeId, F_ParentId: 'nope', F_ItemName: 'x', F_ItemValue: 'x' })).statusCode).toBe(400);
    // A flat dictionary has no parents.
    const high = (await t.get('/api/data-items/Level/detail?all=1', admin)).json().data[0].F_ItemDetailId;
    expect((await post({ F_ItemId: flatTypeId, F_ParentId: high, F_ItemName: 'x', F_ItemValue: 'x' })).statusCode).toBe(400);
    // No cycles.
    const res = await t.send(
      'PUT',
      `/api/data-item-detail/${east}`,
      { F_ItemId: typeId, F_ParentId: shanghai, F_ItemName: '华东', F_ItemValue: 'east' },
      admin,
    );
    expect(res.statusCode).toBe(400);
  });

  it('updates and deletes items', async () => {
    let res = await t.send(
      'PUT',
      `/api/data-item-detail/${shanghai}`,
      { F_ItemId: typeId, F_ParentId: east, F_ItemName: '上海市', F_ItemValue: 'sh', F_SortCode: 9 },
      admin,
    );
    expect(res.json().code).toBe(0);
    expect(names((await t.get('/api/data-items/SalesRegion/detail', staff)).json().data)).toContain('上海市');
    expect((await t.send('PUT', '/api/data-item-detail/nope', { F_ItemId: typeId, F_ItemName: 'x', F_ItemValue: 'x' }, admin)).statusCode).toBe(404);
    res = await t.send('DELETE', `/api/data-item-detail/${east}`, undefined, admin);
    expect(res.statusCode).toBe(400);
    expect((await t.send('DELETE', `/api/data-item-detail/${shanghai}`, undefined, admin)).json().code).toBe(0);
    expect((await t.send('DELETE', `/api/data-item-detail/${shanghai}`, undefined, admin)).statusCode).toBe(404);
  });
});

describe('translations of item names', () => {
  it('answers the English name when translated, Chinese otherwise', async () => {
    const items = (await t.get('/api/data-items/CompanyNature/detail', admin)).json().data as DictionaryItem[];
    const res = await t.send(
      'POST',
      '/api/lp-map/object',
      { F_ObjectType: 'dataItem', F_ObjectId: items[0].F_ItemDetailId, translations: { en: 'Group' } },
      admin,
    );
    expect(res.json().code).toBe(0);
    const en = { 'accept-language': 'en-US,en;q=0.9' };
    expect(names((await t.get('/api/data-items/CompanyNature/detail', staff, en)).json().data)).toEqual(['Group', '分公司', '子公司']);
    expect(names((await t.get('/api/data-items/CompanyNature/detail/tree', staff, en)).json().data)).toEqual(['Group', '分公司', '子公司']);
    expect(names((await t.get('/api/data-items/CompanyNature/detail', staff)).json().data)).toEqual(['集团', '分公司', '子公司']);
    expect(names((await t.get('/api/data-items/CompanyNature/detail', staff, { 'accept-language': 'zh-CN' })).json().data)).toEqual([
      '集团',
      '分公司',
      '子公司',
    ]);
  });
});

describe('permissions', () => {
  it('needs the buttons to manage', async () => {
    for (const token of [staff, manager]) {
      expect((await t.get('/api/data-items/tree', token)).statusCode).toBe(403);
      expect((await t.get('/api/data-items', token)).statusCode).toBe(403);
      expect((await t.get('/api/data-items/CompanyNature/detail?all=1', token)).statusCode).toBe(403);
      expect((await t.send('POST', '/api/data-items', { F_ItemCode: 'X', F_ItemName: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PUT', '/api/data-items/x', { F_ItemCode: 'X', F_ItemName: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', '/api/data-items/x', undefined, token)).statusCode).toBe(403);
      expect((await t.send('POST', '/api/data-item-detail', { F_ItemId: 'x', F_ItemName: 'x', F_ItemValue: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('PUT', '/api/data-item-detail/x', { F_ItemId: 'x', F_ItemName: 'x', F_ItemValue: 'x' }, token)).statusCode).toBe(403);
      expect((await t.send('DELETE', '/api/data-item-detail/x', undefined, token)).statusCode).toBe(403);
    }
  });

  it('needs a signed-in user to read', async () => {
    expect((await t.get('/api/data-items/CompanyNature/detail')).statusCode).toBe(401);
    expect((await t.get('/api/data-items/CompanyNature/info')).statusCode).toBe(401);
  });
});

describe('tenant isolation', () => {
  it("never shows or changes another tenant's dictionaries", async () => {
    const db = t.deps.db;
    await t.deps.db.insertInto('tenants').values({ id: 't2', code: 't2', name: 'Other' }).execute();
    await db.insertInto('dictionary_types').values({ id: 'dt2', tenant_id: 't2', code: 'Secret', name: '机密' }).execute();
    await db.insertInto('dictionary_items').values({ id: 'di2', tenant_id: 't2', type_id: 'dt2', name: '机密项', value: 's' }).execute();
    // The same code is free in the demo tenant.
    expect((await t.send('POST', '/api/data-items', { F_ItemCode: 'Secret', F_ItemName: '本租户' }, admin)).json().code).toBe(0);
    const own = (await t.get('/api/data-items/Secret/info', admin)).json().data;
    expect(own.F_ItemId).not.toBe('dt2');
    expect((await t.get('/api/data-items/dt2/info', admin)).statusCode).toBe(404);
    expect((await t.get('/api/data-items/dt2/detail', admin)).statusCode).toBe(404);
    const tree = (await t.get('/api/data-items/tree', admin)).json().data as DictionaryTypeNode[];
    expect(tree.some((n) => n.F_ItemId === 'dt2')).toBe(false);
    expect((await t.get('/api/data-items?keyword=Secret', admin)).json().data.Total).toBe(1);
    expect((await t.send('PUT', '/api/data-items/dt2', { F_ItemCode: 'Secret', F_ItemName: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/data-items/dt2', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', '/api/data-item-detail/di2', { F_ItemId: 'dt2', F_ItemName: 'x', F_ItemValue: 'x' }, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/data-item-detail/di2', undefined, admin)).statusCode).toBe(404);
    expect((await t.send('POST', '/api/data-item-detail', { F_ItemId: 'dt2', F_ItemName: 'x', F_ItemValue: 'x' }, admin)).statusCode).toBe(404);
    expect(await db.selectFrom('dictionary_items').select(['name', 'value']).where('tenant_id', '=', 't2').execute()).toEqual([{ name: '机密项', value: 's' }]);
    expect(await db.selectFrom('dictionary_types').select(['code', 'name']).where('tenant_id', '=', 't2').execute()).toEqual([
      { code: 'Secret', name: '机密' },
    ]);
  });
});
