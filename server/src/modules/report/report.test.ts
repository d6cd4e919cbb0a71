import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDesignInput, ReportPages } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { grant, type Grantee } from '../../test/published-pages.js';

let t: TestApp;
let admin: string;
let lisi: string;
let lisiId: string;
let zhangsanId: string;

/** Sales rows: two departments, two regions, owners (the scope column). */
const SALES: [string, string, number, string][] = [
  ['研发', '华东', 100, 'a'],
  ['研发', '华东', 50, 'b'],
  ['研发', '华南', 30, 'a'],
  ['销售', '华东', 20, 'b'],
];

beforeAll(async () => {
  t = await createTestApp();
  [admin, lisi] = await Promise.all([t.login('admin'), t.login('lisi')]);
  const users = await t.deps.db.selectFrom('users').select(['id', 'account']).where('account', 'in', ['lisi', 'zhangsan']).execute();
  lisiId = users.find((u) => u.account === 'lisi')!.id;
  zhangsanId = users.find((u) => u.account === 'zhangsan')!.id;
  const driver = await t.deps.links.forLink('default', 'local');
  await driver.executeDdl([`create table report_sales (id int primary key, dept text, region text, amount numeric(10, 2), owner text)`]);
  const owners: Record<string, string> = { a: lisiId, b: zhangsanId };
  for (const [i, [dept, region, amount, owner]] of SALES.entries())
    await driver.execute(`insert into report_sales values ($1, $2, $3, $4, $5)`, [i + 1, dept, region, amount, owners[owner]]);
});
afterAll(() => t.close());

const ok = async (res: Promise<{ json(): { code: number; data: unknown; msg: string }; body: string }>) => {
  const answer = await res;
  expect(answer.json(), answer.body).toMatchObject({ code: 0 });
  return answer.json().data as Record<string, unknown> & { F_Id: string };
};

/** Departments and regions with a subtotal per department and a total; the region comes from a parameter. */
function salesDesign(over: Partial<ReportDesignInput> = {}): ReportDesignInput {
  const bold = { bold: true, border: { bottom: { style: 'thin' as const, color: '#000000' } } };
  return {
    sheet: {
      rows: 4,
      cols: 3,
      colWidths: [100, 80, 90],
      cells: [
        { r: 0, c: 0, kind: 'text', text: '部门', style: bold },
        { r: 0, c: 1, kind: 'text', text: '区域', style: bold },
        { r: 0, c: 2, kind: 'text', text: '金额', style: bold },
        { r: 1, c: 0, kind: 'field', binding: { dataSet: 'sales', field: 'dept', expand: 'down' } },
        { r: 1, c: 1, kind: 'field', binding: { dataSet: 'sales', field: 'region', expand: 'down' } },
        { r: 1, c: 2, kind: 'field', binding: { dataSet: 'sales', field: 'amount', aggregate: 'sum' } },
        { r: 2, c: 1, kind: 'text', text: '小计', rowParent: { r: 1, c: 0 } },
        { r: 2, c: 2, kind: 'formula', text: 'SUM(C2)', rowParent: { r: 1, c: 0 } },
        { r: 3, c: 0, kind: 'text', text: '合计' },
        { r: 3, c: 2, kind: 'formula', text: 'SUM(C2)' },
      ],
      merges: [{ r: 1, c: 0, rs: 2, cs: 1 }],
      rowFlags: [{ r: 0, header: true }],
    },
    dataSets: [
      {
        name: 'sales',
        kind: 'sql',
        linkId: 'local',
        sql: "select dept, region, amount, owner from report_sales where (@region = '' or region = @region) order by id",
        scope: { user: 'owner' },
      },
    ],
    params: [{ name: 'region', label: '区域', type: 'text' }],
    ...over,
  };
}

async function newReport(design: ReportDesignInput = salesDesign(), code = `r${Math.random().toString(36).slice(2, 8)}`) {
  const report = await ok(t.send('POST', '/api/report-info', { F_Name: '部门销售', F_Code: code }, admin));
  const info = (await ok(t.get(`/api/report-info/${report.F_Id}`, admin))) as unknown as { F_Version: number };
  const saved = await ok(t.send('POST', '/api/report-content', { F_ReportId: report.F_Id, F_Design: design, F_BaseVersion: info.F_Version }, admin));
  return { id: report.F_Id, contentId: saved.F_Id };
}

/** The shown texts of a page, row by row (covered cells absent). */
const texts = (pages: ReportPages, page = 0) => pages.pages[page]!.rows.map((row) => row.cells.map((c) => c.t));

describe('the menu', () => {
  it('gives the administrator 报表 with its three screens (报表中心 shows once it holds a release)', async () => {
    const menu = (await ok(t.get('/api/modules/vue?systemId=0', admin))) as unknown as { F_ModuleId: string; children: { F_ModuleId: string }[] }[];
    const group = menu.find((m) => m.F_ModuleId === 'report');
    expect(group?.children.map((c) => c.F_ModuleId)).toEqual(['report-design', 'report-manage', 'report-release']);
    expect(((await ok(t.get('/api/modules/vue?systemId=0', lisi))) as unknown as { F_ModuleId: string }[]).some((m) => m.F_ModuleId === 'report')).toBe(false);
  });
});

describe('folders and reports', () => {
  it('keeps a folder tree, refuses cycles and deleting a folder in use', async () => {
    const top = await ok(t.send('POST', '/api/reports-file-info', { F_Name: '财务' }, admin));
    const sub = await ok(t.send('POST', '/api/reports-file-info', { F_Name: '月报', F_ParentId: top.F_Id }, admin));
    const tree = (await ok(t.get('/api/reports-file-info/tree', admin))) as unknown as { F_Id: string; children?: { F_Id: string }[] }[];
    expect(tree.find((f) => f.F_Id === top.F_Id)?.children?.map((c) => c.F_Id)).toEqual([sub.F_Id]);
    const cycle = await t.send('PUT', `/api/reports-file-info/${top.F_Id}`, { F_Name: '财务', F_ParentId: sub.F_Id }, admin);
    expect(cycle.json()).toMatchObject({ code: 10400, msg: '不能把目录移到它自己或它的子目录下' });

    const report = await ok(t.send('POST', '/api/report-info', { F_Name: '利润表', F_Code: 'profit', F_FolderId: sub.F_Id }, admin));
    const inTop = (await ok(t.get(`/api/reports-file?F_FolderId=${top.F_Id}&limit=1&size=10`, admin))) as unknown as {
      Total: number;
      Rows: { F_Id: string; F_Version: number; F_FolderName: string }[];
    };
    expect(inTop.Total).toBe(1);
    expect(inTop.Rows[0]).toMatchObject({ F_Id: report.F_Id, F_Version: 1, F_FolderName: '月报' });
    expect((await t.send('DELETE', `/api/reports-file-info/${sub.F_Id}`, undefined, admin)).json()).toMatchObject({
      code: 10400,
      msg: '目录下还有报表或子目录，不能删除',
    });

    const taken = await t.send('POST', '/api/report-info', { F_Name: '另一个', F_Code: 'PROFIT' }, admin);
    expect(taken.json()).toMatchObject({ code: 10400, msg: '报表编码已存在：PROFIT' });
    const bad = await t.send('POST', '/api/report-info', { F_Name: '坏的', F_Code: 'a b' }, admin, { 'accept-language': 'en' });
    expect(bad.statusCode).toBe(400);

    const treeWithReports = (await ok(t.get('/api/report-info/tree', admin))) as unknown as {
      id: string;
      children?: { id: string; children?: { id: string; kind: string }[] }[];
    }[];
    const leaf = treeWithReports.find((n) => n.id === top.F_Id)?.children?.[0]?.children?.[0];
    expect(leaf).toMatchObject({ id: report.F_Id, kind: 'report' });
    await ok(t.send('DELETE', `/api/report-info/${report.F_Id}`, undefined, admin));
    await ok(t.send('DELETE', `/api/reports-file-info/${sub.F_Id}`, undefined, admin));
  });

  it('refuses the calls to an ordinary user without the buttons', async () => {
    const staff = await t.login('zhangsan');
    expect((await t.get('/api/reports-file-info/tree', staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/report-info', { F_Name: 'x', F_Code: 'x' }, staff)).statusCode).toBe(403);
    expect((await t.send('POST', '/api/report-content', { F_ReportId: 'x', F_Design: salesDesign() }, staff)).statusCode).toBe(403);
  });
});

describe('designs and versions', () => {
  it('saves versions, refuses a stale base version and a broken design, restores and deletes old versions', async () => {
    const { id } = await newReport();
    const info = (await ok(t.get(`/api/report-info/${id}`, admin))) as unknown as { F_Version: number; F_ContentId: string };
    expect(info.F_Version).toBe(2);
    const stale = await t.send('POST', '/api/report-content', { F_ReportId: id, F_Design: salesDesign(), F_BaseVersion: 1 }, admin);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('报表已被其他人保存（版本 2），请刷新后再修改');

    const broken = salesDesign();
    broken.sheet.cells!.push({ r: 3, c: 1, kind: 'formula', text: 'constructor.constructor("return process")()' });
    const refused = await t.send('POST', '/api/report-content', { F_ReportId: id, F_Design: broken }, admin);
    expect(refused.statusCode).toBe(400);
    expect((await ok(t.get(`/api/report-info/${id}`, admin))).F_Version).toBe(2);
    const problems = (await ok(t.send('POST', '/api/report-content/check', { F_Design: broken }, admin))) as unknown as { cell?: string; msg: string }[];
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]!.cell).toBe('B4');

    const versions = (await ok(t.get(`/api/report-content?F_ReportId=${id}&limit=1&size=10`, admin))) as unknown as {
      Rows: { F_Id: string; F_Version: number; F_IsCurrent: number }[];
    };
    expect(versions.Rows.map((v) => [v.F_Version, v.F_IsCurrent])).toEqual([
      [2, 1],
      [1, 0],
    ]);
    const first = versions.Rows[1]!.F_Id;
    const restored = await ok(t.send('PUT', `/api/report-content/${first}`, {}, admin));
    expect(restored.F_Version).toBe(3);
    expect((await t.send('DELETE', `/api/report-content/${restored.F_Id}`, undefined, admin)).json()).toMatchObject({ code: 10400, msg: '当前版本不能删除' });
    await ok(t.send('DELETE', `/api/report-content/${first}`, undefined, admin));
    const detail = (await ok(t.get(`/api/report-content/${restored.F_Id}`, admin))) as unknown as { F_Design: { sheet: { rows: number } } };
    expect(detail.F_Design.sheet.rows).toBe(20);
  });

  it('previews a data set with its parameters bound, never concatenated', async () => {
    const design = salesDesign();
    const preview = (await ok(
      t.send('POST', '/api/report-content/data-preview', { dataSet: design.dataSets![0], params: { region: '华南' }, design }, admin),
    )) as unknown as {
      rows: { dept: string }[];
      fields: { name: string; type: string }[];
    };
    expect(preview.rows).toEqual([expect.objectContaining({ dept: '研发', region: '华南' })]);
    expect(preview.fields).toContainEqual({ name: 'amount', type: 'number' });
    const injected = (await ok(
      t.send('POST', '/api/report-content/data-preview', { dataSet: design.dataSets![0], params: { region: "' or '1'='1" }, design }, admin),
    )) as unknown as {
      rows: unknown[];
    };
    expect(injected.rows).toEqual([]);
  });

  it('takes a design bigger than the 1 MB of other bodies (a styled 500 × 30 sheet): saved, checked and previewed', async () => {
    const thin = { style: 'thin' as const, color: '#bfbfbf' };
    const cells = Array.from({ length: 500 * 30 }, (_, i) => ({
      r: Math.floor(i / 30),
      c: i % 30,
      text: `R${Math.floor(i / 30) + 1}C${(i % 30) + 1}`,
      style: { border: { top: thin, right: thin, bottom: thin, left: thin } },
    }));
    const design: ReportDesignInput = { sheet: { rows: 500, cols: 30, cells } };
    expect(JSON.stringify(design).length).toBeGreaterThan(2 * 1024 * 1024);
    const { id } = await newReport(salesDesign());
    const info = (await ok(t.get(`/api/report-info/${id}`, admin))) as unknown as { F_Version: number };
    await ok(t.send('POST', '/api/report-content', { F_ReportId: id, F_Design: design, F_BaseVersion: info.F_Version }, admin));
    expect(await ok(t.send('POST', '/api/report-content/check', { F_Design: design }, admin))).toEqual([]);
    const pages = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: {}, design }, admin))) as unknown as ReportPages;
    expect(pages.rowCount).toBe(500);
  });
});

describe('viewing', () => {
  it('expands groups with subtotals and a total, filtered by a parameter', async () => {
    const { id } = await newReport();
    const meta = await ok(t.get(`/api/report-view/${id}/meta`, admin));
    expect(meta).toMatchObject({ F_Name: '部门销售', canPrint: true, canExport: true, query: [{ name: 'region', label: '区域', type: 'text', value: '' }] });
    const pages = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: {} }, admin))) as unknown as ReportPages;
    expect(pages.pageCount).toBe(1);
    // Groups in pinyin order (销售 xiāoshòu before 研发 yánfā), each over its rows and its subtotal.
    expect(texts(pages)).toEqual([
      ['部门', '区域', '金额'],
      ['销售', '华东', '20'],
      ['小计', '20'],
      ['研发', '华东', '150'],
      ['华南', '30'],
      ['小计', '180'],
      ['合计', '200'],
    ]);
    expect(pages.pages[0]!.rows[1]!.cells[0]!.rs).toBe(2);
    expect(pages.pages[0]!.rows[3]!.cells[0]!.rs).toBe(3);
    expect(pages.styles[pages.pages[0]!.rows[0]!.cells[0]!.s]).toMatchObject({ bold: true });

    const south = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: { region: '华南' } }, admin))) as unknown as ReportPages;
    expect(texts(south).at(-1)).toEqual(['合计', '30']);
    const none = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: { region: '西北' } }, admin))) as unknown as ReportPages;
    expect(texts(none)[0]).toEqual(['部门', '区域', '金额']);
    expect(texts(none).at(-1)).toEqual(['合计', '0']);
  });

  it('previews an unsaved design on the design screen only', async () => {
    const { id } = await newReport();
    const draft = salesDesign({ params: [] });
    draft.dataSets = [{ name: 'sales', kind: 'static', rows: [{ dept: '甲', region: '东', amount: 5 }] }];
    const pages = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: {}, design: draft }, admin))) as unknown as ReportPages;
    expect(texts(pages)[1]).toEqual(['甲', '东', '5']);
    expect((await t.send('POST', `/api/report-view/${id}/pages`, { params: {} }, lisi)).statusCode).toBe(403);
  });

  it('a release is a menu entry with view / print / export buttons, and applies the viewer’s data scope', async () => {
    const { id } = await newReport();
    const release = await ok(t.send('POST', '/api/reports-release', { F_ReportId: id, F_Name: '部门销售报表' }, admin));
    const module = await t.deps.db.selectFrom('modules').selectAll().where('id', '=', String(release.F_ModuleId)).executeTakeFirstOrThrow();
    expect(module).toMatchObject({ parent_id: 'report-center', url_address: `/report/view/${release.F_Id}`, en_code: `report.app.${release.F_Id}` });
    const buttons = await t.deps.db.selectFrom('module_buttons').select('en_code').where('module_id', '=', module.id).orderBy('sort_code').execute();
    expect(buttons.map((b) => b.en_code)).toEqual(['view', 'print', 'export']);

    const menu = (await ok(t.get('/api/modules/vue?systemId=0', admin))) as unknown as {
      F_ModuleId: string;
      children: { F_ModuleId: string; children: { F_ModuleId: string }[] }[];
    }[];
    const center = menu.find((m) => m.F_ModuleId === 'report')?.children.find((c) => c.F_ModuleId === 'report-center');
    expect(center?.children.map((c) => c.F_ModuleId)).toContain(module.id);
    // lisi has no grant yet: refused; with the view button only: no export.
    expect((await t.get(`/api/report-view/${id}/meta?releaseId=${release.F_Id}`, lisi)).statusCode).toBe(403);
    const lisiGrantee: Grantee[] = [{ type: 2, id: lisiId }];
    await grant(t, lisiGrantee, module.id, ['view' as never], []);
    const meta = await ok(t.get(`/api/report-view/${id}/meta?releaseId=${release.F_Id}`, lisi));
    expect(meta).toMatchObject({ canPrint: false, canExport: false });
    // The release's menu page asks by the release alone.
    expect(await ok(t.get(`/api/report-view/release/${release.F_Id}/meta`, lisi))).toMatchObject({ F_ReportId: id, canExport: false });
    expect((await t.get(`/api/report-view/release/${release.F_Id}/meta`, await t.login('zhangsan'))).statusCode).toBe(403);
    expect((await t.send('POST', `/api/report-view/${id}/export`, { releaseId: release.F_Id, params: {}, format: 'xlsx' }, lisi)).statusCode).toBe(403);
    const all = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { releaseId: release.F_Id, params: {} }, lisi))) as unknown as ReportPages;
    expect(texts(all).at(-1)).toEqual(['合计', '200']);

    // "Own rows" on the release's entry: lisi sees the rows whose owner column is lisi.
    await t.deps.db
      .insertInto('data_authorizes')
      .values({ id: `da-${release.F_Id}`, tenant_id: 'default', object_type: 2, object_id: lisiId, module_id: module.id, scope: 1, department_ids: '[]' })
      .execute();
    const own = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { releaseId: release.F_Id, params: {} }, lisi))) as unknown as ReportPages;
    expect(texts(own).at(-1)).toEqual(['合计', '130']);
    // Without a release named, lisi views through the one she holds.
    const implicit = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: {} }, lisi))) as unknown as ReportPages;
    expect(texts(implicit).at(-1)).toEqual(['合计', '130']);
    // Deleting the report is refused while it is released; the release goes with its menu entry.
    expect((await t.send('DELETE', `/api/report-info/${id}`, undefined, admin)).json()).toMatchObject({ code: 10400 });
    await ok(t.send('DELETE', `/api/reports-release/${release.F_Id}`, undefined, admin));
    expect(await t.deps.db.selectFrom('modules').select('id').where('id', '=', module.id).executeTakeFirst()).toBeUndefined();
  });
});

describe('export', () => {
  it('writes an .xlsx with the values, merges, widths and styles of the view', async () => {
    const { id } = await newReport();
    const res = await t.send('POST', `/api/report-view/${id}/export`, { params: {}, format: 'xlsx' }, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-disposition']).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('部门');
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A1').border?.bottom?.style).toBe('thin');
    expect(sheet.getCell('A2').value).toBe('销售');
    expect(sheet.getCell('C2').value).toBe(20);
    expect(sheet.getCell('C4').value).toBe(150);
    expect(sheet.getCell('C7').value).toBe(200);
    expect(sheet.model.merges).toEqual(expect.arrayContaining(['A2:A3', 'A4:A6']));
    // The merged cell's covered cells carry its style (a border drawn on a merge comes from its edge cells).
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(1).width).toBeCloseTo(100 / 7, 1);
  });

  it('streams a big report (no pictures) with every row and merge', async () => {
    const sql = "select 'D' || (g % 3) as dept, 'R' || (g % 2) as region, g as amount from generate_series(1, 6000) g order by 1, 2";
    const design = salesDesign({ params: [], dataSets: [{ name: 'sales', kind: 'sql', linkId: 'local', sql }] });
    design.sheet.cells = design.sheet.cells!.map((c) =>
      c.r === 1 && c.c === 1 ? { ...c, binding: { dataSet: 'sales', field: 'region', expand: 'down', mode: 'list' } } : c,
    );
    const { id } = await newReport(design);
    const res = await t.send('POST', `/api/report-view/${id}/export`, { params: {}, format: 'xlsx' }, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    // Header, 6,000 rows, a subtotal per department (3) and the total.
    expect(sheet.rowCount).toBe(1 + 6000 + 3 + 1);
    expect(sheet.model.merges).toEqual(['A2:A2002', 'A2003:A4003', 'A4004:A6004']);
    expect(sheet.getCell(`C${sheet.rowCount}`).value).toBe((6000 * 6001) / 2);
  });

  it('neutralises texts that would be formulas', async () => {
    const design = salesDesign({
      params: [],
      dataSets: [{ name: 'sales', kind: 'static', rows: [{ dept: '=HYPERLINK("http://x")', region: '+1', amount: -5 }] }],
    });
    const { id } = await newReport(design);
    const res = await t.send('POST', `/api/report-view/${id}/export`, { params: {}, format: 'xlsx' }, admin);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getCell('A2').value).toBe(`'=HYPERLINK("http://x")`);
    expect(sheet.getCell('B2').value).toBe(`'+1`);
    expect(sheet.getCell('C2').value).toBe(-5);
    expect(sheet.getCell('A2').formula).toBeUndefined();
  });
});

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const pdftoppm = ['/usr/bin/pdftoppm', '/usr/local/bin/pdftoppm'].find((p) => existsSync(p));

/** Page 1 of a PDF as a grey image (PGM: header, then one byte a pixel), drawn by poppler at 30 dpi. */
function firstPageImage(pdf: Buffer): { width: number; height: number; dark: number } {
  const dir = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  try {
    writeFileSync(path.join(dir, 'r.pdf'), pdf);
    execFileSync(pdftoppm!, ['-gray', '-r', '30', '-f', '1', '-l', '1', path.join(dir, 'r.pdf'), path.join(dir, 'p')]);
    const file = readdirSync(dir).find((f) => f.endsWith('.pgm'))!;
    const bytes = readFileSync(path.join(dir, file));
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(bytes.subarray(0, 40).toString('latin1'))!;
    const pixels = bytes.subarray(header[0].length);
    let dark = 0;
    for (const p of pixels) if (p < 128) dark++;
    return { width: Number(header[1]), height: Number(header[2]), dark };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe.skipIf(!existsSync(chromium))('PDF', () => {
  it('prints every page on the paper of the print setup, the header repeated, page numbers under each', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({ dept: `部门${String(i % 7).padStart(2, '0')}`, region: `区域${i % 3}`, amount: i }));
    const design = salesDesign({ params: [], dataSets: [{ name: 'sales', kind: 'static', rows }], print: { paper: 'A4', orientation: 'landscape' } });
    design.sheet.cells = design.sheet.cells!.map((c) =>
      c.r === 1 && c.c === 1 ? { ...c, binding: { dataSet: 'sales', field: 'region', expand: 'down', mode: 'list' } } : c,
    );
    const { id } = await newReport(design);
    const view = (await ok(t.send('POST', `/api/report-view/${id}/pages`, { params: {}, from: 0, count: 50 }, admin))) as unknown as ReportPages;
    expect(view.pageCount).toBeGreaterThan(1);
    expect(texts(view, 1)[0]).toEqual(['部门', '区域', '金额']);
    const res = await t.send('POST', `/api/report-view/${id}/export`, { params: {}, format: 'pdf' }, admin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(view.pageCount);
    if (pdftoppm) {
      const page = firstPageImage(pdf);
      // A4 landscape, 297 × 210 mm, and something printed on it.
      expect(page.width / page.height).toBeCloseTo(297 / 210, 1);
      expect(page.dark).toBeGreaterThan(200);
    }
  }, 60_000);
});

describe('share links', () => {
  it('opens a shared report without sign-in until it expires or is revoked; other reports and bearer tokens do not change it', async () => {
    const { id } = await newReport();
    const other = await newReport();
    const share = await ok(t.send('POST', '/api/report-share', { F_ReportId: id, F_ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() }, admin));
    const url = String(share.F_Url);
    expect(url).toMatch(new RegExp(`^/report-frame/${id}\\?share=`));
    const token = new URL(url, 'http://x').searchParams.get('share')!;
    const meta = await ok(t.get(`/api/report-frame/${id}/meta?share=${token}`));
    expect(meta).toMatchObject({ F_Name: '部门销售', needsPassword: false });
    const pages = (await ok(t.send('POST', `/api/report-frame/${id}/pages?share=${token}`, { params: {} }))) as unknown as ReportPages;
    expect(texts(pages).at(-1)).toEqual(['合计', '200']);

    // The token is for its own report only, and a forged one is refused.
    expect((await t.get(`/api/report-frame/${other.id}/meta?share=${token}`)).statusCode).toBe(403);
    expect((await t.get(`/api/report-frame/${id}/meta?share=${token.slice(0, -2)}xx`)).statusCode).toBe(403);
    // A signed-in viewer's bearer token neither breaks nor widens the link.
    const withBearer = await t.send('POST', `/api/report-frame/${id}/pages?share=${token}`, { params: {} }, lisi);
    expect(withBearer.json()).toMatchObject({ code: 0 });

    await ok(t.send('DELETE', `/api/report-share/${share.F_Id}`, undefined, admin));
    expect((await t.get(`/api/report-frame/${id}/meta?share=${token}`)).json()).toMatchObject({ code: 10403, msg: '分享链接无效或已过期' });

    const expired = await ok(t.send('POST', '/api/report-share', { F_ReportId: id, F_ExpiresAt: new Date(Date.now() + 3_600_000).toISOString() }, admin));
    await t.deps.db
      .updateTable('report_shares')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expired.F_Id)
      .execute();
    const expiredToken = new URL(String(expired.F_Url), 'http://x').searchParams.get('share')!;
    expect((await t.get(`/api/report-frame/${id}/meta?share=${expiredToken}`)).statusCode).toBe(403);
    const past = await t.send('POST', '/api/report-share', { F_ReportId: id, F_ExpiresAt: '2020-01-01 00:00:00' }, admin);
    expect(past.json()).toMatchObject({ code: 10400, msg: '请选择一个以后的到期时间（最长一年）' });
  });

  it('asks for the password, throttles guesses, and opens with the access token', async () => {
    const { id } = await newReport();
    const share = await ok(
      t.send('POST', '/api/report-share', { F_ReportId: id, F_ExpiresAt: new Date(Date.now() + 3_600_000).toISOString(), F_Password: 'open-sesame' }, admin),
    );
    expect(share.F_HasPassword).toBe(1);
    const token = new URL(String(share.F_Url), 'http://x').searchParams.get('share')!;
    expect(await ok(t.get(`/api/report-frame/${id}/meta?share=${token}`))).toMatchObject({ needsPassword: true, query: [] });
    expect((await t.send('POST', `/api/report-frame/${id}/pages?share=${token}`, { params: {} })).statusCode).toBe(403);
    const wrong = await t.send('POST', `/api/report-frame/${id}/unlock?share=${token}`, { password: 'nope' });
    expect(wrong.json()).toMatchObject({ code: 10400, msg: '访问密码不正确' });
    const unlocked = await ok(t.send('POST', `/api/report-frame/${id}/unlock?share=${token}`, { password: 'open-sesame' }));
    const access = String(unlocked.access);
    expect(await ok(t.get(`/api/report-frame/${id}/meta?share=${token}&access=${access}`))).toMatchObject({ needsPassword: false });
    const pages = (await ok(t.send('POST', `/api/report-frame/${id}/pages?share=${token}&access=${access}`, { params: {} }))) as unknown as ReportPages;
    expect(pages.pageCount).toBe(1);
    // Five tries per link in five minutes: the sixth is refused whatever it says.
    for (let i = 0; i < 3; i++) await t.send('POST', `/api/report-frame/${id}/unlock?share=${token}`, { password: `guess${i}` });
    const throttled = await t.send('POST', `/api/report-frame/${id}/unlock?share=${token}`, { password: 'open-sesame' });
    expect(throttled.statusCode).toBe(429);
  });
});

describe('scheduled delivery', () => {
  it('exports the report into each recipient’s file manager with a message', async () => {
    const { id } = await newReport();
    const type = t.deps.taskTypes.get('reportDelivery')!;
    const auth = { userId: 'admin', tenantId: 'default', sessionId: '', account: 'admin' };
    const config = { reportId: id, params: { region: '华东' }, format: 'xlsx', recipients: [lisiId, zhangsanId] };
    await type.check!(auth, config);
    await expect(type.check!(auth, { ...config, recipients: ['nobody'] })).rejects.toMatchObject({ key: 'report.recipientUnknown' });
    const outcome = await type.run({ auth, config, signal: new AbortController().signal, timeoutMs: 60_000 });
    expect(outcome.summary).toMatchObject({ key: 'report.deliverySaved', params: { users: 2 } });
    const files = await t.deps.db.selectFrom('files').select(['owner_id', 'file_name', 'size']).where('file_name', 'like', '部门销售-%').execute();
    expect(files.map((f) => f.owner_id).sort()).toEqual([lisiId, zhangsanId].sort());
    expect(Number(files[0]!.size)).toBeGreaterThan(1000);
    const messages = await t.deps.db.selectFrom('messages').select(['user_id', 'title']).where('title', '=', '报表：部门销售').execute();
    expect(messages).toHaveLength(2);
  });
});
