import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * The form engine end to end: design a form in the designer (a tab holding a bound select, a sub-table, a computed field
 * with tax, an upload), save it (its tables are created), fill it in add mode, reopen it in edit and look modes,
 * and check the rows stored in the database.
 */
const env = useServerAndBrowser();

/** Rows of a read-only query on the platform link (the tenant's schema holds the form's tables). */
async function query(page: Page, sql: string): Promise<Record<string, unknown>[]> {
  const data = await api<{ rows: Record<string, unknown>[] }>(page, 'GET', `/api/database-links/local/datas?sql=${encodeURIComponent(sql)}`);
  return data.rows;
}

/** Picks an option of an antd select (opened by clicking `trigger`). */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

/** Adds a field from the palette (into the selected container, or after the selected field) and names it. */
async function addField(page: Page, type: string, formId: number, label: string, vModel?: string) {
  await page.locator(tid(`palette-${type}`)).click();
  await page.locator(tid(`canvas-field-${formId}`)).waitFor();
  await page.locator(tid('prop-label')).fill(label);
  if (vModel) await page.locator(tid('prop-__vModel__')).fill(vModel);
}

/**
 * Adds a binding of the bound select: a new row targets the first free field (报销事由), which is then pointed at
 * `target` and given the source column. Rows are found by their target (the editor lists them by formId).
 */
async function bind(page: Page, target: string, column: string) {
  await page.locator(tid('prop-autoBindFields-add')).click();
  const rowOf = (label: string) =>
    page.locator('.ant-space-compact', { has: page.locator('[data-testid^="prop-autoBindFields-target-"]', { hasText: label }) });
  await rowOf('报销事由 (101)').locator('[data-testid^="prop-autoBindFields-target-"]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: target }).click();
  await rowOf(target).locator('input[data-testid^="prop-autoBindFields-column-"]').fill(column);
}

const select = (page: Page, formId: number) => page.locator(tid(`canvas-field-${formId}`)).click({ position: { x: 8, y: 8 } });

describe('form engine', () => {
  it('designs, saves, fills, reopens and stores a form with a tab, a bound select, a sub-table, a computed field and an upload', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');

    // Customers for the bound select: a released table on the platform link with two rows.
    await api(page, 'POST', '/api/database-links/release', {
      linkId: 'local',
      design: {
        tableName: 'e2e_customer',
        comment: '客户',
        columns: [
          { name: 'F_Id', dataType: 'varchar', length: 50, nullable: false, primaryKey: true },
          { name: 'F_Name', dataType: 'varchar', length: 100 },
          { name: 'F_Phone', dataType: 'varchar', length: 20 },
        ],
      },
    });
    for (const [id, name, phone] of [
      ['c1', '华东机械有限公司', '13800000001'],
      ['c2', '西南电子有限公司', '13900000002'],
    ]) {
      await api(page, 'POST', '/api/crud/add', { linkId: 'local', tableName: 'e2e_customer', data: { F_Id: id, F_Name: name, F_Phone: phone } });
    }

    // ---------- design ----------
    await page.goto('/quick-development/form-design/designer');
    await page.locator(tid('designer-palette')).waitFor();
    await addField(page, 'input', 101, '报销事由', 'F_Reason');
    await page.locator(tid('prop-required')).click();
    await addField(page, 'input', 102, '客户名称', 'F_CustomerName');
    await addField(page, 'number', 103, '单价', 'F_Price');
    await addField(page, 'number', 104, '数量', 'F_Qty');
    await addField(page, 'computation', 105, '含税金额', 'F_Total');
    // 单价 × 数量 × (1 + 税率), tax rate 13 %.
    for (const token of ['field-103', 'op-times', 'field-104', 'op-times', 'op-lparen']) await page.locator(tid(`prop-formula-${token}`)).click();
    await page.locator(`${tid('prop-formula-const')} input`).fill('1');
    await page.locator(`${tid('prop-formula-const')} input`).press('Enter');
    for (const token of ['op-plus', 'tax', 'op-rparen']) await page.locator(tid(`prop-formula-${token}`)).click();
    await page.locator(tid('prop-taxRate')).fill('13');
    await page.locator(tid('prop-showCapitalizedValue')).click();
    await expect.poll(() => page.locator(tid('prop-formula')).innerText()).toContain('单价');
    await addField(page, 'upload', 106, '附件', 'F_Attachment');

    // A tab with the bound select and one of its targets.
    await addField(page, 'tabs', 107, '客户信息');
    await addField(page, 'asso-select', 108, '客户', 'F_Customer');
    await choose(page, tid('prop-dataType'), 'SQL语句');
    await page.locator(tid('prop-database')).fill('local');
    await page.locator(tid('prop-sql')).fill('select "F_Id", "F_Name", "F_Phone" from e2e_customer order by "F_Id"');
    await page.locator(tid('prop-showField')).fill('F_Name');
    await page.locator(tid('prop-saveField')).fill('F_Name');
    await select(page, 107);
    await addField(page, 'input', 109, '客户电话', 'F_CustomerPhone');
    await select(page, 108);
    await bind(page, '客户名称 (102)', 'F_Name');
    await bind(page, '客户电话 (109)', 'F_Phone');

    // A sub-table with two columns, after the upload.
    await select(page, 106);
    await addField(page, 'table', 110, '费用明细', 'items');
    await addField(page, 'input', 111, '项目', 'F_ItemName');
    await select(page, 110);
    await addField(page, 'number', 112, '金额', 'F_ItemAmount');

    await page.locator(tid('designer-tab-form')).click();
    await page.locator(tid('prop-F_Name')).fill('费用报销 E2E');
    await page.locator(tid('prop-mainTable')).fill('e2e_expense');
    await shot(page, 'forms-e2e-designer');
    await page.locator(tid('designer-save')).click();
    await page.waitForURL(/[?&]id=/);
    const formId = new URL(page.url()).searchParams.get('id')!;

    // The tables exist (created through the Data platform's release path).
    expect(await query(page, 'select count(*) as n from e2e_expense')).toEqual([{ n: 0 }]);
    expect(await query(page, 'select count(*) as n from e2e_expense_items')).toEqual([{ n: 0 }]);

    // ---------- fill in add mode ----------
    await page.goto(`/quick-development/form-design/fill?id=${formId}`);
    await page.locator(tid('form-fill-page')).waitFor();
    const field = (vModel: string) => page.locator(`[data-field="${vModel}"]`);
    // Required: refused before anything is sent.
    await page.locator(tid('form-submit')).click();
    await expect.poll(() => field('F_Reason').innerText()).toMatch(/不能为空|请输入/);

    await field('F_Reason').locator('input').first().fill('客户拜访差旅');
    await field('F_Price').locator('input').first().fill('19.99');
    await field('F_Qty').locator('input').first().fill('3');
    await field('F_Qty').locator('input').first().blur();
    // 19.99 × 3 × 1.13 = 67.7661 → truncated to 67.76, in capitals too.
    await expect.poll(() => field('F_Total').locator('input').first().inputValue()).toBe('67.76');
    await expect.poll(() => field('F_Total').innerText()).toContain('陆拾柒元柒角陆分');

    // The bound select (inside the tab) copies the customer's name and phone into two fields.
    await field('F_Customer').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '西南电子有限公司' }).click();
    await expect.poll(() => field('F_CustomerName').locator('input').first().inputValue()).toBe('西南电子有限公司');
    await expect.poll(() => field('F_CustomerPhone').locator('input').first().inputValue()).toBe('13900000002');

    // Upload into the form's attachment folder.
    await field('F_Attachment')
      .locator('input[type=file]')
      .setInputFiles({ name: '发票.txt', mimeType: 'text/plain', buffer: Buffer.from('发票 67.76') });
    await expect.poll(() => field('F_Attachment').innerText()).toContain('发票.txt');

    // Two sub-table rows; the amount column is totalled.
    const items = field('items');
    for (const [i, [name, amount]] of [
      ['机票', '1200.50'],
      ['酒店', '399.25'],
    ].entries()) {
      await items.getByRole('button', { name: /添加|新增|Add/ }).click();
      const row = items.locator(`tr[data-row="${i}"]`);
      await row.locator('input').nth(0).fill(name);
      await row.locator('input').nth(1).fill(amount);
    }
    await expect.poll(() => items.locator('[data-total="F_ItemAmount"]').innerText()).toContain('1599.75');
    await shot(page, 'forms-e2e-fill');

    await page.locator(tid('form-submit')).click();
    await page.waitForURL(/keyValue=/);
    const keyValue = new URL(page.url()).searchParams.get('keyValue')!;

    // ---------- the stored rows ----------
    const [main] = await query(
      page,
      `select "F_Reason", "F_CustomerName", "F_CustomerPhone", "F_Customer", "F_Price", "F_Qty", "F_Total", "F_Attachment" from e2e_expense where "F_Id" = '${keyValue}'`,
    );
    expect(main).toMatchObject({
      F_Reason: '客户拜访差旅',
      F_CustomerName: '西南电子有限公司',
      F_CustomerPhone: '13900000002',
      F_Customer: '西南电子有限公司',
    });
    expect(Number(main.F_Price)).toBe(19.99);
    expect(Number(main.F_Qty)).toBe(3);
    expect(String(main.F_Total)).toMatch(/^67\.760*$/);
    expect(String(main.F_Attachment)).not.toBe('');
    const rows = await query(page, `select "F_ItemName", "F_ItemAmount" from e2e_expense_items where "F_ParentId" = '${keyValue}' order by "F_SortCode"`);
    expect(rows.map((r) => [r.F_ItemName, Number(r.F_ItemAmount)])).toEqual([
      ['机票', 1200.5],
      ['酒店', 399.25],
    ]);
    const files = await api<{ F_FileName: string }[]>(page, 'GET', `/api/annexes-files/url/${String(main.F_Attachment)}`);
    expect(files.map((f) => f.F_FileName)).toEqual(['发票.txt']);

    // ---------- edit mode: the same values, a change is stored ----------
    await page.goto(`/quick-development/form-design/fill?id=${formId}&keyValue=${keyValue}&mode=edit`);
    await expect.poll(() => field('F_Reason').locator('input').first().inputValue()).toBe('客户拜访差旅');
    await expect.poll(() => field('F_Total').locator('input').first().inputValue()).toBe('67.76');
    await expect.poll(() => items.locator('tr[data-row]').count()).toBe(2);
    await field('F_Reason').locator('input').first().fill('客户拜访差旅（已改）');
    await page.locator(tid('form-submit')).click();
    await expect
      .poll(async () => (await query(page, `select "F_Reason" from e2e_expense where "F_Id" = '${keyValue}'`))[0]?.F_Reason)
      .toBe('客户拜访差旅（已改）');

    // ---------- look mode: everything read-only ----------
    await page.locator(tid('form-mode-look')).click();
    await expect.poll(() => field('F_Reason').locator('input').first().isDisabled()).toBe(true);
    await expect.poll(() => field('F_Reason').locator('input').first().inputValue()).toBe('客户拜访差旅（已改）');
    expect(await items.getByRole('button', { name: /添加|新增|Add/ }).count()).toBe(0);
    await expect.poll(() => field('F_Attachment').innerText()).toContain('发票.txt');
    await shot(page, 'forms-e2e-look');
    await context.close();
  });
});
