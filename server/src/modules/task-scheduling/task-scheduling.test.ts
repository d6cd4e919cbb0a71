import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LINK_ID } from '@app/contracts';
import { createTestApp, type TestApp } from '../../test/harness.js';
import type { RegisteredTaskType } from '../../core/task-types.js';
import { TASK_QUEUE } from './task-runner.js';
import { localDateTime } from '../../core/time-zone.js';
import { grant } from '../../test/published-pages.js';
import { describeOnLinkDatabases } from '../../test/link-databases.js';
import type { ListButton } from '@app/contracts';

let t: TestApp;
let admin: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, staff] = await Promise.all([t.login('admin'), t.login('zhangsan')]);
});
afterAll(() => t.close());

const API = '/api/task-scheduling';
const sqlTask = (over: Record<string, unknown> = {}) => ({
  F_Name: '统计用户数',
  F_Type: 'sql',
  F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: 'select 42 as n' },
  F_ScheduleType: 'cron',
  F_Cron: '0 0 2 * * *',
  ...over,
});
const add = async (body: Record<string, unknown>) => {
  const res = await t.send('POST', API, body, admin);
  expect(res.json(), res.body).toMatchObject({ code: 0 });
  return res.json().data.F_Id as string;
};
const logs = async (taskId: string) => (await t.get(`/api/task-scheduling-log?taskId=${taskId}&limit=1&size=50`, admin)).json().data;
const runQueued = () => t.deps.jobs.runPending(TASK_QUEUE);
const taskRow = (id: string) => t.deps.db.selectFrom('task_schedules').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('scheduled tasks: CRUD, start and stop, preview', () => {
  it('adds, lists, reads, edits, starts, stops and deletes a task', async () => {
    const id = await add(sqlTask({ F_Description: '每天两点' }));
    const list = (await t.get(`${API}?keyword=统计用户&limit=1&size=10`, admin)).json().data;
    expect(list).toMatchObject({ Total: 1, Rows: [{ F_Id: id, F_Type: 'sql', F_EnabledMark: 0, F_NextRunTime: null, F_TimeZone: 'Asia/Shanghai' }] });
    expect(list.Rows[0].F_CreateUserName).toBe('系统管理员');

    const detail = (await t.get(`${API}/${id}`, admin)).json().data;
    expect(detail).toMatchObject({ F_Config: { dbLinkId: DEFAULT_LINK_ID }, F_Misfire: 'once', F_Overlap: 'skip', F_TimeoutSeconds: 300, F_AlertAfter: 3 });

    expect((await t.send('PATCH', `${API}/${id}/start`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '任务已启动' });
    const started = (await t.get(`${API}/${id}`, admin)).json().data;
    expect(started.F_EnabledMark).toBe(1);
    expect(started.F_NextRunTime).toMatch(/ 02:00:00$/);
    expect((await t.get(`${API}?state=1&keyword=统计用户`, admin)).json().data.Total).toBe(1);

    expect(
      (await t.send('PUT', `${API}/${id}`, sqlTask({ F_Name: '统计用户数（每小时）', F_Cron: '0 15 * * * *', F_EnabledMark: 1 }), admin)).json(),
    ).toMatchObject({
      code: 0,
      msg: '更新成功',
    });
    expect((await t.get(`${API}/${id}`, admin)).json().data.F_NextRunTime).toMatch(/:15:00$/);

    expect((await t.send('PATCH', `${API}/${id}/stop`, undefined, admin)).json()).toMatchObject({ code: 0, msg: '任务已停止' });
    expect((await taskRow(id)).next_run_at).toBeNull();
    expect((await t.send('DELETE', `${API}/${id}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.get(`${API}/${id}`, admin)).statusCode).toBe(404);
    expect((await t.send('PATCH', `${API}/${id}/start`, undefined, admin)).statusCode).toBe(404);
  });

  it('previews the next five runs in the zone, and explains a schedule it refuses (en)', async () => {
    const preview = (await t.send('POST', `${API}/preview`, { F_ScheduleType: 'cron', F_Cron: '0 30 9 * * 1-5', F_TimeZone: 'Europe/Berlin' }, admin)).json();
    expect(preview.data.timeZone).toBe('Europe/Berlin');
    expect(preview.data.times).toHaveLength(5);
    for (const time of preview.data.times) expect(time).toMatch(/ 09:30:00$/);
    const interval = (await t.send('POST', `${API}/preview`, { F_ScheduleType: 'interval', F_IntervalSeconds: 600 }, admin)).json().data;
    expect(interval.timeZone).toBe('Asia/Shanghai');
    expect(interval.times).toHaveLength(5);

    const refused = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/task-scheduling/preview`,
        headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' },
        payload: body,
      });
      expect(res.statusCode).toBe(400);
      return res.json().msg as string;
    };
    expect(await refused({ F_ScheduleType: 'cron', F_Cron: '* * * * * *' })).toBe('Runs must be at least 5 seconds apart');
    expect(await refused({ F_ScheduleType: 'cron', F_Cron: '0 0 30 2 *' })).toBe('This cron expression never fires; check its dates (for example 30 February)');
    expect(await refused({ F_ScheduleType: 'cron', F_Cron: 'every day at noon' })).toMatch(/^The cron expression is not valid: 5 or 6 fields/);
    expect(await refused({ F_ScheduleType: 'once', F_RunAt: '2020-01-01 00:00:00' })).toBe('That time has passed; choose a later one');
    expect(await refused({ F_ScheduleType: 'cron', F_Cron: '0 2 * * *', F_TimeZone: 'Mars/Olympus' })).toBe('Unknown time zone: Mars/Olympus');
  });

  it('refuses bad input and changes nothing', async () => {
    const before = (await t.get(`${API}?limit=1&size=1`, admin)).json().data.Total;
    const bad = async (body: Record<string, unknown>, msg: RegExp) => {
      const res = await t.send('POST', API, body, admin);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().msg).toMatch(msg);
    };
    await bad(sqlTask({ F_Type: 'java.lang.Runtime' }), /F_Type|任务类型/);
    await bad(sqlTask({ F_Config: { dbLinkId: DEFAULT_LINK_ID } }), /请填写 SQL/);
    await bad(sqlTask({ F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: 'delete from users' } }), /只允许定时任务读取/);
    await bad(sqlTask({ F_Config: { dbLinkId: 'no-such-link', sql: 'select 1' } }), /数据库连接不存在/);
    await bad(sqlTask({ F_Cron: '*/1 * * * * *' }), /执行间隔不能小于 5 秒/);
    await bad(sqlTask({ F_ScheduleType: 'interval', F_IntervalSeconds: 2 }), /F_IntervalSeconds/);
    await bad(sqlTask({ F_ScheduleType: 'once', F_RunAt: '2020-01-01 08:00:00', F_EnabledMark: 1 }), /执行时间已过/);
    await bad(sqlTask({ F_AlertUserIds: ['nobody'] }), /告警接收人不存在/);
    expect((await t.get(`${API}?limit=1&size=1`, admin)).json().data.Total).toBe(before);
  });

  it('answers 403 to a user without the buttons', async () => {
    expect((await t.get(API, staff)).statusCode).toBe(403);
    expect((await t.send('POST', API, sqlTask(), staff)).statusCode).toBe(403);
    expect((await t.get('/api/task-scheduling-log', staff)).statusCode).toBe(403);
  });

  it('lists only the registered types', async () => {
    expect((await t.get(`${API}/types`, admin)).json().data.map((x: { key: string }) => x.key)).toEqual([
      'sql',
      'interface',
      'clearLogs',
      'clearFileTrash',
      'reportDelivery',
    ]);
  });
});

describe('scheduled tasks: runs', () => {
  it('runs now: the SQL reads through the read-only path and the log shows the rows, the process and the times', async () => {
    const id = await add(sqlTask());
    const queued = (await t.send('POST', `${API}/${id}/run`, undefined, admin)).json();
    expect(queued).toMatchObject({ code: 0, msg: '已提交执行，请在任务日志中查看结果' });
    expect((await logs(id)).Rows).toMatchObject([{ F_State: 'queued', F_Trigger: 'manual' }]);
    expect(await runQueued()).toBe(1);
    const [row] = (await logs(id)).Rows;
    expect(row).toMatchObject({
      F_Id: queued.data.logId,
      F_State: 'success',
      F_Trigger: 'manual',
      F_Attempt: 1,
      F_TaskName: '统计用户数',
      F_Error: null,
      F_Sql: null,
    });
    expect(row.F_Result).toBe('读取 1 行\n{"n":42}');
    // Summaries and our own errors are stored as message keys: each reader sees their language.
    const en = (await t.get(`/api/task-scheduling-log?taskId=${id}`, admin, { 'accept-language': 'en' })).json().data.Rows[0];
    expect(en.F_Result).toBe('Rows read: 1\n{"n":42}');
    expect(row.F_Process).toMatch(/:\d+$/);
    expect(row.F_Duration).toBeGreaterThanOrEqual(0);
    expect(row.F_StartTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await taskRow(id)).last_state).toBe('success');
  });

  it("shows a run's times in its task's zone, as the task list does", async () => {
    const id = await add(sqlTask({ F_Name: '伦敦', F_TimeZone: 'Europe/London' }));
    await t.send('POST', `${API}/${id}/run`, undefined, admin);
    await runQueued();
    const [row] = (await logs(id)).Rows;
    const stored = await t.deps.db.selectFrom('task_schedule_logs').select(['started_at', 'scheduled_at']).where('task_id', '=', id).executeTakeFirstOrThrow();
    expect(row.F_StartTime).toBe(localDateTime(stored.started_at!, 'Europe/London'));
    expect(row.F_ScheduledTime).toBe(localDateTime(stored.scheduled_at, 'Europe/London'));
    expect((await t.get(`${API}/${id}`, admin)).json().data.F_LastRunTime.slice(0, 13)).toBe(row.F_EndTime.slice(0, 13));
  });

  it('queues a run of the longest time-out (its lease stays under the 24-hour limit of the queue)', async () => {
    const id = await add(sqlTask({ F_Name: '最长超时', F_TimeoutSeconds: 43_200 }));
    expect((await t.send('POST', `${API}/${id}/run`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.send('POST', API, sqlTask({ F_TimeoutSeconds: 43_201 }), admin)).statusCode).toBe(400);
    await runQueued();
    expect((await logs(id)).Rows[0]).toMatchObject({ F_State: 'success' });
  });

  it('plans due occurrences once, even when two planners look at the same moment', async () => {
    const id = await add(sqlTask({ F_ScheduleType: 'interval', F_IntervalSeconds: 60, F_EnabledMark: 1 }));
    const due = (await taskRow(id)).next_run_at!;
    const at = new Date(due.getTime() + 100);
    // Two rounds at the same instant (as two processes would): the second finds the row moved on.
    const planned = await Promise.all([plan(at), plan(at)]);
    expect(planned.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await logs(id)).Rows.filter((r: { F_Trigger: string }) => r.F_Trigger === 'schedule')).toHaveLength(1);
    expect((await taskRow(id)).next_run_at!.getTime()).toBe(due.getTime() + 60_000);
    await runQueued();
    expect((await logs(id)).Rows[0]).toMatchObject({ F_State: 'success', F_Trigger: 'schedule' });
  });

  it('after an outage, skips or catches up missed runs as the task says', async () => {
    const catchUp = await add(
      sqlTask({ F_Name: '补跑', F_ScheduleType: 'interval', F_IntervalSeconds: 60, F_Misfire: 'all', F_MisfireCap: 3, F_EnabledMark: 1 }),
    );
    const skip = await add(sqlTask({ F_Name: '跳过', F_ScheduleType: 'interval', F_IntervalSeconds: 60, F_Misfire: 'skip', F_EnabledMark: 1 }));
    const due = (await taskRow(catchUp)).next_run_at!;
    const skipDue = (await taskRow(skip)).next_run_at!;
    // Every server was down for ten minutes after the first due time.
    await plan(new Date(due.getTime() + 10 * 60_000 + 500));
    await plan(new Date(skipDue.getTime() + 10 * 60_000 + 500));
    const caught = (await logs(catchUp)).Rows;
    expect(caught.filter((r: { F_State: string }) => r.F_State === 'queued')).toHaveLength(4);
    expect(caught.filter((r: { F_Trigger: string; F_State: string }) => r.F_Trigger === 'misfire' && r.F_State === 'queued')).toHaveLength(3);
    expect(caught.find((r: { F_State: string }) => r.F_State === 'skipped').F_Note).toBe('服务停止期间错过 7 次执行，未补跑');
    const skipped = (await logs(skip)).Rows;
    expect(skipped.filter((r: { F_State: string }) => r.F_State === 'queued')).toHaveLength(1);
    expect(skipped.find((r: { F_State: string }) => r.F_State === 'skipped').F_Note).toBe('服务停止期间错过 10 次执行，未补跑');
    await runQueued();
  });

  it('a failing run is retried with back-off, then counts as a failure and alerts the chosen users', async () => {
    const alertUser = (await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    const id = await add(
      sqlTask({
        F_Name: '会失败',
        F_Config: { dbLinkId: DEFAULT_LINK_ID, sql: 'select * from no_such_table' },
        F_RetryCount: 1,
        F_RetryDelaySeconds: 1,
        F_AlertAfter: 1,
        F_AlertUserIds: [alertUser],
      }),
    );
    await t.send('POST', `${API}/${id}/run`, undefined, admin);
    expect(await runQueued()).toBe(1);
    let rows = (await logs(id)).Rows;
    expect(rows).toMatchObject([
      { F_State: 'queued', F_Trigger: 'retry', F_Attempt: 2 },
      { F_State: 'failed', F_Attempt: 1, F_Note: '1 秒后第 1 次重试' },
    ]);
    expect(rows[1].F_Error).toMatch(/no_such_table/);
    // The list shows the failed attempt as the last run; it counts as a failure in a row only once retries are used up.
    expect(await taskRow(id)).toMatchObject({ consecutive_failures: 0, last_state: 'failed' });
    await new Promise((r) => setTimeout(r, 1100));
    expect(await runQueued()).toBe(1);
    rows = (await logs(id)).Rows;
    expect(rows[0]).toMatchObject({ F_State: 'failed', F_Attempt: 2 });
    expect((await taskRow(id)).consecutive_failures).toBe(1);
    const message = await t.deps.db
      .selectFrom('messages')
      .select(['title', 'content'])
      .where('user_id', '=', alertUser)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    expect(message?.title).toBe('定时任务连续失败：会失败');
  });

  it('a run that outlives its time-out is stopped (its signal aborts) and ends as timeout', async () => {
    // A stand-in for a slow type (the platform link refuses pg_sleep): it waits until its signal aborts.
    const registry = t.deps.taskTypes as Map<string, RegisteredTaskType>;
    const real = registry.get('clearFileTrash')!;
    let aborted = false;
    registry.set('clearFileTrash', {
      ...real,
      run: ({ signal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            resolve({ summary: { key: 'task.started' } });
          });
        }),
    });
    try {
      const id = await add({
        F_Name: '超时',
        F_Type: 'clearFileTrash',
        F_Config: {},
        F_ScheduleType: 'cron',
        F_Cron: '0 4 * * *',
        F_TimeoutSeconds: 1,
        F_AlertAfter: 0,
      });
      await t.send('POST', `${API}/${id}/run`, undefined, admin);
      await runQueued();
      const [row] = (await logs(id)).Rows;
      expect(row, row.F_Error).toMatchObject({ F_State: 'timeout', F_Note: '超过超时时间 1 秒，已停止', F_Result: null });
      expect(row.F_Duration).toBeGreaterThanOrEqual(1000);
      expect(aborted).toBe(true);
      expect((await taskRow(id)).last_state).toBe('timeout');
    } finally {
      registry.set('clearFileTrash', real);
    }
  });

  it('overlap: skip, queue or replace a run while the previous one is running', async () => {
    const mk = (overlap: string) => add(sqlTask({ F_Name: `重叠 ${overlap}`, F_Overlap: overlap }));
    for (const overlap of ['skip', 'queue', 'replace']) {
      const id = await mk(overlap);
      // A run another process is running (its heartbeat is fresh).
      await t.deps.db
        .insertInto('task_schedule_logs')
        .values({
          id: `running-${overlap}`,
          tenant_id: 'default',
          task_id: id,
          task_name: 'x',
          task_type: 'sql',
          state: 'running',
          trigger: 'manual',
          scheduled_at: new Date(),
          time_zone: 'Asia/Shanghai',
          started_at: new Date(),
          heartbeat_at: new Date(),
          process: 'other:1',
        })
        .execute();
      await t.send('POST', `${API}/${id}/run`, undefined, admin);
      await runQueued();
      const rows = (await logs(id)).Rows as { F_Id: string; F_State: string; F_Note: string | null }[];
      const mine = rows.find((r) => r.F_Id !== `running-${overlap}`)!;
      const other = rows.find((r) => r.F_Id === `running-${overlap}`)!;
      if (overlap === 'skip') expect([mine.F_State, mine.F_Note, other.F_State]).toEqual(['skipped', '上一次执行尚未结束，本次跳过', 'running']);
      if (overlap === 'queue') expect([mine.F_State, mine.F_Note, other.F_State]).toEqual(['queued', '上一次执行尚未结束，排队等待', 'running']);
      if (overlap === 'replace')
        expect([mine.F_State, mine.F_Note, other.F_State, other.F_Note]).toEqual([
          'success',
          '停止了尚未结束的上一次执行',
          'replaced',
          '被新的一次执行替换（停止）',
        ]);
      await t.deps.db.updateTable('task_schedule_logs').set({ state: 'failed' }).where('id', '=', `running-${overlap}`).execute();
    }
    // The queued run starts once the one before it has ended.
    await new Promise((r) => setTimeout(r, 2100));
    await runQueued();
  });

  it('a run whose process died is taken over when its lease expires, and the log says so', async () => {
    const id = await add(sqlTask({ F_Name: '接管' }));
    const { logId } = (await t.send('POST', `${API}/${id}/run`, undefined, admin)).json().data;
    // The first delivery's process "died" holding the run: the log row is running, its job expired.
    await t.deps.db
      .updateTable('task_schedule_logs')
      .set({ state: 'running', process: 'dead-host:4242', started_at: new Date() })
      .where('id', '=', logId)
      .execute();
    const runner = new (await import('./task-runner.js')).TaskRunner(
      t.deps,
      new (await import('./task-scheduling.repository.js')).TaskSchedulingRepository(t.deps.db),
    );
    await runner.run({ id: 'x', data: { logId }, retryCount: 1 });
    const [row] = (await logs(id)).Rows;
    expect(row).toMatchObject({ F_State: 'success', F_Note: '进程 dead-host:4242 的租约已过期，由本进程接管执行' });
    expect(row.F_Process).not.toBe('dead-host:4242');
    // Delivered again after it ended (the process died before telling the queue): nothing runs twice.
    await runner.run({ id: 'x', data: { logId }, retryCount: 2 });
    expect((await logs(id)).Rows).toHaveLength(1);
    await runQueued();
  });

  it('a stopped task runs no queued scheduled occurrence', async () => {
    const id = await add(sqlTask({ F_Name: '停了', F_ScheduleType: 'interval', F_IntervalSeconds: 60, F_EnabledMark: 1 }));
    await plan(new Date((await taskRow(id)).next_run_at!.getTime() + 100));
    await t.send('PATCH', `${API}/${id}/stop`, undefined, admin);
    await runQueued();
    expect((await logs(id)).Rows).toMatchObject([{ F_State: 'skipped', F_Note: '任务已停止或删除，本次不执行' }]);
  });

  it('deletes a log row; another tenant cannot', async () => {
    const id = await add(sqlTask({ F_Name: '删日志' }));
    const { logId } = (await t.send('POST', `${API}/${id}/run`, undefined, admin)).json().data;
    await runQueued();
    expect((await t.send('DELETE', `/api/task-scheduling-log/${logId}`, undefined, admin)).json()).toMatchObject({ code: 0 });
    expect((await t.send('DELETE', `/api/task-scheduling-log/${logId}`, undefined, admin)).statusCode).toBe(404);
  });
});

describe('PUT /task-scheduling/{id}: the spec client also updates import templates here', () => {
  it('updates a task by its id, forwards an import template id to the template update, and checks the right button', async () => {
    const taskId = await add(sqlTask({ F_Name: '转发前' }));
    expect((await t.send('PUT', `${API}/${taskId}`, sqlTask({ F_Name: '转发后' }), admin)).json()).toMatchObject({ code: 0, data: { F_Id: taskId } });
    expect((await taskRow(taskId)).name).toBe('转发后');
    // A task body that does not validate answers as route validation does.
    const badTask = await t.send('PUT', `${API}/${taskId}`, { F_Name: '', F_Type: 'sql' }, admin);
    expect(badTask.statusCode).toBe(400);
    expect(badTask.json().msg).toMatch(/body\.F_Name/);

    const templateId = 'tpl-forwarded';
    await t.deps.db
      .insertInto('excel_imports')
      .values({ id: templateId, tenant_id: 'default', name: '导入模板', module_id: 'system-task', target_kind: 'table', columns: '[]', created_by: null })
      .execute();
    // The template's own rules answer (a template body with no columns): the body reached the template update.
    const template = await t.send(
      'PUT',
      `${API}/${templateId}`,
      { F_Name: '导入模板', F_ModuleId: 'system-task', F_TargetKind: 'table', F_Columns: [] },
      admin,
    );
    expect(template.statusCode, template.body).toBe(400);
    expect(template.json().msg).toMatch(/body\.F_Columns/);
    expect((await t.send('PUT', `${API}/no-such-id`, sqlTask(), admin)).statusCode).toBe(404);
    expect((await t.send('PUT', `${API}/${taskId}`, sqlTask(), staff)).statusCode).toBe(403);
    expect((await t.send('PUT', `${API}/${templateId}`, {}, staff)).statusCode).toBe(403);
    expect((await taskRow(taskId)).name).toBe('转发后');
  });
});

describe('task types', () => {
  it('SQL and interface tasks need their owner to hold the query and test buttons themselves, when saved and at each run', async () => {
    const zhangsan = (await t.deps.db.selectFrom('users').select('id').where('account', '=', 'zhangsan').executeTakeFirstOrThrow()).id;
    await grant(t, [{ type: 2, id: zhangsan }], 'system-task', ['list', 'add', 'run'] as unknown as ListButton[], []);
    const refused = await t.send('POST', API, sqlTask({ F_Name: '越权' }), staff);
    expect(refused.statusCode).toBe(403);
    expect(
      (await t.send('POST', API, { F_Name: '清理', F_Type: 'clearLogs', F_Config: {}, F_ScheduleType: 'cron', F_Cron: '0 3 * * *' }, staff)).json(),
    ).toMatchObject({ code: 0 });
    // A task saved by someone allowed, and later saved by someone who is not: its runs act as the last saver and fail.
    const id = await add(sqlTask({ F_Name: '归属' }));
    await t.deps.db.updateTable('task_schedules').set({ modified_by: zhangsan }).where('id', '=', id).execute();
    await t.send('POST', `${API}/${id}/run`, undefined, admin);
    await runQueued();
    expect((await logs(id)).Rows[0]).toMatchObject({ F_State: 'failed' });
    expect((await logs(id)).Rows[0].F_Error).toMatch(/data\.link\.query/);
  });

  it('writes through a link only when someone with the permission allowed it, and logs the SQL', async () => {
    expect((await t.send('PATCH', `/api/database-links/${DEFAULT_LINK_ID}/task-writable`, { F_TaskWritable: 1 }, admin)).json().msg).toBe(
      '系统默认数据库连接不能修改或删除',
    );
    expect((await t.send('PATCH', `/api/database-links/${DEFAULT_LINK_ID}/task-writable`, { F_TaskWritable: 1 }, staff)).statusCode).toBe(403);
  });

  it('clears old logs and old trash', async () => {
    const logsTask = await add({ F_Name: '清理日志', F_Type: 'clearLogs', F_Config: { keepDays: 30 }, F_ScheduleType: 'cron', F_Cron: '0 3 * * *' });
    const trashTask = await add({ F_Name: '清理回收站', F_Type: 'clearFileTrash', F_Config: {}, F_ScheduleType: 'cron', F_Cron: '0 4 * * *' });
    await t.deps.db
      .updateTable('system_logs')
      .set({ created_at: new Date('2020-01-01') })
      .execute();
    await t.send('POST', `${API}/${logsTask}/run`, undefined, admin);
    await t.send('POST', `${API}/${trashTask}/run`, undefined, admin);
    await runQueued();
    expect((await logs(logsTask)).Rows[0].F_Result).toMatch(/^删除 \d+ 条 30 天以前的日志$/);
    expect((await logs(trashTask)).Rows[0].F_Result).toBe('回收站中 30 天以前的 0 个文件已删除');
  });
});

/** One planning round at a given instant, as a server process does every second. */
async function plan(at: Date): Promise<number> {
  const { TaskRunner } = await import('./task-runner.js');
  const { TaskSchedulingRepository } = await import('./task-scheduling.repository.js');
  return new TaskRunner(t.deps, new TaskSchedulingRepository(t.deps.db)).plan(at);
}

describeOnLinkDatabases(
  'scheduled SQL that writes',
  () => t,
  'task_sql',
  (linkId) => {
    it('is refused until the link allows task writes; then it writes and the log keeps its SQL', async () => {
      const driver = await t.deps.links.forLink('default', linkId());
      await driver.execute('create table task_counter (n integer)', []);
      await driver.execute('insert into task_counter values (1)', []);
      const write = { dbLinkId: linkId(), sql: 'update task_counter set n = n + 1' };
      const refused = await t.send('POST', API, sqlTask({ F_Name: '写入', F_Config: write }), admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().msg).toMatch(/只允许定时任务读取/);

      expect((await t.send('PATCH', `/api/database-links/${linkId()}/task-writable`, { F_TaskWritable: 1 }, admin)).json()).toMatchObject({
        code: 0,
        msg: '已允许定时任务通过这个连接写入',
      });
      const id = await add(sqlTask({ F_Name: '写入', F_Config: write }));
      await t.send('POST', `${API}/${id}/run`, undefined, admin);
      await runQueued();
      expect((await logs(id)).Rows[0]).toMatchObject({ F_State: 'success', F_Result: '影响 1 行', F_Sql: 'update task_counter set n = n + 1' });
      expect((await driver.execute('select n from task_counter', [])).rows[0]).toMatchObject({ n: 2 });

      // Taken back: the saved write task fails at its next run, and nothing is written.
      await t.send('PATCH', `/api/database-links/${linkId()}/task-writable`, { F_TaskWritable: 0 }, admin);
      await t.send('POST', `${API}/${id}/run`, undefined, admin);
      await runQueued();
      expect((await logs(id)).Rows[0]).toMatchObject({ F_State: 'failed' });
      expect((await driver.execute('select n from task_counter', [])).rows[0]).toMatchObject({ n: 2 });
    });
  },
);
