import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { WfLaunchable, WfLaunchableRow, WfRelationRow } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { setErrorToast } from '../../../lib/api';
import { Fail, stubData } from '../../data/test-stub';
import LaunchPage, { groupLaunchable } from './LaunchPage';
import { fakeForms } from './test-fakes';

vi.mock('../approval/FormTabs', async () => ({ FormTabs: (await import('./test-fakes')).FakeFormTabs }));
vi.mock('../shared/NextApproversDialog', async () => ({ NextApproversDialog: (await import('./test-fakes')).FakeNextApprovers }));

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  fakeForms.next = [];
});

const scheme = (id: string, name: string, category: string, categoryName: string, description = ''): WfLaunchableRow => ({
  F_Id: id,
  F_Code: `code_${id}`,
  F_Name: name,
  F_Icon: '',
  F_Description: description,
  F_Category: category,
  F_CategoryName: categoryName,
  F_Version: 1,
});
const leave = scheme('s1', '请假申请', 'hr', '人事', '员工请假');
const trip = scheme('s2', '出差申请', 'hr', '人事');
const buy = scheme('s3', '采购申请', 'fin', '财务', '物品采购');
const other = scheme('s4', '其他事项', '', '');
const launchable: WfLaunchable = {
  Rows: [leave, trip, buy, other],
  categories: [
    { F_Category: 'hr', F_CategoryName: '人事', schemes: [leave, trip] },
    { F_Category: 'fin', F_CategoryName: '财务', schemes: [buy] },
    { F_Category: '', F_CategoryName: '', schemes: [other] },
  ],
};
const relation: WfRelationRow = {
  F_Id: 'r1',
  F_SchemeInfoId: 's1',
  F_SchemeName: '请假申请',
  F_FormId: 'f1',
  F_FormName: '请假单',
  F_Type: 0,
  F_Url: '',
  F_Name: '',
  F_Sort: 0,
};
const entry = { F_FormId: 'f1', F_Type: 0, formData: { days: 3 } };

const routes = (extra: Parameters<typeof stubData>[0] = []): Parameters<typeof stubData>[0] => [
  ...extra,
  [/^GET \/workflow-scheme-info\/launchable$/, () => launchable],
  [/^GET \/workflow-relation\/formInfo$/, () => [relation]],
  [
    /^GET \/workflow-task\/relationTask$/,
    () => ({
      Rows: [
        { processInstanceId: 'old1', processName: '上月请假', F_SchemeId: 's1', schemeName: '请假申请', startUser: '张三', createTime: '', completedTime: '' },
      ],
      Total: 1,
    }),
  ],
];

const renderPage = () =>
  renderWithApp(
    <MemoryRouter>
      <LaunchPage />
    </MemoryRouter>,
  );

describe('launch page', { timeout: SLOW }, () => {
  it('groups by category in the server order, filters by category and keyword', async () => {
    expect(groupLaunchable(launchable, '采购').map((c) => c.F_Category)).toEqual(['fin']);
    expect(groupLaunchable(launchable, '员工')[0]!.schemes.map((s) => s.F_Id)).toEqual(['s1']);
    expect(groupLaunchable(undefined, '')).toEqual([]);

    signInForTest([]);
    stubData(routes());
    renderPage();
    await screen.findByTestId('wf-launch-card-code_s1');
    const groups = [...document.querySelectorAll('[data-testid^="wf-launch-group-"]')].map((g) => g.getAttribute('data-testid'));
    expect(groups).toEqual(['wf-launch-group-hr', 'wf-launch-group-fin', 'wf-launch-group-none']);
    expect(within(screen.getByTestId('wf-launch-group-none')).getByText('未分类')).toBeTruthy();
    expect(within(screen.getByTestId('wf-launch-card-code_s1')).getByText('员工请假')).toBeTruthy();

    fireEvent.click(screen.getByTestId('wf-launch-category-fin'));
    await waitFor(() => expect(screen.queryByTestId('wf-launch-card-code_s1')).toBeNull());
    expect(screen.getByTestId('wf-launch-card-code_s3')).toBeTruthy();

    fireEvent.click(screen.getByTestId('wf-launch-category-all'));
    fireEvent.change(screen.getByTestId('wf-launch-keyword'), { target: { value: '出差' } });
    await waitFor(() => expect(screen.queryByTestId('wf-launch-card-code_s1')).toBeNull());
    expect(screen.getByTestId('wf-launch-card-code_s2')).toBeTruthy();
    fireEvent.change(screen.getByTestId('wf-launch-keyword'), { target: { value: '没有这个' } });
    expect(await screen.findByTestId('wf-launch-empty')).toBeTruthy();
  });

  it('saves a draft, then saving again updates the same draft', async () => {
    signInForTest([]);
    let n = 0;
    const calls = stubData(routes([[/^POST \/workflow-task\/saveOrEditTempfiledInfo$/, () => ({ F_Id: `d${++n}` })]]));
    renderPage();
    fireEvent.click(await screen.findByTestId('wf-launch-card-code_s1'));
    expect((await screen.findByTestId('wf-form-tabs')).dataset.count).toBe('1');
    expect(fakeForms.lastForms[0]).toMatchObject({ F_FormId: 'f1', F_Type: 0, F_Name: '请假单' });
    fakeForms.next = [entry];
    fireEvent.change(screen.getByTestId('wf-launch-name'), { target: { value: '我的请假' } });
    fireEvent.click(screen.getByTestId('wf-launch-draft'));
    await waitFor(() => expect(screen.getByTestId('wf-launch-dialog').dataset.draftId).toBe('d1'));
    expect(await screen.findByText('草稿保存成功')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-launch-draft'));
    await waitFor(() => expect(calls.filter((c) => c.path === '/workflow-task/saveOrEditTempfiledInfo')).toHaveLength(2));
    const [first, second] = calls.filter((c) => c.path === '/workflow-task/saveOrEditTempfiledInfo').map((c) => c.body);
    expect(first).toEqual({ schemeId: 's1', name: '我的请假', formValue: [entry] });
    expect(second).toEqual({ F_Id: 'd1', schemeId: 's1', name: '我的请假', formValue: [entry] });
    expect(calls.find((c) => c.path === '/workflow-relation/formInfo')!.url.searchParams.get('nwfSchemeInfoId')).toBe('s1');
  });

  it('refuses to submit incomplete forms with a warning', async () => {
    signInForTest([]);
    const calls = stubData(routes());
    renderPage();
    fireEvent.click(await screen.findByTestId('wf-launch-card-code_s1'));
    await screen.findByTestId('wf-form-tabs');
    fakeForms.next = null;
    fireEvent.click(screen.getByTestId('wf-launch-submit'));
    expect(await screen.findByText('请检查表单数据是否填写完整')).toBeTruthy();
    expect(calls.some((c) => c.path === '/workflow-task/create-process')).toBe(false);
  });

  it('retCode 2 asks for next approvers and sends again with userJson; retCode 0 closes with success', async () => {
    signInForTest([]);
    const bodies: Record<string, unknown>[] = [];
    const calls = stubData(
      routes([
        [
          /^POST \/workflow-task\/create-process$/,
          (_u, body) => {
            bodies.push(body as Record<string, unknown>);
            return bodies.length === 1
              ? {
                  retCode: 2,
                  processInstanceId: '',
                  nodes: [{ name: '部门审批', taskId: 'n1', userList: [{ F_UserId: 'u9', F_RealName: '李四', F_Account: 'lisi' }] }],
                }
              : { retCode: 0, processInstanceId: 'pi1' };
          },
        ],
      ]),
    );
    renderPage();
    fireEvent.click(await screen.findByTestId('wf-launch-card-code_s1'));
    await screen.findByTestId('wf-form-tabs');
    fakeForms.next = [entry];
    fireEvent.change(screen.getByTestId('wf-launch-message'), { target: { value: '请批准' } });
    fireEvent.click(screen.getByTestId('wf-launch-submit'));
    const dialog = await screen.findByTestId('wf-next-approvers');
    expect(dialog.dataset.nodes).toBe('n1');
    expect(bodies[0]).toMatchObject({ schemeId: 's1', formValue: [entry], userJson: [], message: '请批准', relationTaskList: [], fileValue: '' });
    expect(bodies[0]).not.toHaveProperty('name');
    fireEvent.click(screen.getByTestId('fake-next-ok'));
    expect(await screen.findByText('流程发起成功')).toBeTruthy();
    expect(bodies[1]).toMatchObject({ schemeId: 's1', userJson: [{ taskId: 'n1', userList: ['u9'] }] });
    // Both tries are one launch intent: one Idempotency-Key, so a double click or a lost answer launches once.
    const keys = calls.filter((c) => c.path === '/workflow-task/create-process').map((c) => c.headers?.['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
    await waitFor(() => expect(screen.queryByTestId('wf-launch-dialog')).toBeNull());
  });

  it('choices asked in rounds (the starter’s own picks, then the next approvers) are all sent again', async () => {
    signInForTest([]);
    const bodies: Record<string, unknown>[] = [];
    const asked = [
      { retCode: 2, processInstanceId: '', nodes: [{ name: '自选', taskId: 'n0', userList: [], anyUser: true }] },
      { retCode: 2, processInstanceId: '', nodes: [{ name: '部门审批', taskId: 'n1', userList: [{ F_UserId: 'u9', F_RealName: '李四', F_Account: 'lisi' }] }] },
      { retCode: 0, processInstanceId: 'pi1' },
    ];
    stubData(routes([[/^POST \/workflow-task\/create-process$/, (_u, body) => (bodies.push(body as Record<string, unknown>), asked[bodies.length - 1])]]));
    renderPage();
    fireEvent.click(await screen.findByTestId('wf-launch-card-code_s1'));
    await screen.findByTestId('wf-form-tabs');
    fakeForms.next = [entry];
    fireEvent.click(screen.getByTestId('wf-launch-submit'));
    fireEvent.click(await screen.findByTestId('fake-next-ok'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    fireEvent.click(await screen.findByTestId('fake-next-ok'));
    expect(await screen.findByText('流程发起成功')).toBeTruthy();
    expect(bodies[1]).toMatchObject({ userJson: [{ taskId: 'n0', userList: [] }] });
    expect(bodies[2]).toMatchObject({
      userJson: [
        { taskId: 'n0', userList: [] },
        { taskId: 'n1', userList: ['u9'] },
      ],
    });
  });

  it("a server refusal ('Task id is null') shows the spec's toast and keeps the dialog", async () => {
    signInForTest([]);
    const toasts: string[] = [];
    setErrorToast((text) => toasts.push(text));
    stubData(routes([[/^POST \/workflow-task\/create-process$/, () => new Fail('Task id is null')]]));
    renderPage();
    fireEvent.click(await screen.findByTestId('wf-launch-card-code_s1'));
    await screen.findByTestId('wf-form-tabs');
    fireEvent.click(screen.getByTestId('wf-launch-submit'));
    await waitFor(() => expect(toasts).toEqual(['流程配置不合法，请确认后再发起流程']));
    expect(screen.getByTestId('wf-launch-submit').hasAttribute('disabled')).toBe(false);
    expect(screen.getByTestId('wf-launch-dialog')).toBeTruthy();
  });
});
