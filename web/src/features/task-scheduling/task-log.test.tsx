import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TaskLogRow } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { stubData, type Call } from '../data/test-stub';
import { taskSchedulingPermissions as P } from './permissions';
import { AUTO_REFRESH_MS } from './shared';
import TaskLogPage from './TaskLogPage';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const run = (over: Partial<TaskLogRow> = {}): TaskLogRow => ({
  F_Id: 'l1',
  F_TaskId: 't1',
  F_TaskName: '统计用户',
  F_TaskType: 'sql',
  F_State: 'success',
  F_Trigger: 'schedule',
  F_ScheduledTime: '2026-11-28 02:00:00',
  F_StartTime: '2026-11-28 02:00:00',
  F_EndTime: '2026-11-28 02:00:01',
  F_Duration: 1234,
  F_Attempt: 1,
  F_Result: '[{"count":3}]',
  F_Error: null,
  F_Process: 'host-a:4242',
  F_Note: null,
  F_Sql: null,
  ...over,
});

const failed = run({
  F_Id: 'l2',
  F_State: 'failed',
  F_Trigger: 'retry',
  F_Attempt: 2,
  F_Duration: 185_000,
  F_Result: null,
  F_Error: 'relation "userz" does not exist\n    at line 1',
  F_Note: '接管了 host-b:1 的过期租约',
  F_Sql: 'update users set F_EnabledMark = 1',
});

function stubServer(rows: () => TaskLogRow[], extra: [RegExp, (url: URL, body: unknown) => unknown][] = []): Call[] {
  return stubData([
    ...extra,
    [/^GET \/task-scheduling-log$/, () => ({ Rows: rows(), Total: rows().length })],
    [
      /^GET \/task-scheduling$/,
      () => ({
        Rows: [
          { F_Id: 't1', F_Name: '统计用户' },
          { F_Id: 't2', F_Name: '清理日志' },
        ],
        Total: 2,
      }),
    ],
  ]);
}

const logCalls = (calls: Call[]) => calls.filter((c) => c.method === 'GET' && c.path === '/task-scheduling-log');

function renderLog(search = '') {
  return renderWithApp(
    <MemoryRouter initialEntries={[`/system/task-scheduling-log/index${search}`]}>
      <TaskLogPage />
    </MemoryRouter>,
  );
}

describe('task log', { timeout: SLOW }, () => {
  it('opens filtered by the task of ?taskId= (shown in the task select), and searching without it lists every task', async () => {
    signInForTest([P.logList, P.list]);
    const calls = stubServer(() => [run()]);
    renderLog('?taskId=t1');
    await screen.findByTestId('task-log-row-l1');
    expect(logCalls(calls)[0].url.searchParams.get('taskId')).toBe('t1');
    await waitFor(() => expect(within(screen.getByTestId('task-log-task-filter')).getByText('统计用户')).toBeTruthy());

    // Reset keeps the address's task; emptying the select and searching lists all tasks.
    const clear = screen.getByTestId('task-log-task-filter').querySelector<HTMLElement>('.ant-select-clear')!;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(logCalls(calls).at(-1)!.url.searchParams.has('taskId')).toBe(false));
  });

  it('shows each run: trigger, times, duration, attempt, state, process and the error text; the details show all of it', async () => {
    signInForTest([P.logList, P.logDelete]);
    stubServer(() => [run(), failed]);
    renderLog();
    const ok = await screen.findByTestId('task-log-row-l1');
    expect(ok.textContent).toContain('按计划');
    expect(ok.textContent).toContain('1.2 s');
    expect(ok.textContent).toContain('host-a:4242');
    expect(screen.getByTestId('task-log-state-l1').textContent).toBe('成功');
    expect(screen.getByTestId('task-log-result-l1').textContent).toBe('[{"count":3}]');

    const bad = screen.getByTestId('task-log-row-l2');
    expect(bad.textContent).toContain('重试');
    expect(bad.textContent).toContain('3 min 5 s');
    expect(screen.getByTestId('task-log-state-l2').textContent).toBe('失败');
    expect(screen.getByTestId('task-log-error-l2').textContent).toContain('relation "userz" does not exist');

    fireEvent.click(screen.getByTestId('task-log-detail-l2'));
    const detail = await screen.findByTestId('task-log-detail');
    expect(within(detail).getByTestId('task-log-detail-error').textContent).toBe('relation "userz" does not exist\n    at line 1');
    expect(within(detail).getByTestId('task-log-detail-sql').textContent).toBe('update users set F_EnabledMark = 1');
    expect(detail.textContent).toContain('接管了 host-b:1 的过期租约');
    expect(detail.textContent).toContain('执行 SQL');
  });

  it('sends the state filter; without the task list button the task select offers the tasks of the runs read', async () => {
    signInForTest([P.logList]);
    const calls = stubServer(() => [run()]);
    renderLog();
    await screen.findByTestId('task-log-row-l1');
    expect(calls.some((c) => c.path === '/task-scheduling')).toBe(false);
    fireEvent.mouseDown(within(screen.getByTestId('task-log-task-filter')).getByRole('combobox'));
    expect(await screen.findByText('统计用户', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    const state = screen.getByTestId('task-log-state-filter');
    fireEvent.mouseDown(within(state).getByRole('combobox'));
    fireEvent.click(await screen.findByText('超时', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() => expect(logCalls(calls).at(-1)!.url.searchParams.get('state')).toBe('timeout'));
  });

  it('deletes a run after the confirmation; without the button there is none', async () => {
    signInForTest([P.logList, P.logDelete]);
    const calls = stubServer(() => [run()], [[/^DELETE \/task-scheduling-log\/l1$/, () => null]]);
    const { unmount } = renderLog();
    fireEvent.click(await screen.findByTestId('task-log-delete-l1'));
    fireEvent.click(await screen.findByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/task-scheduling-log/l1')).toBe(true));
    unmount();
    endSession();

    signInForTest([P.logList]);
    renderLog();
    await screen.findByTestId('task-log-row-l1');
    expect(screen.queryByTestId('task-log-delete-l1')).toBeNull();
  });

  it('reads the page again every 5 s while a run on it is queued or running, and stops once all are finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInForTest([P.logList]);
    let state: TaskLogRow['F_State'] = 'running';
    const calls = stubServer(() => [run({ F_State: state, F_EndTime: null, F_Duration: null, F_Result: null })]);
    renderLog();
    await screen.findByTestId('task-log-row-l1');
    expect(screen.getByTestId('task-log-state-l1').textContent).toBe('执行中');
    const before = logCalls(calls).length;
    state = 'success';
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS + 100);
    });
    await waitFor(() => expect(logCalls(calls).length).toBe(before + 1));
    await waitFor(() => expect(screen.getByTestId('task-log-state-l1').textContent).toBe('成功'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS * 2);
    });
    expect(logCalls(calls).length).toBe(before + 1);
  });
});
