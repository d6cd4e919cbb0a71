import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ChosenApprovers, FormField, StampRow, TaskFormAnswer } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { Fail, stubData } from '../../data/test-stub';
import { ApprovalScreen } from './ApprovalScreen';

/** The next-approvers dialog belongs to another helper: a stand-in that chooses one approver. */
vi.mock('../shared/NextApproversDialog', () => ({
  NextApproversDialog: (props: { open: boolean; nodes: { taskId: string }[]; onOk: (chosen: ChosenApprovers) => void }) =>
    props.open ? (
      <button type="button" data-testid="wf-next-approvers" onClick={() => props.onOk(props.nodes.map((n) => ({ taskId: n.taskId, userList: ['u9'] })))}>
        next
      </button>
    ) : null,
}));

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

const field = (formId: number, vModel: string, label: string, required = false) =>
  ({ __vModel__: vModel, __config__: { formId, avueType: 'input', tag: 'el-input', label, required } }) as unknown as FormField;

const stamp: StampRow = {
  F_StampId: 's1',
  F_StampName: '我的签名',
  F_StampType: '1',
  F_StampAttributes: '0',
  F_Sort: 0,
  F_File_Type: 1,
  F_File: '/api/files/f1?sig=x',
  F_FileId: 'f1',
  F_Description: '',
  EnabledMark: 1,
  hasPassword: true,
  canUse: true,
  canManage: true,
  F_CreateDate: '2026-11-24 08:00:00',
};

function answer(
  over: Partial<TaskFormAnswer> = {},
  info: Partial<TaskFormAnswer['processInfo']> = {},
  formData: Record<string, unknown> = { F_Name: '张三', F_Reason: '事假' },
): TaskFormAnswer {
  return {
    processInstanceId: 'p1',
    processName: '请假 张三',
    schemeName: '请假流程',
    state: 'running',
    taskId: 't1',
    readOnly: false,
    forms: [
      {
        primaryKey: 'r1',
        F_FormId: 'f1',
        F_Type: 0,
        F_Name: '请假单',
        F_Url: '',
        F_Scheme: { data: [field(1, 'F_Name', '姓名', true), field(2, 'F_Reason', '事由')] },
        formData,
        formFieldInfo: { F_Id: 'f1', F_Type: 0, F_Name: '请假单', F_Url: '', children: [] },
        relationTaskList: [],
        taskComment: [],
      },
    ],
    processInfo: {
      btnInfo: [
        { value: 'agree_', name: '同意' },
        { value: 'reject_', name: '驳回' },
      ],
      functionBtnInfo: [
        { value: 'printing_', name: '打印' },
        { value: 'transfer_', name: '转办' },
      ],
      rejectnode: [{ activitiId: 'start', activityName: '开始', activityType: 'startEvent' }],
      nodeInfo: { needpassword: 2, nodeId: 'n1', nodeName: '经理审批', multiInstance: false, signatureRequired: false },
      signation: false,
      retNodeList: [],
      task_comment: [
        {
          nodeId: 'n0',
          nodeName: '发起',
          btnValue: 'agree_',
          btnName: '同意',
          message: '请批准',
          createUser: '张三',
          time: '2026-11-24 09:00:00',
          esignature: '/api/files/sig?sig=y',
        },
      ],
      roams: [],
      files: [
        {
          F_Id: 'a1',
          fileName: '附件.pdf',
          fileType: 'pdf',
          actName: '发起',
          createTime: '2026-11-24 09:00:00',
          createUserName: '张三',
          filePath: '/api/files/a1?sig=z',
        },
      ],
      ...info,
    },
    ...over,
  };
}

type Handle = (body: Record<string, unknown>) => unknown;
function setup(a: TaskFormAnswer | Fail, handle: Handle = () => ({ retCode: 0, processInstanceId: 'p1' })) {
  signInForTest([]);
  const calls = stubData([
    [/^GET \/workflow-task\/task-form$/, () => a],
    [/^GET \/stamps$/, () => ({ Rows: [stamp], Total: 1 })],
    [/^POST \/workflow-task\/task-handle$/, (_u, body) => handle(body as Record<string, unknown>)],
  ]);
  const onClose = vi.fn();
  renderWithApp(<ApprovalScreen open taskId={a instanceof Fail || a.readOnly ? undefined : 't1'} processInstanceId="p1" onClose={onClose} />);
  return { calls, onClose, handles: () => calls.filter((c) => c.path === '/workflow-task/task-handle') };
}

const choose = (value: string) => fireEvent.click(screen.getByTestId(`wf-approval-btn-${value}`));

async function pickStamp() {
  fireEvent.mouseDown(within(screen.getByTestId('wf-approval-stamp')).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector('.ant-select-dropdown .ant-select-item-option')).toBeTruthy());
  fireEvent.click(document.querySelector('.ant-select-dropdown .ant-select-item-option')!);
}

describe('approval screen', { timeout: SLOW }, () => {
  it('shows the result radio from btnInfo, the reject select only for reject_, the tabs and the comments', async () => {
    setup(answer());
    await screen.findByTestId('wf-approval-form');
    expect(screen.getByTestId('wf-approval-btn-agree_').textContent).toBe('同意');
    expect(screen.getByTestId('wf-approval-btn-reject_').textContent).toBe('驳回');
    expect(screen.queryByTestId('wf-approval-reject-node')).toBeNull();
    choose('reject_');
    await screen.findByTestId('wf-approval-reject-node');
    choose('agree_');
    await waitFor(() => expect(screen.queryByTestId('wf-approval-reject-node')).toBeNull());
    for (const key of ['form', 'flow', 'roams', 'files', 'approval', 'circulate']) expect(screen.getByTestId(`wf-approval-tab-${key}`)).toBeTruthy();
    expect(screen.getByTestId('wf-form-tab-0').textContent).toBe('请假单');
    expect(screen.getByTestId('wf-approval-comment-0').textContent).toContain('请批准');
    expect(screen.getByTestId('wf-approval-comment-stamp-0').getAttribute('src')).toBe('/api/files/sig?sig=y');
  });

  it('shows print and transfer only on the form tab and only when permitted', async () => {
    setup(answer());
    await screen.findByTestId('wf-approval-form');
    expect(screen.getByTestId('wf-approval-print')).toBeTruthy();
    expect(screen.getByTestId('wf-approval-transfer')).toBeTruthy();
    expect(screen.queryByTestId('wf-approval-signation')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-approval-tab-flow'));
    await waitFor(() => expect(screen.queryByTestId('wf-approval-print')).toBeNull());
    expect(screen.queryByTestId('wf-approval-transfer')).toBeNull();
    fireEvent.click(screen.getByTestId('wf-approval-tab-form'));
    await screen.findByTestId('wf-approval-print');
    fireEvent.click(screen.getByTestId('wf-approval-transfer'));
    expect(await screen.findByTestId('wf-transfer-dialog')).toBeTruthy();
  });

  it('hides print and transfer when the node does not permit them', async () => {
    setup(answer({}, { functionBtnInfo: [], signation: true }));
    await screen.findByTestId('wf-approval-form');
    expect(screen.queryByTestId('wf-approval-print')).toBeNull();
    expect(screen.queryByTestId('wf-approval-transfer')).toBeNull();
    expect(screen.getByTestId('wf-approval-signation')).toBeTruthy();
  });

  it('asks the signature password only when the node needs one (2) and a stamp is chosen', async () => {
    setup(answer());
    await screen.findByTestId('wf-approval-form');
    expect(screen.queryByTestId('wf-approval-password')).toBeNull();
    await pickStamp();
    const pwd = await screen.findByTestId('wf-approval-password');
    expect(pwd.getAttribute('placeholder')).toBe('有电子签章时必填');
  });

  it('never asks the password when needpassword is 1', async () => {
    setup(answer({}, { nodeInfo: { needpassword: 1, nodeId: 'n1', nodeName: '经理审批', multiInstance: false, signatureRequired: false } }));
    await screen.findByTestId('wf-approval-form');
    await pickStamp();
    await waitFor(() => expect(within(screen.getByTestId('wf-approval-stamp')).getByText('我的签名')).toBeTruthy());
    expect(screen.queryByTestId('wf-approval-password')).toBeNull();
  });

  it('retCode 1: wrong signature password, nothing closes', async () => {
    const { onClose, handles } = setup(answer(), () => ({ retCode: 1, processInstanceId: 'p1' }));
    await screen.findByTestId('wf-approval-form');
    choose('agree_');
    await pickStamp();
    fireEvent.change(await screen.findByTestId('wf-approval-password'), { target: { value: 'bad' } });
    fireEvent.change(screen.getByTestId('wf-approval-message'), { target: { value: '同意' } });
    fireEvent.click(screen.getByTestId('wf-approval-confirm'));
    expect(await screen.findByText('签章密码错误')).toBeTruthy();
    const body = handles()[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ taskId: 't1', btnValue: 'agree_', message: '同意', esignature: 's1', esignature_pwd: 'bad', rejectNodeId: '' });
    expect(body.formValue).toEqual([{ F_FormId: 'f1', F_Type: 0, F_Id: 'r1', formData: { F_Name: '张三', F_Reason: '事假' } }]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('retCode 2: chooses next approvers and sends again with userJson; then closes handled', async () => {
    let n = 0;
    const { onClose, handles } = setup(answer(), () =>
      n++ === 0 ? { retCode: 2, processInstanceId: 'p1', nodes: [{ name: '总监审批', taskId: 'n2', userList: [] }] } : { retCode: 0, processInstanceId: 'p1' },
    );
    await screen.findByTestId('wf-approval-form');
    choose('reject_');
    fireEvent.mouseDown(within(await screen.findByTestId('wf-approval-reject-node')).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-dropdown .ant-select-item-option')).toBeTruthy());
    fireEvent.click(document.querySelector('.ant-select-dropdown .ant-select-item-option')!);
    fireEvent.click(screen.getByTestId('wf-approval-confirm'));
    fireEvent.click(await screen.findByTestId('wf-next-approvers'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(handles()).toHaveLength(2);
    expect(handles()[0]!.body).toMatchObject({ btnValue: 'reject_', rejectNodeId: 'start', userJson: [] });
    expect(handles()[1]!.body).toMatchObject({ btnValue: 'reject_', rejectNodeId: 'start', userJson: [{ taskId: 'n2', userList: ['u9'] }] });
  });

  it('rejecting needs a node', async () => {
    const { handles } = setup(answer());
    await screen.findByTestId('wf-approval-form');
    choose('reject_');
    await screen.findByTestId('wf-approval-reject-node');
    fireEvent.click(screen.getByTestId('wf-approval-confirm'));
    expect((await screen.findAllByText('请选择驳回节点')).length).toBeGreaterThan(0);
    expect(handles()).toHaveLength(0);
  });

  it('warns when a form is incomplete and sends nothing', async () => {
    const { handles } = setup(answer({}, {}, { F_Reason: '事假' }));
    await screen.findByTestId('wf-approval-form');
    choose('agree_');
    fireEvent.click(screen.getByTestId('wf-approval-confirm'));
    expect(await screen.findByText('请检查表单数据是否填写完整')).toBeTruthy();
    expect(handles()).toHaveLength(0);
  });

  it("shows a load failure in an alert titled '消息' and closes on acknowledging", async () => {
    const { onClose } = setup(new Fail('您无权查看该流程', 403));
    await screen.findByTestId('wf-approval-alert-ok');
    expect(document.querySelectorAll('.ant-modal-confirm-title')).toHaveLength(1);
    expect(document.querySelector('.ant-modal-confirm-title')!.textContent).toBe('消息');
    expect(screen.getByText('您无权查看该流程')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-approval-alert-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
  });

  it('read-only (by instance): the information without the approval form', async () => {
    setup(answer({ readOnly: true, taskId: null }, { btnInfo: [], functionBtnInfo: [], rejectnode: [] }));
    await screen.findByTestId('wf-approval-comments');
    expect(screen.getByTestId('wf-approval').dataset.readonly).toBe('true');
    expect(screen.queryByTestId('wf-approval-form')).toBeNull();
    expect(screen.queryByTestId('wf-approval-tab-circulate')).toBeNull();
    expect(screen.queryByTestId('wf-approval-print')).toBeNull();
    expect(screen.getByTestId('wf-approval-tab-form')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-approval-tab-files'));
    expect(await screen.findByTestId('wf-approval-file-open-a1')).toBeTruthy();
  });

  it('read-only and completed: the process can be printed', async () => {
    setup(answer({ readOnly: true, taskId: null, state: 'completed' }, { btnInfo: [], functionBtnInfo: [], rejectnode: [] }));
    await screen.findByTestId('wf-approval-comments');
    expect(screen.queryByTestId('wf-approval-form')).toBeNull();
    expect(screen.getByTestId('wf-approval-print')).toBeTruthy();
    expect(screen.queryByTestId('wf-approval-transfer')).toBeNull();
  });
});
