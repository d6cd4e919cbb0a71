import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * Excel import templates end to end: an order form published as a menu page; an import template made for it in
 * 系统管理 › 导入模板 (every field, the title unique); on the page, 导入 downloads the template workbook, which is
 * filled with exceljs (three rows, one with a status that is no option), uploaded; the progress runs to the result
 * (2 imported, 1 with an error), and the error workbook holds the bad row, its message and the bad cell in red.
 */
const env = useServerAndBrowser();

const field = (formId: number, vModel: string, avueType: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label, span: 12, ...config },
});

const statusOptions = {
  __slot__: {
    options: [
      { label: '新建', value: '1' },
      { label: '完成', value: '2' },
    ],
  },
};

async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

async function readBook(file: string): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(readFileSync(file) as unknown as ArrayBuffer);
  return book;
}

describe('Excel import template end to end', () => {
  it('creates a template, downloads it, fills it, imports it with one bad row and downloads the error workbook', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    const table = `xl_orders_${Date.now().toString(36)}`;
    const form = await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', {
      F_Name: '导入订单',
      F_Type: 0,
      F_Scheme: {
        data: [
          field(1, 'F_Title', 'input', '标题', { maxlength: 50 }, { required: true }),
          field(2, 'F_Status', 'select', '状态', statusOptions, { dataType: 'static' }),
          field(3, 'F_Day', 'date', '日期', { type: 'date', format: 'yyyy-MM-dd', 'value-format': 'yyyy-MM-dd' }),
          field(4, 'F_Amount', 'number', '金额', { precision: 2 }),
        ],
        formConf: { labelWidth: 100 },
      },
      tableInfo: [{ dbId: 'local', name: table, type: 'main', primaryKey: 'F_Id' }],
    });
    const relation = await api<{ F_Id: string }>(page, 'POST', '/api/form-relation', {
      F_Name: '导入订单列表',
      F_FormId: form.F_Id,
      F_Setting: { columns: [{ field: 'F_Title' }, { field: 'F_Status' }, { field: 'F_Day' }, { field: 'F_Amount' }], buttons: ['add', 'view'], pageSize: 20 },
    });

    // ---------- the template, made on its screen ----------
    await page.goto('/system/excel-import/index');
    await page.locator(tid('toolbar-add')).click();
    await page.locator(tid('excel-template-name')).fill('订单批量导入');
    await choose(page, tid('excel-template-relation'), '导入订单列表');
    await page.locator(tid('excel-column-add-all')).click();
    await page.locator(tid('excel-column-3')).waitFor();
    await page.locator(tid('excel-column-0-unique')).check();
    await shot(page, 'excel-import-template-dialog');
    await page.locator(tid('modal-ok')).click();
    await page.locator(tid('excel-row-订单批量导入')).waitFor();
    const templates = await api<{ Rows: { F_Id: string; F_Name: string; F_ModuleId: string }[] }>(page, 'GET', '/api/excel-import?keyword=订单批量导入');
    const template = templates.Rows[0]!;
    expect(template.F_ModuleId).toBe(`form-app-${relation.F_Id}`);

    // ---------- the bound screen: 导入, download the template ----------
    await page.goto(`/form-publish/${relation.F_Id}/index`);
    await page.locator(tid('published-page')).waitFor();
    await page.locator(tid(`excel-import-${template.F_Id}`)).click();
    await page.locator(tid('excel-import-dialog')).waitFor();
    const downloaded = page.waitForEvent('download');
    await page.locator(tid('excel-import-template')).click();
    const templateFile = (await (await downloaded).path())!;
    const book = await readBook(templateFile);
    const sheet = book.getWorksheet('Sheet1')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['标题', '状态', '日期', '金额']);
    expect(String(sheet.getCell('A2').value)).toMatch(/^※ 必填；不可重复/);
    expect(sheet.getCell('B3').dataValidation).toMatchObject({ type: 'list' });

    // Filled: two good rows (a label, a Chinese date), one with a status that is no option.
    // Rows 3 to 5, under the notes row (as a user fills the downloaded sheet).
    const fill = (n: number, values: unknown[]) => values.forEach((v, i) => (sheet.getRow(n).getCell(i + 1).value = v as ExcelJS.CellValue));
    fill(3, ['合同甲', '新建', '2026年11月28日', 12.5]);
    fill(4, ['合同乙', '作废', '2026/11/29', 8]);
    fill(5, ['合同丙', '完成', '20261130', 3]);
    const filled = path.join(tmpdir(), `excel-e2e-${Date.now()}.xlsx`);
    writeFileSync(filled, Buffer.from(await book.xlsx.writeBuffer()));
    await page.locator(`${tid('excel-import-dialog')} input[type=file]`).setInputFiles(filled);
    await page.locator(tid('excel-import-start')).click();
    const result = page.locator(tid('excel-import-result'));
    await result.waitFor({ timeout: 30_000 });
    expect(await result.innerText()).toBe('共 3 行：导入 2 行，错误 1 行');
    expect(await page.locator(tid('excel-import-errors-list')).innerText()).toContain('第 4 行：状态没有选项「作废」');
    await shot(page, 'excel-import-result');

    // ---------- the error workbook ----------
    const errorsDownload = page.waitForEvent('download');
    await page.locator(tid('excel-import-errors')).click();
    const errors = await readBook((await (await errorsDownload).path())!);
    const bad = errors.worksheets[0]!;
    expect((bad.getRow(1).values as unknown[]).slice(1)).toEqual(['标题', '状态', '日期', '金额', '错误信息']);
    expect((bad.getRow(2).values as unknown[]).slice(1, 5)).toEqual(['合同乙', '作废', '2026/11/29', 8]);
    expect(String(bad.getCell('E2').value)).toContain('状态没有选项「作废」');
    expect((bad.getCell('B2').fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFF9999');
    expect(bad.getCell('A2').fill).toBeFalsy();
    expect(bad.rowCount).toBe(2);

    // The rows are in the list, with their stored values.
    await page.locator(tid('excel-import-close')).click();
    const list = await api<{ Rows: { F_Title: string; F_Status: string; F_Day: string }[] }>(
      page,
      'GET',
      `/api/form-relation/${relation.F_Id}/list?limit=1&size=50`,
    );
    expect(list.Rows.map((r) => [r.F_Title, r.F_Status, r.F_Day]).sort()).toEqual([
      ['合同丙', '2', '2026-11-30'],
      ['合同甲', '1', '2026-11-28'],
    ]);
    await page.locator('[data-testid^="published-row-"]').nth(1).waitFor();
    await context.close();
  }, 180_000);
});
