import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TaskLogRow, TaskSchedulingRow } from '@app/contracts';
import { buildApp } from '../server/src/app.js';
import { testConfig } from '../server/src/core/config.js';
import { DEMO_PASSWORD, api, launchBrowser, shot, signedIn, tid, type E2eServer } from './harness.js';

/**
 * Scheduled tasks end to end: a SQL task on the platform's own database link (a count of 42 generated rows), added through the dialog (its next five
 * run times previewed by the server, a refused expression explained in place), saved, run now from the list, and its
 * run read in the task log the toast links to: a success row whose result holds the count.
 */
const env = useServerWithJobs();

/**
 * The harness's server, with its background jobs on (the test configuration turns them off so API tests run jobs by
 * hand): here the queue's workers and the planner run the task as they would in production.
 */
function useServerWithJobs(): { server: () => E2eServer; browser: () => Browser } {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const webDist = process.env.E2E_WEB_DIST ?? path.resolve(import.meta.dirname, '..', 'web', 'dist');
    const { app } = await buildApp(testConfig({ webDist, adminPassword: DEMO_PASSWORD, backgroundJobs: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    server = { baseUrl: `http://127.0.0.1:${address.port}`, close: () => app.close() };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return { server: () => server!, browser: () => browser! };
}

/** Picks an option of an antd select (opened by clicking `trigger`). */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

describe('scheduled tasks', () => {
  it('adds a SQL task with a previewed schedule, runs it now and finds its successful run in the log', { timeout: 240_000 }, async () => {
    const { context, page } = await signedIn(env.browser(), env.server(), 'admin');
    try {
      await page.goto('/system/task-scheduling/index');
      await page.locator(tid('task-scheduling-page')).waitFor();

      await page.locator(tid('task-add')).click();
      const form = page.locator(tid('task-form'));
      await form.waitFor();
      await page.locator(tid('task-name')).fill('统计用户数 e2e');
      // The first type the server runs is preselected: SQL.
      await expect.poll(() => page.locator(tid('task-type')).textContent()).toContain('执行 SQL');
      await choose(page, tid('task-db-link'), '本地数据库');
      await expect.poll(() => page.locator(tid('task-link-mode')).textContent()).toContain('只读');
      await page.locator(tid('task-sql')).fill('select count(*) as n from generate_series(1, 42)');

      // A refused expression: the server's reason in red under the schedule.
      await page.locator(tid('task-cron')).fill('61 * * * *');
      await page.locator(tid('task-preview-error')).waitFor({ timeout: 20_000 });
      expect((await page.locator(tid('task-preview-error')).textContent())!.length).toBeGreaterThan(3);

      // A preset: working days at 09:00, seconds first; five run times come back.
      await page.locator(tid('task-cron-presets')).click();
      await page.locator(tid('task-preset-six-workdays0900')).click();
      await expect.poll(() => page.locator(tid('task-cron')).inputValue()).toBe('0 0 9 ? * 1-5');
      const times = page.locator(`${tid('task-preview-times')} .ant-tag`);
      await expect.poll(() => times.count(), { timeout: 20_000 }).toBe(5);
      for (const text of await times.allTextContents()) expect(text).toMatch(/^\d{4}-\d\d-\d\d 09:00:00$/);
      await shot(page, 'task-scheduling-dialog');

      await page.locator(tid('modal-ok')).click();
      await form.waitFor({ state: 'detached', timeout: 30_000 });

      const tasks = await api<{ Rows: TaskSchedulingRow[] }>(page, 'GET', '/api/task-scheduling?limit=1&size=50&keyword=e2e');
      const task = tasks.Rows.find((r) => r.F_Name === '统计用户数 e2e');
      expect(task).toBeDefined();
      expect(task).toMatchObject({ F_Type: 'sql', F_ScheduleType: 'cron', F_Cron: '0 0 9 ? * 1-5', F_EnabledMark: 0 });
      const row = page.locator(tid(`task-row-${task!.F_Id}`));
      await row.waitFor();
      expect(await page.locator(tid(`task-schedule-${task!.F_Id}`)).textContent()).toBe('工作日 09:00');
      expect(await page.locator(tid(`task-state-${task!.F_Id}`)).textContent()).toBe('已停止');

      // Run now: the toast links to this task's log.
      await page.locator(tid(`task-run-${task!.F_Id}`)).click();
      await page.locator(tid('task-run-open-log')).click();
      await page.waitForURL(`**/system/task-scheduling-log/index?taskId=${task!.F_Id}`);
      await page.locator(tid('task-log-page')).waitFor();

      // The page reads itself again while the run is queued or running.
      const logs = await api<{ Rows: TaskLogRow[] }>(page, 'GET', `/api/task-scheduling-log?limit=1&size=20&taskId=${task!.F_Id}`);
      expect(logs.Rows.length).toBe(1);
      const logId = logs.Rows[0].F_Id;
      expect(logs.Rows[0].F_Trigger).toBe('manual');
      const runOf = async () => (await api<{ Rows: TaskLogRow[] }>(page, 'GET', `/api/task-scheduling-log?limit=1&size=20&taskId=${task!.F_Id}`)).Rows[0];
      await expect.poll(async () => (await runOf()).F_State, { timeout: 60_000 }).not.toMatch(/^(queued|running)$/);
      const done = await runOf();
      expect({ state: done.F_State, error: done.F_Error }).toEqual({ state: 'success', error: null });
      // The screen follows by itself (it reads the page again while a run is unfinished).
      await expect.poll(() => page.locator(tid(`task-log-state-${logId}`)).textContent(), { timeout: 20_000 }).toBe('成功');
      const rowText = await page.locator(tid(`task-log-row-${logId}`)).textContent();
      expect(rowText).toContain('手动执行');
      await shot(page, 'task-scheduling-log');

      await page.locator(tid(`task-log-detail-${logId}`)).click();
      const result = page.locator(tid('task-log-detail-result'));
      await result.waitFor();
      // The summary line and the row read.
      expect(await result.textContent()).toMatch(/"n":\s*"?42"?/);
      await shot(page, 'task-scheduling-log-detail');
    } finally {
      await context.close();
    }
  });
});
