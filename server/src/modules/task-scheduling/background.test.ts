import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';

/** With background jobs on, as a server runs: the planner and the queue's workers run a schedule on their own. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ backgroundJobs: true, jobPollMs: 500, jobMaintenanceSeconds: 1 });
  admin = await t.login('admin');
});
afterAll(() => t.close());

describe('scheduled tasks in the background', () => {
  it('runs a five-second cron on time, once per occurrence, until stopped', async () => {
    const res = await t.send(
      'POST',
      '/api/task-scheduling',
      {
        F_Name: '每五秒',
        F_Type: 'sql',
        F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: 'select 1 as one' },
        F_ScheduleType: 'cron',
        F_Cron: '*/5 * * * * *',
        F_EnabledMark: 1,
      },
      admin,
    );
    const id = res.json().data.F_Id as string;
    await new Promise((r) => setTimeout(r, 11_500));
    await t.send('PATCH', `/api/task-scheduling/${id}/stop`, undefined, admin);
    const rows = await t.deps.db
      .selectFrom('task_schedule_logs')
      .select(['state', 'scheduled_at', 'started_at'])
      .where('task_id', '=', id)
      .orderBy('scheduled_at')
      .execute();
    const done = rows.filter((r) => r.state === 'success');
    expect(done.length).toBeGreaterThanOrEqual(2);
    // One row per occurrence, each on a five-second mark, started within two seconds of it.
    expect(new Set(rows.map((r) => r.scheduled_at.getTime())).size).toBe(rows.length);
    for (const r of done) {
      expect(r.scheduled_at.getTime() % 5000).toBe(0);
      expect(r.started_at!.getTime() - r.scheduled_at.getTime()).toBeLessThan(2000);
    }
  }, 30_000);

  it("runs the queue's maintenance (expired leases, archiving) on PGlite's one connection without errors", async () => {
    const errors: unknown[] = [];
    const original = t.deps.log.error.bind(t.deps.log);
    t.deps.log.error = ((...args: unknown[]) => {
      errors.push(args);
      return (original as (...a: unknown[]) => void)(...args);
    }) as typeof t.deps.log.error;
    try {
      await t.deps.jobs.expireLeases();
      await new Promise((r) => setTimeout(r, 2500));
    } finally {
      t.deps.log.error = original;
    }
    expect(errors).toEqual([]);
  });
});
