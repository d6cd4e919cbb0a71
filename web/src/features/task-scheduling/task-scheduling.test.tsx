import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { TaskSchedulingDetail, TaskSchedulingRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { Fail, stubData, type Call } from '../data/test-stub';
import { taskSchedulingPermissions as P } from './permissions';
import TaskSchedulingPage from './TaskSchedulingPage';

// antd forms under a loaded CI machine: the default is too tight for the longer flows.
const SLOW = 60_000;
const ALL = Object.values(P);

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const row = (over: Partial<TaskSchedulingRow> = {}): TaskSchedulingRow => ({
  F_Id: 't1',
  F_Name: '统计用户',
  F_Type: 'sql',
  F_ScheduleType: 'cron',
  F_Cron: '0 2 * * *',
  F_IntervalSeconds: null,
  F_RunAt: null,
  F_TimeZone: 'Asia/Shanghai',
  F_EnabledMark: 1,
  F_NextRunTime: '2026-11-29 02:00:00',
  F_LastRunTime: '2026-11-28 02:00:00',
  F_LastState: 'success',
  F_ConsecutiveFailures: 0,
  F_Description: '',
  F_CreateUserName: 'Admin',
  F_CreateDate: '2026-11-01 10:00:00',
  ...over,
});

const detail = (over: Partial<TaskSchedulingDetail> = {}): TaskSchedulingDetail => ({
  ...row(),
  F_Config: { dbLinkId: 'local', sql: 'select count(*) from users' },
  F_Misfire: 'once',
  F_MisfireCap: 10,
  F_Overlap: 'skip',
  F_TimeoutSeconds: 300,
  F_RetryCount: 2,
  F_RetryDelaySeconds: 30,
  F_AlertAfter: 3,
  F_AlertUserIds: ['u9'],
  F_AlertUserNames: ['王五'],
  ...over,
});

const links = [
  {
    F_GroupName: '',
    children: [
      { F_Id: 'local', F_DBAlias: '平台数据库', F_IsDefault: true, F_TaskWritable: 0 },
      { F_Id: 'erp', F_DBAlias: 'ERP', F_IsDefault: false, F_TaskWritable: 1 },
      { F_Id: 'ro', F_DBAlias: '只读库', F_IsDefault: false, F_TaskWritable: 0 },
    ],
  },
];

const rows = [
  row(),
  row({ F_Id: 't2', F_Name: '清理日志', F_Type: 'clearLogs', F_ScheduleType: 'interval', F_IntervalSeconds: 7200, F_EnabledMark: 0, F_NextRunTime: null }),
  row({
    F_Id: 't3',
    F_Name: '调用接口',
    F_Type: 'interface',
    F_ScheduleType: 'once',
    F_RunAt: '2026-12-01 08:00:00',
    F_TimeZone: 'Europe/London',
    F_LastState: 'failed',
    F_ConsecutiveFailures: 4,
  }),
  row({ F_Id: 't4', F_Name: '新任务', F_LastRunTime: null, F_LastState: null }),
];

/** The server's side of the screen: the list, the types, links, interfaces, the preview (a refusal for minute 61). */
function stubServer(extra: [RegExp, (url: URL, body: unknown) => unknown][] = []): Call[] {
  return stubData([
    ...extra,
    [/^GET \/task-scheduling$/, () => ({ Rows: rows, Total: rows.length })],
    [/^GET \/task-scheduling\/types$/, () => [{ key: 'sql' }, { key: 'interface' }, { key: 'clearLogs' }, { key: 'clearFileTrash' }]],
    [/^GET \/task-scheduling\/t1$/, () => detail()],
    [/^GET \/database-links\/group$/, () => links],
    [/^GET \/interface\/page$/, () => ({ Rows: [{ F_Id: 'i1', F_Code: 'crm', F_Name: '同步客户' }], Total: 1 })],
    [
      /^POST \/task-scheduling\/preview$/,
      (_url, body) => {
        const b = body as { F_Cron: string; F_ScheduleType: string };
        if (b.F_ScheduleType === 'cron' && b.F_Cron.startsWith('61 ')) return new Fail('Cron 表达式不正确：分钟超出范围');
        return {
          times: ['2026-11-29 02:00:00', '2026-11-30 02:00:00', '2026-12-01 02:00:00', '2026-12-02 02:00:00', '2026-12-03 02:00:00'],
          timeZone: 'Asia/Shanghai',
        };
      },
    ],
    [/^POST \/task-scheduling$/, () => ({ F_Id: 'new' })],
    [/^PUT \/task-scheduling\/t1$/, () => ({ F_Id: 't1' })],
  ]);
}

function Where() {
  const location = useLocation();
  return <span data-testid="where">{location.pathname + location.search}</span>;
}

function renderPage() {
  return renderWithApp(
    <MemoryRouter initialEntries={['/system/task-scheduling/index']}>
      <TaskSchedulingPage />
      <Where />
    </MemoryRouter>,
  );
}

/** The texts of the options of the select opened last (earlier popups stay in the document, hidden). */
const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};

async function choose(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = openOptions().find((o) => o.textContent === text);
    if (!found)
      throw new Error(
        `no option ${text}: ${openOptions()
          .map((o) => o.textContent)
          .join(', ')}`,
      );
    return found;
  });
  fireEvent.click(option);
}

/** Picks a radio by the test id on its label text. */
const radio = (testId: string) => fireEvent.click(screen.getByTestId(testId).closest('label')!.querySelector('input')!);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const posted = (calls: Call[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.path === path).at(-1)?.body as Record<string, unknown>;

async function openAdd() {
  fireEvent.click(await screen.findByTestId('task-add'));
  await screen.findByTestId('task-form');
  // The types have come (the type select shows the first one).
  await waitFor(() => expect(within(screen.getByTestId('task-type')).getByText('执行 SQL')).toBeTruthy());
}

describe('scheduled tasks list', { timeout: SLOW }, () => {
  it('shows each task with its type, schedule in words, state, next run and last outcome; failures in a row stand out', async () => {
    signInForTest(ALL);
    stubServer();
    renderPage();
    const first = await screen.findByTestId('task-row-t1');
    expect(first.textContent).toContain('执行 SQL');
    expect(screen.getByTestId('task-schedule-t1').textContent).toBe('每天 02:00');
    expect(screen.getByTestId('task-state-t1').textContent).toBe('已启动');
    expect(first.textContent).toContain('2026-11-29 02:00:00');
    expect(screen.getByTestId('task-last-state-t1').textContent).toBe('成功');

    expect(screen.getByTestId('task-row-t2').textContent).toContain('清理日志');
    expect(screen.getByTestId('task-schedule-t2').textContent).toBe('每 2 小时');
    expect(screen.getByTestId('task-state-t2').textContent).toBe('已停止');

    // The zone is named when it is not the platform's (the one the preview reads an empty zone as).
    await waitFor(() => expect(screen.getByTestId('task-schedule-t3').textContent).toBe('仅一次：2026-12-01 08:00:00Europe/London'));
    expect(screen.getByTestId('task-last-state-t3').textContent).toBe('失败');
    expect(screen.getByTestId('task-failures-t3').textContent).toContain('连续失败 4 次');
    expect(screen.getByTestId('task-row-t4').textContent).toContain('尚未执行');
    expect(screen.queryByTestId('task-failures-t1')).toBeNull();
    // Started tasks offer 停止, stopped ones 启动.
    expect(screen.getByTestId('task-stop-t1')).toBeTruthy();
    expect(screen.getByTestId('task-start-t2')).toBeTruthy();
  });

  it('sends the query bar: keyword, state and type', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    await screen.findByTestId('task-row-t1');
    type('list-keyword', '统计');
    await choose('task-state-filter', '已停止');
    await choose('task-type-filter', '清理日志');
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/task-scheduling')
          .at(-1)!
          .url.searchParams.get('type'),
      ).toBe('clearLogs'),
    );
    const q = calls.filter((c) => c.path === '/task-scheduling').at(-1)!.url.searchParams;
    expect(q.get('keyword')).toBe('统计');
    expect(q.get('state')).toBe('0');
    expect(q.get('limit')).toBe('1');
  });

  it('starts, stops, runs now (with a link to the run log), opens the log and deletes through their own calls', async () => {
    signInForTest(ALL);
    const calls = stubServer([
      [/^PATCH \/task-scheduling\/t[12]\/(start|stop)$/, () => null],
      [/^POST \/task-scheduling\/t1\/run$/, () => ({ logId: 'log1' })],
      [/^DELETE \/task-scheduling\/t2$/, () => null],
    ]);
    renderPage();
    await screen.findByTestId('task-row-t1');

    fireEvent.click(screen.getByTestId('task-stop-t1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/task-scheduling/t1/stop')).toBe(true));
    fireEvent.click(screen.getByTestId('task-start-t2'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH' && c.path === '/task-scheduling/t2/start')).toBe(true));

    fireEvent.click(screen.getByTestId('task-run-t1'));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/task-scheduling/t1/run')).toBe(true));
    expect((await screen.findByTestId('task-run-queued')).textContent).toContain('已提交执行：统计用户');
    fireEvent.click(screen.getByTestId('task-run-open-log'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/task-scheduling-log/index?taskId=t1'));
  });

  it('opens the log of a task, and deletes after the confirmation', async () => {
    signInForTest(ALL);
    const calls = stubServer([[/^DELETE \/task-scheduling\/t2$/, () => null]]);
    renderPage();
    await screen.findByTestId('task-row-t2');
    fireEvent.click(screen.getByTestId('task-log-t3'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/system/task-scheduling-log/index?taskId=t3'));

    fireEvent.click(screen.getByTestId('task-delete-t2'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/task-scheduling/t2')).toBe(true));
  });

  it('hides what the user may not do', async () => {
    signInForTest([P.list]);
    stubServer();
    renderPage();
    await screen.findByTestId('task-row-t1');
    for (const id of ['task-add', 'task-edit-t1', 'task-stop-t1', 'task-run-t1', 'task-log-t1', 'task-delete-t1']) expect(screen.queryByTestId(id)).toBeNull();
  });
});

describe('scheduled task dialog', { timeout: SLOW }, () => {
  it('adds a SQL task from a cron preset, shows the next five runs and the link being read-only, and posts the whole body', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    await openAdd();
    type('task-name', '统计用户数');
    await choose('task-db-link', '平台数据库');
    expect((await screen.findByTestId('task-link-mode')).textContent).toContain('始终只读');
    type('task-sql', 'select count(*) from users');
    fireEvent.click(screen.getByTestId('task-cron-presets'));
    fireEvent.click(await screen.findByTestId('task-preset-six-workdays0900'));
    await waitFor(() => expect((screen.getByTestId('task-cron') as HTMLInputElement).value).toBe('0 0 9 ? * 1-5'));
    expect(screen.getByTestId('task-cron-words').textContent).toBe('工作日 09:00');
    const times = await screen.findByTestId('task-preview-times');
    expect(times.textContent).toContain('2026-11-29 02:00:00');
    expect(times.textContent).toContain('Asia/Shanghai');
    await waitFor(() =>
      expect(posted(calls, 'POST', '/task-scheduling/preview')).toEqual({
        F_ScheduleType: 'cron',
        F_Cron: '0 0 9 ? * 1-5',
        F_IntervalSeconds: null,
        F_RunAt: null,
        F_TimeZone: '',
      }),
    );
    fireEvent.click(screen.getByTestId('task-enabled'));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling')).toBeTruthy());
    expect(posted(calls, 'POST', '/task-scheduling')).toEqual({
      F_Name: '统计用户数',
      F_Type: 'sql',
      F_Config: { dbLinkId: 'local', sql: 'select count(*) from users' },
      F_ScheduleType: 'cron',
      F_Cron: '0 0 9 ? * 1-5',
      F_IntervalSeconds: null,
      F_RunAt: null,
      F_TimeZone: '',
      F_Misfire: 'once',
      F_MisfireCap: 10,
      F_Overlap: 'skip',
      F_TimeoutSeconds: 300,
      F_RetryCount: 0,
      F_RetryDelaySeconds: 30,
      F_AlertAfter: 3,
      F_AlertUserIds: [],
      F_Description: '',
      F_EnabledMark: 1,
    });
  });

  it("shows the server's refusal of a schedule in red, and says when a link lets tasks write", async () => {
    signInForTest(ALL);
    stubServer();
    renderPage();
    await openAdd();
    await choose('task-db-link', 'ERP');
    expect((await screen.findByTestId('task-link-mode')).textContent).toContain('允许定时任务写入');
    await choose('task-db-link', '只读库');
    await waitFor(() => expect(screen.getByTestId('task-link-mode').textContent).toContain('开启「允许定时任务写入」'));
    type('task-cron', '61 * * * *');
    expect((await screen.findByTestId('task-preview-error')).textContent).toBe('Cron 表达式不正确：分钟超出范围');
    // The refusal is shown in place, not as a toast.
    expect(document.querySelector('.ant-message')?.textContent ?? '').not.toContain('超出范围');
  });

  it("turns an interval into seconds, with the clean-up type's keep days", async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    await openAdd();
    type('task-name', '清理');
    await choose('task-type', '清理日志');
    expect(((await screen.findByTestId('task-keep-days')) as HTMLInputElement).value).toBe('90');
    radio('task-kind-interval');
    await screen.findByTestId('task-interval');
    type('task-interval', '2');
    await choose('task-interval-unit', '分钟');
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling/preview')?.F_IntervalSeconds).toBe(120));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling')).toBeTruthy());
    expect(posted(calls, 'POST', '/task-scheduling')).toMatchObject({
      F_Type: 'clearLogs',
      F_Config: { keepDays: 90 },
      F_ScheduleType: 'interval',
      F_Cron: '',
      F_IntervalSeconds: 120,
      F_RunAt: null,
    });
  });

  it('refuses an interval under five seconds before sending', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    await openAdd();
    type('task-name', '太快');
    await choose('task-type', '清空文件回收站');
    radio('task-kind-interval');
    await screen.findByTestId('task-interval');
    type('task-interval', '3');
    await choose('task-interval-unit', '秒');
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('间隔不能短于 5 秒')).toBeTruthy();
    expect(posted(calls, 'POST', '/task-scheduling')).toBeUndefined();
  });

  it('adds an interface task that runs once in another zone, with its parameters', async () => {
    const runAt = dayjs().add(3, 'day').format('YYYY-MM-DD 08:00:00');
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    await openAdd();
    type('task-name', '同步');
    await choose('task-type', '调用接口');
    await choose('task-interface', '同步客户 (crm)');
    fireEvent.click(screen.getByTestId('task-param-add'));
    type('task-param-key-0', 'since');
    type('task-param-value-0', 'yesterday');
    radio('task-kind-once');
    await screen.findByTestId('task-run-at');
    const picker = within(screen.getByTestId('task-form')).getByPlaceholderText(/选择日期|Select date/);
    fireEvent.mouseDown(picker);
    fireEvent.change(picker, { target: { value: runAt } });
    fireEvent.keyDown(picker, { key: 'Enter', code: 'Enter' });
    await choose('task-time-zone', 'Europe/London');
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling/preview')?.F_RunAt).toBe(runAt));
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'POST', '/task-scheduling')).toBeTruthy());
    expect(posted(calls, 'POST', '/task-scheduling')).toMatchObject({
      F_Type: 'interface',
      F_Config: { interfaceId: 'i1', params: { since: 'yesterday' } },
      F_ScheduleType: 'once',
      F_Cron: '',
      F_IntervalSeconds: null,
      F_RunAt: runAt,
      F_TimeZone: 'Europe/London',
    });
  });

  it('edits a stored task: its settings and policies come back, and the same body goes out by PUT', async () => {
    signInForTest(ALL);
    const calls = stubServer();
    renderPage();
    fireEvent.click(await screen.findByTestId('task-edit-t1'));
    await screen.findByTestId('task-form');
    expect((screen.getByTestId('task-sql') as HTMLTextAreaElement).value).toBe('select count(*) from users');
    expect(screen.getByText('王五')).toBeTruthy();
    // The back-off explained from the stored delay: 30 s, then twice as long each time.
    expect(screen.getByText(/30 s, 60 s/)).toBeTruthy();
    type('task-name', '统计用户（改）');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(posted(calls, 'PUT', '/task-scheduling/t1')).toBeTruthy());
    expect(posted(calls, 'PUT', '/task-scheduling/t1')).toMatchObject({
      F_Name: '统计用户（改）',
      F_Config: { dbLinkId: 'local', sql: 'select count(*) from users' },
      F_Cron: '0 2 * * *',
      F_RetryCount: 2,
      F_AlertUserIds: ['u9'],
      F_EnabledMark: 1,
    });
  });
});
