import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiCall, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * Form publishing end to end: the Form engine test's expense form published as a menu page through the form relation
 * screen; three records added in the page, filtered, sorted, paged and one edited; one printed in each print style
 * (two screenshots looked at) and as a PDF; the list exported to Excel and imported into a copy; a user without the
 * print button sees no print action and the API refuses.
 */
const env = useServerAndBrowser();

const field = (formId: number, vModel: string, avueType: string, label: string, extra: Record<string, unknown> = {}, config: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  ...extra,
  __config__: { formId, avueType, label, span: 12, ...config },
});

/** The expense form of the Form engine's end-to-end test (forms.e2e.test.ts), stored in `table`. */
function expenseForm(name: string, table: string) {
  const scheme = {
    data: [
      field(101, 'F_Reason', 'input', '报销事由', {}, { required: true }),
      field(102, 'F_CustomerName', 'input', '客户名称'),
      field(103, 'F_Price', 'number', '单价', { precision: 2 }),
      field(104, 'F_Qty', 'number', '数量', { precision: 0 }),
      field(105, 'F_Total', 'computation', '含税金额', {
        taxRate: 13,
        showCapitalizedValue: true,
        computationalConfiguration: [
          { formId: 103, name: '单价' },
          { formId: 0, name: '*' },
          { formId: 104, name: '数量' },
          { formId: 0, name: '*' },
          { formId: 0, name: '(' },
          { formId: 0, name: '1' },
          { formId: 0, name: '+' },
          { formId: 0, name: '税率', type: 'taxRate' },
          { formId: 0, name: ')' },
        ],
      }),
      field(106, 'F_Attachment', 'upload', '附件'),
      {
        __vModel__: 'items',
        __config__: {
          formId: 110,
          avueType: 'table',
          componentName: 'table',
          layout: 'rowFormItem',
          label: '费用明细',
          span: 24,
          bindTable: `${table}_items`,
          children: [field(111, 'F_ItemName', 'input', '项目'), field(112, 'F_ItemAmount', 'number', '金额', { precision: 2 })],
        },
      },
    ],
    formConf: { labelWidth: 100, labelPosition: 'right', gutter: 15 },
  };
  return {
    F_Name: name,
    F_Type: 0,
    F_Scheme: scheme,
    tableInfo: [
      { dbId: 'local', name: table, comment: name, type: 'main', primaryKey: 'F_Id' },
      { dbId: 'local', name: `${table}_items`, comment: '费用明细', type: 'sub', primaryKey: 'F_Id', relationField: 'F_ParentId' },
    ],
  };
}

/** Picks an option of an antd select (opened by clicking `trigger`). */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const rowKeys = (page: Page) =>
  page.locator('[data-testid^="published-row-"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.slice('published-row-'.length)));
const columnTexts = (page: Page, column: number) =>
  page
    .locator('[data-testid^="published-row-"]')
    .evaluateAll((rows, i) => rows.map((r) => (r.querySelectorAll('td')[i] as HTMLElement | undefined)?.innerText.trim() ?? ''), column);

describe('form publishing', () => {
  it('publishes a form as a menu page, adds, filters, sorts, pages, edits, prints, exports and imports; the print button follows the grants', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    await api(page, 'POST', '/api/form-scheme/customtable', expenseForm('费用报销 E2E', 'e2e_pub_expense'));
    const copy = await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', expenseForm('费用报销 副本', 'e2e_pub_expense_copy'));

    // ---------- publish through the form relation screen ----------
    await page.goto('/quick-development/form-relation/index');
    await page.locator(tid('toolbar-add')).click();
    await page.locator(tid('relation-name')).fill('费用报销台账');
    await choose(page, tid('relation-form'), '费用报销 E2E');
    await page.locator('.ant-tabs-tab', { hasText: /列表|Columns/ }).click();
    for (const f of ['F_Reason', 'F_Price', 'F_Total', 'F_CreateDate']) {
      await page.locator(tid('relation-columns-add')).click();
      await choose(
        page,
        `${tid('relation-columns-field-new')}`,
        f === 'F_CreateDate' ? '创建时间' : { F_Reason: '报销事由', F_Price: '单价', F_Total: '含税金额' }[f]!,
      );
    }
    await page.locator(`${tid('relation-column-F_Price')} ${tid('relation-column-F_Price-sortable')}`).check();
    await page.locator('.ant-tabs-tab', { hasText: /查询|Query/ }).click();
    await page.locator(tid('relation-query-add')).click();
    await choose(page, tid('relation-query-field-new'), '报销事由');
    await page.locator('.ant-tabs-tab', { hasText: /按钮|Buttons/ }).click();
    for (const b of ['export', 'import', 'print']) await page.locator(tid(`relation-button-${b}`)).check();
    await choose(page, tid('relation-pagesize'), '10');
    await shot(page, 'form-publish-relation-editor');
    await page.locator(tid('relation-save')).click();
    await page.locator('.ant-message-success').first().waitFor();

    // The page is in the menu: 业务表单 › 费用报销台账.
    const relations = await api<{ Rows: { F_Id: string; F_Name: string }[] }>(page, 'GET', '/api/form-relation?limit=1&size=20');
    const relationId = relations.Rows.find((r) => r.F_Name === '费用报销台账')!.F_Id;
    await page.reload();
    await page.locator(tid('side-menu')).getByText('业务表单').click();
    await page.locator(tid('side-menu')).getByText('费用报销台账').click();
    await page.waitForURL(`**/form-publish/${relationId}/index`);
    await page.locator(tid('published-page')).waitFor();

    // ---------- three records through the page ----------
    const fieldOf = (vModel: string) => page.locator(`.ant-modal [data-field="${vModel}"]`);
    for (const [reason, price, qty] of [
      ['客户拜访差旅', '19.99', '3'],
      ['展会布展', '1200', '1'],
      ['办公用品采购', '88.5', '2'],
    ]) {
      await page.locator(tid('toolbar-add')).click();
      await fieldOf('F_Reason').locator('input').first().fill(reason);
      await fieldOf('F_Price').locator('input').first().fill(price);
      await fieldOf('F_Qty').locator('input').first().fill(qty);
      await fieldOf('F_Qty').locator('input').first().blur();
      await page.locator(tid('published-form-ok')).click();
      await page.locator(tid('published-form-ok')).waitFor({ state: 'hidden' });
    }
    await expect.poll(async () => (await rowKeys(page)).length).toBe(3);
    await shot(page, 'form-publish-list');

    // Filter: contains 采购.
    await page
      .locator(`${tid('published-query-F_Reason')} input`)
      .first()
      .fill('采购');
    await page.locator(tid('published-search')).click();
    await expect.poll(() => columnTexts(page, 0)).toEqual(['办公用品采购']);
    await page.locator(tid('published-reset')).click();
    await expect.poll(async () => (await rowKeys(page)).length).toBe(3);

    // Sort by 单价 ascending, then descending (server sort).
    const priceHeader = page.locator('th', { hasText: '单价' });
    await priceHeader.click();
    await expect.poll(() => columnTexts(page, 1)).toEqual(['19.99', '88.5', '1200']);
    await priceHeader.click();
    await expect.poll(() => columnTexts(page, 1)).toEqual(['1200', '88.5', '19.99']);

    // Paging: nine more rows through the API, page size 10 → two pages.
    for (let i = 1; i <= 9; i += 1) {
      await api(page, 'POST', `/api/form-relation/${relationId}/data`, { formData: { F_Reason: `批量 ${i}`, F_Price: String(i), F_Qty: '1' } });
    }
    await page.locator(tid('published-search')).click();
    await expect.poll(async () => (await rowKeys(page)).length).toBe(10);
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(async () => (await rowKeys(page)).length).toBe(2);
    await page.locator('.ant-pagination-item-1').click();

    // Edit one: 展会布展 → 展会布展（二期）.
    const list = await api<{ Rows: { F_Id: string; F_Reason: string }[] }>(page, 'GET', `/api/form-relation/${relationId}/list?limit=1&size=50`);
    const expo = list.Rows.find((r) => r.F_Reason === '展会布展')!.F_Id;
    await page
      .locator(`${tid('published-query-F_Reason')} input`)
      .first()
      .fill('展会');
    await page.locator(tid('published-search')).click();
    await page.locator(tid(`row-edit-${expo}`)).click();
    await expect.poll(() => fieldOf('F_Reason').locator('input').first().inputValue()).toBe('展会布展');
    await fieldOf('F_Reason').locator('input').first().fill('展会布展（二期）');
    await page.locator(tid('published-form-ok')).click();
    await expect.poll(() => columnTexts(page, 0)).toEqual(['展会布展（二期）']);
    const stored = await api<{ formData: Record<string, unknown> }>(page, 'GET', `/api/form-relation/${relationId}/data/${expo}`);
    expect(stored.formData).toMatchObject({ F_Reason: '展会布展（二期）', F_Total: '1356' });

    // ---------- print in each style ----------
    await page.locator(tid(`row-print-${expo}`)).click();
    await page.locator(tid('print-dialog')).waitFor();
    const frame = page.frameLocator(tid('print-frame'));
    for (const [style, name] of [
      [0, '默认'],
      [1, '公文'],
      [2, '稿纸'],
      [3, '下划线'],
    ] as const) {
      await choose(page, tid('print-style'), name);
      await expect.poll(() => page.locator(tid('print-frame')).getAttribute('src')).toContain(`style=${style}`);
      await frame.locator('body[data-print-ready="1"]').waitFor();
      await expect.poll(() => frame.locator('body').innerText()).toContain('展会布展（二期）');
      if (style === 0 || style === 1) await shot(page, `form-publish-print-style-${style}`);
    }
    // The PDF of the same view.
    const download = page.waitForEvent('download');
    await page.locator(tid('print-pdf')).click();
    const pdf = await download;
    expect(
      readFileSync((await pdf.path())!)
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    await page.keyboard.press('Escape');

    // ---------- export, then import into the copy ----------
    await page.locator(tid('published-reset')).click();
    const exported = page.waitForEvent('download');
    await page.locator(tid('toolbar-export')).click();
    const file = await (await exported).path();
    const copyRelation = await api<{ F_Id: string }>(page, 'POST', '/api/form-relation', {
      F_Name: '费用报销副本',
      F_FormId: copy.F_Id,
      F_Setting: {
        columns: [{ field: 'F_Reason' }, { field: 'F_Price', sortable: true }, { field: 'F_Total' }, { field: 'F_CreateDate' }],
        buttons: ['add', 'import', 'export'],
        pageSize: 20,
      },
    });
    await page.goto(`/form-publish/${copyRelation.F_Id}/index`);
    await page.locator(tid('published-page')).waitFor();
    await page.locator(tid('toolbar-import')).click();
    await page.locator(tid('import-file')).setInputFiles(file!);
    await page.locator(tid('import-report')).waitFor();
    await shot(page, 'form-publish-import');
    await expect.poll(async () => (await api<{ Total: number }>(page, 'GET', `/api/form-relation/${copyRelation.F_Id}/list?limit=1&size=1`)).Total).toBe(12);
    const copied = await api<{ Rows: { F_Reason: string; F_Price: string }[] }>(
      page,
      'GET',
      `/api/form-relation/${copyRelation.F_Id}/list?limit=1&size=50&sidx=F_Price&sord=desc`,
    );
    expect(copied.Rows[0]).toMatchObject({ F_Reason: '展会布展（二期）', F_Price: '1200' });
    await context.close();

    // ---------- a user granted the page without its print button ----------
    const staff = await signedIn(env.browser(), env.server(), 'zhangsan');
    const adminPage = (await signedIn(env.browser(), env.server(), 'admin')).page;
    const users = await api<{ Rows: { F_UserId: string; F_Account: string }[] }>(adminPage, 'GET', '/api/users/page?limit=1&size=20&keyword=zhangsan');
    const staffId = users.Rows.find((u) => u.F_Account === 'zhangsan')!.F_UserId;
    const moduleId = `form-app-${relationId}`;
    const granted = await api<{ moduleIds: string[]; buttonIds: string[]; columnIds: string[]; formIds: string[] }>(
      adminPage,
      'GET',
      `/api/authorizes/2/${staffId}`,
    );
    await api(adminPage, 'POST', '/api/authorizes', {
      objectId: staffId,
      objectType: 2,
      itemJson: {
        moduleIds: [...granted.moduleIds, moduleId],
        buttonIds: [...granted.buttonIds, ...['add', 'edit', 'view'].map((b) => `${moduleId}:${b}`)],
        columnIds: [...granted.columnIds, ...['F_Reason', 'F_Price', 'F_Total', 'F_CreateDate'].map((c) => `${moduleId}:col:${c}`)],
        formIds: granted.formIds,
      },
    });
    await staff.page.goto(`/form-publish/${relationId}/index`);
    await staff.page.locator(tid('published-page')).waitFor();
    await staff.page
      .locator(`${tid('published-query-F_Reason')} input`)
      .first()
      .fill('展会');
    await staff.page.locator(tid('published-search')).click();
    await staff.page.locator(tid(`row-edit-${expo}`)).waitFor();
    expect(await staff.page.locator(tid(`row-print-${expo}`)).count()).toBe(0);
    expect(await staff.page.locator(tid('toolbar-export')).count()).toBe(0);
    await shot(staff.page, 'form-publish-no-print');
    const refused = await apiCall(staff.page, 'GET', `/api/form-relation/${relationId}/print/${expo}`);
    expect(refused.code).not.toBe(0);
    expect(refused.msg).toContain(`forms.app.${relationId}.print`);
    await staff.context.close();
  });
});
