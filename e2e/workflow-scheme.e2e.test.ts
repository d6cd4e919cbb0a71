import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, apiCall, confirmOk, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * The scheme list (docs/workflow-screens.md "Schemes, versions and relations"): as admin, a scheme made
 * with 新建模型 (which opens the designer), stopped and started again, a running instance moved to a second version
 * through 版本变更 (test, then apply), the current version exported as {code}.bpmn; the relation list shown.
 */
const env = useServerAndBrowser();

async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const code = `e2e_scheme_${Date.now().toString(36)}`;

describe('workflow scheme list', { timeout: 240_000 }, () => {
  it('new model, start / stop, versions with a version change, export; the relation list', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      await page.goto('/workflow/scheme/index');
      await page.locator(tid('wf-scheme-page')).waitFor();

      // 新建流程 → name it → the designer of the new (draft) scheme
      await page.locator(tid('wf-scheme-add')).click();
      // The dialog offers the simple designer first; this story draws in the BPMN designer.
      await page.locator(tid('wf-new-model-mode-bpmn')).click();
      await page.locator(tid('wf-new-model-code')).fill(code);
      await page.locator(tid('wf-new-model-name')).fill('出差申请 E2E');
      await choose(page, tid('wf-new-model-category'), '人事');
      await page.locator(tid('wf-new-model-description')).fill('新建模型生成的流程');
      await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
      await shot(page, 'workflow-scheme-new-model');
      await page.locator(tid('modal-ok')).click();
      await page.waitForURL('**/workflow/scheme/design/**');
      const schemeId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
      expect(schemeId).not.toBe('new');

      // The new model is a draft whose approval node has no approver yet: it cannot be started or published.
      expect((await apiCall(page, 'PATCH', `/api/workflow-scheme-info/${schemeId}/start`)).msg).toContain('尚未发布');
      const refused = await apiCall(page, 'POST', `/api/workflow-scheme-info/${schemeId}/publish`);
      expect(refused.msg).toContain('未设置审批人');
      // v2 names the approvers (the starter) and is published (the API's save publishes), which starts it; launched:
      // a running instance on v2.
      const info = await api<{ xml: string }>(page, 'GET', `/api/workflow-scheme-info/info/${schemeId}`);
      const approvers =
        '<bpmn:extensionElements><wf:config>{&quot;candidates&quot;:[{&quot;type&quot;:&quot;starter&quot;,&quot;ids&quot;:[]}]}</wf:config></bpmn:extensionElements>';
      const withApprovers = info.xml.replace(/(<bpmn:userTask id="task_1"[^>]*>)/, `$1${approvers}`);
      expect(withApprovers).toContain('wf:config');
      expect(await api<{ F_Version: number }>(page, 'PUT', `/api/workflow-scheme-info/${schemeId}`, { xml: withApprovers })).toMatchObject({ F_Version: 2 });
      await api(page, 'PATCH', `/api/workflow-scheme-info/${schemeId}/start`);
      const launched = await api<{ processInstanceId: string }>(page, 'POST', '/api/workflow-task/create-process', { schemeId, formValue: [] });
      expect(launched.processInstanceId).toBeTruthy();
      // then v3 (same node ids, another task name)
      const xml3 = withApprovers.replace('name="审批"', 'name="主管审批"');
      expect(xml3).toContain('主管审批');
      const saved = await api<{ F_Version: number; newVersion: boolean }>(page, 'PUT', `/api/workflow-scheme-info/${schemeId}`, { xml: xml3 });
      expect(saved).toMatchObject({ F_Version: 3, newVersion: true });

      // the list: filter by keyword, stop, start
      await page.goto('/workflow/scheme/index');
      await page.locator(tid('list-keyword')).fill(code);
      await page.locator(tid('list-search')).click();
      const row = page.locator(tid(`wf-scheme-row-${code}`));
      await row.waitFor();
      await expect.poll(() => page.locator(tid(`wf-scheme-version-${code}`)).innerText()).toBe('v3');
      await expect.poll(() => page.locator(tid(`wf-scheme-state-${code}`)).innerText()).toBe('已发布');
      await expect.poll(() => page.locator(tid(`wf-scheme-status-${code}`)).innerText()).toBe('启用');
      await page.locator(tid(`wf-scheme-toggle-${code}`)).click();
      await expect.poll(() => page.locator(tid(`wf-scheme-status-${code}`)).innerText()).toBe('停用');
      const stopped = await api<{ Rows: { F_Id: string }[] }>(page, 'GET', `/api/workflow-scheme-info?EnabledMark=0&keyword=${code}`);
      expect(stopped.Rows.map((r) => r.F_Id)).toEqual([schemeId]);
      await shot(page, 'workflow-scheme-list-stopped');
      await page.locator(tid(`wf-scheme-toggle-${code}`)).click();
      await expect.poll(() => page.locator(tid(`wf-scheme-status-${code}`)).innerText()).toBe('启用');

      // 历史版本: v3 current, the diagram preview; v2 previewed by clicking its row
      await page.locator(tid(`wf-scheme-history-${code}`)).click();
      await page.locator(tid('wf-version-current-3')).waitFor();
      await page.locator(tid('wf-version-row-2')).waitFor();
      await expect.poll(() => page.locator(tid('wf-version-preview-img')).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await shot(page, 'workflow-scheme-versions');

      // 版本变更 to v3: the test lists the instance on v2 as movable, apply moves it
      await page.locator(tid('wf-version-change-3')).click();
      await page.locator(tid(`wf-version-change-row-${launched.processInstanceId}`)).waitFor();
      await expect.poll(() => page.locator(tid('wf-version-change-summary')).innerText()).toContain('可迁移 1 个');
      await shot(page, 'workflow-scheme-version-change-test');
      await page.locator(tid('wf-version-change-apply')).click();
      await expect.poll(() => page.locator(tid('wf-version-change-summary')).innerText()).toBe('已迁移 1 个，跳过 0 个');
      await shot(page, 'workflow-scheme-version-change-done');
      await page.locator(tid('wf-version-change-close')).click();
      // v3 now counts the moved instance
      await expect.poll(() => page.locator(tid('wf-version-row-3')).innerText()).toMatch(/\b1\b/);

      // 设为当前 v2, back to v3 (v1, without approvers, may not become current while the scheme is enabled)
      const setCurrent = async (version: number) => {
        await page.locator(tid(`wf-version-set-current-${version}`)).click();
        await confirmOk(page, 'wf-version-current-ok');
        await page.locator(tid(`wf-version-current-${version}`)).waitFor();
      };
      await setCurrent(2);
      await setCurrent(3);
      await page.locator(tid('wf-version-dialog-close')).click();
      await page.locator(tid('wf-version-dialog')).waitFor({ state: 'detached' });

      // 导出 BPMN: the current version's XML as {code}.bpmn
      const download = page.waitForEvent('download');
      await page.locator(tid(`wf-scheme-export-${code}`)).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(`${code}.bpmn`);
      const text = readFileSync((await file.path())!, 'utf8');
      expect(text).toContain('definitions');
      expect(text).toContain('主管审批');

      // 导入 BPMN: the file goes to the designer as navigation state
      await page.locator(tid('wf-scheme-import-input')).setInputFiles({ name: 'imported.bpmn', mimeType: 'application/xml', buffer: Buffer.from(text) });
      await page.waitForURL('**/workflow/scheme/design/new');
      expect(await page.evaluate(() => (history.state as { usr?: { fileName?: string } } | null)?.usr?.fileName)).toBe('imported.bpmn');

      // the relation list: bind a designed form to the scheme
      const table = `e2e_wf_${Date.now().toString(36)}`;
      await api(page, 'POST', '/api/form-scheme/customtable', {
        F_Name: '出差单 E2E',
        F_Type: 0,
        F_Scheme: {
          data: [{ __vModel__: 'F_City', __config__: { formId: 1, avueType: 'input', label: '目的地', span: 12, bindTable: table, bindTableField: 'F_City' } }],
        },
        tableInfo: [{ dbId: 'local', name: table, type: 'main' }],
      });
      await page.goto('/workflow/relation/index');
      await page.locator(tid('wf-relation-page')).waitFor();
      await page.locator(tid('wf-relation-add')).click();
      await page.locator(tid('wf-relation-form')).waitFor();
      await choose(page, tid('wf-relation-scheme'), code);
      await choose(page, tid('wf-relation-form-select'), '出差单 E2E');
      await expect.poll(() => page.locator(tid('wf-relation-name')).inputValue()).toBe('出差单 E2E');
      await page.locator(tid('wf-relation-name')).fill('出差单');
      await page.locator('.ant-modal-title:visible').last().click();
      await shot(page, 'workflow-relation-add');
      await page.locator(tid('modal-ok')).click();
      await page.locator(tid('wf-relation-form')).waitFor({ state: 'detached' });
      const relations = await api<{ F_Id: string; F_Name: string; F_SchemeInfoId: string }[]>(
        page,
        'GET',
        `/api/workflow-relation/formInfo?nwfSchemeInfoId=${schemeId}`,
      );
      expect(relations.map((r) => r.F_Name)).toEqual(['出差单']);
      await page.locator(tid(`wf-relation-row-${relations[0].F_Id}`)).waitFor();
      await shot(page, 'workflow-relation-list');
    } finally {
      await context.close();
    }
  });
});
