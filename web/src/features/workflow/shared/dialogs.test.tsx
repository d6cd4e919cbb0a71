import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CandidateNode } from '@app/contracts';
import type { OrgNode, UserBrief } from '../../../components/pickers';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { Fail, stubData } from '../../data/test-stub';
import { NextApproversDialog } from './NextApproversDialog';
import { TransferDialog } from './TransferDialog';
import { SignerDialog } from './SignerDialog';
import { HandwritingDialog } from './HandwritingDialog';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tree: OrgNode[] = [{ id: 'c1', parentId: '0', title: '总公司', type: 'company', companyId: 'c1', children: [] }];
const u = (id: string, name: string, account: string): UserBrief => ({
  F_UserId: id,
  F_Account: account,
  F_RealName: name,
  F_Gender: 0,
  F_HeadIcon: null,
  F_EnabledMark: 1,
  F_CompanyId: 'c1',
  F_DepartmentName: '研发部',
});
// signInForTest signs in u1 (admin).
const users = [u('u1', '管理员', 'admin'), u('u2', '李四', 'lisi'), u('u3', '王五', 'wangwu'), u('u4', '张三', 'zhangsan')];
const org: Parameters<typeof stubData>[0] = [
  [/^GET \/companies\/departments\/tree$/, () => tree],
  [/^GET \/(companies|departments)\/[^/]+\/users$/, () => ({ Rows: users, Total: users.length })],
  [/^GET \/users\/multi\//, (url) => users.filter((x) => url.pathname.split('/').pop()!.split(',').includes(x.F_UserId))],
];

const nodes: CandidateNode[] = [
  {
    name: '部门审批',
    taskId: 'n1',
    userList: [
      { F_UserId: 'u2', F_RealName: '李四', F_Account: 'lisi' },
      { F_UserId: 'u3', F_RealName: '王五', F_Account: 'wangwu' },
    ],
  },
  { name: '', taskId: 'n2', userList: [{ F_UserId: 'u4', F_RealName: '张三', F_Account: 'zhangsan' }] },
];

const checkbox = (testId: string) => {
  const el = screen.getByTestId(testId);
  return el.tagName === 'INPUT' ? el : el.querySelector('input')!;
};

describe('next approvers dialog', { timeout: SLOW }, () => {
  it('names tabs by node or node N, requires an approver per node and answers the choice', async () => {
    signInForTest([]);
    const onOk = vi.fn();
    renderWithApp(<NextApproversDialog open nodes={nodes} onOk={onOk} onCancel={() => undefined} />);
    expect((await screen.findByTestId('wf-next-tab-0')).textContent).toBe('部门审批');
    expect(screen.getByTestId('wf-next-tab-1').textContent).toBe('节点 2');

    fireEvent.click(screen.getByTestId('wf-next-ok'));
    expect(await screen.findByText('节点：部门审批 请至少选择一个审批人')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();

    fireEvent.click(checkbox('wf-next-user-0-u3'));
    fireEvent.click(screen.getByTestId('wf-next-ok'));
    expect(await screen.findByText('节点：节点 2 请至少选择一个审批人')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();

    // The failing node's tab is shown: select all there.
    fireEvent.click(await screen.findByTestId('wf-next-all-1'));
    fireEvent.click(screen.getByTestId('wf-next-ok'));
    await waitFor(() =>
      expect(onOk).toHaveBeenCalledWith([
        { taskId: 'n1', userList: ['u3'] },
        { taskId: 'n2', userList: ['u4'] },
      ]),
    );
  });
});

describe('next approvers dialog: the starter chooses (anyUser)', { timeout: SLOW }, () => {
  it('offers the user picker for a node any user may staff and answers the users picked', async () => {
    signInForTest([]);
    stubData(org);
    const onOk = vi.fn();
    const anyUser: CandidateNode[] = [{ name: '自选审批', taskId: 'picked', userList: [], anyUser: true }];
    renderWithApp(<NextApproversDialog open nodes={anyUser} onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByTestId('wf-next-ok'));
    expect(await screen.findByText('节点：自选审批 请至少选择一个审批人')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-next-pick-0'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await waitFor(() => expect(screen.getByTestId('wf-next-picked-0').textContent).toContain('王五'));
    fireEvent.click(screen.getByTestId('wf-next-ok'));
    await waitFor(() => expect(onOk).toHaveBeenCalledWith([{ taskId: 'picked', userList: ['u3', 'u2'] }]));
  });
});

describe('transfer dialog', { timeout: SLOW }, () => {
  it('warns without a person, excludes the current user and posts the transfer', async () => {
    signInForTest([]);
    const calls = stubData([...org, [/^POST \/workflow-task\/transfer$/, () => null]]);
    const onDone = vi.fn();
    renderWithApp(<TransferDialog open taskId="t1" message="请处理" onDone={onDone} onCancel={() => undefined} />);
    expect((screen.getByTestId('wf-transfer-message') as HTMLTextAreaElement).value).toBe('请处理');
    fireEvent.click(screen.getByTestId('wf-transfer-ok'));
    expect(await screen.findByText('您未选择任何转办审批人')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.click(screen.getByTestId('wf-transfer-choose'));
    expect(await screen.findByTestId('user-picker-row-u2')).toBeTruthy();
    expect(screen.queryByTestId('user-picker-row-u1')).toBeNull();
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    expect((await screen.findByTestId('wf-transfer-user')).textContent).toContain('李四');

    fireEvent.click(screen.getByTestId('wf-transfer-ok'));
    expect(await screen.findByText('转办成功')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ taskId: 't1', userId: 'u2', message: '请处理' });
  });

  it('says 转办失败 when the server refuses', async () => {
    signInForTest([]);
    stubData([...org, [/^POST \/workflow-task\/transfer$/, () => new Fail('任务不存在')]]);
    const onDone = vi.fn();
    renderWithApp(<TransferDialog open taskId="t1" onDone={onDone} onCancel={() => undefined} />);
    fireEvent.click(screen.getByTestId('wf-transfer-choose'));
    fireEvent.click(await screen.findByTestId('user-picker-row-u3'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));
    await screen.findByTestId('wf-transfer-user');
    fireEvent.click(screen.getByTestId('wf-transfer-ok'));
    expect(await screen.findByText('转办失败')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});

describe('signer dialog', { timeout: SLOW }, () => {
  it('subtracts a current signer and adds chosen users (current user and signers excluded)', async () => {
    signInForTest([]);
    const calls = stubData([
      ...org,
      [
        /^GET \/workflow-task\/signature-users$/,
        () => [
          { taskId: 't1', F_UserId: 'u1', F_RealName: '管理员', F_Account: 'admin' },
          { taskId: 't2', F_UserId: 'u3', F_RealName: '王五', F_Account: 'wangwu' },
        ],
      ],
      [/^POST \/workflow-task\/signature$/, () => null],
    ]);
    const onDone = vi.fn();
    renderWithApp(<SignerDialog open taskId="t1" onDone={onDone} onCancel={() => undefined} />);
    await screen.findByTestId('wf-signer-approver-u3');
    // The current user cannot subtract themself.
    expect(screen.queryByTestId('wf-signer-remove-u1')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-signer-remove-u3'));

    fireEvent.click(screen.getByTestId('wf-signer-tab-users'));
    fireEvent.click(await screen.findByTestId('wf-signer-choose'));
    expect(await screen.findByTestId('user-picker-row-u2')).toBeTruthy();
    expect(screen.queryByTestId('user-picker-row-u1')).toBeNull();
    expect(screen.queryByTestId('user-picker-row-u3')).toBeNull();
    fireEvent.click(screen.getByTestId('user-picker-row-u2'));
    fireEvent.click(screen.getByTestId('user-picker-row-u4'));
    fireEvent.click(screen.getByTestId('user-picker-ok'));

    fireEvent.click(screen.getByTestId('wf-signer-tab-selected'));
    const selected = await screen.findByTestId('wf-signer-selected');
    expect(within(selected).getByTestId('wf-signer-add-u2')).toBeTruthy();
    expect(within(selected).getByTestId('wf-signer-sub-u3')).toBeTruthy();

    fireEvent.click(screen.getByTestId('wf-signer-ok'));
    expect(await screen.findByText('加减签成功')).toBeTruthy();
    expect(onDone).toHaveBeenCalled();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { taskId: 't1', userListStr: 'u2,u4', type: 'add' },
      { taskId: 't1', userListStr: 'u3', type: 'subtract' },
    ]);
  });

  it('warns when nothing was changed', async () => {
    signInForTest([]);
    const calls = stubData([[/^GET \/workflow-task\/signature-users$/, () => []]]);
    renderWithApp(<SignerDialog open taskId="t1" onDone={() => undefined} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByTestId('wf-signer-ok'));
    expect(await screen.findAllByText('未做任何修改')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('handwriting dialog', { timeout: SLOW }, () => {
  it('warns without a drawing and answers the 80 × 50 PNG', async () => {
    const ctx = {
      beginPath: vi.fn(),
      moveTo: vi.fn(),
      lineTo: vi.fn(),
      stroke: vi.fn(),
      clearRect: vi.fn(),
      drawImage: vi.fn(),
      lineWidth: 0,
      lineCap: '',
      lineJoin: '',
      strokeStyle: '',
    };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ctx) as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
      return `data:image/png;base64,AA#${this.width}x${this.height}`;
    });
    const onOk = vi.fn();
    renderWithApp(<HandwritingDialog open onOk={onOk} onCancel={() => undefined} />);
    fireEvent.click(await screen.findByTestId('wf-handwriting-ok'));
    expect(await screen.findByText('请先签名')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    const canvas = screen.getByTestId('stamp-signature-canvas');
    fireEvent.pointerDown(canvas, { clientX: 5, clientY: 5 });
    fireEvent.pointerMove(canvas, { clientX: 30, clientY: 20 });
    fireEvent.pointerUp(canvas);
    fireEvent.click(screen.getByTestId('wf-handwriting-ok'));
    expect(onOk).toHaveBeenCalledWith('data:image/png;base64,AA#80x50');
  });
});
