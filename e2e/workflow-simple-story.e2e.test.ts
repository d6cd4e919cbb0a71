import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { SIMPLE_TEMPLATES, type TimelineRecord } from '@app/contracts';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { chooseOption, todos, userId } from './workflow-setup.js';

/**
 * The simple designer's whole story in Chromium (issue "simple approval designer"): an expense approval built from
 * a blank chain — a manager card, a condition on the amount whose branch holds a countersign card, a CC card —
 * previewed along both paths, published, launched twice by zhangsan (under and over the amount), approved to the
 * end by whoever holds each task, and opened in the BPMN designer.
 */
const env = useServerAndBrowser();
const code = `e2e_story_${Date.now().toString(36)}`;

/** Picks users in the open user picker by account, then OK. */
async function pickUsers(page: Page, ids: string[]) {
  for (const id of ids) await page.locator(tid(`user-picker-row-${id}`)).click();
  await page.locator(tid('user-picker-ok')).click();
  await page.locator(tid('user-picker-ok')).waitFor({ state: 'detached' });
}
/** The input a test id names: on the input itself or on a wrapper around it. */
const input = (page: Page, testId: string) => page.locator(`input${tid(testId)}, ${tid(testId)} input`).first();
const closePanel = async (page: Page) => {
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await page.locator('.ant-drawer-open').waitFor({ state: 'detached' });
};
/** The id of the last card of a type (cards carry data-id). */
const lastCard = async (page: Page, type: string) => (await page.locator(`[data-testid^="wfs-card-"][data-type="${type}"]`).last().getAttribute('data-id'))!;

async function insert(page: Page, after: string, what: 'approver' | 'cc' | 'condition') {
  await page.locator(tid(after)).click();
  await page.locator(`${tid(`wfs-add-${what}`)}:visible`).click();
}

async function simulate(page: Page, amount: string): Promise<string[]> {
  await page.locator(tid('wfs-preview')).click();
  await input(page, 'wfs-preview-value-amount').fill(amount);
  await page.locator(tid('wfs-preview-run')).click();
  await page.locator(tid('wfs-preview-steps')).waitFor();
  await closePanel(page);
  return page.locator('[data-testid^="wfs-card-"][data-visited="true"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-id') ?? ''));
}

describe('simple designer: an expense approval from a blank chain to two finished instances', { timeout: 300_000 }, () => {
  it('builds, previews, publishes, runs both paths and opens in the BPMN designer', async () => {
    const browser = env.browser();
    const server = env.server();
    const admin = await signedIn(browser, server, 'admin');
    const page = admin.page;
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    try {
      const ids = Object.fromEntries(await Promise.all(['lisi', 'wangwu', 'admin', 'zhangsan'].map(async (a) => [a, await userId(page, a)] as const)));
      // The expense form (the template's), made through the API.
      const formName = `报销单 ${code}`;
      const form = await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', {
        ...SIMPLE_TEMPLATES.find((x) => x.key === 'expense')!.form(code.slice(-8)),
        F_Name: formName,
      });

      // A blank simple scheme.
      await page.goto('/workflow/scheme/index');
      await page.locator(tid('wf-scheme-add')).click();
      await page.locator(tid('wf-new-model-code')).fill(code);
      await page.locator(tid('wf-new-model-name')).fill('费用报销（简易）');
      await page.locator(tid('modal-ok')).click();
      // A blank scheme is stored at once (stopped, with the new model's one approval card) and opens by its id.
      await page.waitForURL('**/workflow/scheme/simple/**');
      await page.locator(tid('wfs-card-end')).waitFor();

      // The initiator card binds the form.
      await page.locator(tid('wfs-card-start')).click();
      await page.locator(tid('wfd-forms')).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: formName }).first().click();
      await page.keyboard.press('Escape');
      await closePanel(page);

      // 1. the manager (lisi): the card the new model comes with
      const manager = await lastCard(page, 'approver');
      await page.locator(tid(`wfs-card-${manager}`)).click();
      await page.locator(tid('wfs-approver-pick')).click();
      await pickUsers(page, [ids.lisi!]);
      await closePanel(page);

      // 2. a condition after it: amount over 5000, with a countersign of wangwu and admin
      await insert(page, `wfs-add-${manager}`, 'condition');
      const group = await lastCard(page, 'condition');
      const big = (await page
        .locator(`${tid(`wfs-card-${group}`)} [data-testid^="wfs-branch-"][data-type="branch"]`)
        .first()
        .getAttribute('data-id'))!;
      await page.locator(tid(`wfs-branch-${big}`)).click();
      await page.locator(tid('wfs-condition-add-clause-0')).click();
      await chooseOption(page, 'wfs-condition-field-0-0', '报销总额');
      await chooseOption(page, 'wfs-condition-op-0-0', '大于');
      await input(page, 'wfs-condition-value-0-0').fill('5000');
      await input(page, 'wfs-condition-value-0-0').press('Tab');
      await expect.poll(() => page.locator(tid(`wfs-branch-${big}`)).innerText()).toContain('报销总额（元） 大于 5000');
      await closePanel(page);
      await insert(page, `wfs-add-branch-${big}`, 'approver');
      const countersign = await lastCard(page, 'approver');
      await page.locator(tid(`wfs-card-${countersign}`)).click();
      await page.locator(tid('wfs-approver-pick')).click();
      await pickUsers(page, [ids.wangwu!, ids.admin!]);
      await page.locator(tid('wfs-approver-mode')).getByText('会签（须所有人同意）').click();
      await closePanel(page);

      // 3. a CC card at the end, to lisi
      await insert(page, `wfs-add-${group}`, 'cc');
      const cc = await lastCard(page, 'cc');
      await page.locator(tid(`wfs-card-${cc}`)).click();
      await page.locator(tid('forwarder-add-person')).click();
      await pickUsers(page, [ids.lisi!]);
      await closePanel(page);
      await expect.poll(() => page.locator(tid('wfs-issues')).getAttribute('data-count')).toBe('0');
      await shot(page, 'workflow-simple-story-built');

      // Preview both paths.
      expect(await simulate(page, '8000')).toEqual(expect.arrayContaining([manager, countersign, cc]));
      const small = await simulate(page, '300');
      expect(small).toEqual(expect.arrayContaining([manager, cc]));
      expect(small).not.toContain(countersign);

      await page.locator(tid('wfs-publish')).click();
      await expect.poll(() => page.locator(tid('wfs-version')).getAttribute('data-state')).toBe('published');
      const schemeId = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);

      // Two launches by zhangsan, each approved to the end by whoever holds the task.
      const people = Object.fromEntries(await Promise.all(['zhangsan', 'lisi', 'wangwu'].map(async (a) => [a, await signedIn(browser, server, a)] as const)));
      const pageOf: Record<string, Page> = { admin: page, ...Object.fromEntries(Object.entries(people).map(([a, s]) => [a, s.page])) };
      const launch = async (amount: number) => {
        const formData = {
          title: `报销 ${amount}`,
          expense_type: '交通费',
          expense_date: '2026-11-20',
          amount,
          items: [{ item_desc: '打车', item_amount: amount }],
        };
        const started = await api<{ retCode: number; processInstanceId: string }>(pageOf.zhangsan!, 'POST', '/api/workflow-task/create-process', {
          schemeId,
          formValue: [{ F_FormId: form.F_Id, F_Type: 0, formData }],
        });
        expect(started.retCode).toBe(0);
        const acted: string[] = [];
        for (let round = 0; round < 10; round++) {
          let found = false;
          for (const account of ['lisi', 'wangwu', 'admin']) {
            for (const task of await todos(pageOf[account]!, started.processInstanceId)) {
              await api(pageOf[account]!, 'POST', '/api/workflow-task/task-handle', { taskId: task.taskId, btnValue: 'agree_', message: '同意' });
              acted.push(`${task.nodeId}:${account}`);
              found = true;
            }
          }
          if (!found) break;
        }
        const timeline = await api<TimelineRecord[]>(page, 'GET', `/api/workflow-task/history-taskList?processInstanceId=${started.processInstanceId}`);
        expect(timeline.some((r) => r.activityType === 'endEvent')).toBe(true);
        const copies = await api<{ Rows: { processInstanceId: string }[] }>(pageOf.lisi!, 'GET', '/api/workflow-task/manual-task?limit=1&size=100');
        expect(copies.Rows.some((r) => r.processInstanceId === started.processInstanceId)).toBe(true);
        return acted.sort();
      };
      expect(await launch(300)).toEqual([`${manager}:lisi`]);
      expect(await launch(8000)).toEqual([`${countersign}:admin`, `${countersign}:wangwu`, `${manager}:lisi`]);
      for (const s of Object.values(people)) await s.context.close();

      // The same process in the BPMN designer.
      await page.locator(tid('wfs-open-bpmn')).click();
      await page.waitForURL('**/workflow/scheme/design/**');
      for (const id of [manager, countersign, cc, group]) await page.locator(`.djs-element[data-element-id="${id}"]`).first().waitFor();
      await shot(page, 'workflow-simple-story-bpmn');
    } catch (e) {
      await shot(page, 'workflow-simple-story-failure');
      throw e;
    } finally {
      await admin.context.close();
    }
  });
});
