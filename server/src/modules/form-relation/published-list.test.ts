import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormRelationSetting, ListButton } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { describeOnLinkDatabases } from '../../test/link-databases.js';
import { field } from '../form-scheme/test-fields.js';
import { PublishedListService } from './published-list.service.js';
import { RelationAccess } from './relation-access.js';
import { FormSchemeService } from '../form-scheme/form-scheme.service.js';
import { FormRelationRepository } from './form-relation.repository.js';
import {
  createOrderForm,
  grant,
  insertRelation,
  invalidateCaches,
  orderFields,
  revoke,
  updateSetting,
  userId,
  type Grantee,
} from '../../test/published-pages.js';

let t: TestApp;
let admin: string;
let zhangsan: string;
let zhangsanId: string;

const ALL_BUTTONS: ListButton[] = ['add', 'edit', 'view', 'delete', 'export', 'import', 'print'];
const setting = (extra: Partial<FormRelationSetting> = {}): Partial<FormRelationSetting> & Pick<FormRelationSetting, 'columns'> => ({
  queryFields: [
    { field: 'F_Title', label: '', match: 'like' },
    { field: 'F_Status', label: '', match: 'in' },
    { field: 'F_Amount', label: '' },
    { field: 'F_Day', label: '' },
    { field: 'F_Owner', label: '', match: 'prefix' },
    { field: 'F_Note', label: '', match: 'eq' },
  ],
  columns: [
    { field: 'F_Title', label: '标题', align: 'left', sortable: false },
    { field: 'F_Status', label: '状态', align: 'left', sortable: false },
    { field: 'F_Amount', label: '金额', align: 'right', sortable: true },
    { field: 'F_Day', label: '日期', align: 'left', sortable: true },
    { field: 'F_Tags', label: '标签', align: 'left', sortable: false },
    { field: 'F_Owner', label: '负责人', align: 'left', sortable: false },
  ],
  buttons: ALL_BUTTONS,
  ...extra,
});

let formId: string;
let table: string;
let page: { id: string; moduleId: string; moduleCode: string };
const keys: string[] = [];

const rows = Array.from({ length: 12 }, (_, i) => ({
  F_Title: i % 3 === 0 ? `合同 ${i}` : `订单 ${i}`,
  F_Status: i % 2 === 0 ? '1' : '2',
  F_Amount: String(i * 10 + 0.5),
  F_Day: `2026-03-${String(i + 1).padStart(2, '0')}`,
  F_Tags: i % 4 === 0 ? ['a', 'b'] : ['a'],
  F_Note: i === 5 ? '加急' : '',
  F_Owner: i < 4 ? 'wang' : 'li',
}));

const list = async (query?: Record<string, unknown>, extra = '', token = admin) => {
  const qs = query ? `&query=${encodeURIComponent(JSON.stringify(query))}` : '';
  return t.get(`/api/form-relation/${page.id}/list?limit=1&size=50${qs}${extra}`, token);
};
const titles = async (query?: Record<string, unknown>, extra = '') => {
  const res = await list(query, extra);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return (res.json().data.Rows as { F_Title: string }[]).map((r) => r.F_Title);
};

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  zhangsanId = await userId(t, 'zhangsan');
  ({ formId, table } = await createOrderForm(t, admin));
  page = await insertRelation(t, formId, setting());
  for (const formData of rows) {
    const res = await t.send('POST', `/api/form-relation/${page.id}/data`, { formData }, admin);
    expect(res.json(), res.body).toMatchObject({ code: 0 });
    keys.push(res.json().data.primaryKey);
  }
});
afterAll(() => t?.close());

describe('list', () => {
  it('pages newest first with the key and the visible columns, values as the form reads them', async () => {
    const res = await t.get(`/api/form-relation/${page.id}/list?limit=2&size=5`, admin);
    expect(res.json().data.Total).toBe(12);
    const got = res.json().data.Rows;
    expect(got).toHaveLength(5);
    // Same creation second: the key breaks the tie, newest-first order is stable across pages.
    const all = (await list()).json().data.Rows as Record<string, unknown>[];
    expect(all.slice(5, 10)).toEqual(got);
    const first = all.find((r) => r.F_Title === '合同 0')!;
    expect(first).toEqual({ F_Id: keys[0], F_Title: '合同 0', F_Status: '1', F_Amount: '0.5', F_Day: '2026-03-01', F_Tags: 'a,b', F_Owner: 'wang' });
    expect(Object.keys(first)).not.toContain('F_Note');
  });

  it('filters with each match type; empty values are ignored; unknown fields and bad values are 400', async () => {
    expect((await titles({ F_Title: '合同' })).sort()).toEqual(['合同 0', '合同 3', '合同 6', '合同 9']);
    expect(await titles({ F_Title: '%' })).toEqual([]);
    expect((await titles({ F_Status: '2' })).length).toBe(6);
    expect((await titles({ F_Status: ['1', '2'] })).length).toBe(12);
    expect((await titles({ F_Status: '1,2' })).length).toBe(12);
    expect((await titles({ F_Amount: ['20', '40.5'] })).sort()).toEqual(['合同 3', '订单 2', '订单 4'].sort());
    expect((await titles({ F_Amount: ['100', null] })).sort()).toEqual(['订单 10', '订单 11']);
    expect((await titles({ F_Day: ['', '2026-03-02'] })).sort()).toEqual(['合同 0', '订单 1']);
    expect((await titles({ F_Owner: 'wa' })).length).toBe(4);
    expect((await titles({ F_Owner: 'an' })).length).toBe(0);
    expect(await titles({ F_Note: '加急' })).toEqual(['订单 5']);
    expect((await titles({ F_Title: '', F_Note: null, F_Amount: [null, ''] })).length).toBe(12);

    for (const [query, status] of [
      [{ F_Tags: 'a' }, 400],
      [{ F_Amount: 'x' }, 400],
      [{ F_Amount: ['abc', null] }, 400],
      [{ F_Day: ['2026-13-45', null] }, 400],
      [{ F_Title: { a: 1 } }, 400],
    ] as const) {
      const res = await list(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
    }
    const bad = await t.get(`/api/form-relation/${page.id}/list?limit=1&size=10&query=nope`, admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('查询条件格式不正确：not JSON');
  });

  it('sorts by a sortable column, both ways; other columns are 400', async () => {
    const asc = await titles(undefined, '&sidx=F_Amount&sord=asc');
    expect(asc[0]).toBe('合同 0');
    expect(asc.at(-1)).toBe('订单 11');
    expect((await titles(undefined, '&sidx=F_Day&sord=desc'))[0]).toBe('订单 11');
    const refused = await list(undefined, '&sidx=F_Title');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('不能按字段 F_Title 排序');
    // The default sort field may always be named.
    expect((await list(undefined, '&sidx=F_CreateDate&sord=asc')).statusCode).toBe(200);
  });

  it('applies data conditions with tokens, and the data scope of the page', async () => {
    const other = await insertRelation(
      t,
      formId,
      setting({
        conditions: [
          { field: 'F_Status', operator: 'eq', value: '2' },
          { field: 'F_Amount', operator: 'ge', value: '50' },
        ],
      }),
    );
    const got = (await t.get(`/api/form-relation/${other.id}/list?limit=1&size=50`, admin)).json().data;
    expect(got.Total).toBe(4);
    // A query cannot widen what the conditions allow.
    expect(
      (await t.get(`/api/form-relation/${other.id}/list?limit=1&size=50&query=${encodeURIComponent(JSON.stringify({ F_Status: '1' }))}`, admin)).json().data
        .Total,
    ).toBe(0);

    await updateSetting(t, other.id, setting({ conditions: [{ field: 'F_Owner', operator: 'eq', value: '@userId' }] }));
    expect((await t.get(`/api/form-relation/${other.id}/list?limit=1&size=50`, admin)).json().data.Total).toBe(0);
    await updateSetting(
      t,
      other.id,
      setting({
        conditions: [
          { field: 'F_Day', operator: 'lt', value: '@today' },
          { field: 'F_Note', operator: 'notEmpty', value: '' },
        ],
      }),
    );
    expect((await t.get(`/api/form-relation/${other.id}/list?limit=1&size=50`, admin)).json().data.Rows.map((r: { F_Title: string }) => r.F_Title)).toEqual([
      '订单 5',
    ]);
    await updateSetting(
      t,
      other.id,
      setting({
        conditions: [
          { field: 'F_Title', operator: 'in', value: '合同 0,合同 3' },
          { field: 'F_Note', operator: 'empty', value: '' },
          { field: 'F_Owner', operator: 'ne', value: 'li' },
        ],
      }),
    );
    expect((await t.get(`/api/form-relation/${other.id}/list?limit=1&size=50`, admin)).json().data.Total).toBe(2);

    // zhangsan holds the page with "own rows" as the data scope: sees only what zhangsan added.
    const me: Grantee[] = [{ type: 2, id: zhangsanId }];
    const scoped = await insertRelation(t, formId, setting(), me);
    await t.deps.db
      .insertInto('data_authorizes')
      .values({
        id: `da-${scoped.id}`,
        tenant_id: 'default',
        object_type: 2,
        object_id: zhangsanId,
        module_id: scoped.moduleId,
        scope: 1,
        department_ids: '[]',
      })
      .execute();
    expect((await t.get(`/api/form-relation/${scoped.id}/list?limit=1&size=50`, zhangsan)).json().data.Total).toBe(0);
    const mine = await t.send('POST', `/api/form-relation/${scoped.id}/data`, { formData: { F_Title: '张三的' } }, zhangsan);
    expect(mine.json(), mine.body).toMatchObject({ code: 0 });
    expect((await t.get(`/api/form-relation/${scoped.id}/list?limit=1&size=50`, zhangsan)).json().data.Rows.map((r: { F_Title: string }) => r.F_Title)).toEqual(
      ['张三的'],
    );
    // A record outside the scope is not found for read, edit, delete and print.
    expect((await t.get(`/api/form-relation/${scoped.id}/data/${keys[0]}`, zhangsan)).statusCode).toBe(404);
    expect((await t.send('PUT', `/api/form-relation/${scoped.id}/data/${keys[0]}`, { formData: { F_Title: 'x' } }, zhangsan)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/form-relation/${scoped.id}/data/${keys[0]}`, undefined, zhangsan)).statusCode).toBe(404);
    expect((await t.get(`/api/form-relation/${scoped.id}/print/${keys[0]}`, zhangsan)).statusCode).toBe(404);
    // The admin page is unchanged: zhangsan's own record is there, admin's scope is all.
    expect((await t.get(`/api/form-relation/${scoped.id}/data/${mine.json().data.primaryKey}`, zhangsan)).json().data.formData.F_Title).toBe('张三的');
    await t.send('DELETE', `/api/form-relation/${scoped.id}/data/${mine.json().data.primaryKey}`, undefined, zhangsan);
  });

  it('a page not granted is 404, another tenant or a disabled page too', async () => {
    expect((await t.get(`/api/form-relation/${page.id}/list?limit=1&size=10`, zhangsan)).statusCode).toBe(404);
    expect((await t.get(`/api/form-relation/nope/list?limit=1&size=10`, admin)).statusCode).toBe(404);
  });
});

describe('column permissions', () => {
  it('a hidden column is not answered, not sortable, not exported, not read, and an update keeps its value', async () => {
    const roles = await import('../../test/published-pages.js').then((m) => m.adminRoles(t));
    await revoke(t, roles, `${page.moduleId}:col:F_Amount`);
    try {
      const row = (await list()).json().data.Rows[0];
      expect(row).not.toHaveProperty('F_Amount');
      expect(row).toHaveProperty('F_Title');
      expect((await list(undefined, '&sidx=F_Amount')).statusCode).toBe(400);
      const record = (await t.get(`/api/form-relation/${page.id}/data/${keys[1]}`, admin)).json().data.formData;
      expect(record).not.toHaveProperty('F_Amount');
      expect((await t.send('PUT', `/api/form-relation/${page.id}/data/${keys[1]}`, { formData: { ...record, F_Amount: '999' } }, admin)).json().code).toBe(0);
      const sheet = await exported();
      expect(sheet[0]).toEqual(['标题', '状态', '日期', '标签', '负责人']);
      const template = await workbookOf((await t.get(`/api/form-relation/${page.id}/import-template`, admin)).rawPayload);
      expect(template[0]).not.toContain('金额');
    } finally {
      await grant(t, roles, page.moduleId, [], ['F_Amount']);
    }
    const back = (await t.get(`/api/form-relation/${page.id}/data/${keys[1]}`, admin)).json().data.formData;
    expect(back.F_Amount).toBe('10.5');
  });
});

describe('records through the page', () => {
  it('reads, adds, edits and deletes; each button missing is 403; a refused save answers the field errors', async () => {
    const roles = await import('../../test/published-pages.js').then((m) => m.adminRoles(t));
    const record = await t.get(`/api/form-relation/${page.id}/data/${keys[2]}`, admin);
    expect(record.json().data).toMatchObject({ primaryKey: keys[2], formData: { F_Title: '订单 2', F_Amount: '20.5', F_Tags: 'a' } });

    const added = await t.send('POST', `/api/form-relation/${page.id}/data`, { formData: { F_Title: '临时' } }, admin);
    const key = added.json().data.primaryKey;
    expect((await t.send('PUT', `/api/form-relation/${page.id}/data/${key}`, { formData: { F_Title: '临时 2' } }, admin)).json().code).toBe(0);
    const refused = await t.send('PUT', `/api/form-relation/${page.id}/data/${key}`, { formData: { F_Title: '临时', F_Note: 'x' } }, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('备注不能含 x');
    expect((await t.send('DELETE', `/api/form-relation/${page.id}/data/${key}`, undefined, admin)).json().code).toBe(0);
    expect((await t.get(`/api/form-relation/${page.id}/data/${key}`, admin)).statusCode).toBe(404);

    const calls: [ListButton, () => Promise<{ statusCode: number }>][] = [
      ['add', () => t.send('POST', `/api/form-relation/${page.id}/data`, { formData: { F_Title: 'n' } }, admin)],
      ['edit', () => t.send('PUT', `/api/form-relation/${page.id}/data/${keys[3]}`, { formData: { F_Title: 'n' } }, admin)],
      ['delete', () => t.send('DELETE', `/api/form-relation/${page.id}/data/${keys[3]}`, undefined, admin)],
      ['export', () => t.get(`/api/form-relation/${page.id}/export`, admin)],
      ['import', () => t.get(`/api/form-relation/${page.id}/import-template`, admin)],
      ['print', () => t.get(`/api/form-relation/${page.id}/print/${keys[3]}`, admin)],
    ];
    for (const [button, call] of calls) {
      await revoke(t, roles, `${page.moduleId}:${button}`);
      try {
        expect((await call()).statusCode, button).toBe(403);
      } finally {
        await grant(t, roles, page.moduleId, [button], []);
      }
    }
    // Reading needs view or edit.
    await revoke(t, roles, `${page.moduleId}:view`);
    expect((await t.get(`/api/form-relation/${page.id}/data/${keys[3]}`, admin)).statusCode).toBe(200);
    await revoke(t, roles, `${page.moduleId}:edit`);
    expect((await t.get(`/api/form-relation/${page.id}/data/${keys[3]}`, admin)).statusCode).toBe(403);
    await grant(t, roles, page.moduleId, ['view', 'edit'], []);
    // A button granted but no longer configured on the page is refused too.
    await updateSetting(t, page.id, setting({ buttons: ['view'] }));
    expect((await t.send('DELETE', `/api/form-relation/${page.id}/data/${keys[3]}`, undefined, admin)).statusCode).toBe(403);
    await updateSetting(t, page.id, setting());
  });
});

async function workbookOf(bytes: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

async function exported(query?: Record<string, unknown>, sort = ''): Promise<unknown[][]> {
  const qs = `?${query ? `query=${encodeURIComponent(JSON.stringify(query))}` : ''}${sort}`;
  const res = await t.get(`/api/form-relation/${page.id}/export${qs}`, admin);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
  return workbookOf(res.rawPayload);
}

async function uploadTo(relationId: string, rowsOf: unknown[][], keepValid = 0) {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('S');
  for (const r of rowsOf) sheet.addRow(r);
  const file = Buffer.from(await workbook.xlsx.writeBuffer());
  const boundary = '----bench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/form-relation/${relationId}/import?keepValid=${keepValid}`,
    headers: { authorization: `Bearer ${admin}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('Excel', () => {
  const upload = (rowsOf: unknown[][], keepValid = 0) => uploadTo(page.id, rowsOf, keepValid);

  it('exports every matching row, option fields as labels', async () => {
    const sheet = await exported();
    expect(sheet[0]).toEqual(['标题', '状态', '金额', '日期', '标签', '负责人']);
    expect(sheet).toHaveLength(13);
    expect(sheet.find((r) => r[0] === '合同 0')).toEqual(['合同 0', '新建', '0.5', '2026-03-01', '甲,乙', 'wang']);
    const filtered = await exported({ F_Title: '合同' });
    expect(
      filtered
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['合同 0', '合同 3', '合同 6', '合同 9']);
    // In the list's order, the page's sort included.
    const byAmount = await exported({ F_Title: '合同' }, '&sidx=F_Amount&sord=desc');
    expect(byAmount.slice(1).map((r) => r[0])).toEqual(['合同 9', '合同 6', '合同 3', '合同 0']);
    const ascending = await exported(undefined, '&sidx=F_Amount&sord=asc');
    expect(ascending.slice(1).map((r) => r[2])).toEqual(rows.map((r) => r.F_Amount));
  });

  it('imports: all good rows stored; any bad row stores nothing and reports it; keepValid stores the good ones', async () => {
    const count = async () => (await list()).json().data.Total as number;
    const before = await count();
    const template = await workbookOf((await t.get(`/api/form-relation/${page.id}/import-template`, admin)).rawPayload);
    expect(template[0]).toEqual(['标题', '状态', '金额', '日期', '标签', '备注', '负责人']);

    const good = await upload([
      ['标题', '状态', '金额', '日期', '标签', 'F_Owner'],
      ['导入 1', '完成', 12.5, new Date(Date.UTC(2026, 4, 6)), '甲,乙', 'zhao'],
      ['导入 2', '1', '3', '2026-05-07', '', ''],
    ]);
    expect(good.json(), good.body).toMatchObject({ code: 0, data: { total: 2, imported: 2, errors: [] } });
    expect(await count()).toBe(before + 2);
    const stored = (await list({ F_Title: '导入 1' })).json().data.Rows[0];
    expect(stored).toMatchObject({ F_Status: '2', F_Amount: '12.5', F_Day: '2026-05-06', F_Tags: 'a,b', F_Owner: 'zhao' });

    const mixed = [
      ['标题', '金额', '日期', '备注'],
      ['导入 3', '1', '2026-05-08', ''],
      ['', '2', '', ''],
      ['导入 5', 'abc', '2026-02-30', 'x'],
    ];
    const refused = await upload(mixed);
    expect(refused.json().data.imported).toBe(0);
    expect(refused.json().data.total).toBe(3);
    expect(refused.json().data.errors.map((e: { row: number }) => e.row)).toEqual([3, 4]);
    expect(refused.json().data.errors[1].messages.join(' ')).toContain('备注不能含 x');
    expect(await count()).toBe(before + 2);

    const kept = await upload(mixed, 1);
    expect(kept.json().data).toMatchObject({ total: 3, imported: 1 });
    expect(await count()).toBe(before + 3);

    const noFile = await t.send('POST', `/api/form-relation/${page.id}/import`, {}, admin);
    expect(noFile.statusCode).toBe(400);
    // A workbook of 10,001 data rows is refused before it is parsed; nothing is stored.
    const tooMany = await upload([['标题'], ...Array.from({ length: 10_001 }, (_, i) => [`批量 ${i}`])]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('一次最多导入 10000 行');
    expect(await count()).toBe(before + 3);
    const noHeaders = await upload([
      ['what', 'ever'],
      ['1', '2'],
    ]);
    expect(noHeaders.statusCode).toBe(400);
  });
});

describe('print data', () => {
  it('answers the form, the record, the viewable formIds and the print setting; 400 without fields; 403 with none viewable', async () => {
    const res = await t.get(`/api/form-relation/${page.id}/print/${keys[0]}`, admin);
    expect(res.json(), res.body).toMatchObject({
      code: 0,
      data: { title: '订单列表', formData: { F_Title: '合同 0' }, viewable: [1, 2, 3, 4, 5, 6, 7], setting: { style: 0, type: 1 } },
    });
    expect(res.json().data.form.F_Id).toBe(formId);

    const roles = await import('../../test/published-pages.js').then((m) => m.adminRoles(t));
    await revoke(t, roles, `${page.moduleId}:col:F_Owner`);
    expect((await t.get(`/api/form-relation/${page.id}/print/${keys[0]}`, admin)).json().data.viewable).toEqual([1, 2, 3, 4, 5, 6]);
    await grant(t, roles, page.moduleId, [], ['F_Owner']);

    // A form whose fields are all hidden from view: nothing may be printed.
    const hiddenFields = orderFields().map((f) => ({ ...f, __config__: { ...(f.__config__ as object), view: false } }));
    const hiddenForm = await createOrderForm(t, admin, hiddenFields);
    const hiddenPage = await insertRelation(t, hiddenForm.formId, setting());
    const key = (await t.send('POST', `/api/form-relation/${hiddenPage.id}/data`, { formData: {} }, admin)).json().data?.primaryKey ?? 'none';
    const none = await t.get(`/api/form-relation/${hiddenPage.id}/print/${key}`, admin);
    expect(none.statusCode).toBe(403);
    expect(none.json().msg).toBe('无表单权限，请检查数据格式');

    // A stored scheme without fields (not something the designer saves): the scheme is refused before any read.
    const empty = await createOrderForm(t, admin, [field(1, 'F_Title', 'input')]);
    const emptyPage = await insertRelation(t, empty.formId, { columns: [{ field: 'F_Title', label: '', align: 'left', sortable: false }], buttons: ['print'] });
    const version = await t.deps.db.selectFrom('form_schemes').select('current_version_id').where('id', '=', empty.formId).executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('form_scheme_versions')
      .set({ content: JSON.stringify({ data: [] }) })
      .where('id', '=', version.current_version_id!)
      .execute();
    const invalid = await t.get(`/api/form-relation/${emptyPage.id}/print/${keys[0]}`, admin);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().msg).toBe('表单配置异常，请检查数据格式');
  });
});

describe('indexes', () => {
  it('makes the implied indexes once, named ix_<table>_<hash>', async () => {
    const schemes = new FormSchemeService(t.deps, () => false);
    const access = new RelationAccess(t.deps, schemes);
    const service = new PublishedListService(t.deps, access);
    const auth = { tenantId: 'default', userId: 'admin', sessionId: '', account: 'admin' };
    const relation = (await new FormRelationRepository(t.deps.db).find('default', page.id))!;
    const loaded = await schemes.forUse(auth, formId);
    const made = await service.ensureIndexes(auth, relation, loaded);
    // F_Status (in), F_Amount, F_Day (range), F_Owner (prefix), F_Note (eq): 5; default sort 1; sortable F_Amount, F_Day: 2;
    // F_Title (like): a pg_trgm index on PostgreSQL, none on PGlite (its build cannot load the extension).
    expect(made).toHaveLength(t.deps.dbKind === 'postgres' ? 9 : 8);
    for (const name of made) expect(name).toMatch(new RegExp(`^ix_${table}_[0-9a-z]+$`));
    expect(await service.ensureIndexes(auth, relation, loaded)).toEqual(made);
    const driver = await t.deps.links.forLink('default', 'local');
    const present = await driver.execute(`select indexname from pg_indexes where tablename = $1`, [table]);
    expect(present.rows.map((r) => r.indexname)).toEqual(expect.arrayContaining(made));
    invalidateCaches(t);
  });
});

describeOnLinkDatabases(
  'published list',
  () => t,
  'publist',
  (linkId) => {
    it('lists, filters, sorts, exports, imports and makes its indexes on the link', async () => {
      const form = await createOrderForm(t, admin, orderFields(), linkId());
      const linked = await insertRelation(t, form.formId, setting());
      for (const formData of rows) expect((await t.send('POST', `/api/form-relation/${linked.id}/data`, { formData }, admin)).json().code).toBe(0);
      const get = async (extra: string) => {
        const res = await t.get(`/api/form-relation/${linked.id}/list?limit=1${extra.includes('size=') ? '' : '&size=50'}${extra}`, admin);
        expect(res.json(), res.body).toMatchObject({ code: 0 });
        return res.json().data as { Rows: Record<string, unknown>[]; Total: number };
      };
      const q = (query: Record<string, unknown>) => `&query=${encodeURIComponent(JSON.stringify(query))}`;
      expect((await get('')).Total).toBe(12);
      expect((await get(q({ F_Title: '合同' }))).Total).toBe(4);
      expect((await get(q({ F_Status: ['2'] }))).Total).toBe(6);
      expect((await get(q({ F_Amount: ['20', '40.5'] }))).Total).toBe(3);
      expect((await get(q({ F_Day: ['2026-03-11', ''] }))).Total).toBe(2);
      expect((await get(q({ F_Owner: 'wa' }))).Total).toBe(4);
      const sorted = await get('&sidx=F_Amount&sord=desc&size=3');
      expect(sorted.Rows[0]).toMatchObject({ F_Title: '订单 11', F_Amount: '110.5', F_Day: '2026-03-12', F_Tags: 'a' });

      const exportedRes = await t.get(`/api/form-relation/${linked.id}/export${q({ F_Title: '合同' }).replace('&', '?')}`, admin);
      expect(exportedRes.statusCode).toBe(200);
      const sheet = await workbookOf(exportedRes.rawPayload);
      expect(sheet).toHaveLength(5);
      const imported = await uploadTo(linked.id, [
        ['标题', '金额', '日期'],
        ['导入', '7.25', '2026-04-01'],
        ['坏', 'abc', ''],
      ]);
      expect(imported.json().data).toMatchObject({ total: 2, imported: 0 });
      expect(
        (
          await uploadTo(
            linked.id,
            [
              ['标题', '金额', '日期'],
              ['导入', '7.25', '2026-04-01'],
              ['坏', 'abc', ''],
            ],
            1,
          )
        ).json().data,
      ).toMatchObject({ total: 2, imported: 1 });
      expect((await get(q({ F_Title: '导入' }))).Rows[0]).toMatchObject({ F_Amount: '7.25', F_Day: '2026-04-01' });

      const schemes = new FormSchemeService(t.deps, () => false);
      const service = new PublishedListService(t.deps, new RelationAccess(t.deps, schemes));
      const auth = { tenantId: 'default', userId: 'admin', sessionId: '', account: 'admin' };
      const relation = (await new FormRelationRepository(t.deps.db).find('default', linked.id))!;
      const made = await service.ensureIndexes(auth, relation, await schemes.forUse(auth, form.formId));
      // MySQL-dialect links get no index for a like field (no trigram indexes there): 7; PostgreSQL links 8 or more.
      expect(made.length).toBeGreaterThanOrEqual(7);
      expect(await service.ensureIndexes(auth, relation, await schemes.forUse(auth, form.formId))).toEqual(made);
      expect((await get(q({ F_Status: '1' }))).Total).toBe(6);
    });
  },
);
