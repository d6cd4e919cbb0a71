import { describe, expect, it } from 'vitest';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * System forms end to end: a system form registered in 表单设计 (the built-in notice form), opened at its
 * /system-form route, filled, saved through the notices' own API and read back by its key; a designed form filled
 * in /parser and its record shown in /form-detail/index.
 */
const env = useServerAndBrowser();

const field = (formId: number, vModel: string, avueType: string, label: string, config: Record<string, unknown> = {}) => ({
  __vModel__: vModel,
  __config__: { formId, avueType, label, span: 12, bindTable: 'e2e_parser_trip', bindTableField: vModel, ...config },
});

describe('form parser and system forms', () => {
  it('registers the notice system form, fills and saves it at /system-form/oaNoticeForm; fills a designed form in /parser and views the record', async () => {
    const { page } = await signedIn(env.browser(), env.server(), 'admin');

    // ---------- register the system form in 表单设计 ----------
    await page.goto('/quick-development/form-design/index');
    await page.locator(tid('form-register-system')).click();
    const modal = page.locator(tid('form-register-modal'));
    await modal.locator(`${tid('form-register-address')}`).click();
    await page.locator('.ant-select-item-option', { hasText: 'oaNotice' }).click();
    await modal.locator(tid('form-register-name')).fill('通知表单 E2E');
    await modal.locator(tid('form-register-category')).fill('oa');
    await page
      .locator(`${tid('modal-ok')}:visible`)
      .last()
      .click();
    await modal.waitFor({ state: 'hidden' });
    const row = page.locator(tid('form-row-通知表单 E2E'));
    await row.waitFor();
    await expect.poll(() => row.innerText()).toContain('页面');
    await shot(page, 'form-parser-e2e-list');

    // ---------- open, fill and save it ----------
    await row.locator(tid('form-open-通知表单 E2E')).click();
    await page.waitForURL('**/system-form/oaNoticeForm');
    await page.locator(tid('notice-form-title')).fill('系统表单 E2E 通知');
    await page.locator(tid('notice-form-content')).fill('通过系统表单保存的通知内容');
    await page.locator(tid('form-submit')).click();
    await page.waitForURL(/keyValue=/);
    const key = new URL(page.url()).searchParams.get('keyValue')!;
    expect(new URL(page.url()).searchParams.get('mode')).toBe('edit');
    const stored = await api<{ F_FullHead: string; F_Content: string }>(page, 'GET', `/api/notice/${key}`);
    expect(stored).toMatchObject({ F_FullHead: '系统表单 E2E 通知', F_Content: '通过系统表单保存的通知内容' });
    // Read back by its key after a reload.
    await page.reload();
    await expect.poll(() => page.locator(tid('notice-form-title')).inputValue()).toBe('系统表单 E2E 通知');
    await shot(page, 'form-parser-e2e-system-form');

    // An address nobody registered; a registered address whose code is not in this web app.
    await page.goto('/system-form/nobodyForm');
    await page.locator(tid('system-form-unknown')).waitFor();
    await api(page, 'POST', '/api/form-scheme', { F_Name: '未部署的系统表单', F_Type: 1, F_Url: 'notDeployed', F_Scheme: { data: [] } });
    await page.goto('/system-form/notDeployedForm');
    await expect.poll(() => page.locator(tid('system-form-not-loaded')).innerText()).toContain('系统表单未加载完');
    await page.locator(tid('form-submit')).click();
    await page.locator('.ant-message', { hasText: '系统表单未加载完' }).waitFor();
    await shot(page, 'form-parser-e2e-not-loaded');

    // ---------- a designed form in /parser ----------
    const saved = await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', {
      F_Name: '出差申请 E2E',
      F_Type: 0,
      F_Scheme: {
        data: [
          field(1, 'F_Title', 'input', '事由', { required: true }),
          field(2, 'F_City', 'input', '城市'),
          field(3, 'F_Days', 'number', '天数'),
          field(4, 'F_Note', 'textarea', '备注', { span: 24 }),
        ],
      },
      tableInfo: [{ dbId: 'local', name: 'e2e_parser_trip', type: 'main' }],
    });
    await page.goto(`/parser?formId=${saved.F_Id}`);
    await page.locator(tid('form-fill-page')).waitFor();
    const input = (vModel: string) => page.locator(`[data-field="${vModel}"]`).locator('input, textarea').first();
    await input('F_Title').waitFor();
    await input('F_Title').fill('客户拜访');
    await input('F_City').fill('上海');
    await input('F_Days').fill('3');
    await input('F_Note').fill('乘高铁往返');
    await shot(page, 'form-parser-e2e-parser');
    await page.locator(tid('form-submit')).click();
    await page.waitForURL(/keyValue=/);
    const recordKey = new URL(page.url()).searchParams.get('keyValue')!;
    const record = await api<{ formData: Record<string, unknown> }>(page, 'GET', `/api/form-scheme/${saved.F_Id}/instance-form-list/${recordKey}`);
    expect(record.formData).toMatchObject({ F_Title: '客户拜访', F_City: '上海', F_Note: '乘高铁往返' });

    await page.goto(`/form-detail/index?formId=${saved.F_Id}&keyValue=${recordKey}`);
    await page.locator(tid('form-detail-page')).waitFor();
    // Look mode shows a disabled box or plain text: either way the stored value.
    const shown = (vModel: string) =>
      page
        .locator(`[data-field="${vModel}"]`)
        .evaluate((el) => (el.querySelector('input, textarea') as HTMLInputElement | null)?.value ?? el.textContent ?? '');
    await expect.poll(() => shown('F_Title')).toContain('客户拜访');
    expect(await shown('F_City')).toContain('上海');
    expect(await page.locator(tid('form-submit')).count()).toBe(0);
    await shot(page, 'form-parser-e2e-detail');
  });
});
