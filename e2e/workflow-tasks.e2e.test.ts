import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { boundField, chainXml, userId } from './workflow-setup.js';

/**
 * Launch and the task centre in Chromium (docs/workflow-screens.md "Launch and task centre"): admin deploys a
 * one-step scheme (approver lisi) with a designed form through the API; zhangsan (staff) opens it from the launch
 * page, saves a draft, reopens it from 草稿 and submits it, finds it in 我发起的; lisi sees the to-do and the menu
 * badge. Screenshots at desktop width and at 375 px.
 */

const env = useServerAndBrowser();

const field = boundField('e2e_wf_tasks');

const xml = (approverId: string) =>
  chainXml('e2e_tasks', [{ id: 'manager', name: '经理审批', config: { candidates: [{ type: 'user', ids: [approverId] }] } }], { name: 'E2E tasks' });

const input = (page: Page, vModel: string) =>
  page
    .locator(`${tid('wf-launch-dialog')} [data-field="${vModel}"]`)
    .locator('input, textarea')
    .first();
/**
 * How far a screen's own container sticks out of the viewport or scrolls sideways (0 when it fits). The shell's
 * header is not measured (at 375 px its tools stick out by a few pixels; not this screen's).
 */
const overflow = async (page: Page, container: string) => {
  const { over, culprits } = await page.evaluate((sel) => {
    const w = window.innerWidth;
    const root = document.querySelector(sel)!;
    const r = root.getBoundingClientRect();
    const culprits = [...root.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().right > w + 0.5 && el.getBoundingClientRect().width > 0)
      .slice(0, 6)
      .map(
        (el) => `${el.tagName}.${String(el.className).slice(0, 60)} [${el.getAttribute('data-testid') ?? ''}] ${Math.round(el.getBoundingClientRect().right)}`,
      );
    return { over: Math.max(r.right - w, root.scrollWidth - root.clientWidth), culprits };
  }, container);
  if (over > 0) console.log('overflow', over, culprits);
  return over;
};

describe('launch and task centre', { timeout: 240_000 }, () => {
  it('launches from the launch page, saves and reopens a draft, lists it under 我发起的; the approver sees the to-do', async () => {
    const admin = await signedIn(env.browser(), env.server(), 'admin');
    const lisi = await signedIn(env.browser(), env.server(), 'lisi');
    const zhang = await signedIn(env.browser(), env.server(), 'zhangsan');
    try {
      // the scheme, through the API
      const form = await api<{ F_Id: string }>(admin.page, 'POST', '/api/form-scheme/customtable', {
        F_Name: '费用申请 E2E',
        F_Type: 0,
        F_Scheme: { data: [field(1, 'F_Title', 'input', '事由', { required: true }), field(2, 'F_Amount', 'number', '金额')] },
        tableInfo: [{ dbId: 'local', name: 'e2e_wf_tasks', type: 'main' }],
      });
      await api(admin.page, 'POST', '/api/workflow-scheme-info', {
        F_Code: 'e2e_tasks',
        F_Name: '费用申请',
        F_Description: '日常费用报销，经理审批',
        forms: [{ F_FormId: form.F_Id, F_Type: 0, F_Name: '费用申请单' }],
        xml: xml(await userId(admin.page, 'lisi')),
      });

      // zhangsan: the launch page
      const page = zhang.page;
      await page.goto('/workflow/launch/index');
      await page.locator(tid('wf-launch-card-e2e_tasks')).waitFor();
      await shot(page, 'workflow-launch-desktop');
      await page.locator(tid('wf-launch-card-e2e_tasks')).click();
      await input(page, 'F_Title').waitFor();
      await input(page, 'F_Title').fill('十一月差旅');
      await page.locator(tid('wf-launch-name')).fill('张三的费用申请');

      // incomplete forms are refused
      await input(page, 'F_Title').fill('');
      await page.locator(tid('wf-launch-submit')).click();
      await page.locator('.ant-message', { hasText: '请检查表单数据是否填写完整' }).waitFor();
      await input(page, 'F_Title').fill('十一月差旅');

      // a draft, saved twice (the second save updates it)
      await page.locator(tid('wf-launch-draft')).click();
      await page.locator('.ant-message', { hasText: '草稿保存成功' }).first().waitFor();
      await expect.poll(() => page.locator(tid('wf-launch-dialog')).getAttribute('data-draft-id')).not.toBe('');
      const draftId = (await page.locator(tid('wf-launch-dialog')).getAttribute('data-draft-id'))!;
      await page.locator(tid('wf-launch-draft')).click();
      await shot(page, 'workflow-launch-dialog');
      const drafts = await api<{ Rows: { F_Id: string; name: string }[] }>(page, 'GET', '/api/workflow-task/getTempfiledInfoList?limit=1&size=50');
      expect(drafts.Rows.filter((d) => d.name === '张三的费用申请').map((d) => d.F_Id)).toEqual([draftId]);
      await page.locator(tid('wf-launch-cancel')).click();

      // reopen the draft from the task centre and submit it
      await page.goto('/workflow/process/index?tab=drafts');
      await page.locator(tid(`wf-task-draft-edit-${draftId}`)).click();
      await input(page, 'F_Title').waitFor();
      await expect.poll(() => input(page, 'F_Title').inputValue()).toBe('十一月差旅');
      expect(await page.locator(tid('wf-launch-name')).inputValue()).toBe('张三的费用申请');
      await page.locator(tid('wf-launch-message')).fill('请经理审批');
      await page.locator(tid('wf-launch-submit')).click();
      await page.locator('.ant-message', { hasText: '流程发起成功' }).waitFor();
      await page.locator(tid('wf-launch-dialog')).waitFor({ state: 'detached' });
      const left = await api<{ Rows: { F_Id: string }[] }>(page, 'GET', '/api/workflow-task/getTempfiledInfoList?limit=1&size=50');
      expect(left.Rows.some((d) => d.F_Id === draftId)).toBe(false);

      // 我发起的
      const mine = await api<{ Rows: { processInstanceId: string; processName: string; state: string }[] }>(
        page,
        'GET',
        '/api/workflow-task/my-task?limit=1&size=50',
      );
      const started = mine.Rows.find((r) => r.processName === '张三的费用申请');
      expect(started?.state).toBe('running');
      await page.locator(tid('wf-task-tab-mine')).click();
      await page.locator(tid(`wf-task-row-${started!.processInstanceId}`)).waitFor();
      await page.locator(tid(`wf-task-recall-${started!.processInstanceId}`)).waitFor();
      await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      await page.waitForTimeout(300);
      await shot(page, 'workflow-tasks-mine-desktop');

      // phone width: the list scrolls inside its card, the launch dialog is full screen
      await page.setViewportSize({ width: 375, height: 812 });
      await page.waitForTimeout(400);
      await shot(page, 'workflow-tasks-mine-375');
      expect(await overflow(page, tid('wf-task-centre'))).toBeLessThanOrEqual(0);
      await page.goto('/workflow/launch/index');
      await page.locator(tid('wf-launch-card-e2e_tasks')).click();
      await input(page, 'F_Title').waitFor();
      await page.waitForTimeout(400);
      const box = await page.locator('.wf-launch-modal').boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(370);
      await shot(page, 'workflow-launch-dialog-375');
      expect(await overflow(page, '.wf-launch-modal')).toBeLessThanOrEqual(0);

      // lisi: the to-do, the tab count and the menu badge
      const todo = await api<{ Rows: { taskId: string; processInstanceId: string }[] }>(lisi.page, 'GET', '/api/workflow-task/upcoming-task?limit=1&size=50');
      const task = todo.Rows.find((r) => r.processInstanceId === started!.processInstanceId);
      expect(task).toBeTruthy();
      await lisi.page.goto('/workflow/process/index');
      await lisi.page.locator(tid(`wf-task-row-${task!.taskId}`)).waitFor();
      await lisi.page.locator(tid('wf-task-count-todo')).waitFor();
      // the folded 工作流程 menu shows the sum; unfolded, 我的任务 shows its own count
      await lisi.page.locator(tid('menu-badge-workflow')).first().waitFor();
      await lisi.page.locator(tid('menu-item-workflow')).first().click();
      await lisi.page.locator(tid('menu-badge-workflow-process')).first().waitFor();
      await lisi.page.waitForTimeout(300);
      await shot(lisi.page, 'workflow-tasks-todo-desktop');
      await lisi.page.setViewportSize({ width: 375, height: 812 });
      await lisi.page.waitForTimeout(400);
      await shot(lisi.page, 'workflow-tasks-todo-375');
      expect(await overflow(lisi.page, tid('wf-task-centre'))).toBeLessThanOrEqual(0);
    } finally {
      await zhang.context.close();
      await lisi.context.close();
      await admin.context.close();
    }
  });
});
