import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { type InstanceRow, workflowMonitorPermissions } from '@app/contracts';
import type { UserBrief } from '../../../components/pickers';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData } from '../../data/test-stub';
import MonitorPage, { toMonitorQuery } from './MonitorPage';

const SLOW = 60_000;
const ALL = [
  workflowMonitorPermissions.workflowMonitorList,
  workflowMonitorPermissions.workflowMonitorSuspend,
  workflowMonitorPermissions.workflowMonitorAssign,
];

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });
const row = (over: Partial<InstanceRow> = {}): InstanceRow => ({
  processInstanceId: 'p1',
  F_SchemeId: 's1',
  schemeName: '请假',
  processName: '张三的请假',
  state: 'running',
  isSuspended: false,
  startUserId: 'u2',
  startUser: '张三',
  currentNodes: '经理审批',
  createTime: '2026-11-24 08:00:00',
  completedTime: null,
  recycledTime: null,
  ...over,
});
const user = (id: string, name: string): UserBrief => ({
  F_UserId: id,
  F_Account: id,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '研发部',
});

const unfinished = [row(), row({ processInstanceId: 'p2', processName: '李四的报销', state: 'suspended', isSuspended: true })];
const finished = [
  row({ processInstanceId: 'p3', processName: '已结束的', state: 'completed', currentNodes: '', completedTime: '2026-11-24 09:00:00' }),
  row({
    processInstanceId: 'p4',
    processName: '回收站的',
    state: 'completed',
    currentNodes: '',
    completedTime: '2026-11-24 09:00:00',
    recycledTime: '2026-11-24 10:00:00',
  }),
];

const routes = (extra: Parameters<typeof stubData>[0] = []): Parameters<typeof stubData>[0] => [
  ...extra,
  [/^GET \/workflow-monitor\/unfinished-tasks$/, () => page(unfinished)],
  [/^GET \/workflow-monitor\/finished-tasks$/, () => page(finished)],
  [
    /^GET \/workflow-scheme-info$/,
    () =>
      page([
        { F_Id: 's1', F_Name: '请假' },
        { F_Id: 's2', F_Name: '报销' },
      ]),
  ],
  [/^GET \/companies\/departments\/tree$/, () => [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }]],
  [/^GET \/companies\/c1\/users$/, () => page([user('u2', '张三'), user('u3', '李四')])],
];

const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};
const confirmOk = async () => fireEvent.click(await screen.findByTestId('wf-monitor-confirm-ok'));

describe('monitor screen', { timeout: SLOW }, () => {
  it('lists unfinished instances; the finished tab reads finished-tasks; actions follow the tab and the state', async () => {
    signInForTest(ALL);
    const calls = stubData(routes());
    renderWithApp(<MonitorPage />);
    const first = await screen.findByTestId('wf-monitor-row-p1');
    expect(within(first).getByText('张三的请假')).toBeTruthy();
    expect(within(first).getByText('经理审批')).toBeTruthy();
    expect(within(first).getByTestId('wf-monitor-state-p1').textContent).toBe('审批中');
    for (const id of ['view', 'progress', 'suspend', 'assign']) expect(within(first).getByTestId(`wf-monitor-${id}-p1`)).toBeTruthy();
    expect(within(first).queryByTestId('wf-monitor-resume-p1')).toBeNull();
    expect(within(first).queryByTestId('wf-monitor-delete-p1')).toBeNull();
    // A suspended instance is marked and offers resume only.
    const second = screen.getByTestId('wf-monitor-row-p2');
    expect(within(second).getByTestId('wf-monitor-state-p2').textContent).toBe('已挂起');
    expect(within(second).getByTestId('wf-monitor-resume-p2')).toBeTruthy();
    expect(within(second).queryByTestId('wf-monitor-suspend-p2')).toBeNull();
    expect(within(second).queryByTestId('wf-monitor-assign-p2')).toBeNull();

    fireEvent.click(screen.getByTestId('wf-monitor-tab-finished'));
    const done = await screen.findByTestId('wf-monitor-row-p3');
    expect(calls.some((c) => c.path === '/workflow-monitor/finished-tasks')).toBe(true);
    expect(within(done).getByTestId('wf-monitor-state-p3').textContent).toBe('已结束');
    expect(within(done).getByText('2026-11-24 09:00:00')).toBeTruthy();
    for (const id of ['suspend', 'resume', 'assign']) expect(within(done).queryByTestId(`wf-monitor-${id}-p3`)).toBeNull();
    // Delete only on finished rows, and only once the starter has recycled it (the server's rule).
    expect((within(done).getByTestId('wf-monitor-delete-p3') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('wf-monitor-delete-p4') as HTMLButtonElement).disabled).toBe(false);
  });

  it('without the suspend and assign buttons only view and progress are offered', async () => {
    signInForTest([workflowMonitorPermissions.workflowMonitorList]);
    stubData(routes());
    renderWithApp(<MonitorPage />);
    const first = await screen.findByTestId('wf-monitor-row-p1');
    expect(within(first).getByTestId('wf-monitor-view-p1')).toBeTruthy();
    for (const id of ['suspend', 'assign']) expect(within(first).queryByTestId(`wf-monitor-${id}-p1`)).toBeNull();
    expect(screen.queryByTestId('wf-monitor-resume-p2')).toBeNull();
  });

  it('passes keyword, scheme and starter to the list call', async () => {
    signInForTest(ALL);
    const calls = stubData(routes());
    renderWithApp(<MonitorPage />);
    await screen.findByTestId('wf-monitor-row-p1');
    fireEvent.change(screen.getByTestId('list-keyword'), { target: { value: '请假' } });
    fireEvent.mouseDown(within(screen.getByTestId('wf-monitor-scheme')).getByRole('combobox'));
    const option = await waitFor(() => {
      const found = openOptions().find((o) => o.textContent === '报销');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByTestId('wf-monitor-starter-pick'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect((screen.getByTestId('wf-monitor-starter') as HTMLInputElement).value).toBe('李四'));
    fireEvent.click(screen.getByTestId('wf-monitor-search'));
    await waitFor(() => {
      const last = calls.filter((c) => c.path === '/workflow-monitor/unfinished-tasks').at(-1)!;
      expect(last.url.searchParams.get('keyword')).toBe('请假');
      expect(last.url.searchParams.get('F_SchemeId')).toBe('s2');
      expect(last.url.searchParams.get('starterId')).toBe('u3');
    });
  });

  it('toMonitorQuery turns the date range into startTime / endTime days', () => {
    expect(toMonitorQuery({ keyword: ' a ', range: [dayjs('2026-11-01 10:00'), dayjs('2026-11-24 08:00')], starter: { id: 'u2', name: '张三' } })).toEqual({
      keyword: 'a',
      F_SchemeId: undefined,
      starterId: 'u2',
      startTime: '2026-11-01',
      endTime: '2026-11-24',
    });
    expect(toMonitorQuery({})).toEqual({ keyword: undefined, F_SchemeId: undefined, starterId: undefined, startTime: undefined, endTime: undefined });
  });

  it('suspends and resumes after confirming', async () => {
    signInForTest(ALL);
    const calls = stubData(routes([[/^POST \/workflow-monitor\/(suspend|resume)-process$/, () => null]]));
    renderWithApp(<MonitorPage />);
    fireEvent.click(await screen.findByTestId('wf-monitor-suspend-p1'));
    await confirmOk();
    await waitFor(() => expect(calls.find((c) => c.path === '/workflow-monitor/suspend-process')?.body).toEqual({ processInstanceId: 'p1' }));
    fireEvent.click(screen.getByTestId('wf-monitor-resume-p2'));
    await waitFor(() => expect(screen.getAllByTestId('wf-monitor-confirm-ok').length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByTestId('wf-monitor-confirm-ok').at(-1)!);
    await waitFor(() => expect(calls.find((c) => c.path === '/workflow-monitor/resume-process')?.body).toEqual({ processInstanceId: 'p2' }));
    // The list is read again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/workflow-monitor/unfinished-tasks').length).toBeGreaterThan(1));
  });

  it('assigns: choose the open task, then the new user', async () => {
    signInForTest(ALL);
    const calls = stubData(
      routes([
        [
          /^GET \/workflow-task\/candidate-users$/,
          () => [
            { taskId: 't1', nodeId: 'manager', nodeName: '经理审批', F_UserId: 'u5', F_RealName: '王五', F_Account: 'wangwu', departmentName: '' },
            { taskId: 't2', nodeId: 'finance', nodeName: '财务审批', F_UserId: 'u6', F_RealName: '赵六', F_Account: 'zhaoliu', departmentName: '' },
            { taskId: 't2', nodeId: 'finance', nodeName: '财务审批', F_UserId: 'u7', F_RealName: '钱七', F_Account: 'qianqi', departmentName: '' },
          ],
        ],
        [/^PATCH \/workflow-monitor\/assign$/, () => null],
      ]),
    );
    renderWithApp(<MonitorPage />);
    fireEvent.click(await screen.findByTestId('wf-monitor-assign-p1'));
    const task = await screen.findByTestId('wf-monitor-assign-task-t2');
    expect(task.textContent).toContain('赵六、钱七');
    expect(calls.find((c) => c.path === '/workflow-task/candidate-users')?.url.searchParams.get('processInstanceId')).toBe('p1');
    // Two open tasks: nothing is chosen yet.
    expect((screen.getByTestId('wf-monitor-assign-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(task).getByRole('radio'));
    fireEvent.click(screen.getByTestId('wf-monitor-assign-next'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ taskId: 't2', userId: 'u3' }));
    expect(calls.find((c) => c.method === 'PATCH')?.path).toBe('/workflow-monitor/assign');
  });

  it('deletes a finished, recycled instance after confirming', async () => {
    signInForTest(ALL);
    const calls = stubData(routes([[/^DELETE \/workflow-task\/delete-processinstance\/p4$/, () => null]]));
    renderWithApp(<MonitorPage />);
    await screen.findByTestId('wf-monitor-row-p1');
    fireEvent.click(screen.getByTestId('wf-monitor-tab-finished'));
    fireEvent.click(await screen.findByTestId('wf-monitor-delete-p4'));
    await confirmOk();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-task/delete-processinstance/p4')).toBe(true));
  });
});
