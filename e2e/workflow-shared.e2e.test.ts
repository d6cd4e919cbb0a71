import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { chainXml, field, todos } from './workflow-setup.js';

/**
 * Shared dialogs in Chromium: a two-step process (with a designed form) deployed and run through the
 * API, then the progress viewer opened from the monitor (chart and timeline, desktop and 375 px) and the form print
 * view opened from the approval screen of the open task. Screenshots: e2e/.shots/wf-shared-*.png.
 */
const env = useServerAndBrowser();

const leaveForm = {
  F_Name: '出差申请 E2E',
  F_Type: 0,
  F_Scheme: {
    data: [field(101, 'F_Reason', 'input', '出差事由', { span: 24 }), field(102, 'F_City', 'input', '目的地'), field(103, 'F_Days', 'number', '天数')],
    formConf: { labelWidth: 100, labelPosition: 'right', gutter: 15 },
  },
  tableInfo: [{ dbId: 'local', name: 'e2e_wf_trip', comment: '出差申请', type: 'main', primaryKey: 'F_Id' }],
};

const starter = { candidates: [{ type: 'starter', ids: [] }] };
const xml = chainXml(
  'e2e_trip',
  [
    { id: 'task_1', name: '部门审批', config: starter },
    { id: 'task_2', name: '总经理审批', config: starter },
  ],
  { name: '出差审批', flowPrefix: 'flow_' },
);

interface Row {
  taskId: string;
  processInstanceId: string;
}

async function upcoming(page: Page, processInstanceId: string): Promise<Row> {
  const [row] = await todos(page, processInstanceId);
  if (!row) throw new Error('no open task');
  return row;
}

describe('workflow shared dialogs', () => {
  it('shows the progress viewer (chart, timeline, phone width) and the print view of a running process', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    const formId = (await api<{ F_Id: string }>(page, 'POST', '/api/form-scheme/customtable', leaveForm)).F_Id;
    const scheme = await api<{ F_Id: string }>(page, 'POST', '/api/workflow-scheme-info', {
      F_Code: 'e2e_trip',
      F_Name: '出差审批',
      xml,
      forms: [{ F_FormId: formId, F_Type: 0 }],
    });
    const started = await api<{ processInstanceId: string }>(page, 'POST', '/api/workflow-task/create-process', {
      schemeId: scheme.F_Id,
      formValue: [{ F_FormId: formId, F_Type: 0, formData: { F_Reason: '参加客户项目启动会', F_City: '北京', F_Days: 3 } }],
    });
    const pid = started.processInstanceId;
    const first = await upcoming(page, pid);
    await api(page, 'POST', '/api/workflow-task/task-handle', { taskId: first.taskId, btnValue: 'agree_', message: '同意出差，注意控制费用。' });
    const second = await upcoming(page, pid);

    // ---------- progress viewer from the monitor ----------
    await page.goto('/workflow/monitor/index');
    await page.locator(tid(`wf-monitor-progress-${pid}`)).click();
    const image = page.locator(tid('wf-flow-image'));
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.locator(tid('wf-flow-legend')).innerText()).toMatch(/已完成[\s\S]*当前[\s\S]*未开始/);
    await shot(page, 'wf-shared-progress-chart');
    await page.locator(tid('wf-progress-tab-timeline')).click();
    await page.locator(tid('wf-timeline-record-2')).waitFor();
    await page.waitForTimeout(400);
    expect(await page.locator(tid('wf-timeline-record-0')).innerText()).toContain('创建了流程');
    expect(await page.locator(tid('wf-timeline-record-1')).innerText()).toContain('同意出差，注意控制费用。');
    expect(await page.locator(tid('wf-timeline-record-2')).getAttribute('data-state')).toBe('current');
    expect(await page.locator(tid('wf-timeline-approving')).innerText()).toBe('正在审批');
    await shot(page, 'wf-shared-progress-timeline');

    // ---------- the print view from the approval screen of the open task ----------
    await page.goto('/workflow/process/index');
    await page.locator(tid(`wf-task-handle-${second.taskId}`)).click();
    await page.locator(tid('wf-approval-print')).click();
    const sheet = page.locator(`${tid('wf-print-view')} ${tid('print-view')}`);
    await sheet.waitFor();
    expect(await sheet.innerText()).toContain('参加客户项目启动会');
    expect(await page.locator(tid('wf-print-comment-0')).innerText()).toContain('同意出差，注意控制费用。');
    await page.waitForTimeout(600); // the dialog's opening animation
    await shot(page, 'wf-shared-print');
    // Printing hides everything but the sheets.
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.locator(tid('wf-print-button')).click();
    await page.locator('.wf-print-portal').waitFor({ state: 'attached' });
    await page.emulateMedia({ media: 'print' });
    await shot(page, 'wf-shared-print-media');
    await page.emulateMedia({ media: 'screen' });
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    await context.close();

    // ---------- phone width: the viewer fills the screen ----------
    const phone = await signedIn(env.browser(), env.server(), 'admin');
    await phone.page.setViewportSize({ width: 375, height: 740 });
    await phone.page.goto('/workflow/monitor/index');
    await phone.page.locator(tid(`wf-monitor-progress-${pid}`)).click();
    await phone.page.locator(tid('wf-flow-image')).waitFor();
    await phone.page.waitForTimeout(500);
    const box = await phone.page.locator('.ant-modal').last().boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(370);
    await shot(phone.page, 'wf-shared-progress-phone');
    await phone.page.locator(tid('wf-progress-tab-timeline')).click();
    await phone.page.locator(tid('wf-timeline-record-2')).waitFor();
    await phone.page.waitForTimeout(400);
    await shot(phone.page, 'wf-shared-progress-phone-timeline');
    // The print view at phone width (from the approval screen of the open task).
    await phone.page.goto('/workflow/process/index');
    await phone.page.locator(tid(`wf-task-handle-${second.taskId}`)).click();
    await phone.page.locator(tid('wf-approval-print')).click();
    await phone.page.locator(`${tid('wf-print-view')} ${tid('print-view')}`).waitFor();
    await phone.page.waitForTimeout(600);
    await shot(phone.page, 'wf-shared-print-phone');
    await phone.page.locator(tid('wf-print-close')).click();
    await phone.page.locator(tid('wf-print-view')).waitFor({ state: 'hidden' });

    // The transfer dialog at phone width: the empty choice is refused, then the task goes to lisi. Each click waits
    // for what it acts on (the print view gone, the dialog shown), so none lands on a closing or opening layer.
    await phone.page.locator(tid('wf-approval-transfer')).click();
    await phone.page.locator(tid('wf-transfer-dialog')).waitFor();
    await phone.page.locator(tid('wf-transfer-ok')).click();
    await phone.page.getByText('您未选择任何转办审批人').waitFor();
    await shot(phone.page, 'wf-shared-transfer-phone');
    await phone.page.locator(tid('wf-transfer-choose')).click();
    await phone.page.locator(tid('user-picker')).waitFor();
    const lisi = phone.page.locator('[data-testid^="user-picker-row-"]', { hasText: 'lisi' });
    await lisi.first().click();
    expect(await phone.page.locator('[data-testid^="user-picker-row-"]', { hasText: 'admin' }).count()).toBe(0);
    await phone.page.locator(tid('user-picker-ok')).click();
    await phone.page.locator(tid('wf-transfer-message')).fill('请李四处理');
    await phone.page.locator(tid('wf-transfer-ok')).click();
    await phone.page.getByText('转办成功').waitFor();
    const left = await api<{ Rows: Row[] }>(phone.page, 'GET', '/api/workflow-task/upcoming-task?limit=1&size=50');
    expect(left.Rows.some((r) => r.processInstanceId === pid)).toBe(false);
    await phone.context.close();
  }, 180_000);
});
