import { describe, expect, it } from 'vitest';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';

/**
 * The simple designer (docs/workflow-screens.md "Simple designer"), as admin in Chromium: a scheme from the leave
 * template (its form created with it), an approver added after the initiator with the user picker, a CC card
 * added and undone, 保存草稿 (the URL takes the new id), reopened from the stored BPMN, a simulated launch marking
 * the path, then 发布; the same scheme at 375 px.
 */
const env = useServerAndBrowser();
const code = `e2e_simple_${Date.now().toString(36)}`;

describe('simple designer', { timeout: 240_000 }, () => {
  it('template, cards, draft, reopen, simulate, publish', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      await page.goto('/workflow/scheme/index');
      await page.locator(tid('wf-scheme-page')).waitFor();
      await page.locator(tid('wf-scheme-add')).click();
      await page.locator(tid('wf-new-model-code')).fill(code);
      await page.locator(tid('wf-new-model-name')).fill('请假（简易 E2E）');
      await page.locator(tid('wf-new-model-template')).click();
      await page.locator(tid('wf-new-model-template-leave')).click();
      await page.locator(tid('modal-ok')).click();
      await page.waitForURL('**/workflow/scheme/simple/new');
      await page.locator(tid('wfs-card-end')).waitFor();
      expect(await page.locator('[data-type="condition"]').count()).toBe(1);

      // An approver after the initiator, chosen with the user picker.
      await page.locator(tid('wfs-add-start')).click();
      await page.locator(`${tid('wfs-add-approver')}:visible`).click();
      const added = page.locator('[data-type="approver"]').first();
      await expect.poll(() => added.getAttribute('data-issues')).toBe('1');
      await added.click();
      await page.locator(tid('wfs-approver-pick')).click();
      await page.locator('[data-testid^="user-picker-row-"]').first().click();
      await page.locator(tid('user-picker-ok')).click();
      await expect.poll(() => added.getAttribute('data-issues')).toBe('0');
      await page.locator('.ant-drawer-open .ant-drawer-close').click();

      // A CC card, then Ctrl+Z takes it away.
      const id = await added.getAttribute('data-id');
      await page.locator(tid(`wfs-add-${id}`)).click();
      await page.locator(`${tid('wfs-add-cc')}:visible`).click();
      await expect.poll(() => page.locator('[data-type="cc"]').count()).toBe(1);
      await page.locator(tid('wfs-canvas')).click({ position: { x: 5, y: 5 } });
      await page.keyboard.press('Control+z');
      await expect.poll(() => page.locator('[data-type="cc"]').count()).toBe(0);
      expect(await page.locator(tid('wfs-issues')).getAttribute('data-count')).toBe('0');
      await shot(page, 'workflow-simple-template');

      await page.locator(tid('wfs-save')).click();
      await page.waitForURL((u) => !u.pathname.endsWith('/new'));
      const schemeId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
      const info = await api<{ xml: string; F_State: string }>(page, 'GET', `/api/workflow-scheme-info/info/${schemeId}`);
      expect(info.F_State).toBe('draft');
      expect(info.xml).toContain(`id="${id}"`);

      // Reopened from the stored BPMN: the same cards.
      await page.reload();
      await page.locator(tid(`wfs-card-${id}`)).waitFor();
      expect(await page.locator('[data-type="approver"]').count()).toBe(3);

      // Simulated: 5 days take the "over 3 days" branch.
      await page.locator(tid('wfs-preview')).click();
      await page.locator(tid('wfs-preview-value-days')).fill('5');
      await page.locator(tid('wfs-preview-run')).click();
      await page.locator(tid('wfs-preview-steps')).waitFor();
      await page.locator('.ant-drawer-open .ant-drawer-close').click();
      await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
      await expect.poll(() => page.locator(`${tid(`wfs-card-${id}`)}[data-visited="true"]`).count()).toBe(1);
      await shot(page, 'workflow-simple-simulated');

      await page.locator(tid('wfs-publish')).click();
      await expect.poll(() => page.locator(tid('wfs-version')).getAttribute('data-state')).toBe('published');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(page, 'workflow-simple-375');
    } finally {
      await context.close();
    }
  });
});
