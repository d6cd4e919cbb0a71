import { describe, expect, it } from 'vitest';
import { loadFixture } from '../server/src/modules/workflow/fixtures/index.js';
import { api, apiCall, confirmOk, shot, signedIn, tid, useServerAndBrowser } from './harness.js';
import { settle, todos as upcoming, userId } from './workflow-setup.js';

/**
 * Monitor: a linear scheme (manager lisi → finance wangwu) deployed and launched by zhangsan through the
 * API; as admin on /workflow/monitor/index the instance is suspended (lisi's task-handle is then refused with
 * '流程已挂起，暂不能处理'), resumed, and its open task assigned to wangwu (his to-do list gets it).
 */
const env = useServerAndBrowser();

describe('workflow monitor (Chromium)', { timeout: 240_000 }, () => {
  it('suspends, resumes and assigns an instance from the monitor screen', async () => {
    const admin = await signedIn(env.browser(), env.server(), 'admin');
    const starter = await signedIn(env.browser(), env.server(), 'zhangsan');
    const manager = await signedIn(env.browser(), env.server(), 'lisi');
    const finance = await signedIn(env.browser(), env.server(), 'wangwu');
    try {
      const page = admin.page;
      const ids = { lisi: await userId(page, 'lisi'), wangwu: await userId(page, 'wangwu') };
      const code = `e2e_monitor_${Date.now()}`;
      const scheme = await api<{ F_Id: string }>(page, 'POST', '/api/workflow-scheme-info', {
        F_Code: code,
        F_Name: '监控测试流程',
        xml: loadFixture('linear', ids),
      });
      const launched = await api<{ retCode: number; processInstanceId: string }>(starter.page, 'POST', '/api/workflow-task/create-process', {
        schemeId: scheme.F_Id,
        name: '张三的监控测试',
      });
      expect(launched.retCode).toBe(0);
      const pid = launched.processInstanceId;
      const [task] = await upcoming(manager.page, pid);
      expect(task).toBeDefined();

      // The monitor lists it (unfinished tab).
      await page.goto('/workflow/monitor/index');
      const row = page.locator(tid(`wf-monitor-row-${pid}`));
      await row.waitFor();
      expect(await row.locator(tid(`wf-monitor-state-${pid}`)).innerText()).toBe('审批中');
      expect(await row.innerText()).toContain('Manager approval');
      await shot(page, 'wf-monitor-unfinished');

      // Suspend.
      await row.locator(tid(`wf-monitor-suspend-${pid}`)).click();
      await confirmOk(page, 'wf-monitor-confirm-ok');
      await expect.poll(() => row.locator(tid(`wf-monitor-state-${pid}`)).innerText()).toBe('已挂起');
      await settle(page);
      await shot(page, 'wf-monitor-suspended');
      const refused = await apiCall(manager.page, 'POST', '/api/workflow-task/task-handle', { taskId: task!.taskId, btnValue: 'agree_', message: 'ok' });
      expect(refused.code).not.toBe(200);
      expect(refused.msg).toBe('流程已挂起，暂不能处理');

      // Resume.
      await row.locator(tid(`wf-monitor-resume-${pid}`)).click();
      await confirmOk(page, 'wf-monitor-confirm-ok');
      await expect.poll(() => row.locator(tid(`wf-monitor-state-${pid}`)).innerText()).toBe('审批中');

      // Assign the manager task to wangwu.
      await row.locator(tid(`wf-monitor-assign-${pid}`)).click();
      const dialog = page.locator(tid('wf-monitor-assign-dialog'));
      await dialog.locator(tid(`wf-monitor-assign-task-${task!.taskId}`)).waitFor();
      expect(await dialog.innerText()).toContain('李四');
      await settle(page);
      await shot(page, 'wf-monitor-assign');
      await page.locator(tid('wf-monitor-assign-next')).click();
      await page.locator(`${tid('user-picker-search')} input`).fill('wangwu');
      await page.locator(`${tid('user-picker-search')} input`).press('Enter');
      await page.locator(tid(`user-picker-row-${ids.wangwu}`)).click();
      await page.locator(tid('user-picker-ok')).click();
      await expect.poll(async () => (await upcoming(finance.page, pid)).map((t) => t.taskId)).toEqual([task!.taskId]);
      await expect.poll(async () => (await upcoming(manager.page, pid)).length).toBe(0);

      // Filters: starter and keyword narrow the list to it.
      await page.locator(tid('list-keyword')).fill('监控测试');
      await page.locator(tid('wf-monitor-search')).click();
      await row.waitFor();
      await settle(page);
      await shot(page, 'wf-monitor-after-assign');

      // The finished tab answers (the instance is not there).
      await page.locator(tid('wf-monitor-tab-finished')).click();
      await page.locator(tid('wf-monitor-list')).waitFor();
      await expect.poll(() => page.locator(tid(`wf-monitor-row-${pid}`)).count()).toBe(0);
    } finally {
      for (const s of [admin, starter, manager, finance]) await s.context.close();
    }
  });

  it('stamps: category filter, maintainers and managers', async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      const lisi = await userId(page, 'lisi');
      // A handwritten signature of 80 × 50 drawn by the browser's canvas.
      const png = await page.evaluate(() => {
        const c = document.createElement('canvas');
        c.width = 80;
        c.height = 50;
        const ctx = c.getContext('2d')!;
        ctx.fillStyle = '#c00';
        ctx.fillRect(10, 10, 60, 30);
        return c.toDataURL('image/png');
      });
      const add = (name: string, type: string) =>
        api<{ F_StampId: string }>(page, 'POST', '/api/stamps', { F_StampName: name, F_StampType: type, F_Password: 'secret1', F_File_Type: 2, F_File: png });
      const finance = await add('财务专用章', 'finance');
      const contract = await add('合同专用章', 'contract');

      await page.goto('/workflow/stamp/index');
      await page.locator(tid(`stamp-row-${finance.F_StampId}`)).waitFor();
      await page.locator(tid(`stamp-row-${contract.F_StampId}`)).waitFor();
      // Category filter: 财务章 only.
      await page
        .locator(`${tid('stamp-filter-type')} .ant-select-content, ${tid('stamp-filter-type')}`)
        .first()
        .click();
      await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '财务章' }).click();
      await page.locator(tid('list-search')).click();
      await expect.poll(() => page.locator(tid(`stamp-row-${contract.F_StampId}`)).count()).toBe(0);
      await page.locator(tid(`stamp-row-${finance.F_StampId}`)).waitFor();
      await settle(page);
      await shot(page, 'wf-stamp-filtered');

      // Maintainers: lisi.
      await page.locator(tid(`stamp-maintainer-${finance.F_StampId}`)).click();
      await page.locator(`${tid('user-picker-search')} input`).fill('lisi');
      await page.locator(`${tid('user-picker-search')} input`).press('Enter');
      await page.locator(tid(`user-picker-row-${lisi}`)).click();
      await settle(page);
      await shot(page, 'wf-stamp-maintainers');
      await page.locator(tid('user-picker-ok')).click();
      await expect.poll(async () => (await api<{ userIds: string[] }>(page, 'GET', `/api/stamps/${finance.F_StampId}/maintain`)).userIds).toEqual([lisi]);

      // Managers: lisi (replaces admin); lisi now sees the stamp as its manager.
      await page.locator(tid(`stamp-manager-${finance.F_StampId}`)).click();
      await page.locator(`${tid('user-picker-search')} input`).fill('lisi');
      await page.locator(`${tid('user-picker-search')} input`).press('Enter');
      await page.locator(tid(`user-picker-row-${lisi}`)).click();
      await page.locator(tid('user-picker-ok')).click();
      const other = await signedIn(env.browser(), env.server(), 'lisi');
      try {
        await expect
          .poll(
            async () =>
              (await api<{ Rows: { F_StampId: string; canManage: boolean }[] }>(other.page, 'GET', '/api/stamps?size=100')).Rows.find(
                (r) => r.F_StampId === finance.F_StampId,
              )?.canManage,
          )
          .toBe(true);
      } finally {
        await other.context.close();
      }
    } finally {
      await context.close();
    }
  });
});
