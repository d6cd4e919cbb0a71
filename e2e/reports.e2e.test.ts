import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { ReportContentDetail, ReportInfoRow, ReportReleaseRow, TemplateCell } from '@app/contracts';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import type { AppDeps } from '../server/src/core/deps.js';
import { DEMO_PASSWORD, api, launchBrowser, shot, signedIn, tid, type E2eServer } from './harness.js';

/**
 * Reports end to end (docs/reports-design.md), through the screens:
 * - 报表管理: a new report; 报表设计: it opens from the tree in the designer, where a text parameter (@region, default
 *   华东) and a SQL data set on the platform's own database link (rows of a VALUES list, filtered by @region, its
 *   fields found by running it) are added, header texts typed into the grid, cells bound from the fields panel and the
 *   cell panel (dept grouped and merged, region listed row by row, amount not expanding, a 小计 row under each
 *   department with a SUM formula, a 合计 row), and the design saved (v2);
 * - the preview shows the expanded rows, the subtotals and the total for the default;
 * - 报表发布 releases it to a menu entry; lisi, granted the entry's view / print / export buttons, opens the released
 *   page, runs it for 华南 (other rows), exports it to Excel (read with exceljs) and prints it (the pages in the print
 *   layer, the browser's print dialog asked for) and the print view the PDF is taken from;
 * - 报表管理 › 分享 makes a link that shows the report signed out; a forged token, an expired link and a revoked link
 *   show none of it.
 */
const env = useServerWithDeps();

/** The harness's server, keeping its dependencies: one step (a link whose time is up) has no screen. */
function useServerWithDeps(): { server: () => E2eServer; browser: () => Browser; deps: () => AppDeps } {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let deps: AppDeps | undefined;
  beforeAll(async () => {
    const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '..', 'web', 'dist');
    const built = await buildApp(testConfig({ webDist, adminPassword: DEMO_PASSWORD }));
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server = { baseUrl: `http://127.0.0.1:${address.port}`, close: () => built.app.close() };
    deps = built.deps;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { server: () => server!, browser: () => browser!, deps: () => deps! };
}

const SQL = [
  'select dept, region, amount',
  "from (values ('研发', '华东', 100), ('研发', '华南', 30), ('研发', '华东', 20), ('销售', '华东', 50), ('销售', '华南', 70), ('市场', '华北', 40))",
  'as t(dept, region, amount)',
  "where (@region = '' or region = @region)",
].join('\n');

/** Picks an option of an antd select (opened by clicking `trigger`). */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Column letters of the designer's grid (the sheets here stay within A–Z). */
const cellName = (r: number, c: number) => `${String.fromCharCode(65 + c)}${r + 1}`;

/** The middle of a cell of the designer's grid on the screen (default sizes: 80 × 24 px and a 1 px grid line). */
async function cellPoint(page: Page, r: number, c: number) {
  const box = await page.locator(`${tid('rd-grid')} .fortune-cell-area`).boundingBox();
  if (!box) throw new Error('the grid is not drawn');
  return { x: box.x + c * 81 + 40, y: box.y + r * 25 + 12 };
}

/** Clicks a cell of the grid, as a user does, and waits for the cell panel to show it. */
async function clickCell(page: Page, r: number, c: number) {
  const at = await cellPoint(page, r, c);
  await page.mouse.click(at.x, at.y);
  await expect.poll(() => page.locator(tid('rd-cell-name')).textContent()).toBe(cellName(r, c));
}

/** Double-clicks a cell to edit it, types the text (as an input method puts it in) and commits it with Enter. */
async function typeInCell(page: Page, r: number, c: number, text: string) {
  await clickCell(page, r, c);
  const at = await cellPoint(page, r, c);
  await page.mouse.dblclick(at.x, at.y);
  await page.locator('.luckysheet-cell-input:focus').waitFor();
  await page.keyboard.insertText(text);
  await page.keyboard.press('Enter');
  // Enter commits and moves down.
  await expect.poll(() => page.locator(tid('rd-cell-name')).textContent()).toBe(cellName(r + 1, c));
}

/** The cell panel's row parent of the selected cell: a cell typed by name. */
async function setRowParent(page: Page, name: string) {
  const input = page.locator(tid('rd-rowParent-cell'));
  await input.fill(name);
  await input.press('Enter');
  await expect.poll(() => page.locator(tid('rd-rowParent-mode')).textContent()).toContain('指定单元格');
}

/** Waits for the finite animations of the page (a modal fading in) before a screenshot. */
async function settledShot(page: Page, name: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await shot(page, name);
}

/** The texts of the shown page of a viewer, row by row, empty cells left out. */
const sheetRows = (scope: Page | Locator) =>
  scope
    .locator(`${tid('report-sheet')} tr`)
    .evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim()).filter((t) => t !== '')));

const EAST = [
  ['部门', '区域', '金额'],
  ['销售', '华东', '50'],
  ['小计', '50'],
  ['研发', '华东', '100'],
  ['华东', '20'],
  ['小计', '120'],
  ['合计', '170'],
];
const SOUTH = [
  ['部门', '区域', '金额'],
  ['销售', '华南', '70'],
  ['小计', '70'],
  ['研发', '华南', '30'],
  ['小计', '30'],
  ['合计', '100'],
];

describe('reports end to end', () => {
  it('designs, previews, releases, views, exports and prints a report, and shares it by a link that works signed out', async () => {
    const started = Date.now();
    const admin = await signedIn(env.browser(), env.server(), 'admin');
    const page = admin.page;
    // The grid draws on a canvas: the colour each field label was last drawn in is noted (field cells show in blue).
    await admin.context.addInitScript(() => {
      const colours: Record<string, string> = {};
      (window as unknown as { __fieldColours: Record<string, string> }).__fieldColours = colours;
      const fillText = CanvasRenderingContext2D.prototype.fillText;
      CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, max?: number) {
        if (typeof text === 'string' && /^[#$]\{/.test(text)) colours[text] = String(this.fillStyle);
        return max === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, max);
      };
    });
    const fieldColour = (label: string) => page.evaluate((l) => (window as unknown as { __fieldColours: Record<string, string> }).__fieldColours[l], label);

    // ---------- 报表管理: a new report ----------
    await page.goto('/report/manage/index');
    await page.locator(tid('report-add')).click();
    await page.locator(tid('report-name')).fill('部门区域销售 E2E');
    await page.locator(tid('report-code')).fill('e2e_dept_sales');
    await page.locator(tid('modal-ok')).click();
    await page.locator(tid('report-info-form')).waitFor({ state: 'detached' });
    const reports = await api<{ Rows: ReportInfoRow[] }>(page, 'GET', '/api/reports-file?limit=1&size=20&keyword=e2e_dept_sales');
    const report = reports.Rows.find((r) => r.F_Code === 'e2e_dept_sales')!;
    expect(report).toMatchObject({ F_Name: '部门区域销售 E2E', F_Version: 1 });
    await page.locator(tid(`report-row-${report.F_Id}`)).waitFor();

    // ---------- 报表设计: the report from the tree opens in the designer ----------
    await page.goto('/report/design/index');
    await page.locator(`${tid('rd-report-tree')} .ant-tree-title`, { hasText: '部门区域销售 E2E' }).click();
    await page.locator(`${tid('rd-grid')} .fortune-cell-area`).waitFor();
    await expect.poll(() => page.locator(tid('rd-version')).textContent()).toBe('版本 v1');

    // A text parameter with a default.
    await page.locator('.rd-side-tabs .ant-tabs-tab', { hasText: '参数' }).click();
    await page.locator(tid('rd-param-add')).click();
    await page.locator(tid('rd-param-name')).fill('region');
    await page.locator(tid('rd-param-label')).fill('区域');
    await page.locator(tid('rd-param-default')).fill('华东');
    await page.locator(tid('rd-param-ok')).click();
    await page.locator(tid('rd-param-region')).waitFor();

    // A SQL data set on the platform's database link; its fields found by running it.
    await page.locator('.rd-side-tabs .ant-tabs-tab', { hasText: '数据集' }).click();
    await page.locator(tid('rd-ds-add')).click();
    await page.locator(tid('rd-ds-name')).fill('sales');
    await page.locator(tid('rd-ds-label')).fill('销售');
    await choose(page, tid('rd-ds-link'), '本地数据库');
    await page.locator(tid('rd-ds-sql')).fill(SQL);
    await page.locator(tid('rd-ds-discover')).click();
    await page.locator(tid('rd-ds-preview')).waitFor({ timeout: 30_000 });
    const fieldNames = await page
      .locator(`${tid('rd-ds-fields')} tbody tr input.ant-input`)
      .evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value).filter((v) => v));
    expect(fieldNames).toEqual(expect.arrayContaining(['dept', 'region', 'amount']));
    await settledShot(page, 'reports-data-set');
    await page.locator(tid('rd-ds-ok')).click();
    await page.locator(tid('rd-ds-dialog')).waitFor({ state: 'detached' });
    await page.locator(tid('rd-field-sales-amount')).waitFor();

    // Header texts typed into the grid.
    await typeInCell(page, 0, 0, '部门');
    await typeInCell(page, 0, 1, '区域');
    await typeInCell(page, 0, 2, '金额');

    // A2: the department, grouped and merged (a field double-clicked binds it to the selected cell).
    await clickCell(page, 1, 0);
    await page.locator(tid('rd-field-sales-dept')).dblclick();
    await expect.poll(() => page.locator(tid('rd-cell-kind')).textContent()).toBe('数据字段');
    await expect.poll(() => page.locator(`${tid('rd-bind-mode')}`).textContent()).toContain('分组');
    expect(await page.locator(tid('rd-bind-merge')).getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => fieldColour('#{sales.dept}')).toBe('#1677ff');

    // B2: the region, listed row by row (a detail cell).
    await clickCell(page, 1, 1);
    await page.locator(tid('rd-field-sales-region')).dblclick();
    await expect.poll(() => page.locator(tid('rd-cell-kind')).textContent()).toBe('数据字段');
    await choose(page, tid('rd-bind-mode'), '列表');
    await expect.poll(() => page.locator(`${tid('rd-bind-mode')}`).textContent()).toContain('列表');

    // C2: the amount of each row (not expanding: it follows the region's rows).
    await clickCell(page, 1, 2);
    await page.locator(tid('rd-field-sales-amount')).dblclick();
    await expect.poll(() => page.locator(tid('rd-cell-kind')).textContent()).toBe('数据字段');
    await page.locator(tid('rd-bind-expand')).getByText('不扩展').click();
    await expect.poll(() => page.locator(`${tid('rd-bind-expand')} .ant-radio-button-wrapper-checked`).textContent()).toBe('不扩展');
    await expect.poll(() => fieldColour('${sales.amount}')).toBe('#1677ff');

    // Row 3: 小计 with a SUM under each department (row parent A2); row 4: 合计.
    await typeInCell(page, 2, 1, '小计');
    await clickCell(page, 2, 1);
    await setRowParent(page, 'A2');
    await clickCell(page, 2, 2);
    await choose(page, tid('rd-cell-kind-select'), '公式');
    await page.locator(tid('rd-formula')).fill('SUM(C2)');
    await expect.poll(() => page.locator(tid('rd-formula-check')).textContent(), { timeout: 20_000 }).toBe('公式正确');
    await page.locator(tid('rd-formula-apply')).click();
    await expect.poll(() => page.locator(tid('rd-cell-kind')).textContent()).toBe('公式');
    await setRowParent(page, 'A2');
    await typeInCell(page, 3, 0, '合计');
    await clickCell(page, 3, 2);
    await choose(page, tid('rd-cell-kind-select'), '公式');
    await page.locator(tid('rd-formula')).fill('SUM(C2)');
    await page.locator(tid('rd-formula-apply')).click();
    await expect.poll(() => page.locator(tid('rd-cell-kind')).textContent()).toBe('公式');

    // The department's cell merged over its subtotal row (the toolbar's merge, behind 更多 on a narrow grid).
    await clickCell(page, 1, 0);
    const a3 = await cellPoint(page, 2, 0);
    await page.keyboard.down('Shift');
    await page.mouse.click(a3.x, a3.y);
    await page.keyboard.up('Shift');
    const merge = page.locator('.fortune-toolbar-combo-button[aria-label$=": 合并单元格"]');
    if (!(await merge.isVisible())) await page.locator('.fortune-toolbar [data-tips="更多"]').click();
    await merge.click();
    await shot(page, 'reports-designer');

    await page.locator(tid('rd-save')).click();
    // The toast says which version, or why the design was refused.
    await expect.poll(async () => (await page.locator('.ant-message-notice').allTextContents()).join(' | ')).toContain('已保存为版本 v2');
    await expect.poll(() => page.locator(tid('rd-version')).textContent()).toBe('版本 v2');
    await page.locator(tid('rd-dirty')).waitFor({ state: 'detached' });

    // What was saved: the bindings as set on the screen.
    const info = await api<ReportInfoRow>(page, 'GET', `/api/report-info/${report.F_Id}`);
    const saved = await api<ReportContentDetail>(page, 'GET', `/api/report-content/${info.F_ContentId}`);
    const at = (r: number, c: number) => saved.F_Design.sheet.cells.find((x: TemplateCell) => x.r === r && x.c === c);
    expect(saved.F_Design.params).toEqual([expect.objectContaining({ name: 'region', label: '区域', type: 'text', default: '华东' })]);
    expect(saved.F_Design.dataSets[0]).toMatchObject({ name: 'sales', kind: 'sql', linkId: 'local' });
    expect(at(0, 0)).toMatchObject({ kind: 'text', text: '部门' });
    expect(at(1, 0)).toMatchObject({ kind: 'field', binding: { dataSet: 'sales', field: 'dept', expand: 'down', mode: 'group', merge: true } });
    expect(at(1, 1)).toMatchObject({ kind: 'field', binding: { field: 'region', expand: 'down', mode: 'list' } });
    expect(at(1, 2)).toMatchObject({ kind: 'field', binding: { field: 'amount', expand: 'none', aggregate: 'none' } });
    expect(at(2, 1)).toMatchObject({ kind: 'text', text: '小计', rowParent: { r: 1, c: 0 } });
    expect(at(2, 2)).toMatchObject({ kind: 'formula', text: 'SUM(C2)', rowParent: { r: 1, c: 0 } });
    expect(at(3, 2)).toMatchObject({ kind: 'formula', text: 'SUM(C2)', rowParent: 'auto' });
    expect(saved.F_Design.sheet.merges).toEqual([{ r: 1, c: 0, rs: 2, cs: 1 }]);

    // ---------- the preview: the rows expanded for the default (华东), the subtotals and the total ----------
    await page.locator(tid('rd-preview')).click();
    const preview = page.locator(tid('rd-preview-modal'));
    await preview.locator(tid('report-sheet')).waitFor({ timeout: 30_000 });
    expect(await preview.locator(`${tid('report-param-region')}`).inputValue()).toBe('华东');
    await expect.poll(() => sheetRows(preview)).toEqual(EAST);
    // Each department is one cell over its rows and its subtotal.
    expect(await preview.locator(`${tid('report-sheet')} td[rowspan="3"]`, { hasText: '研发' }).count()).toBe(1);
    expect(await preview.locator(`${tid('report-sheet')} td[rowspan="2"]`, { hasText: '销售' }).count()).toBe(1);
    await settledShot(page, 'reports-preview');
    await page.locator('.ant-modal', { has: preview }).locator('.ant-modal-close').click();
    await preview.waitFor({ state: 'detached' });

    // ---------- 报表发布: a menu entry under 报表中心 ----------
    await page.goto('/report/release/index');
    await page.locator(tid('release-add')).click();
    await page.locator(tid('release-report')).click();
    await page.locator('.ant-select-tree-title', { hasText: '部门区域销售 E2E' }).click();
    await expect.poll(() => page.locator(tid('release-name')).inputValue()).toBe('部门区域销售 E2E');
    await page.locator(tid('release-name')).fill('部门销售查询');
    await page.locator(tid('modal-ok')).click();
    await page.locator(tid('release-form')).waitFor({ state: 'detached' });
    const releases = await api<{ Rows: ReportReleaseRow[] }>(page, 'GET', `/api/reports-release?limit=1&size=20&F_ReportId=${report.F_Id}`);
    const release = releases.Rows[0]!;
    expect(release).toMatchObject({ F_Name: '部门销售查询', F_ParentId: 'report-center', F_EnabledMark: 1 });
    await page.locator(tid(`release-row-${release.F_Id}`)).waitFor();

    // Granted to lisi: the entry and its three buttons (the role screens have their own test).
    const users = await api<{ Rows: { F_UserId: string; F_Account: string }[] }>(page, 'GET', '/api/users/page?limit=1&size=20&keyword=lisi');
    const lisiId = users.Rows.find((u) => u.F_Account === 'lisi')!.F_UserId;
    const granted = await api<{ moduleIds: string[]; buttonIds: string[]; columnIds: string[]; formIds: string[] }>(page, 'GET', `/api/authorizes/2/${lisiId}`);
    await api(page, 'POST', '/api/authorizes', {
      objectId: lisiId,
      objectType: 2,
      itemJson: {
        moduleIds: [...granted.moduleIds, release.F_ModuleId],
        buttonIds: [...granted.buttonIds, ...['view', 'print', 'export'].map((b) => `${release.F_ModuleId}:${b}`)],
        columnIds: granted.columnIds,
        formIds: granted.formIds,
      },
    });

    // ---------- lisi: the released page, the query bar, Excel, print ----------
    const lisi = await signedIn(env.browser(), env.server(), 'lisi');
    const viewer = lisi.page;
    // No print dialog headless: window.print notes the pages it was asked to print, and the dialog closes at once.
    await lisi.context.addInitScript(() => {
      const w = window as unknown as { __printed: number[] };
      w.__printed = [];
      window.print = () => {
        w.__printed.push(document.querySelectorAll('[data-testid="report-print-layer"] [data-testid="report-page"]').length);
        setTimeout(() => window.dispatchEvent(new Event('afterprint')), 0);
      };
    });
    await viewer.reload();
    // The entry is in lisi's menu under 报表 › 报表中心.
    await viewer.locator(tid('menu-item-report')).click();
    await viewer.locator(tid('menu-item-report-center')).click();
    const entry = viewer.locator(tid(`menu-item-${release.F_ModuleId}`));
    await entry.waitFor({ state: 'visible' });
    await entry.click();
    try {
      await viewer.waitForURL(`**/report/view/${release.F_Id}/index`);
    } catch (e) {
      await shot(viewer, 'reports-menu-failed');
      throw new Error(`the menu entry did not open the released page (at ${viewer.url()})`, { cause: e });
    }
    await viewer.locator(tid('report-sheet')).waitFor({ timeout: 30_000 });
    await expect.poll(() => viewer.locator(tid('report-param-region')).inputValue()).toBe('华东');
    await expect.poll(() => sheetRows(viewer)).toEqual(EAST);
    await viewer.locator(tid('report-param-region')).fill('华南');
    await viewer.locator(tid('report-search')).click();
    await expect.poll(() => sheetRows(viewer)).toEqual(SOUTH);
    await shot(viewer, 'reports-released-page');

    const download = viewer.waitForEvent('download');
    await viewer.locator(tid('report-export-xlsx')).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync((await file.path())!) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().map((row) => (Array.isArray(row) ? row.filter((v) => v !== null && v !== undefined && v !== '') : []));
    expect(sheet.getCell('A1').value).toBe('部门');
    // The rows of 华南, the total a number.
    expect(values.filter((r) => r.length)).toContainEqual(['合计', 100]);
    expect(values.flat()).not.toContain('华东');

    await viewer.locator(tid('report-print')).click();
    // One page, drawn in the print layer when the dialog was asked for; the layer goes with the dialog.
    await expect.poll(() => viewer.evaluate(() => (window as unknown as { __printed: number[] }).__printed)).toEqual([1]);
    await viewer.locator(tid('report-print-layer')).waitFor({ state: 'detached' });

    // The print view (the page the server's PDF is taken from), for 华南.
    const params = encodeURIComponent(JSON.stringify({ region: '华南' }));
    await viewer.goto(`/report-print/${report.F_Id}?releaseId=${release.F_Id}&params=${params}`);
    await viewer.locator('body[data-print-ready="1"]').waitFor({ timeout: 30_000 });
    expect(await viewer.locator(tid('report-page')).count()).toBe(1);
    expect(await sheetRows(viewer.locator(tid('report-print-view')))).toEqual(SOUTH);
    await shot(viewer, 'reports-print-view');
    await lisi.context.close();

    // ---------- 报表管理 › 分享: a link that works signed out ----------
    await page.goto('/report/manage/index');
    await page.locator(tid(`report-share-${report.F_Id}`)).click();
    await page.locator(tid('share-dialog')).waitFor();
    await page.locator(tid('share-note')).fill('e2e');
    await page.locator(tid('share-create')).click();
    const url = (await page.locator(tid('share-new-url')).textContent())!.replace(/复制$/, '').trim();
    expect(url).toMatch(new RegExp(`/report-frame/${report.F_Id}\\?share=[^&]+$`));
    await settledShot(page, 'reports-share');

    const outsider = await env.browser().newContext({ viewport: { width: 1280, height: 900 }, baseURL: env.server().baseUrl });
    const frame = await outsider.newPage();
    frame.setDefaultTimeout(15_000);
    await frame.goto(url);
    await frame.locator(tid('report-frame-bare')).waitFor();
    await frame.locator(tid('report-sheet')).waitFor({ timeout: 30_000 });
    await expect.poll(() => sheetRows(frame)).toEqual(EAST);
    await shot(frame, 'reports-share-frame');

    // A token made up from the link's (another signature): nothing of the report.
    const token = new URL(url).searchParams.get('share')!;
    const forged = `${token.split('.')[0]}.${'A'.repeat(token.split('.')[1]!.length)}`;
    await frame.goto(`/report-frame/${report.F_Id}?share=${encodeURIComponent(forged)}`);
    await frame.locator(tid('report-frame-error')).waitFor();
    expect(await frame.locator(tid('report-sheet')).count()).toBe(0);

    // The link's time is up (no screen sets a past time: the stored row is changed).
    const shareId = token.split('.')[0]!;
    await env
      .deps()
      .db.updateTable('report_shares')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('id', '=', shareId)
      .execute();
    await frame.goto(url);
    await frame.locator(tid('report-frame-error')).waitFor();
    expect(await frame.locator(tid('report-sheet')).count()).toBe(0);
    await shot(frame, 'reports-share-expired');
    await outsider.close();

    // A second link, revoked on the share dialog: it stops working at once.
    await page.locator(tid('share-create')).click();
    // The dialog shows the new link once the server has answered.
    const newUrl = async () => ((await page.locator(tid('share-new-url')).textContent()) ?? '').replace(/复制$/, '').trim();
    await expect.poll(newUrl).not.toBe(url);
    const second = await newUrl();
    const secondId = new URL(second).searchParams.get('share')!.split('.')[0]!;
    await page.locator(tid(`share-revoke-${secondId}`)).click();
    await page.locator(tid('share-revoke-ok')).click();
    await page.locator(tid(`share-row-${secondId}`)).waitFor({ state: 'detached' });
    const late = await env.browser().newContext();
    const latePage = await late.newPage();
    await latePage.goto(second);
    await latePage.locator(tid('report-frame-error')).waitFor();
    expect(await latePage.locator(tid('report-sheet')).count()).toBe(0);
    await late.close();

    await admin.context.close();
    console.log(`reports e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 120_000);
});
