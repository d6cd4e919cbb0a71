import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { describeOnLinkDatabases, uniqueName } from '../../test/link-databases.js';

let t: TestApp;
let admin: string;
let zhangsan: string;
let lisi: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan, lisi] = await Promise.all([t.login('admin'), t.login('zhangsan'), t.login('lisi')]);
});
afterAll(() => t?.close());

const local = DEFAULT_LINK_ID;

type Loose = Record<string, unknown>;
const design = (tableName: string, extra: Loose = {}): { tableName: string; comment: string; columns: Loose[]; indexes: Loose[] } => ({
  tableName,
  comment: "订单'表",
  columns: [
    { name: 'id', dataType: 'int', primaryKey: true, identity: true, nullable: false, comment: '主键' },
    { name: 'title', dataType: 'varchar', length: 50, nullable: false, defaultValue: "it's", comment: '标题' },
    { name: 'amount', dataType: 'decimal', precision: 10, scale: 2, nullable: true, comment: '' },
    { name: 'paid', dataType: 'boolean', nullable: true, defaultValue: false },
    { name: 'due', dataType: 'date', nullable: true },
    { name: 'at', dataType: 'datetime', nullable: true, defaultValue: 'CURRENT_TIMESTAMP' },
    { name: 'extra', dataType: 'json', nullable: true },
  ],
  indexes: [{ name: `ix_${tableName}_title`, columns: ['title'], unique: false }],
  ...extra,
});

const release = (linkId: string, body: unknown, token = admin) => t.send('POST', '/api/database-links/release', { linkId, design: body }, token);
const crudList = (linkId: string, table: string, query = '', token = admin) =>
  t.get(`/api/crud/list?linkId=${linkId}&tableName=${table}${query.includes('&size=') ? '' : '&size=50'}${query}`, token);
const crudAdd = (linkId: string, table: string, data: Record<string, unknown>, token = admin, moduleCode?: string) =>
  t.send('POST', '/api/crud/add', { linkId, tableName: table, data, ...(moduleCode ? { moduleCode } : {}) }, token);

/** Release, second release with a new column, refusals, and every CRUD call, on one link. */
async function releaseAndCrud(linkId: string): Promise<void> {
  const table = uniqueName('orders');
  const first = await release(linkId, design(table));
  expect(first.json()).toMatchObject({
    code: 0,
    msg: '发布成功',
    data: { F_TableName: table, created: true, addedColumns: ['id', 'title', 'amount', 'paid', 'due', 'at', 'extra'] },
  });

  const added = await crudAdd(linkId, table, {
    title: "x'); drop table users; --",
    amount: '12.5',
    paid: true,
    due: '2026-03-01',
    at: '2026-03-01 08:30:00',
    extra: { a: [1, 2] },
  });
  expect(added.json()).toMatchObject({ code: 0, msg: '新增成功' });
  await crudAdd(linkId, table, { title: '第二行', amount: 3 });

  const list = (await crudList(linkId, table)).json();
  expect(list).toMatchObject({ code: 0, msg: '获取成功', data: { Total: 2 } });
  const row = list.data.Rows.find((r: { title: string }) => r.title.startsWith('x'));
  expect(row).toMatchObject({
    title: "x'); drop table users; --",
    amount: '12.50',
    paid: true,
    due: '2026-03-01',
    at: '2026-03-01 08:30:00',
    extra: { a: [1, 2] },
    F_CreateUserId: 'admin',
    F_ModifyDate: null,
  });
  expect(row.F_CreateDate).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  expect(typeof row.id).toBe('number');
  const second = list.data.Rows.find((r: { title: string }) => r.title === '第二行');
  expect(second).toMatchObject({ paid: false, extra: null });
  expect(second.at).toMatch(/^\d{4}-/);
  // Every test server answers the generated key (MariaDB through RETURNING); MySQL proper would answer null.
  expect(added.json().data.id).toBe(row.id);

  // Keyword on a column, on every text column, paging and ordering.
  expect((await crudList(linkId, table, '&keyword=drop&field=title')).json().data.Total).toBe(1);
  expect((await crudList(linkId, table, '&keyword=第二')).json().data.Total).toBe(1);
  expect((await crudList(linkId, table, '&keyword=%25')).json().data.Total).toBe(0);
  const ordered = (await crudList(linkId, table, '&orderBy=amount&order=desc&size=1&limit=2')).json().data;
  expect(ordered).toMatchObject({ Total: 2, Rows: [{ title: '第二行' }] });

  const update = await t.send(
    'PUT',
    '/api/crud/update',
    { linkId, tableName: table, id: row.id, data: { title: '改', amount: null, F_CreateUserId: 'forged' } },
    admin,
  );
  expect(update.json()).toMatchObject({ code: 0, msg: '更新成功' });
  const updated = (await crudList(linkId, table, '&keyword=改&field=title')).json().data.Rows[0];
  expect(updated).toMatchObject({ id: row.id, title: '改', amount: null, F_CreateUserId: 'admin' });
  expect(updated.F_ModifyDate).toMatch(/^\d{4}-/);

  // Bad values and names are refused before anything runs.
  expect((await crudAdd(linkId, table, { title: 'a', amount: '1 or 1=1' })).statusCode).toBe(400);
  expect((await crudAdd(linkId, table, { title: null })).statusCode).toBe(400);
  expect((await crudAdd(linkId, table, { 'title"; drop table x; --': 'a' })).json().msg).toContain('没有字段');
  expect((await crudList(linkId, table, '&orderBy=title%22;drop')).statusCode).toBe(400);
  expect((await crudList(linkId, table, '&orderBy=nope')).statusCode).toBe(400);
  expect((await t.send('PUT', '/api/crud/update', { linkId, tableName: table, id: 'abc', data: {} }, admin)).statusCode).toBe(400);
  expect((await t.send('PUT', '/api/crud/update', { linkId, tableName: table, id: 999999, data: { title: 'z' } }, admin)).statusCode).toBe(404);
  expect(
    (await t.send('DELETE', `/api/crud/delete?linkId=${linkId}&tableName=${table}&id=${encodeURIComponent('1 or 1=1')}`, undefined, admin)).statusCode,
  ).toBe(400);
  expect((await crudList(linkId, table)).json().data.Total).toBe(2);

  // Second release: a new column and index; the same design again adds nothing; a type change is refused.
  const next = design(table);
  next.columns.push({ name: 'note', dataType: 'varchar', length: 20, nullable: true, comment: "备注'" });
  next.indexes.push({ name: `ix_${table}_note`, columns: ['note'], unique: false });
  expect((await release(linkId, next)).json().data).toEqual({ F_TableName: table, created: false, addedColumns: ['note'], addedIndexes: [`ix_${table}_note`] });
  expect((await release(linkId, next)).json().data).toMatchObject({ created: false, addedColumns: [], addedIndexes: [] });
  const changed = design(table);
  changed.columns[1] = { ...changed.columns[1], dataType: 'int', defaultValue: null };
  const refused = await release(linkId, changed);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().msg).toBe('已发布字段 title 的类型不能修改（varchar(50) → int）');
  expect((await crudAdd(linkId, table, { title: 'n', note: '新字段' })).json().code).toBe(0);
  expect((await crudList(linkId, table, '&keyword=新字段&field=note')).json().data.Rows[0]).toMatchObject({ title: 'n', note: '新字段' });

  const del = await t.send('DELETE', `/api/crud/delete?linkId=${linkId}&tableName=${table}&id=${row.id}`, undefined, admin);
  expect(del.json()).toMatchObject({ code: 0, msg: '删除成功' });
  expect((await t.send('DELETE', `/api/crud/delete?linkId=${linkId}&tableName=${table}&id=${row.id}`, undefined, admin)).statusCode).toBe(404);
  expect((await crudList(linkId, table)).json().data.Total).toBe(2);

  // A table on the link that was not released through the designer is refused, for release and CRUD.
  const foreign = uniqueName('foreign');
  const driver = await t.deps.links.forLink('default', linkId);
  await driver.executeDdl([`create table ${driver.quoteIdent(foreign)} (${driver.quoteIdent('id')} int primary key)`]);
  const exists = await release(linkId, design(foreign));
  expect(exists.statusCode).toBe(409);
  expect(exists.json().msg).toBe(`表已存在：${foreign}`);
  expect((await crudList(linkId, foreign)).statusCode).toBe(404);
}

describe('drafts', () => {
  it('saves (replacing), reads one or all, deletes', async () => {
    const table = uniqueName('draft');
    const saved = await t.send('POST', '/api/database-draft', { linkId: local, design: design(table) }, admin);
    expect(saved.json()).toMatchObject({ code: 0, msg: '草稿已保存' });
    const again = await t.send(
      'POST',
      '/api/database-draft',
      { linkId: local, design: design(table, { comment: '第二版', columns: [{ name: 'only', dataType: 'text' }] }) },
      admin,
    );
    expect(again.json().data.F_Id).toBe(saved.json().data.F_Id);

    const one = (await t.get(`/api/database-draft?linkId=${local}&tableName=${table}`, admin)).json();
    expect(one).toMatchObject({
      code: 0,
      msg: '获取成功',
      data: {
        F_Id: saved.json().data.F_Id,
        F_DbLinkId: local,
        F_TableName: table,
        F_Design: { comment: '第二版', columns: [{ name: 'only', dataType: 'text', nullable: true }] },
      },
    });
    const all = (await t.get(`/api/database-draft?linkId=${local}`, admin)).json().data;
    expect(all.map((d: { F_TableName: string }) => d.F_TableName)).toContain(table);
    expect((await t.get(`/api/database-draft?linkId=other&tableName=${table}`, admin)).statusCode).toBe(404);

    expect((await t.send('DELETE', `/api/database-draft?linkId=${local}&tableName=${table}`, undefined, admin)).json().msg).toBe('删除成功');
    const gone = await t.get(`/api/database-draft?linkId=${local}&tableName=${table}`, admin);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(`草稿不存在：${table}`);
  });

  it('refuses callers without the design button, bad names and unknown links', async () => {
    expect((await t.send('POST', '/api/database-draft', { linkId: local, design: design('x1') }, zhangsan)).statusCode).toBe(403);
    expect((await t.get(`/api/database-draft?linkId=${local}`, zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/database-draft', { linkId: local, design: design('x"; drop table users; --') }, admin)).statusCode).toBe(400);
    expect((await t.send('POST', '/api/database-draft', { linkId: 'no-such-link', design: design('x1') }, admin)).statusCode).toBe(404);
    expect((await t.get('/api/database-draft')).statusCode).toBe(401);
  });
});

describe('release on the platform link', () => {
  it('creates a table, adds columns by a second release, refuses type changes and foreign tables; CRUD works', async () => {
    await releaseAndCrud(local);
  });

  it('deletes the draft of the released table and stores the design', async () => {
    const table = uniqueName('drafted');
    await t.send('POST', '/api/database-draft', { linkId: local, design: design(table) }, admin);
    expect((await release(local, design(table))).json().code).toBe(0);
    expect((await t.get(`/api/database-draft?linkId=${local}&tableName=${table}`, admin)).statusCode).toBe(404);
    const stored = (await t.get(`/api/database-links/released?linkId=${local}&tableName=${table}`, admin)).json().data;
    expect(stored).toMatchObject({ F_TableName: table, F_Comment: "订单'表" });
    expect(stored.F_Design.columns[0]).toMatchObject({ name: 'id', primaryKey: true, identity: true, nullable: false });
    expect(stored.F_Design.columns[1]).toMatchObject({ name: 'title', length: 50, defaultValue: "it's" });
  });

  it.each([
    ['an injected table name', { tableName: 'a"; drop table users; --' }],
    ['an injected column name', { columns: [{ name: 'id) ; drop table users; --', dataType: 'int', primaryKey: true }] }],
    ['an injected index name', { indexes: [{ name: 'ix" on users; --', columns: ['title'], unique: false }] }],
    ['an injected index column', { indexes: [{ name: 'ix_ok', columns: ['title"); drop table users; --'], unique: false }] }],
    ['an unknown type', { columns: [{ name: 'id', dataType: 'serial; drop table users', primaryKey: true }] }],
    [
      'SQL as an int default',
      {
        columns: [
          { name: 'id', dataType: 'int', primaryKey: true },
          { name: 'n', dataType: 'int', defaultValue: '0; drop table users' },
        ],
      },
    ],
    [
      'a function as a datetime default',
      {
        columns: [
          { name: 'id', dataType: 'int', primaryKey: true },
          { name: 'n', dataType: 'datetime', defaultValue: 'now()); drop table users; --' },
        ],
      },
    ],
    [
      'a system column',
      {
        columns: [
          { name: 'id', dataType: 'int', primaryKey: true },
          { name: 'F_CreateUserId', dataType: 'varchar' },
        ],
      },
    ],
    ['no primary key', { columns: [{ name: 'id', dataType: 'int' }] }],
    [
      'two primary keys',
      {
        columns: [
          { name: 'id', dataType: 'int', primaryKey: true },
          { name: 'id2', dataType: 'int', primaryKey: true },
        ],
      },
    ],
    ['a NUL in a comment', { comment: 'a\u0000b' }],
  ])('refuses %s with 400', async (_what, change) => {
    const res = await release(local, { ...design(uniqueName('bad')), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).not.toBe(0);
    expect(await t.deps.db.selectFrom('users').select('id').where('id', '=', 'admin').executeTakeFirst()).toBeTruthy();
  });

  it('stores comments and string defaults with quotes and backslashes exactly', async () => {
    const table = uniqueName('quotes');
    const tricky = "it's \\' \\\\ --";
    const d = design(table, {
      comment: tricky,
      columns: [
        { name: 'id', dataType: 'varchar', length: 36, primaryKey: true, comment: tricky },
        { name: 'title', dataType: 'varchar', length: 50, nullable: true, defaultValue: tricky },
      ],
      indexes: [],
    });
    expect((await release(local, d)).json().code).toBe(0);
    const added = (await crudAdd(local, table, {})).json();
    expect(added.data.id).toMatch(/\w/);
    const rows = (await crudList(local, table)).json().data.Rows;
    expect(rows[0]).toMatchObject({ id: added.data.id, title: tricky });
    const columns = await (await t.deps.links.forLink('default', local)).columns(table);
    expect(columns.find((c) => c.f_column === 'id')?.f_remark).toBe(tricky);
  });

  it('runs the DDL in one transaction: a failing statement leaves no table behind', async () => {
    const index = uniqueName('ix_shared');
    const first = uniqueName('tx_a');
    expect((await release(local, design(first, { indexes: [{ name: index, columns: ['title'], unique: false }] }))).json().code).toBe(0);
    // PostgreSQL index names are per schema: the create table succeeds, the create index fails, both roll back.
    const second = uniqueName('tx_b');
    const failed = await release(local, design(second, { indexes: [{ name: index, columns: ['title'], unique: false }] }));
    expect(failed.statusCode).toBe(400);
    // The driver's own message ('发布失败：…' on PGlite, the PostgreSQL driver's query-failure text otherwise).
    expect(failed.json().msg).toContain(index);
    expect(await (await t.deps.links.forLink('default', local)).tableExists(second)).toBe(false);
    expect((await release(local, design(second))).json().data).toMatchObject({ created: true });
  });

  it('is refused without the design button', async () => {
    expect((await release(local, design(uniqueName('nope')), zhangsan)).statusCode).toBe(403);
    expect((await t.get(`/api/database-links/released?linkId=${local}&tableName=x`, zhangsan)).statusCode).toBe(403);
  });
});

describe('generic CRUD: permissions, data scope, tenants', () => {
  const screen = 'demo.crud';
  let table: string;
  const ids: Record<string, string> = {};
  const users: Record<string, string> = {};

  beforeAll(async () => {
    table = uniqueName('scoped');
    expect((await release(local, design(table))).json().code).toBe(0);
    const db = t.deps.db;
    for (const u of await db.selectFrom('users').select(['id', 'account']).where('tenant_id', '=', 'default').execute()) users[u.account] = u.id;
    await db.insertInto('modules').values({ id: 'demo-crud', en_code: screen, full_name: '演示', i18n_key: null }).execute();
    for (const button of ['list', 'add', 'edit', 'delete']) {
      const id = newId();
      await db.insertInto('module_buttons').values({ id, module_id: 'demo-crud', en_code: button, full_name: button }).execute();
      for (const user of ['zhangsan', 'lisi']) {
        await db
          .insertInto('authorizes')
          .values({ id: newId(), tenant_id: 'default', object_type: 2, object_id: users[user], item_type: 2, item_id: id })
          .execute();
      }
    }
    // zhangsan's data permission on the screen: his own rows only; lisi has none configured, so he sees all.
    await db
      .insertInto('data_authorizes')
      .values({ id: newId(), tenant_id: 'default', object_type: 2, object_id: users.zhangsan, module_id: 'demo-crud', scope: 1, department_ids: '[]' })
      .execute();
    t.deps.grants.invalidate();
    t.deps.catalog.invalidate();
    for (const [user, token] of [
      ['zhangsan', zhangsan],
      ['lisi', lisi],
    ] as const) {
      const res = (await crudAdd(local, table, { title: `${user} 的行` }, token, screen)).json();
      expect(res).toMatchObject({ code: 0, msg: '新增成功' });
      ids[user] = String(res.data.id);
    }
  });

  it('fills the creator, company and department of the caller', async () => {
    const rows = (await crudList(local, table)).json().data.Rows;
    const user = await t.deps.db.selectFrom('users').select(['id', 'company_id']).where('id', '=', users.zhangsan).executeTakeFirstOrThrow();
    const departments = await t.deps.db.selectFrom('user_departments').select('department_id').where('user_id', '=', users.zhangsan).execute();
    const mine = rows.find((r: { F_CreateUserId: string }) => r.F_CreateUserId === user.id);
    expect(mine.F_CompanyId).toBe(user.company_id);
    expect(departments.map((d) => d.department_id)).toContain(mine.F_DepartmentId);
  });

  it('applies the data scope of the screen to list, update and delete', async () => {
    const own = (await crudList(local, table, `&moduleCode=${screen}`, zhangsan)).json().data;
    expect(own.Total).toBe(1);
    expect(own.Rows.map((r: { title: string }) => r.title)).toEqual(['zhangsan 的行']);
    expect((await crudList(local, table, `&moduleCode=${screen}`, lisi)).json().data.Total).toBe(2);

    const body = (id: string) => ({ linkId: local, tableName: table, moduleCode: screen, id, data: { title: '越权' } });
    const outside = await t.send('PUT', '/api/crud/update', body(ids.lisi), zhangsan);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg).toBe('数据不存在或不在你的数据权限范围内');
    expect(
      (await t.send('DELETE', `/api/crud/delete?linkId=${local}&tableName=${table}&moduleCode=${screen}&id=${ids.lisi}`, undefined, zhangsan)).statusCode,
    ).toBe(404);
    expect((await t.send('PUT', '/api/crud/update', body(ids.zhangsan), zhangsan)).json().msg).toBe('更新成功');
    const titles = (await crudList(local, table))
      .json()
      .data.Rows.map((r: { title: string }) => r.title)
      .sort();
    expect(titles).toEqual(['lisi 的行', '越权']);
  });

  it('hides the columns of the screen the caller is not granted', async () => {
    const db = t.deps.db;
    const column = newId();
    await db.insertInto('module_columns').values({ id: column, module_id: 'demo-crud', en_code: 'amount', full_name: '金额' }).execute();
    await db
      .insertInto('authorizes')
      .values({ id: newId(), tenant_id: 'default', object_type: 2, object_id: users.lisi, item_type: 3, item_id: column })
      .execute();
    t.deps.columns.invalidate();
    t.deps.grants.invalidate();
    const mine = (await crudList(local, table, `&moduleCode=${screen}`, zhangsan)).json().data.Rows[0];
    expect(mine).not.toHaveProperty('amount');
    expect(mine).toHaveProperty('title');
    expect((await crudList(local, table, `&moduleCode=${screen}`, lisi)).json().data.Rows[0]).toHaveProperty('amount');
    await db.deleteFrom('authorizes').where('item_id', '=', column).execute();
    await db.deleteFrom('module_columns').where('id', '=', column).execute();
    t.deps.columns.invalidate();
    t.deps.grants.invalidate();
  });

  it('needs the screen button, or the design button without a screen', async () => {
    expect((await crudList(local, table, '', zhangsan)).statusCode).toBe(403);
    expect((await crudList(local, table, '&moduleCode=data.link', zhangsan)).statusCode).toBe(403);
    expect((await crudAdd(local, table, { title: 'x' }, zhangsan)).statusCode).toBe(403);
    expect((await crudList(local, table, `&moduleCode=${screen}`, admin)).statusCode).toBe(403);
    expect((await crudList(local, table, '&moduleCode=bad code')).statusCode).toBe(400);
    expect((await t.get(`/api/crud/list?linkId=${local}&tableName=${table}`)).statusCode).toBe(401);
  });

  it("another tenant's released table or link is not found", async () => {
    const db = t.deps.db;
    await db.insertInto('tenants').values({ id: 'tn_dd', code: 'tn_dd', name: 'Other' }).execute();
    await db
      .insertInto('data_tables')
      .values({ id: newId(), tenant_id: 'tn_dd', link_id: local, table_name: 'theirs', design: JSON.stringify(design('theirs')), released_by: null })
      .execute();
    const res = await crudList(local, 'theirs');
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('表未通过设计器发布：theirs');
    expect((await crudAdd(local, 'theirs', { title: 'x' })).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/crud/delete?linkId=${local}&tableName=theirs&id=1`, undefined, admin)).statusCode).toBe(404);
    expect((await crudList('someone-elses-link', table)).statusCode).toBe(404);
  });
});

describe('common fields', () => {
  const field = (extra: Record<string, unknown> = {}) => ({
    F_FieldName: 'F_Mobile',
    F_DataType: 'varchar',
    F_Length: 20,
    F_Nullable: true,
    F_DefaultValue: '',
    F_Remark: '手机号',
    F_SortCode: 1,
    ...extra,
  });

  it('adds, lists, reads, edits and deletes', async () => {
    const res = (await t.send('POST', '/api/database-field', field(), admin)).json();
    expect(res).toMatchObject({ code: 0, msg: '新增成功' });
    const id = res.data.F_Id;
    expect((await t.get(`/api/database-field/${id}`, admin)).json().data).toMatchObject({
      F_Id: id,
      F_FieldName: 'F_Mobile',
      F_DataType: 'varchar',
      F_Length: 20,
      F_Nullable: true,
      F_Remark: '手机号',
    });
    const list = (await t.get('/api/database-field?keyword=手机&limit=1&size=10', admin)).json();
    expect(list).toMatchObject({ code: 0, msg: '获取成功', data: { Total: 1, Rows: [{ F_Id: id }] } });
    expect((await t.get('/api/database-field?keyword=nothing', admin)).json().data.Total).toBe(0);

    const put = await t.send('PUT', `/api/database-field/${id}`, field({ F_FieldName: 'F_Age', F_DataType: 'int', F_Length: 99, F_DefaultValue: '18' }), admin);
    expect(put.json()).toMatchObject({ code: 0, msg: '更新成功' });
    expect((await t.get(`/api/database-field/${id}`, admin)).json().data).toMatchObject({
      F_FieldName: 'F_Age',
      F_DataType: 'int',
      F_Length: null,
      F_DefaultValue: '18',
    });

    expect((await t.send('DELETE', `/api/database-field/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/database-field/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/database-field/${id}`, undefined, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/database-field/${id}`, field(), admin)).statusCode).toBe(404);
  });

  it('keeps names unique per tenant, ignoring case', async () => {
    const first = (await t.send('POST', '/api/database-field', field({ F_FieldName: 'F_Email' }), admin)).json().data.F_Id;
    const dup = await t.send('POST', '/api/database-field', field({ F_FieldName: 'f_email' }), admin);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('常用字段已存在：f_email');
    const other = (await t.send('POST', '/api/database-field', field({ F_FieldName: 'F_Phone' }), admin)).json().data.F_Id;
    expect((await t.send('PUT', `/api/database-field/${other}`, field({ F_FieldName: 'F_EMAIL' }), admin)).statusCode).toBe(409);
    expect((await t.send('PUT', `/api/database-field/${first}`, field({ F_FieldName: 'F_Email', F_Remark: '邮箱' }), admin)).json().code).toBe(0);
  });

  it('refuses bad names, defaults and callers without the buttons', async () => {
    expect((await t.send('POST', '/api/database-field', field({ F_FieldName: "x'; drop" }), admin)).statusCode).toBe(400);
    expect(
      (await t.send('POST', '/api/database-field', field({ F_FieldName: 'F_N', F_DataType: 'int', F_DefaultValue: '1; drop table users' }), admin)).statusCode,
    ).toBe(400);
    expect((await t.send('POST', '/api/database-field', field({ F_DataType: 'money' }), admin)).statusCode).toBe(400);
    expect((await t.get('/api/database-field', zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/database-field', field({ F_FieldName: 'F_Z' }), zhangsan)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/database-field/x', field(), zhangsan)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/database-field/x', undefined, zhangsan)).statusCode).toBe(403);
  });
});

describe('report relations', () => {
  const relation = (extra: Record<string, unknown> = {}) => ({
    F_ReportId: 'r1',
    F_Name: '销售数据',
    F_DataSourceId: '',
    F_Params: [{ name: 'year', value: '2026' }],
    F_SortCode: 1,
    ...extra,
  });

  it('adds, lists by report, reads, edits and deletes', async () => {
    const id = (await t.send('POST', '/api/reports-relation', relation(), admin)).json().data.F_Id;
    await t.send('POST', '/api/reports-relation', relation({ F_ReportId: 'r2', F_Name: '其他' }), admin);
    const list = (await t.get('/api/reports-relation?reportId=r1', admin)).json();
    expect(list).toMatchObject({
      code: 0,
      msg: '获取成功',
      data: { Total: 1, Rows: [{ F_Id: id, F_ReportId: 'r1', F_Name: '销售数据', F_Params: [{ name: 'year', value: '2026' }] }] },
    });
    expect((await t.get('/api/reports-relation?keyword=其他', admin)).json().data.Total).toBe(1);
    expect((await t.send('PUT', `/api/reports-relation/${id}`, relation({ F_Name: '改名', F_Params: [] }), admin)).json().msg).toBe('更新成功');
    expect((await t.get(`/api/reports-relation/${id}`, admin)).json().data).toMatchObject({ F_Name: '改名', F_Params: [] });
    expect((await t.send('DELETE', `/api/reports-relation/${id}`, undefined, admin)).json().msg).toBe('删除成功');
    expect((await t.get(`/api/reports-relation/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/reports-relation/${id}`, relation(), admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/reports-relation/${id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('refuses an unknown data source, bad input and callers without the buttons', async () => {
    const res = await t.send('POST', '/api/reports-relation', relation({ F_DataSourceId: 'missing' }), admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('数据源不存在：missing');
    expect((await t.send('POST', '/api/reports-relation', relation({ F_Name: '' }), admin)).statusCode).toBe(400);
    expect((await t.get('/api/reports-relation', zhangsan)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/reports-relation', relation(), zhangsan)).statusCode).toBe(403);
    expect((await t.send('PUT', '/api/reports-relation/x', relation(), zhangsan)).statusCode).toBe(403);
    expect((await t.send('DELETE', '/api/reports-relation/x', undefined, zhangsan)).statusCode).toBe(403);
  });
});

/** A link row of the caller's tenant to a fresh database on a test server. */
describeOnLinkDatabases(
  'release and CRUD',
  () => t,
  'dd',
  (linkId) => {
    it('creates, alters and serves rows', async () => {
      await releaseAndCrud(linkId());
    });
  },
);
