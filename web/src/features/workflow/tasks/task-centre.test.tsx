import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import dayjs from 'dayjs';
import type { CirculationRow, HistoryTaskRow, InstanceRow, MenuItem, UpcomingTaskRow, WfLaunchable, WorkflowDraftRow } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { stubData } from '../../data/test-stub';
import { NavMenu } from '../../../app/shell/NavMenu';
import { openApproval, openProgress } from '../overlays';
import TaskCentrePage, { toTaskQuery } from './TaskCentrePage';
import { fakeForms } from './test-fakes';

vi.mock('../overlays', () => ({ openApproval: vi.fn(), openProgress: vi.fn() }));
vi.mock('../approval/FormTabs', async () => ({ FormTabs: (await import('./test-fakes')).FakeFormTabs }));
vi.mock('../shared/NextApproversDialog', async () => ({ NextApproversDialog: (await import('./test-fakes')).FakeNextApprovers }));

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.mocked(openApproval).mockClear();
  vi.mocked(openProgress).mockClear();
  fakeForms.next = [];
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });
const base = { F_SchemeId: 's1', schemeName: '请假申请', startUser: '张三', createTime: '2026-11-24 09:00:00' };
const upcoming = (id: string, over: Partial<UpcomingTaskRow> = {}): UpcomingTaskRow => ({
  ...base,
  taskId: id,
  processInstanceId: `pi-${id}`,
  processName: `待办 ${id}`,
  nodeId: 'n1',
  taskName: '部门审批',
  startUserId: 'u1',
  isSuspended: false,
  owner: null,
  ownerName: null,
  ...over,
});
const history = (id: string): HistoryTaskRow => ({
  ...base,
  taskId: id,
  processInstanceId: `pi-${id}`,
  processName: `已办 ${id}`,
  nodeId: 'n1',
  taskName: '部门审批',
  btnValue: 'agree_',
  btnName: '同意',
  state: 'completed',
  endTime: '2026-11-24 10:00:00',
});
const instance = (id: string, state: string, over: Partial<InstanceRow> = {}): InstanceRow => ({
  ...base,
  processInstanceId: id,
  processName: `流程 ${id}`,
  state,
  isSuspended: false,
  startUserId: 'u1',
  currentNodes: state === 'running' ? '部门审批' : '',
  completedTime: null,
  recycledTime: null,
  ...over,
});
const circulation = (id: string, isRead: boolean): CirculationRow => ({
  ...base,
  F_Id: id,
  processInstanceId: `pi-${id}`,
  processName: `传阅 ${id}`,
  taskName: '部门审批',
  fromUser: '李四',
  isRead,
  readTime: null,
});
const draft: WorkflowDraftRow = {
  F_Id: 'd1',
  schemeId: 's1',
  schemeName: '请假申请',
  name: '我的草稿',
  formValue: [{ F_FormId: 'f1', F_Type: 0, formData: { days: 2 } }],
  createTime: '',
  updateTime: '',
};
const launchable: WfLaunchable = {
  Rows: [{ F_Id: 's1', F_Code: 'leave', F_Name: '请假申请', F_Icon: '', F_Description: '', F_Category: '', F_CategoryName: '', F_Version: 1 }],
  categories: [],
};

const common = (counts = { upcoming: 2, circulatedUnread: 1, drafts: 1 }): Parameters<typeof stubData>[0] => [
  [/^GET \/workflow-task\/counts$/, () => counts],
  [/^GET \/workflow-scheme-info\/launchable$/, () => launchable],
  [/^GET \/workflow-task\/upcoming-task$/, () => page([upcoming('t1'), upcoming('t2', { isSuspended: true, owner: 'u7', ownerName: '王五' })])],
  [/^GET \/workflow-task\/history-task$/, () => page([history('h1')])],
  [/^GET \/workflow-task\/my-task$/, () => page([instance('run1', 'running'), instance('done1', 'completed'), instance('rec1', 'recalled')])],
  [/^GET \/workflow-task\/manual-task$/, () => page([circulation('c1', false), circulation('c2', true)])],
  [/^GET \/workflow-task\/getTempfiledInfoList$/, () => page([draft])],
  [/^GET \/workflow-task\/recycle-task$/, () => page([instance('bin1', 'completed', { recycledTime: '2026-11-24 11:00:00' })])],
  [
    /^GET \/workflow-relation\/formInfo$/,
    () => [{ F_Id: 'r1', F_SchemeInfoId: 's1', F_SchemeName: '请假申请', F_FormId: 'f1', F_FormName: '请假单', F_Type: 0, F_Url: '', F_Name: '', F_Sort: 0 }],
  ],
  [/^GET \/workflow-task\/relationTask$/, () => page([])],
];

function Where() {
  const l = useLocation();
  return <div data-testid="where">{l.pathname + l.search}</div>;
}
const renderAt = (tab?: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[`/workflow/process/index${tab ? `?tab=${tab}` : ''}`]}>
      <TaskCentrePage />
      <Where />
    </MemoryRouter>,
  );
const okConfirm = async (testId: string) => fireEvent.click(await screen.findByTestId(testId));

describe('task centre', { timeout: SLOW }, () => {
  it('turns the query bar into list parameters', () => {
    expect(toTaskQuery({ keyword: ' 请假 ', F_SchemeId: 's1', range: [dayjs('2026-11-01'), dayjs('2026-11-24')] })).toEqual({
      keyword: '请假',
      F_SchemeId: 's1',
      startTime: '2026-11-01',
      endTime: '2026-11-24',
    });
    expect(toTaskQuery({ keyword: '', range: null })).toEqual({ keyword: undefined, F_SchemeId: undefined, startTime: undefined, endTime: undefined });
  });

  it('to-do: paged list, counts on the tabs, suspended marker, rows open the approval screen by task; the tab is in the URL', async () => {
    signInForTest([]);
    const calls = stubData(common());
    renderAt();
    const row = await screen.findByTestId('wf-task-row-t1');
    const first = calls.find((c) => c.path === '/workflow-task/upcoming-task')!;
    expect(first.url.searchParams.get('limit')).toBe('1');
    expect(first.url.searchParams.get('size')).toBe('20');
    await waitFor(() => expect(screen.getByTestId('wf-task-count-todo').textContent).toContain('2'));
    expect(screen.getByTestId('wf-task-count-circulated').textContent).toContain('1');
    expect(screen.getByTestId('wf-task-count-drafts').textContent).toContain('1');
    expect(screen.getByTestId('wf-task-suspended-t2')).toBeTruthy();
    expect(screen.queryByTestId('wf-task-suspended-t1')).toBeNull();
    expect(within(screen.getByTestId('wf-task-row-t2')).getByText('部门审批（代 王五）')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('wf-task-open-t1'));
    expect(openApproval).toHaveBeenCalledWith({ taskId: 't1' });

    fireEvent.change(screen.getByTestId('list-keyword'), { target: { value: '请假' } });
    fireEvent.click(screen.getByTestId('list-search'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === '/workflow-task/upcoming-task')
          .at(-1)!
          .url.searchParams.get('keyword'),
      ).toBe('请假'),
    );

    fireEvent.click(screen.getByTestId('wf-task-tab-done'));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/workflow/process/index?tab=done'));
    fireEvent.click(await screen.findByTestId('wf-task-open-h1'));
    expect(openApproval).toHaveBeenCalledWith({ processInstanceId: 'pi-h1' });
    fireEvent.click(screen.getByTestId('wf-task-progress-h1'));
    expect(openProgress).toHaveBeenCalledWith('pi-h1');
  });

  it('started by me: view, progress, recall only while running, recycle only when finished, reinitiate a recalled one', async () => {
    signInForTest([]);
    const calls = stubData([
      [/^POST \/workflow-task\/recall-process$/, () => null],
      [/^DELETE \/workflow-task\/to-recyclebin\/done1$/, () => null],
      [/^POST \/workflow-task\/reinitiate-process$/, () => ({ retCode: 0, processInstanceId: 'rec2' })],
      ...common(),
    ]);
    renderAt('mine');
    await screen.findByTestId('wf-task-row-run1');
    expect(screen.getByTestId('wf-task-recall-run1')).toBeTruthy();
    expect(screen.queryByTestId('wf-task-recall-done1')).toBeNull();
    expect(screen.queryByTestId('wf-task-recycle-run1')).toBeNull();
    expect(screen.getByTestId('wf-task-recycle-done1')).toBeTruthy();
    expect(screen.getByTestId('wf-task-reinitiate-rec1')).toBeTruthy();
    expect(screen.queryByTestId('wf-task-reinitiate-done1')).toBeNull();

    fireEvent.click(screen.getByTestId('wf-task-view-run1'));
    expect(openApproval).toHaveBeenCalledWith({ processInstanceId: 'run1' });
    fireEvent.click(screen.getByTestId('wf-task-progress-run1'));
    expect(openProgress).toHaveBeenCalledWith('run1');

    fireEvent.click(screen.getByTestId('wf-task-recall-run1'));
    await okConfirm('wf-task-recall-ok');
    await waitFor(() => expect(calls.find((c) => c.path === '/workflow-task/recall-process')?.body).toEqual({ processInstanceId: 'run1' }));
    expect(await screen.findByText('撤回成功')).toBeTruthy();

    fireEvent.click(screen.getByTestId('wf-task-recycle-done1'));
    await okConfirm('wf-task-recycle-ok');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-task/to-recyclebin/done1')).toBe(true));

    fireEvent.click(screen.getByTestId('wf-task-reinitiate-rec1'));
    await okConfirm('wf-task-reinitiate-ok');
    await waitFor(() => expect(calls.find((c) => c.path === '/workflow-task/reinitiate-process')?.body).toEqual({ processInstanceId: 'rec1' }));
  });

  it('circulated: unread marker; opening sends the read receipt, then opens the process', async () => {
    signInForTest([]);
    const calls = stubData([[/^POST \/workflow-task\/circulation-read\/c1$/, () => null], ...common()]);
    renderAt('circulated');
    await screen.findByTestId('wf-task-row-c1');
    expect(screen.getByTestId('wf-task-unread-c1')).toBeTruthy();
    expect(screen.queryByTestId('wf-task-unread-c2')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-task-open-c1'));
    await waitFor(() => expect(openApproval).toHaveBeenCalledWith({ processInstanceId: 'pi-c1' }));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-task/circulation-read/c1')).toBe(true);
    // A read one opens without a receipt.
    fireEvent.click(screen.getByTestId('wf-task-open-c2'));
    await waitFor(() => expect(openApproval).toHaveBeenCalledWith({ processInstanceId: 'pi-c2' }));
    expect(calls.some((c) => c.path === '/workflow-task/circulation-read/c2')).toBe(false);
  });

  it('drafts: edit opens the launch dialog prefilled (draft id, name, form data); delete asks first', async () => {
    signInForTest([]);
    const calls = stubData([
      [/^DELETE \/workflow-task\/delete-tempfiledInfo\/d1$/, () => null],
      [/^POST \/workflow-task\/create-process$/, () => ({ retCode: 0, processInstanceId: 'pi9' })],
      ...common(),
    ]);
    renderAt('drafts');
    fireEvent.click(await screen.findByTestId('wf-task-draft-edit-d1'));
    const dialog = await screen.findByTestId('wf-launch-dialog');
    expect(dialog.dataset.draftId).toBe('d1');
    expect((screen.getByTestId('wf-launch-name') as HTMLInputElement).value).toBe('我的草稿');
    await screen.findByTestId('wf-form-tabs');
    expect(fakeForms.lastForms[0]).toMatchObject({ F_FormId: 'f1', formData: { days: 2 } });
    fakeForms.next = [{ F_FormId: 'f1', F_Type: 0, formData: { days: 2 } }];
    fireEvent.click(screen.getByTestId('wf-launch-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/workflow-task/create-process')?.body).toMatchObject({ schemeId: 's1', draftId: 'd1', name: '我的草稿' }),
    );
    await waitFor(() => expect(screen.queryByTestId('wf-launch-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('wf-task-draft-delete-d1'));
    await okConfirm('delete-ok');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-task/delete-tempfiledInfo/d1')).toBe(true));
  });

  it('recycle bin: restore and delete permanently', async () => {
    signInForTest([]);
    const calls = stubData([
      [/^POST \/workflow-task\/restore-recyclebin\/bin1$/, () => null],
      [/^DELETE \/workflow-task\/delete-processinstance\/bin1$/, () => null],
      ...common(),
    ]);
    renderAt('recycle');
    fireEvent.click(await screen.findByTestId('wf-task-restore-bin1'));
    await okConfirm('wf-task-restore-ok');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/workflow-task/restore-recyclebin/bin1')).toBe(true));
    fireEvent.click(screen.getByTestId('wf-task-destroy-bin1'));
    await okConfirm('delete-ok');
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-task/delete-processinstance/bin1')).toBe(true));
  });

  it('the 我的任务 menu entry shows to-dos plus unread circulations', async () => {
    signInForTest([]);
    stubData(common({ upcoming: 3, circulatedUnread: 2, drafts: 5 }));
    const item = (id: string, enCode: string, path: string): MenuItem => ({
      F_ModuleId: id,
      F_FullName: id,
      F_EnCode: enCode,
      label: id,
      path,
      icon: '',
      target: '',
      group: [],
      query: {},
      keepAlive: false,
      meta: {} as MenuItem['meta'],
      children: [],
    });
    renderWithApp(
      <MemoryRouter>
        <NavMenu
          items={[
            item('workflow-process', 'workflow.process', '/workflow/process'),
            item('workflow-launch', 'workflow.launch', '/workflow/launch'),
            { ...item('workflow', 'workflow', ''), children: [item('wp2', 'workflow.process', '/workflow/process')] },
          ]}
          mode="inline"
          theme="light"
          testId="menu"
        />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByTestId('menu-badge-workflow-process').textContent).toContain('5'));
    expect(screen.queryByTestId('menu-badge-workflow-launch')).toBeNull();
    // a folded sub-menu sums its entries
    expect(screen.getByTestId('menu-badge-workflow').textContent).toContain('5');
  });
});
