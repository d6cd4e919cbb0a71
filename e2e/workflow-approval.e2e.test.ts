import { describe, expect, it } from 'vitest';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { boundField, chainXml } from './workflow-setup.js';

/**
 * The approval screen (spec 2.9) in Chromium: a scheme with a designed form whose one user task falls to its
 * starter; admin launches it through the API, opens the task from the task centre, looks at the screen at desktop
 * and phone width, then approves it.
 */

const env = useServerAndBrowser();

const field = boundField('e2e_wf_leave');

/** The approver may change the days (formId 2) and nothing else: the other fields are read-only there. */
const xmlFor = (formId: string) =>
  chainXml(
    'e2e_approval',
    [
      {
        id: 'check',
        name: '本人确认',
        config: { candidates: [{ type: 'starter', ids: [] }], needPassword: true, formAuthority: { [formId]: [{ formId: 2, view: true, edit: true }] } },
      },
    ],
    { name: 'E2E approval' },
  );

describe('approval screen', { timeout: 180_000 }, () => {
  it('opens a task from the task centre, shows the tabs at desktop and phone width, approves it', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      const form = await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', {
        F_Name: '请假单 E2E',
        F_Type: 0,
        F_Scheme: {
          data: [
            field(1, 'F_Name', 'input', '姓名', { required: true }),
            field(2, 'F_Days', 'number', '天数'),
            field(3, 'F_Reason', 'textarea', '事由', { span: 24 }),
          ],
        },
        tableInfo: [{ dbId: 'local', name: 'e2e_wf_leave', type: 'main' }],
      });
      const scheme = await api<{ F_Id: string }>(page, 'POST', '/api/workflow-scheme-info', {
        F_Code: 'e2e_approval',
        F_Name: '审批界面 E2E',
        forms: [{ F_FormId: form.F_Id, F_Type: 0, F_Name: '请假单' }],
        xml: xmlFor(form.F_Id),
      });
      const launched = await api<{ retCode: number; processInstanceId: string }>(page, 'POST', '/api/workflow-task/create-process', {
        schemeId: scheme.F_Id,
        formValue: [{ F_FormId: form.F_Id, F_Type: 0, formData: { F_Name: '张三', F_Days: 2, F_Reason: '家中有事' } }],
      });
      expect(launched.retCode).toBe(0);
      const todo = await api<{ Rows: { taskId: string; processInstanceId: string }[] }>(page, 'GET', '/api/workflow-task/upcoming-task?limit=1&size=50');
      const task = todo.Rows.find((r) => r.processInstanceId === launched.processInstanceId);
      expect(task).toBeTruthy();

      await page.goto('/workflow/process/index');
      await page.locator(tid(`wf-task-handle-${task!.taskId}`)).click();
      await page.locator(tid('wf-approval-form')).waitFor();
      await page.locator('[data-field="F_Name"]').first().waitFor();
      await expect.poll(() => page.locator(tid('wf-approval-btn-agree_')).innerText()).toBe('同意');
      await page.locator(tid('wf-approval-print')).waitFor();
      await page.locator(tid('wf-approval-transfer')).waitFor();
      await page.locator(tid('wf-approval-message')).fill('情况属实，同意。');
      // Only the field the node names is editable; the change is recorded.
      expect(await page.locator('[data-field="F_Name"] input').first().isDisabled()).toBe(true);
      await page.locator('[data-field="F_Days"] input').first().fill('3');
      await shot(page, 'workflow-approval-desktop');

      // the other tabs
      await page.locator(tid('wf-approval-tab-roams')).click();
      expect(await page.locator(tid('wf-approval-print')).count()).toBe(0);
      await shot(page, 'workflow-approval-roams');
      await page.locator(tid('wf-approval-tab-circulate')).click();
      await shot(page, 'workflow-approval-circulate');
      await page.locator(tid('wf-approval-tab-approval')).click();
      await page.locator(tid('wf-approval-tab-form')).click();

      // phone width: full screen, stacked, no horizontal scroll
      await page.setViewportSize({ width: 375, height: 812 });
      await page.locator(tid('wf-approval-confirm')).waitFor();
      await page.waitForTimeout(300);
      // The screen itself must not scroll sideways (the shell's header behind it is not this screen's).
      const overflow = await page.evaluate(() => {
        const wrap = document.querySelector('.wf-approval-modal')!;
        const content = wrap.querySelector('.ant-modal')!.getBoundingClientRect();
        return { wrap: wrap.scrollWidth - wrap.clientWidth, left: content.left, right: content.right - window.innerWidth };
      });
      await shot(page, 'workflow-approval-375');
      expect(overflow).toEqual({ wrap: 0, left: 0, right: 0 });
      await page.locator(tid('wf-approval-confirm')).scrollIntoViewIfNeeded();
      await shot(page, 'workflow-approval-375-bottom');
      await page.setViewportSize({ width: 1440, height: 900 });

      // approve
      await page.locator(tid('wf-approval-btn-agree_')).click();
      await page.locator(tid('wf-approval-confirm')).click();
      await page.locator('.ant-message', { hasText: '审批成功' }).waitFor();
      await page.locator(tid('wf-approval')).waitFor({ state: 'detached' });
      const done = await api<{ Rows: { processInstanceId: string; state: string }[] }>(page, 'GET', '/api/workflow-task/my-task?limit=1&size=50');
      expect(done.Rows.find((r) => r.processInstanceId === launched.processInstanceId)?.state).toBe('completed');

      // read-only by instance, from 我的任务: the information, the comment given, no approval form
      await page.locator(tid('wf-task-tab-mine')).click();
      await page.locator(tid(`wf-task-view-${launched.processInstanceId}`)).click();
      await page.locator(tid('wf-approval-comments')).waitFor();
      expect(await page.locator(tid('wf-approval')).getAttribute('data-readonly')).toBe('true');
      expect(await page.locator(tid('wf-approval-form')).count()).toBe(0);
      expect(await page.locator(tid('wf-approval-comment-0')).innerText()).toContain('情况属实');
      await page.locator(tid('wf-approval-tab-roams')).click();
      const change = page.locator(`${tid('wf-timeline-change')}[data-field="F_Days"]`);
      await change.waitFor();
      expect(await change.innerText()).toMatch(/天数：2\s*→\s*3/);
      await page.locator(tid('wf-approval-tab-flow')).click();
      await page.waitForTimeout(800);
      await shot(page, 'workflow-approval-readonly');
    } finally {
      await context.close();
    }
  });
});
