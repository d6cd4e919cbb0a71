import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildTree } from './tree.js';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t?.close());

/** Constant queries on the platform link (PGlite or PostgreSQL): no tables needed. */
const NUMBERS = "select g as n, 'item ' || g as label, g % 3 as bucket from generate_series(1, 50) g where g <= @max";
const TREE =
  "select * from (values ('1', '', 'root'), ('2', '1', 'child a'), ('3', '1', 'child b'), ('4', '2', 'grandchild'), ('5', '6', 'cycle x'), ('6', '5', 'cycle y')) v(id, parent_id, name)";
const PEOPLE = "select * from (values ('alice', 30), ('bob', 40), ('o''hara', 50)) v(who, age) where who = @who or @who = 'all'";

let seq = 0;
const source = (extra: Record<string, unknown> = {}) => ({
  F_Code: `ds${++seq}`,
  F_Name: '数字',
  F_DbId: DEFAULT_LINK_ID,
  F_Sql: NUMBERS,
  F_Params: [{ name: 'max', label: '上限', defaultValue: '30' }],
  F_IdField: 'n',
  F_ParentField: '',
  F_Description: '',
  ...extra,
});

async function add(body: Record<string, unknown> = source()): Promise<string> {
  const res = await t.send('POST', '/api/data-sources', body, admin);
  expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
  return res.json().data.id;
}

const data = (id: string, query = '', token = admin) => t.get(`/api/data-sources/${id}/data${query}`, token);
const q = (values: Record<string, unknown>) =>
  `?${new URLSearchParams(Object.entries(values).map(([k, v]): [string, string] => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()}`;

describe('data sources: definitions', () => {
  it('documents every data-source and interface path in the OpenAPI document', async () => {
    const doc = (await t.get('/api/docs/json')).json();
    const paths = Object.keys(doc.paths);
    for (const path of [
      '/api/data-sources',
      '/api/data-sources/{id}',
      '/api/data-sources/{id}/fields',
      '/api/data-sources/{id}/data',
      '/api/data-sources/{id}/data/',
      '/api/data-sources/{id}/tree',
      '/api/data-sources/{id}/columns/{col}/data',
      '/api/interface',
      '/api/interface/',
      '/api/interface/page',
      '/api/interface/{id}',
      '/api/interface/{id}/test',
    ]) {
      expect(paths, path).toContain(path);
    }
  });

  it('adds, lists (paged, keyword), edits and deletes', async () => {
    const id = await add(source({ F_Code: 'numbers.main', F_Name: '数字列表' }));
    const page = (await t.get('/api/data-sources?limit=1&size=5&keyword=数字列', admin)).json().data;
    expect(page.Total).toBe(1);
    expect(page.Rows[0]).toMatchObject({
      F_Id: id,
      F_Code: 'numbers.main',
      F_DbId: 'local',
      F_Sql: NUMBERS,
      F_Params: [{ name: 'max', label: '上限', defaultValue: '30' }],
      F_IdField: 'n',
    });
    expect(page.Rows[0].F_CreateDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const edited = await t.send(
      'PUT',
      `/api/data-sources/${id}`,
      source({ F_Code: 'numbers.main', F_Name: '改名', F_Params: [{ name: 'max', defaultValue: '5' }] }),
      admin,
    );
    expect(edited.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get('/api/data-sources?keyword=numbers.main', admin)).json().data.Rows[0]).toMatchObject({
      F_Name: '改名',
      F_Params: [{ name: 'max', label: '', defaultValue: '5' }],
    });
    expect((await data(id)).json().data.Total).toBe(5);

    expect((await t.send('DELETE', `/api/data-sources/${id}`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '删除成功' });
    expect((await t.send('DELETE', `/api/data-sources/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/data-sources/${id}`, source(), admin)).statusCode).toBe(404);
    expect((await data(id)).statusCode).toBe(404);
  });

  it('refuses a duplicate code with 409 and a clear message', async () => {
    await add(source({ F_Code: 'dup' }));
    const res = await t.send('POST', '/api/data-sources', source({ F_Code: 'dup' }), admin);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('数据源编号已存在：dup');
    const other = await add(source({ F_Code: 'dup-2' }));
    expect((await t.send('PUT', `/api/data-sources/${other}`, source({ F_Code: 'dup' }), admin)).statusCode).toBe(409);
  });

  it('checks the query on save: broken SQL answers with the database message, unknown links and columns are refused', async () => {
    const broken = await t.send('POST', '/api/data-sources', source({ F_Sql: 'select nope from nowhere_table_x', F_Params: [] }), admin);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toMatch(/nowhere_table_x/);

    const link = await t.send('POST', '/api/data-sources', source({ F_DbId: 'no-such-link' }), admin);
    expect(link.statusCode).toBe(400);
    expect(link.json().msg).toBe('数据库连接不存在：no-such-link');

    const field = await t.send('POST', '/api/data-sources', source({ F_IdField: 'missing_col' }), admin);
    expect(field.statusCode).toBe(400);
    expect(field.json().msg).toBe('查询结果中没有这个字段：missing_col');

    const undeclared = await t.send('POST', '/api/data-sources', source({ F_Params: [] }), admin);
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().msg).toMatch(/max/);

    // Only a query expression can stand in the derived table; the transaction is read-only anyway.
    for (const sql of ['delete from users', 'select 1; drop table users', 'update users set real_name = 1', 'create table x (a int)']) {
      expect((await t.send('POST', '/api/data-sources', source({ F_Sql: sql, F_Params: [] }), admin)).statusCode, sql).toBe(400);
    }
    // Platform tables are not readable through the platform link.
    expect((await t.send('POST', '/api/data-sources', source({ F_Sql: 'select * from public.users', F_Params: [], F_IdField: '' }), admin)).statusCode).toBe(
      400,
    );
  });

  it('refuses malformed definitions with 400', async () => {
    const bad = [
      source({ F_Code: '' }),
      source({ F_Code: '1abc' }),
      source({ F_Sql: '' }),
      source({ F_IdField: 'a b' }),
      source({ F_Params: [{ name: 'bad name' }] }),
      source({ F_Params: [{ name: 'max' }, { name: 'MAX' }] }),
    ];
    for (const body of bad) expect((await t.send('POST', '/api/data-sources', body, admin)).statusCode, JSON.stringify(body)).toBe(400);
  });
});

describe('data sources: reading', () => {
  let numbers: string;
  let tree: string;
  let people: string;
  beforeAll(async () => {
    numbers = await add();
    tree = await add(source({ F_Sql: TREE, F_Params: [], F_IdField: 'id', F_ParentField: 'parent_id' }));
    people = await add(source({ F_Sql: PEOPLE, F_Params: [{ name: 'who', defaultValue: 'all' }], F_IdField: '' }));
  });

  it('answers the result columns', async () => {
    const fields = (await t.get(`/api/data-sources/${numbers}/fields`, admin)).json().data;
    expect(fields.map((f: { name: string }) => f.name)).toEqual(['n', 'label', 'bucket']);
    expect(fields[0].dataType).toMatch(/int/);
    expect(fields[1].dataType).toMatch(/text/);
  });

  it('pages rows (limit = page, size) with parameter defaults and given values', async () => {
    const page2 = (await data(numbers, '?limit=2&size=10')).json().data;
    expect(page2.Total).toBe(30);
    expect(page2.Rows.map((r: { n: number }) => r.n)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(page2.fields.map((f: { name: string }) => f.name)).toEqual(['n', 'label', 'bucket']);
    expect(page2.durationMs).toBeGreaterThanOrEqual(0);
    const limited = (await data(numbers, q({ params: { max: 7 }, size: 5, limit: 2 }))).json().data;
    expect(limited.Total).toBe(7);
    expect(limited.Rows.map((r: { n: number }) => r.n)).toEqual([6, 7]);
    expect((await data(numbers, q({ params: { max: '3' } }))).json().data.Total).toBe(3);
    expect((await data(numbers, '?limit=9&size=10')).json().data.Rows).toEqual([]);
  });

  it('filters a result column with a bound keyword (also as /data/)', async () => {
    const res = (await data(numbers, q({ field: 'label', keyword: 'ITEM 1', size: 100 }))).json().data;
    expect(res.Total).toBe(11);
    expect(res.Rows.map((r: { n: number }) => r.n)).toEqual([1, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    const slash = (await t.get(`/api/data-sources/${numbers}/data/${q({ field: 'n', keyword: '2', size: 100 })}`, admin)).json().data;
    expect(slash.Total).toBe(12); // 2, 12, 20-29
    // Wildcards are literal.
    expect((await data(numbers, q({ field: 'label', keyword: '%' }))).json().data.Total).toBe(0);
    expect((await data(numbers, q({ field: 'label', keyword: 'item _' }))).json().data.Total).toBe(0);
    expect((await data(numbers, q({ field: 'label', keyword: '' }))).json().data.Total).toBe(30);
  });

  it('binds values: injection text matches nothing; field names are validated', async () => {
    expect((await data(numbers, q({ field: 'label', keyword: "' or 1=1 --" }))).json().data.Total).toBe(0);
    expect((await data(people, q({ params: { who: "' or 1=1 --" } }))).json().data.Total).toBe(0);
    expect((await data(people, q({ params: { who: "o'hara" } }))).json().data.Rows).toEqual([{ who: "o'hara", age: 50 }]);
    expect((await data(people, '')).json().data.Total).toBe(3);

    for (const field of ['label;drop table users', 'label--', '"label"', 'nope']) {
      const res = await data(numbers, q({ field, keyword: 'x' }));
      expect(res.statusCode, field).toBe(400);
    }
    const unknown = await data(numbers, q({ params: { evil: 1 } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('数据源没有这个参数：evil');
    expect((await data(numbers, '?params=not-json')).statusCode).toBe(400);
    expect((await data(numbers, '?params=[1,2]')).statusCode).toBe(400);
    expect((await data(numbers, q({ params: { max: 'abc' } }))).statusCode).toBe(400);
  });

  it('builds a nested tree; rows in a cycle appear once', async () => {
    const res = (await t.get(`/api/data-sources/${tree}/tree`, admin)).json().data;
    expect(res).toHaveLength(2);
    expect(res[0]).toMatchObject({
      id: '1',
      name: 'root',
      children: [
        { id: '2', children: [{ id: '4', children: [] }] },
        { id: '3', children: [] },
      ],
    });
    expect(res[1]).toMatchObject({ id: '5', children: [{ id: '6', children: [] }] });

    const flat = (await t.get(`/api/data-sources/${tree}/tree${q({ idField: 'name', parentField: 'parent_id' })}`, admin)).json().data;
    expect(flat).toHaveLength(6);
    expect((await t.get(`/api/data-sources/${numbers}/tree`, admin)).json().msg).toBe('请先设置主键字段和父级字段（查询结果中的列）');
    expect((await t.get(`/api/data-sources/${tree}/tree?idField=nope&parentField=parent_id`, admin)).statusCode).toBe(400);
  });

  it('answers distinct values of a column, ordered; the column is validated', async () => {
    const res = (await t.get(`/api/data-sources/${numbers}/columns/bucket/data`, admin)).json().data;
    expect(res).toEqual({ values: [0, 1, 2], truncated: false });
    const parents = (await t.get(`/api/data-sources/${tree}/columns/parent_id/data`, admin)).json().data.values;
    expect(parents).toEqual(['', '1', '2', '5', '6']);
    expect((await t.get(`/api/data-sources/${numbers}/columns/nope/data`, admin)).statusCode).toBe(400);
    expect((await t.get(`/api/data-sources/${numbers}/columns/${encodeURIComponent('n;drop')}/data`, admin)).statusCode).toBe(400);
  });

  it('reads are open to every signed-in user of the tenant; definitions need the buttons', async () => {
    expect((await data(numbers, '', staff)).json().data.Total).toBe(30);
    expect((await t.get(`/api/data-sources/${numbers}/fields`, staff)).statusCode).toBe(200);
    expect((await t.get(`/api/data-sources/${tree}/tree`, staff)).statusCode).toBe(200);
    expect((await t.get(`/api/data-sources/${numbers}/columns/bucket/data`, staff)).statusCode).toBe(200);
    expect((await t.get('/api/data-sources', staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/data-sources', source(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `/api/data-sources/${numbers}`, source(), staff)).statusCode).toBe(403);
    expect((await t.send('DELETE', `/api/data-sources/${numbers}`, undefined, staff)).statusCode).toBe(403);
    expect((await t.get(`/api/data-sources/${numbers}/data`)).statusCode).toBe(401);
  });

  it("another tenant's data sources are never seen, run or changed", async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'ds-t2', code: 'ds-t2', name: 'Other' }).execute();
    await db
      .insertInto('data_sources')
      .values({ id: 'other-ds', tenant_id: 'ds-t2', code: 'other', name: '别家', link_id: 'local', sql_text: 'select 1 as a', params: '[]' })
      .execute();
    expect((await t.get('/api/data-sources?size=500', admin)).json().data.Rows.some((r: { F_Id: string }) => r.F_Id === 'other-ds')).toBe(false);
    for (const url of ['data', 'fields', 'tree', 'columns/a/data']) expect((await t.get(`/api/data-sources/other-ds/${url}`, admin)).statusCode, url).toBe(404);
    expect((await t.send('PUT', '/api/data-sources/other-ds', source(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', '/api/data-sources/other-ds', undefined, admin)).statusCode).toBe(404);
  });
});

describe('buildTree', () => {
  it('places every row once, whatever the cycles and self-references', () => {
    const rows = [
      { id: 1, pid: 1 },
      { id: 2, pid: 3 },
      { id: 3, pid: 4 },
      { id: 4, pid: 2 },
      { id: 5, pid: null },
      { id: 6, pid: 5 },
      { id: 7, pid: 99 },
    ];
    const tree = buildTree(rows, 'id', 'pid');
    const count = (nodes: { children: unknown[] }[]): number => nodes.reduce((n, node) => n + 1 + count(node.children as { children: unknown[] }[]), 0);
    expect(count(tree)).toBe(7);
    expect(tree.map((n) => n.id)).toEqual([1, 5, 7, 2]);
  });
});

describe.skipIf(!process.env.TEST_MARIADB_URL)('data sources over a MariaDB link', () => {
  it('defines a data source with a parameter and reads it (paged, filtered, bound)', async () => {
    const url = new URL(process.env.TEST_MARIADB_URL!);
    const link = await t.send(
      'POST',
      '/api/database-links',
      {
        F_DBAlias: 'maria-ds',
        F_DbType: 'mysql',
        F_ServerAddress: url.hostname,
        F_Port: Number(url.port),
        F_DBName: url.pathname.slice(1),
        F_UserName: decodeURIComponent(url.username),
        F_Password: decodeURIComponent(url.password),
      },
      admin,
    );
    expect(link.json(), JSON.stringify(link.json())).toMatchObject({ code: 0 });
    const linkId = link.json().data.id ?? link.json().data.F_Id;
    const sql =
      "select * from (select 1 as id, 'apple' as name union all select 2, 'banana' union all select 3, 'cherry' union all select 4, 'it''s') t where id >= @min";
    const id = await add(source({ F_Code: 'maria', F_DbId: linkId, F_Sql: sql, F_Params: [{ name: 'min', defaultValue: '2' }], F_IdField: 'id' }));
    const all = (await data(id)).json().data;
    expect(all.Total).toBe(3);
    expect(all.Rows.map((r: { name: string }) => r.name)).toEqual(['banana', 'cherry', "it's"]);
    expect((await data(id, q({ params: { min: 1 }, size: 2, limit: 2 }))).json().data.Rows.map((r: { id: number }) => Number(r.id))).toEqual([3, 4]);
    expect((await data(id, q({ params: { min: 1 }, field: 'name', keyword: 'AN' }))).json().data.Total).toBe(1);
    expect((await data(id, q({ params: { min: 1 }, field: 'name', keyword: "' or 1=1 --" }))).json().data.Total).toBe(0);
    expect((await data(id, q({ params: { min: 1 }, field: 'name', keyword: "'" }))).json().data.Rows.map((r: { name: string }) => r.name)).toEqual(["it's"]);
    // A bound value stays a value: MariaDB compares it as a number, no row 99 appears.
    const union = (await data(id, q({ params: { min: "0 union select 99, 'x'" } }))).json().data;
    expect(union.Rows.map((r: { id: number }) => Number(r.id))).toEqual([1, 2, 3, 4]);
    expect((await t.get(`/api/data-sources/${id}/fields`, admin)).json().data.map((f: { name: string }) => f.name)).toEqual(['id', 'name']);
    expect((await t.get(`/api/data-sources/${id}/columns/name/data`, admin)).json().data.values).toEqual(['banana', 'cherry', "it's"]);
    const broken = await t.send(
      'POST',
      '/api/data-sources',
      source({ F_Code: 'maria-bad', F_DbId: linkId, F_Sql: 'select nope from nowhere_tbl', F_Params: [] }),
      admin,
    );
    expect(broken.statusCode).toBe(400);
    expect(broken.json().msg).toMatch(/nowhere_tbl/);
  });
});

/** One more app for the tests that need small limits (booting an app is the slow part). */
describe('data sources: row cap and time-out', () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp({ sql: { timeoutMs: 1000, maxRows: 10, maxCost: 1_000_000 } });
    token = await app.login('admin');
  });
  afterAll(() => app?.close());

  it('a page never exceeds the row cap; column values report truncation', async () => {
    const res = await app.send('POST', '/api/data-sources', source({ F_Code: 'cap', F_Params: [{ name: 'max', defaultValue: '50' }] }), token);
    const id = res.json().data.id;
    const page = (await app.get(`/api/data-sources/${id}/data?size=50`, token)).json().data;
    expect(page.Rows).toHaveLength(10);
    expect(page.Total).toBe(50);
    expect((await app.get(`/api/data-sources/${id}/columns/n/data`, token)).json().data).toMatchObject({ truncated: true });
  });

  it.skipIf(!process.env.TEST_LINK_POSTGRES_URL)('over a PostgreSQL link: reads with a bound parameter and stops a slow query at the time-out', async () => {
    const url = new URL(process.env.TEST_LINK_POSTGRES_URL!);
    const link = await app.send(
      'POST',
      '/api/database-links',
      {
        F_DBAlias: 'pg-ds',
        F_DbType: 'postgresql',
        F_ServerAddress: url.hostname,
        F_Port: Number(url.port),
        F_DBName: url.pathname.slice(1),
        F_UserName: decodeURIComponent(url.username),
        F_Password: decodeURIComponent(url.password),
      },
      token,
    );
    expect(link.json(), JSON.stringify(link.json())).toMatchObject({ code: 0 });
    const linkId = link.json().data.F_Id;
    const add = async (body: Record<string, unknown>) => {
      const res = await app.send('POST', '/api/data-sources', source({ F_DbId: linkId, ...body }), token);
      expect(res.json(), JSON.stringify(res.json())).toMatchObject({ code: 0 });
      return res.json().data.id as string;
    };
    const numbers = await add({
      F_Code: 'pg-numbers',
      F_Sql: "select g as n, 'item ' || g as label from generate_series(1, @max::int) g",
      F_Params: [{ name: 'max', defaultValue: '25' }],
    });
    const page = (await app.get(`/api/data-sources/${numbers}/data${q({ limit: 3, size: 10 })}`, token)).json().data;
    expect(page.Total).toBe(25);
    expect(page.Rows.map((r: { n: number }) => r.n)).toEqual([21, 22, 23, 24, 25]);
    expect((await app.get(`/api/data-sources/${numbers}/data${q({ field: 'label', keyword: "' or 1=1 --" })}`, token)).json().data.Total).toBe(0);
    expect((await app.get(`/api/data-sources/${numbers}/data${q({ params: { max: '1; drop table x' } })}`, token)).statusCode).toBe(400);

    const slow = await add({
      F_Code: 'pg-slow',
      F_Sql: 'select 1 as x from (select pg_sleep(@s)) s',
      F_Params: [{ name: 's', defaultValue: '0' }],
      F_IdField: '',
    });
    const started = Date.now();
    const res = await app.get(`/api/data-sources/${slow}/data${q({ params: { s: 5 } })}`, token);
    expect(Date.now() - started).toBeLessThan(4000);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/超时/);
  });
});
