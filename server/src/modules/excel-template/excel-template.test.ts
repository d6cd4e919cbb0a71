import { deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID, type ExcelExportBody, type ExcelImportBody, type ExcelImportRun } from '@app/contracts';
import { newId } from '../../core/ids.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { uniqueName } from '../../test/link-databases.js';
import { multipartBody } from '../../test/multipart.js';
import { adminRoles, grant, insertRelation, invalidateCaches } from '../../test/published-pages.js';
import { field } from '../form-scheme/test-fields.js';

let t: TestApp;
let admin: string;
let zhangsan: string;
let page: { id: string; moduleId: string };
let mainTable: string;
let subTable: string;
const DICT = 'ExcelLevel';

const options = (pairs: [string, string][]) => ({ options: pairs.map(([value, label]) => ({ label, value })) });

/** A form with a dictionary field, a select, a date, a number and a sub-table (items). */
async function createForm(): Promise<string> {
  mainTable = uniqueName('xl_orders');
  subTable = uniqueName('xl_items');
  const data = [
    field(1, 'F_Title', 'input', { maxlength: 50 }, { label: '标题', required: true }),
    field(2, 'F_Level', 'select', {}, { label: '等级', dataType: 'dataItem', dataItem: DICT }),
    field(
      3,
      'F_Status',
      'select',
      {
        __slot__: options([
          ['1', '新建'],
          ['2', '完成'],
        ]),
      },
      { label: '状态', dataType: 'static' },
    ),
    field(4, 'F_Day', 'date', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }, { label: '日期' }),
    field(5, 'F_Amount', 'number', { precision: 2 }, { label: '金额' }),
    field(6, 'F_Owner', 'input', { maxlength: 64 }, { label: '负责人' }),
    field(
      7,
      'items',
      'table',
      {},
      {
        label: '明细',
        layout: 'rowFormItem',
        bindTable: subTable,
        children: [
          field(8, 'item_name', 'input', {}, { label: '品名', required: true, bindTable: subTable }),
          field(9, 'item_qty', 'number', { precision: 0 }, { label: '数量', bindTable: subTable }),
        ],
      },
    ),
  ];
  const res = await t.send(
    'POST',
    '/api/form-scheme/customtable',
    {
      F_Name: '导入订单',
      F_Type: 0,
      F_Scheme: { data },
      tableInfo: [
        { dbId: DEFAULT_LINK_ID, name: mainTable, type: 'main' },
        { dbId: DEFAULT_LINK_ID, name: subTable, type: 'sub', relationField: 'F_OrderId' },
      ],
    },
    admin,
  );
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().data.F_Id as string;
}

async function workbook(rows: unknown[][], build?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  build?.(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readBook(body: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return book;
}

const values = (sheet: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  sheet.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

const upload = (id: string, file: Buffer, token = admin, filename = 'data.xlsx', lang = 'zh-CN') => {
  const form = multipartBody([{ name: 'file', filename, content: file, contentType: 'application/octet-stream' }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/excel-import/${id}/import`,
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}`, 'accept-language': lang },
  });
};

async function finished(id: string, runId: string, token = admin): Promise<ExcelImportRun> {
  for (let i = 0; i < 200; i++) {
    const res = await t.get(`/api/excel-import/${id}/runs/${runId}`, token);
    const run = res.json().data as ExcelImportRun | null;
    if (!run) throw new Error(`GET run ${runId}: ${res.statusCode} ${res.body}`);
    if (run.state !== 'running') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('import did not finish');
}

const importBody = (extra: Partial<ExcelImportBody> = {}): ExcelImportBody => ({
  F_Name: '订单导入',
  F_ModuleId: page.moduleId,
  F_TargetKind: 'form',
  F_RelationId: page.id,
  F_ErrorRule: 'skip',
  F_Columns: [
    { header: '标题', field: 'F_Title', required: true, unique: true },
    { header: '等级', field: 'F_Level' },
    { header: '状态', field: 'F_Status' },
    { header: '日期', field: 'F_Day', type: 'date' },
    { header: '金额', field: 'F_Amount', type: 'number' },
    { header: '负责人', field: 'F_Owner', defaultKind: 'userName' },
    { header: '品名', field: 'items.item_name' },
    { header: '数量', field: 'items.item_qty', type: 'integer' },
  ],
  ...extra,
});

const exportBody = (extra: Partial<ExcelExportBody> = {}): ExcelExportBody => ({
  F_Name: '订单导出',
  F_ModuleId: page.moduleId,
  F_TargetKind: 'form',
  F_RelationId: page.id,
  F_Columns: [
    { header: '标题', field: 'F_Title' },
    { header: '等级', field: 'F_Level' },
    { header: '状态', field: 'F_Status' },
    { header: '日期', field: 'F_Day' },
    { header: '金额', field: 'F_Amount' },
    { header: '负责人', field: 'F_Owner' },
    { header: '品名', field: 'items.item_name' },
    { header: '数量', field: 'items.item_qty' },
  ],
  ...extra,
});

const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const stored = () => t.deps.links.forLink('default', DEFAULT_LINK_ID).then((d) => d.execute(`select * from "${mainTable}" order by "F_Title"`, []));

beforeAll(async () => {
  t = await createTestApp();
  [admin, zhangsan] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
  const typeId = newId();
  await t.deps.db.insertInto('dictionary_types').values({ id: typeId, tenant_id: 'default', code: DICT, name: '等级' }).execute();
  await t.deps.db
    .insertInto('dictionary_items')
    .values([
      { id: newId(), tenant_id: 'default', type_id: typeId, name: '高', value: 'H', sort_code: 1 },
      { id: newId(), tenant_id: 'default', type_id: typeId, name: '低', value: 'L', sort_code: 2 },
    ])
    .execute();
  const formId = await createForm();
  page = await insertRelation(t, formId, {
    columns: [{ field: 'F_Title', label: '标题', align: 'left', sortable: false }],
    queryFields: [{ field: 'F_Title', label: '', match: 'like' }],
    buttons: ['add', 'edit', 'view', 'delete'],
  });
}, 60_000);
afterAll(() => t.close());

describe('import templates: list, add, detail, update, enable, delete', () => {
  it('keeps a template through its calls; refuses bad bodies without changing anything', async () => {
    const added = await t.send('POST', '/api/excel-import', importBody(), admin);
    expect(added.json(), added.body).toMatchObject({ code: 0, data: { F_Id: expect.any(String) } });
    const id = added.json().data.F_Id as string;
    const detail = (await t.get(`/api/excel-import/${id}`, admin)).json().data;
    expect(detail).toMatchObject({
      F_Name: '订单导入',
      F_ModuleId: page.moduleId,
      F_ModuleName: '订单列表',
      F_EnabledMark: 1,
      F_ErrorRule: 'skip',
      F_TargetKind: 'form',
    });
    expect(detail.F_Columns[0]).toMatchObject({ header: '标题', field: 'F_Title', required: true, unique: true, type: 'text', defaultKind: 'none' });

    expect((await t.get('/api/excel-import?keyword=订单导&limit=1&size=10', admin)).json().data).toMatchObject({ Total: 1, Rows: [{ F_Id: id }] });
    expect((await t.get('/api/excel-import?state=0', admin)).json().data.Total).toBe(0);

    const put = await t.send('PUT', `/api/excel-import/${id}`, importBody({ F_Name: '订单导入 2', F_ErrorRule: 'refuse' }), admin);
    expect(put.json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/excel-import/${id}`, admin)).json().data).toMatchObject({ F_Name: '订单导入 2', F_ErrorRule: 'refuse' });

    expect((await t.send('PATCH', `/api/excel-import/stop/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get('/api/excel-import?state=0', admin)).json().data.Total).toBe(1);
    expect((await t.get(`/api/excel-import/module/${page.moduleId}`, admin)).json().data.imports).toEqual([]);
    expect((await t.send('PATCH', `/api/excel-import/start/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/excel-import/module/${page.moduleId}`, admin)).json().data.imports).toEqual([
      { F_Id: id, F_Name: '订单导入 2', F_ButtonName: '' },
    ]);

    const before = await t.deps.db.selectFrom('excel_imports').selectAll().orderBy('id').execute();
    const bad: [Partial<ExcelImportBody>, string][] = [
      [{ F_Columns: [] }, '请至少配置一列'],
      [{ F_Columns: [{ header: 'x', field: 'F_Nope' }] }, '字段不存在：F_Nope'],
      [
        {
          F_Columns: [
            { header: 'x', field: 'F_Title' },
            { header: 'x', field: 'F_Owner' },
          ],
        },
        '表头重复：x',
      ],
      [{ F_Columns: [{ header: 'x', field: 'items.item_name', unique: true }] }, '子表字段不能设为唯一'],
      [{ F_Columns: [{ header: 'x', field: 'F_Title', fixed: true }] }, '固定值列需要默认值'],
      [{ F_Columns: [{ header: 'x', field: 'F_Title', dictionary: 'NoSuchDict' }] }, '数据字典不存在'],
      [{ F_ModuleId: 'no-such-module' }, '绑定的功能菜单不存在'],
      [{ F_RelationId: 'no-such-page' }, '发布的表单不存在'],
      [{ F_TargetKind: 'table', F_DbId: DEFAULT_LINK_ID, F_TableName: 'no_such_table' }, '表 no_such_table 未发布'],
    ];
    for (const [change, text] of bad) {
      const res = await t.send('PUT', `/api/excel-import/${id}`, importBody(change), admin);
      expect(res.statusCode, JSON.stringify(change)).toBeGreaterThanOrEqual(400);
      expect(res.json().msg).toContain(text);
    }
    expect((await t.send('POST', '/api/excel-import', { ...importBody(), F_Name: '' }, admin)).statusCode).toBe(400);
    expect(await t.deps.db.selectFrom('excel_imports').selectAll().orderBy('id').execute()).toEqual(before);

    expect((await t.send('DELETE', `/api/excel-import/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    const gone = await t.get(`/api/excel-import/${id}`, admin, { 'accept-language': 'en' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().msg).toBe(`Template not found: ${id}`);
    for (const [method, url] of [
      ['PUT', `/api/excel-import/${id}`],
      ['DELETE', `/api/excel-import/${id}`],
      ['PATCH', `/api/excel-import/start/${id}`],
      ['PATCH', `/api/excel-import/stop/${id}`],
    ] as const)
      expect((await t.send(method, url, method === 'PUT' ? importBody() : undefined, admin)).statusCode).toBe(404);
  });

  it('answers 403 to a user without the buttons, for every call', async () => {
    const id = (await t.send('POST', '/api/excel-import', importBody({ F_Name: '无权' }), admin)).json().data.F_Id as string;
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/excel-import'],
      ['POST', '/api/excel-import', importBody()],
      ['GET', `/api/excel-import/${id}`],
      ['PUT', `/api/excel-import/${id}`, importBody()],
      ['DELETE', `/api/excel-import/${id}`],
      ['PATCH', `/api/excel-import/start/${id}`],
      ['PATCH', `/api/excel-import/stop/${id}`],
      ['GET', `/api/excel-import/target-fields?F_TargetKind=form&F_RelationId=${page.id}`],
      ['GET', '/api/excel-export'],
      ['POST', '/api/excel-export', exportBody()],
    ];
    for (const [method, url, body] of calls) {
      const res = method === 'GET' ? await t.get(url, zhangsan) : await t.send(method as 'POST', url, body, zhangsan);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    // The screen's calls: the template does not exist for someone without the screen.
    expect((await t.get(`/api/excel-import/module/${page.moduleId}`, zhangsan)).json().data).toEqual({ imports: [], exports: [] });
    expect((await t.get(`/api/excel-import/download/${page.moduleId}/${id}`, zhangsan)).statusCode).toBe(404);
    expect((await upload(id, await workbook([['标题'], ['x']]), zhangsan)).statusCode).toBe(404);
    await t.send('DELETE', `/api/excel-import/${id}`, undefined, admin);
  });

  it('names the fields of a target for the dialog, sub-table columns included', async () => {
    const res = await t.get(`/api/excel-import/target-fields?F_TargetKind=form&F_RelationId=${page.id}`, admin);
    const fields = res.json().data as { field: string; sub: string | null; dictionary: string }[];
    expect(fields.map((f) => f.field)).toEqual(expect.arrayContaining(['F_Title', 'F_Level', 'items.item_name', 'items.item_qty']));
    expect(fields.find((f) => f.field === 'F_Level')).toMatchObject({ dictionary: DICT });
    expect(fields.find((f) => f.field === 'items.item_qty')).toMatchObject({ sub: 'items' });
    const table = (await t.get(`/api/excel-import/target-fields?F_TargetKind=table&F_DbId=${DEFAULT_LINK_ID}&F_TableName=${mainTable}`, admin)).json().data;
    expect(table.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(['F_Title', 'F_Level']));
  });
});

describe('the template workbook (GET /excel-import/download/{moduleId}/{templateId})', () => {
  it('has the headers, a notes row, a hidden options sheet and drop-downs on dictionary and option columns', async () => {
    const id = (await t.send('POST', '/api/excel-import', importBody({ F_Name: '下载' }), admin)).json().data.F_Id as string;
    const res = await t.get(`/api/excel-import/download/${page.moduleId}/${id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('下载.xlsx'));
    const book = await readBook(res.rawPayload);
    const sheet = book.getWorksheet('Sheet1')!;
    expect(values(sheet)[0]).toEqual(['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量']);
    const notes = values(sheet)[1] as string[];
    expect(notes[0]).toMatch(/^※ 必填；不可重复/);
    expect(notes[1]).toContain('从下拉列表选择');
    expect(notes[3]).toContain('日期');
    const hidden = book.getWorksheet('options')!;
    expect(hidden.state).toBe('veryHidden');
    expect(values(hidden).map((r) => r.slice(0, 2))).toEqual([
      ['高', '新建'],
      ['低', '完成'],
    ]);
    const validation = sheet.getCell('B3').dataValidation;
    expect(validation).toMatchObject({ type: 'list', formulae: ['options!$A$1:$A$2'] });
    expect(sheet.getCell('C3').dataValidation).toMatchObject({ type: 'list', formulae: ['options!$B$1:$B$2'] });
    // a names the screen: another screen's id is not this template.
    expect((await t.get(`/api/excel-import/download/system-clue/${id}`, admin)).statusCode).toBe(404);
    await t.send('DELETE', `/api/excel-import/${id}`, undefined, admin);
  });
});

describe('imports into a published form', () => {
  let skipId: string;
  beforeAll(async () => {
    skipId = (await t.send('POST', '/api/excel-import', importBody({ F_Name: '跳过错误' }), admin)).json().data.F_Id as string;
  });

  it('translates dictionary and option labels, reads Chinese dates, groups sub-table lines, skips and reports the bad rows', async () => {
    const file = await workbook([
      ['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量', '多余列'],
      ['※ 说明', '※', '※', '※', '※', '※', '※', '※', ''],
      ['合同甲', '高', '新建', '2026年11月28日', 12.5, '', '螺丝', 10, 'x'],
      ['', '', '', '', '', '', '螺母', 20],
      ['合同乙', '低', '完成', '2026/11/29', '8', '李四', '垫片', 5],
      ['合同丙', '中', '新建', '明天', 'abc', '', '', ''],
      ['合同甲', '高', '新建', '20261130', 1, '', '', ''],
      ['合同丁', 'L', '2', 46354, 3, '', '', ''],
    ]);
    const res = await upload(skipId, file);
    expect(res.json(), res.body).toMatchObject({ code: 0, data: { state: 'running' } });
    const run = await finished(skipId, res.json().data.F_Id);
    expect(run).toMatchObject({ state: 'done', read: 6, valid: 3, invalid: 2, stored: 3, hasErrors: true });
    expect(run.errors.map((e) => e.row)).toEqual([6, 7]);
    expect(run.errors[0]!.messages).toEqual(['等级没有选项「中」', '日期不是日期：明天', '金额不是数字：abc']);
    expect(run.errors[1]!.messages[0]).toContain('标题「合同甲」在文件中重复（第 3 行）');

    const rows = (await stored()).rows;
    expect(rows.map((r) => [r.F_Title, r.F_Level, r.F_Status, day(r.F_Day), r.F_Owner])).toEqual([
      ['合同丁', 'L', '2', '2026-11-28', '系统管理员'],
      ['合同乙', 'L', '2', '2026-11-29', '李四'],
      ['合同甲', 'H', '1', '2026-11-28', '系统管理员'],
    ]);
    const driver = await t.deps.links.forLink('default', DEFAULT_LINK_ID);
    const items = (
      await driver.execute(
        `select i."item_name", i."item_qty" from "${subTable}" i join "${mainTable}" m on m."F_Id" = i."F_OrderId" where m."F_Title" = '合同甲' order by i."F_SortCode"`,
        [],
      )
    ).rows;
    expect(items.map((r) => [r.item_name, Number(r.item_qty)])).toEqual([
      ['螺丝', 10],
      ['螺母', 20],
    ]);

    // The error workbook: the refused rows as they were, an error column, the bad cells red.
    const errors = await t.get(`/api/excel-import/${skipId}/runs/${run.F_Id}/errors`, admin);
    expect(errors.statusCode).toBe(200);
    const sheet = (await readBook(errors.rawPayload)).worksheets[0]!;
    const got = values(sheet);
    expect(got[0]).toEqual(['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量', '多余列', '错误信息']);
    expect(got[1]!.slice(0, 5)).toEqual(['合同丙', '中', '新建', '明天', 'abc']);
    expect(String(got[1]![9])).toContain('等级没有选项「中」');
    expect(got[2]![0]).toBe('合同甲');
    const red = (address: string) => (sheet.getCell(address).fill as ExcelJS.FillPattern | undefined)?.fgColor?.argb;
    expect([red('B2'), red('D2'), red('E2'), red('A2'), red('C2')]).toEqual(['FFFF9999', 'FFFF9999', 'FFFF9999', undefined, undefined]);
    expect(red('A3')).toBe('FFFF9999');
    // Someone else's run is not theirs to read.
    expect((await t.get(`/api/excel-import/${skipId}/runs/${run.F_Id}`, zhangsan)).statusCode).toBe(404);
  });

  it('checks uniqueness against the stored rows too, and a refusing template stores nothing from a file with a bad row', async () => {
    const refuse = (await t.send('POST', '/api/excel-import', importBody({ F_Name: '整单拒绝', F_ErrorRule: 'refuse' }), admin)).json().data.F_Id as string;
    const before = (await stored()).rows.length;
    const res = await upload(
      refuse,
      await workbook([
        ['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量'],
        ['合同戊', '高', '新建', '2026-12-01', 1, '', '', ''],
        ['合同乙', '高', '新建', '2026-12-01', 1, '', '', ''],
      ]),
    );
    const run = await finished(refuse, res.json().data.F_Id);
    expect(run).toMatchObject({
      state: 'refused',
      read: 2,
      valid: 1,
      invalid: 1,
      stored: 0,
      hasErrors: true,
      message: '文件有 1 行错误，按模板规则整个文件未导入',
    });
    expect(run.errors[0]!.messages).toEqual(['标题「合同乙」已存在']);
    expect((await stored()).rows.length).toBe(before);
  });

  it('round trip: export the screen with a template, edit the file, import it back (dictionary labels, sub-table lines)', async () => {
    const exportId = (await t.send('POST', '/api/excel-export', exportBody(), admin)).json().data.F_Id as string;
    const exported = await t.get(`/api/excel-export/${exportId}/file?query=${encodeURIComponent(JSON.stringify({ F_Title: '合同甲' }))}`, admin);
    expect(exported.statusCode, exported.body.slice(0, 200)).toBe(200);
    expect(exported.headers['x-export-rows']).toBe('1');
    const book = await readBook(exported.rawPayload);
    const sheet = book.worksheets[0]!;
    expect(values(sheet)).toEqual([
      ['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量'],
      ['合同甲', '高', '新建', '2026-11-28', 12.5, '系统管理员', '螺丝', 10],
      [undefined, undefined, undefined, undefined, undefined, undefined, '螺母', 20],
    ]);
    // Edited: a new title (unique), the level changed by its label, one more sub-table line.
    sheet.getCell('A2').value = '合同甲-副本';
    sheet.getCell('B2').value = '低';
    sheet.addRow([null, null, null, null, null, null, '弹簧', 3]);
    const edited = Buffer.from(await book.xlsx.writeBuffer());
    const run = await finished(skipId, (await upload(skipId, edited)).json().data.F_Id);
    expect(run).toMatchObject({ state: 'done', read: 3, valid: 1, stored: 1, invalid: 0, hasErrors: false });
    const copy = (await stored()).rows.find((r) => r.F_Title === '合同甲-副本')!;
    expect(copy).toMatchObject({ F_Level: 'L', F_Status: '1' });
    expect(day(copy.F_Day)).toBe('2026-11-28');
    const driver = await t.deps.links.forLink('default', DEFAULT_LINK_ID);
    const items = (await driver.execute(`select "item_name" from "${subTable}" where "F_OrderId" = $1 order by "F_SortCode"`, [copy.F_Id])).rows;
    expect(items.map((r) => r.item_name)).toEqual(['螺丝', '螺母', '弹簧']);
  });

  it('refuses bad files with a clear message and stores nothing', async () => {
    const header = ['标题', '等级', '状态', '日期', '金额', '负责人', '品名', '数量'];
    const good = await workbook([header, ['好', '高', '新建', '', '', '', '', '']]);
    const before = (await stored()).rows.length;
    const runsBefore = await t.deps.db.selectFrom('excel_import_runs').select('id').execute();
    const cases: [Buffer, string, string][] = [
      [good, 'data.csv', '请上传 Excel（.xlsx）文件：data.csv'],
      [Buffer.from('name,amount\n甲,1\n'), 'renamed.xlsx', '文件无法读取，请使用 Excel（.xlsx）文件'],
      [await workbook([]), 'empty.xlsx', '导入文件没有数据'],
      [await workbook([header]), 'header-only.xlsx', '导入文件没有数据'],
      [
        await workbook([
          ['标题', '等级'],
          ['a', '高'],
        ]),
        'headers.xlsx',
        '表头与模板不一致，缺少：状态、日期、金额、负责人、品名、数量',
      ],
      [await workbook([header, ['a', '', '', '', '', '', '', '']], (s) => s.mergeCells('A1:B1')), 'merged.xlsx', '表头有合并单元格'],
      [await workbook([header, ['a', '高', '新建', '', { formula: '1+1', result: 2 }, '', '', '']]), 'formula.xlsx', '文件含有公式'],
      [
        zipOf([
          { name: 'xl/workbook.xml', content: '<workbook/>' },
          { name: 'xl/worksheets/sheet1.xml', content: sheetOfRows(1_048_576) },
        ]),
        'rows.xlsx',
        '一次最多导入',
      ],
      [
        zipOf([
          { name: 'xl/workbook.xml', content: '<workbook/>' },
          {
            name: 'xl/worksheets/sheet1.xml',
            content: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]><worksheet>&b;</worksheet>',
          },
        ]),
        'bomb.xlsx',
        '不允许的 XML 声明',
      ],
      [
        zipOf([
          { name: 'xl/workbook.xml', content: '<workbook/>' },
          { name: 'xl/worksheets/sheet1.xml', content: ' '.repeat(210 * 1024 * 1024) },
        ]),
        'zip-bomb.xlsx',
        '文件解压后超过 200 MB',
      ],
    ];
    for (const [file, name, text] of cases) {
      const res = await upload(skipId, file, admin, name);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().msg, name).toContain(text);
    }
    expect((await stored()).rows.length).toBe(before);
    expect(await t.deps.db.selectFrom('excel_import_runs').select('id').execute()).toEqual(runsBefore);
    const en = await upload(skipId, await workbook([['标题'], ['x']]), admin, 'h.xlsx', 'en');
    expect(en.json().msg).toContain('The headers do not match the template, missing: ');
  });

  it('a run whose process died (stale heartbeat) reads as failed', async () => {
    const runId = newId();
    await t.deps.db
      .insertInto('excel_import_runs')
      .values({
        id: runId,
        tenant_id: 'default',
        template_id: skipId,
        user_id: 'admin',
        file_name: 'x.xlsx',
        errors: '[]',
        heartbeat_at: new Date(Date.now() - 120_000),
      })
      .execute();
    const run = (await t.get(`/api/excel-import/${skipId}/runs/${runId}`, admin)).json().data;
    expect(run).toMatchObject({ state: 'failed', message: '导入进程已中断（超过 30 秒无进度），请重新导入' });
    expect((await t.get(`/api/excel-import/${skipId}/runs/${runId}/errors`, admin)).statusCode).toBe(404);
  });
});

describe('a released table as the target', () => {
  it('imports with fixed and default values, unique in the table, one transaction; exports with the data scope and neutralised cells', async () => {
    const body = importBody({
      F_Name: '表导入',
      F_TargetKind: 'table',
      F_RelationId: '',
      F_DbId: DEFAULT_LINK_ID,
      F_TableName: mainTable,
      F_Columns: [
        { header: '标题', field: 'F_Title', required: true, unique: true, maxLength: 10 },
        { header: '等级', field: 'F_Level', dictionary: DICT },
        { header: '日期', field: 'F_Day', type: 'date' },
        { header: '状态', field: 'F_Status', fixed: true, defaultKind: 'value', defaultValue: '2' },
      ],
    });
    const id = (await t.send('POST', '/api/excel-import', body, admin)).json().data.F_Id as string;
    const file = await workbook([
      ['标题', '等级', '日期'],
      ['=cmd|calc', '高', '2026.1.2'],
      ['表行二', '低', ''],
      ['合同乙', '低', ''],
      ['超过十个字的很长的标题啊', '低', ''],
    ]);
    const run = await finished(id, (await upload(id, file)).json().data.F_Id);
    expect(run).toMatchObject({ state: 'done', read: 4, valid: 2, invalid: 2, stored: 2 });
    expect(run.errors.map((e) => e.messages[0])).toEqual(['标题「合同乙」已存在', '标题不能超过 10 个字符']);
    const rows = (await stored()).rows.filter((r) => ['=cmd|calc', '表行二'].includes(String(r.F_Title)));
    expect(rows.map((r) => [r.F_Title, r.F_Level, r.F_Status, r.F_CreateUserId])).toEqual([
      ['=cmd|calc', 'H', '2', 'admin'],
      ['表行二', 'L', '2', 'admin'],
    ]);

    const exportId = (
      await t.send(
        'POST',
        '/api/excel-export',
        exportBody({
          F_Name: '表导出',
          F_TargetKind: 'table',
          F_RelationId: '',
          F_DbId: DEFAULT_LINK_ID,
          F_TableName: mainTable,
          F_Columns: [
            { header: '标题', field: 'F_Title' },
            { header: '等级', field: 'F_Level', dictionary: DICT },
            { header: '等级值', field: 'F_Level', dictionary: DICT, show: 'value' },
          ],
        }),
        admin,
      )
    ).json().data.F_Id as string;
    const file2 = await t.get(`/api/excel-export/${exportId}/file?query=${encodeURIComponent(JSON.stringify({ F_Title: 'cmd' }))}`, admin);
    const got = values((await readBook(file2.rawPayload)).worksheets[0]!);
    expect(got).toEqual([
      ['标题', '等级', '等级值'],
      ["'=cmd|calc", '高', 'H'],
    ]);
    // Data scope "own rows" for the admin's roles on the screen: rows created by others are not exported.
    const roles = await adminRoles(t);
    await t.deps.db
      .insertInto('data_authorizes')
      .values(
        roles.map((r) => ({
          id: newId(),
          tenant_id: 'default',
          module_id: page.moduleId,
          object_type: 1,
          object_id: r.id,
          scope: 1,
          department_ids: JSON.stringify([]),
        })) as never,
      )
      .execute();
    await t.deps.links
      .forLink('default', DEFAULT_LINK_ID)
      .then((d) => d.execute(`update "${mainTable}" set "F_CreateUserId" = 'someone' where "F_Title" = '表行二'`, []));
    const scoped = values((await readBook((await t.get(`/api/excel-export/${exportId}/file`, admin)).rawPayload)).worksheets[0]!);
    expect(scoped.map((r) => r[0])).not.toContain('表行二');
    expect(scoped.map((r) => r[0])).toContain("'=cmd|calc");
    await t.deps.db.deleteFrom('data_authorizes').where('module_id', '=', page.moduleId).execute();
  });
});

describe('data-source translation', () => {
  it('stores the value column of the row whose label column matches the cell', async () => {
    const source = await t.send(
      'POST',
      '/api/data-sources',
      { F_Code: 'xlowners', F_Name: '负责人', F_DbId: DEFAULT_LINK_ID, F_Sql: "select 'u1' as uid, '王一' as uname union all select 'u2', '李二'" },
      admin,
    );
    expect(source.json(), source.body).toMatchObject({ code: 0 });
    const sourceId = source.json().data.id as string;
    const body = importBody({
      F_Name: '数据源翻译',
      F_TargetKind: 'table',
      F_RelationId: '',
      F_DbId: DEFAULT_LINK_ID,
      F_TableName: mainTable,
      F_Columns: [
        { header: '标题', field: 'F_Title', required: true },
        { header: '负责人', field: 'F_Owner', dataSourceId: sourceId, dataSourceLabel: 'uname', dataSourceValue: 'uid' },
      ],
    });
    expect(
      (await t.send('POST', '/api/excel-import', { ...body, F_Columns: [{ header: 'x', field: 'F_Owner', dataSourceId: sourceId }] }, admin)).json().msg,
    ).toContain('数据源翻译需要数据源、显示字段和值字段');
    const id = (await t.send('POST', '/api/excel-import', body, admin)).json().data.F_Id as string;
    const run = await finished(
      id,
      (
        await upload(
          id,
          await workbook([
            ['标题', '负责人'],
            ['数据源一', '李二'],
            ['数据源二', '赵三'],
          ]),
        )
      ).json().data.F_Id,
    );
    expect(run).toMatchObject({ state: 'done', stored: 1, invalid: 1 });
    expect(run.errors[0]!.messages).toEqual(['负责人没有选项「赵三」']);
    expect((await stored()).rows.find((r) => r.F_Title === '数据源一')).toMatchObject({ F_Owner: 'u2' });
  });
});

describe('export templates', () => {
  it('list, detail, update, enable, delete; 404 for unknown ids; 400 for bad bodies', async () => {
    const id = (await t.send('POST', '/api/excel-export', exportBody({ F_Name: '导出管理' }), admin)).json().data.F_Id as string;
    expect((await t.get('/api/excel-export?keyword=导出管理', admin)).json().data).toMatchObject({ Total: 1, Rows: [{ F_Id: id, F_ApplyQuery: 1 }] });
    expect((await t.get(`/api/excel-export/${id}`, admin)).json().data.F_Columns).toHaveLength(8);
    expect((await t.send('PUT', `/api/excel-export/${id}`, exportBody({ F_Name: '导出管理 2', F_ApplyQuery: 0 }), admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/excel-export/${id}`, admin)).json().data).toMatchObject({ F_Name: '导出管理 2', F_ApplyQuery: 0 });
    expect((await t.send('PUT', `/api/excel-export/${id}`, exportBody({ F_Columns: [{ header: 'x', field: 'F_Nope' }] }), admin)).statusCode).toBe(400);
    expect((await t.get(`/api/excel-export/${id}`, admin)).json().data.F_Name).toBe('导出管理 2');
    expect((await t.send('PATCH', `/api/excel-export/stop/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/excel-export/${id}/file`, admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', `/api/excel-export/start/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    const screen = (await t.get(`/api/excel-import/module/${page.moduleId}`, admin)).json().data;
    expect(screen.exports).toContainEqual({ F_Id: id, F_Name: '导出管理 2', F_ButtonName: '', F_ApplyQuery: 0 });
    // A user without the screen: the template does not exist for them.
    expect((await t.get(`/api/excel-export/${id}/file`, zhangsan)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/excel-export/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`/api/excel-export/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('DELETE', `/api/excel-export/${id}`, undefined, admin)).statusCode).toBe(404);
  });

  it('a user granted the screen (no admin buttons) sees and uses its templates; progress is answered while it runs', async () => {
    const zhangsanId = (await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    await grant(t, [{ type: 2, id: zhangsanId }], page.moduleId, ['view'], ['F_Title']);
    invalidateCaches(t);
    const id = (await t.send('POST', '/api/excel-export', exportBody({ F_Name: '员工导出', F_IgnoreScope: 1 }), admin)).json().data.F_Id as string;
    expect((await t.get(`/api/excel-import/module/${page.moduleId}`, zhangsan)).json().data.exports.map((e: { F_Id: string }) => e.F_Id)).toContain(id);
    // A controlled column (column permissions) the admin's roles hold and zhangsan does not.
    await t.deps.db
      .insertInto('module_columns')
      .values({ id: `${page.moduleId}:col:F_Owner`, module_id: page.moduleId, en_code: 'F_Owner', full_name: '负责人' })
      .execute();
    await grant(t, await adminRoles(t), page.moduleId, [], ['F_Owner']);
    const res = await t.get(`/api/excel-export/${id}/file?progressId=progress-1234`, zhangsan);
    expect(res.statusCode).toBe(200);
    // Hidden columns are not exported.
    const header = values((await readBook(res.rawPayload)).worksheets[0]!)[0];
    expect(header).toEqual(['标题', '等级', '状态', '日期', '金额', '品名', '数量']);
    const adminHeader = values((await readBook((await t.get(`/api/excel-export/${id}/file`, admin)).rawPayload)).worksheets[0]!)[0];
    expect(adminHeader).toContain('负责人');
    const progress = (await t.get('/api/excel-export/progress/progress-1234', zhangsan)).json().data;
    expect(progress).toMatchObject({ done: true, total: expect.any(Number) });
    expect((await t.get('/api/excel-export/progress/progress-1234', admin)).json().data).toBeNull();
  });
});

/** A worksheet of n empty rows (the row-count guard reads them before anything parses the file). */
function sheetOfRows(n: number): string {
  const parts = ['<worksheet><sheetData>'];
  for (let i = 1; i <= n; i++) parts.push(`<row r="${i}"/>`);
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

/** A minimal zip of deflated entries. */
function zipOf(entries: { name: string; content: string }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, content } of entries) {
    const raw = Buffer.from(content);
    const packed = deflateRawSync(raw);
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
