import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type DelegateRow, type WfLaunchable, stampPermissions } from '@app/contracts';
import { renderWithApp } from '../../test/helpers';
import { signInForTest } from '../../test/session';
import { endSession } from '../../lib/session';
import { setErrorToast } from '../../lib/api';
import { Fail, stubData } from '../data/test-stub';
import type { OrgNode, UserBrief } from '../../components/pickers';
import DelegatePage from './DelegatePage';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  setErrorToast((text) => console.error(text));
});

const page = <T,>(rows: T[]) => ({ Rows: rows, Total: rows.length });

const row = (over: Partial<DelegateRow> = {}): DelegateRow => ({
  F_Id: 'd1',
  F_UserId: 'u1',
  F_UserName: 'Admin',
  F_DelegateUserId: 'u2',
  F_DelegateUserName: '李四',
  F_SchemeIds: [],
  F_SchemeNames: [],
  F_StartTime: '2026-12-01 08:00:00',
  F_EndTime: '2026-12-05 18:00:00',
  F_EnabledMark: 1,
  F_Description: '出差',
  F_CreateDate: '2026-11-24 08:00:00',
  ...over,
});

const scheme = (id: string, name: string) => ({
  F_Id: id,
  F_Code: id,
  F_Name: name,
  F_Icon: '',
  F_Description: '',
  F_Category: '',
  F_CategoryName: '',
  F_Version: 1,
});
const launchable: WfLaunchable = { Rows: [scheme('s1', '请假流程'), scheme('s2', '报销流程')], categories: [] };

const tree: OrgNode[] = [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }];
const user = (id: string, name: string): UserBrief => ({
  F_UserId: id,
  F_Account: id,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '',
});
const users = [user('u1', 'Admin'), user('u2', '李四'), user('u3', '王五')];

const baseRoutes = (rows: DelegateRow[]): Parameters<typeof stubData>[0] => [
  [/^GET \/workflow-Delegate\/query-delegate$/, () => page(rows)],
  [/^GET \/workflow-scheme-info\/launchable$/, () => launchable],
  [/^GET \/companies\/departments\/tree$/, () => tree],
  [/^GET \/(companies|departments)\/[^/]+\/users$/, () => page(users)],
  [/^GET \/users\/multi\//, (url) => users.filter((x) => url.pathname.split('/').pop()!.split(',').includes(x.F_UserId))],
];

const ALL = [
  stampPermissions.workflowDelegateList,
  stampPermissions.workflowDelegateAdd,
  stampPermissions.workflowDelegateEdit,
  stampPermissions.workflowDelegateDelete,
];

const openOptions = () => {
  const popup = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].at(-1);
  return [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])];
};

async function choose(testId: string, text: string) {
  const select = await screen.findByTestId(testId);
  fireEvent.mouseDown(within(select).getByRole('combobox'));
  const option = await waitFor(() => {
    const found = openOptions().find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
}

/** Types both ends of the dialog's range picker, confirming each with the panel's OK. */
async function typeRange(start: string, end: string) {
  const picker = document.querySelector<HTMLElement>('.ant-picker-range')!;
  const [from, to] = [...picker.querySelectorAll('input')];
  for (const [input, value] of [
    [from, start],
    [to, end],
  ] as const) {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
    const ok = await waitFor(() => {
      const button = [...document.querySelectorAll<HTMLButtonElement>('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button')].at(-1);
      if (!button || button.disabled) throw new Error('no OK');
      return button;
    });
    fireEvent.click(ok);
  }
  await waitFor(() => expect(to.value).toBe(end));
}

describe('delegation screen', { timeout: SLOW }, () => {
  it('lists delegations: delegator, delegate, processes (全部流程 when none), times, status, description; no buttons without the keys', async () => {
    signInForTest([stampPermissions.workflowDelegateList]);
    const calls = stubData(
      baseRoutes([
        row(),
        row({
          F_Id: 'd2',
          F_DelegateUserName: '王五',
          F_SchemeIds: ['s1', 's2'],
          F_SchemeNames: ['请假流程', '报销流程'],
          F_EnabledMark: 0,
          F_Description: '',
        }),
      ]),
    );
    renderWithApp(<DelegatePage />);
    const first = await screen.findByTestId('delegate-row-d1');
    for (const text of ['Admin', '李四', '全部流程', '2026-12-01 08:00:00', '2026-12-05 18:00:00', '启用', '出差'])
      expect(within(first).getByText(text)).toBeTruthy();
    const second = screen.getByTestId('delegate-row-d2');
    for (const text of ['王五', '请假流程、报销流程', '禁用']) expect(within(second).getByText(text)).toBeTruthy();
    expect(within(second).queryByText('全部流程')).toBeNull();
    for (const id of ['toolbar-add', 'delegate-edit-d1', 'delegate-delete-d1']) expect(screen.queryByTestId(id)).toBeNull();
    expect(calls[0].url.searchParams.get('limit')).toBe('1');
  });

  it('the add dialog requires a delegate and a time range, and the current user cannot be picked', async () => {
    signInForTest(ALL);
    const calls = stubData(baseRoutes([]));
    renderWithApp(<DelegatePage />);
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    await screen.findByTestId('delegate-form');
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('请选择被委托人')).toBeTruthy();
    expect(screen.getByText('请选择委托的开始时间和结束时间')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('delegate-user-pick'));
    await screen.findByTestId('user-picker-row-u2');
    expect(screen.queryByTestId('user-picker-row-u1')).toBeNull();
  });

  it('adds a delegation: picked delegate, every process, the typed time range', async () => {
    signInForTest(ALL);
    let posted: unknown;
    stubData([
      [
        /^POST \/workflow-Delegate\/addorupdate-delegate$/,
        (_, body) => {
          posted = body;
          return { F_Id: 'd9' };
        },
      ],
      ...baseRoutes([]),
    ]);
    renderWithApp(<DelegatePage />);
    fireEvent.click(await screen.findByTestId('toolbar-add'));
    fireEvent.click(await screen.findByTestId('delegate-user-pick'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(screen.getByTestId('delegate-user').getAttribute('value')).toBe('李四'));
    await typeRange('2026-12-01 08:00:00', '2026-12-05 18:00:00');
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('新增成功')).toBeTruthy();
    expect(posted).toEqual({
      F_DelegateUserId: 'u2',
      F_DelegateUserName: '李四',
      F_SchemeIds: [],
      F_StartTime: '2026-12-01 08:00:00',
      F_EndTime: '2026-12-05 18:00:00',
      F_EnabledMark: 1,
      F_Description: '',
    });
  });

  it('edits a delegation: the body names the delegate, the processes, the times, enabled and the description', async () => {
    signInForTest(ALL);
    let posted: unknown;
    stubData([
      [
        /^POST \/workflow-Delegate\/addorupdate-delegate$/,
        (_, body) => {
          posted = body;
          return { F_Id: 'd1' };
        },
      ],
      ...baseRoutes([row()]),
    ]);
    renderWithApp(<DelegatePage />);
    fireEvent.click(await screen.findByTestId('delegate-edit-d1'));
    expect((await screen.findByTestId('delegate-user')).getAttribute('value')).toBe('李四');
    fireEvent.click(screen.getByTestId('delegate-user-pick'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(screen.getByTestId('delegate-user').getAttribute('value')).toBe('王五'));
    await choose('delegate-schemes', '报销流程');
    fireEvent.click(screen.getByTestId('delegate-enabled'));
    fireEvent.change(screen.getByTestId('delegate-description'), { target: { value: '年假' } });
    fireEvent.click(screen.getByTestId('modal-ok'));
    expect(await screen.findByText('更新成功')).toBeTruthy();
    expect(posted).toEqual({
      F_Id: 'd1',
      F_UserId: 'u1',
      F_DelegateUserId: 'u3',
      F_DelegateUserName: '王五',
      F_SchemeIds: ['s2'],
      F_StartTime: '2026-12-01 08:00:00',
      F_EndTime: '2026-12-05 18:00:00',
      F_EnabledMark: 0,
      F_Description: '年假',
    });
  });

  it('a refused save (overlap) shows the server message through the error toast and keeps the dialog open', async () => {
    signInForTest(ALL);
    const toast = vi.fn();
    setErrorToast(toast);
    stubData([
      [
        /^POST \/workflow-Delegate\/addorupdate-delegate$/,
        () => new Fail('该时间段内已有对相同流程的委托（2026-12-01 00:00:00 至 2026-12-03 00:00:00，委托给 王五）', 409),
      ],
      ...baseRoutes([row()]),
    ]);
    renderWithApp(<DelegatePage />);
    fireEvent.click(await screen.findByTestId('delegate-edit-d1'));
    await screen.findByTestId('delegate-form');
    fireEvent.click(screen.getByTestId('modal-ok'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.stringContaining('该时间段内已有对相同流程的委托')));
    expect(screen.getByTestId('delegate-form')).toBeTruthy();
    expect(screen.queryByText('更新成功')).toBeNull();
  });

  it('delete asks to confirm, then calls DELETE', async () => {
    signInForTest(ALL);
    const calls = stubData([[/^DELETE \/workflow-Delegate\/d1$/, () => ({})], ...baseRoutes([row()])]);
    renderWithApp(<DelegatePage />);
    fireEvent.click(await screen.findByTestId('delegate-delete-d1'));
    expect(await screen.findByText('此操作将永久删除【委托给李四】，是否继续？')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByTestId('delete-ok'));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/workflow-Delegate/d1')).toBe(true));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
