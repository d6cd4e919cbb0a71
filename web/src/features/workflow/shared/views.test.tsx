import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FormField, TaskFormAnswer, TaskFormItem, TimelineRecord } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { signInForTest } from '../../../test/session';
import { endSession } from '../../../lib/session';
import { field } from '../../../components/form-renderer/fields/rich/test-util';
import { Fail, stubData } from '../../data/test-stub';
import { FlowChart } from './FlowChart';
import { ProcessTimeline, recordColour } from './ProcessTimeline';
import { ProgressViewer } from './ProgressViewer';
import { PrintView } from './PrintView';

const SLOW = 60_000;

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const rec = (over: Partial<TimelineRecord>): TimelineRecord => ({
  activityId: 'a',
  activityName: '节点',
  activityType: 'userTask',
  candidate: [],
  assignee: null,
  startUserId: 'u1',
  endTime: '2026-11-24 10:00:00',
  time: '2026-11-24 09:00:00',
  multiInstance: false,
  btnValue: null,
  btnName: null,
  message: null,
  esignature: null,
  nextNodeInfo: [],
  manualinfos: [],
  text: '',
  fieldChanges: [],
  ...over,
});
const records: TimelineRecord[] = [
  rec({
    activityId: 'start',
    activityName: '开始',
    activityType: 'startEvent',
    text: '管理员 创建了流程',
    time: '2026-11-24 08:00:00',
    endTime: '2026-11-24 08:00:00',
  }),
  rec({
    activityId: 'dept',
    activityName: '部门审批',
    text: '李四 同意 流转到 会签',
    btnName: '同意',
    message: '情况属实',
    esignature: 'data:image/png;base64,AA',
    fieldChanges: [
      { field: 'score', label: '分数', old: '86', new: '999' },
      { field: 'note', label: '备注', old: '', new: '补充' },
    ],
  }),
  rec({
    activityId: 'sign',
    activityName: '会签',
    multiInstance: true,
    endTime: null,
    text: '会签审批：正在审批',
    candidate: ['王五', '张三'],
    manualinfos: [
      { realName: '王五', account: 'wangwu', departmentName: '研发部' },
      { realName: '张三', account: 'zhangsan', departmentName: '' },
    ],
  }),
];

describe('timeline', { timeout: SLOW }, () => {
  it('renders the given records: sentence, time, comment, countersign and the current node with its candidates', async () => {
    const calls = stubData([]);
    renderWithApp(<ProcessTimeline processInstanceId="p1" records={records} />);
    const first = await screen.findByTestId('wf-timeline-record-0');
    expect(first.textContent).toContain('管理员 创建了流程');
    expect(first.dataset.state).toBe('finished');
    const second = screen.getByTestId('wf-timeline-record-1');
    expect(second.textContent).toContain('2026-11-24 10:00:00');
    expect(within(second).getByTestId('wf-timeline-comment').textContent).toContain('情况属实');
    expect(within(second).getByTestId('wf-timeline-stamp')).toBeTruthy();
    // What the approver changed on the form: field, old, new.
    expect(within(second).getByTestId('wf-timeline-changes').textContent).toContain('修改了表单');
    expect(
      within(second)
        .getAllByTestId('wf-timeline-change')
        .map((c) => c.textContent),
    ).toEqual(['分数：86 → 999', '备注：（空） → 补充']);
    expect(within(first).queryByTestId('wf-timeline-changes')).toBeNull();
    const third = screen.getByTestId('wf-timeline-record-2');
    expect(third.dataset.state).toBe('current');
    expect(within(third).getByTestId('wf-timeline-approving').textContent).toBe('正在审批');
    expect(within(third).getByTestId('wf-timeline-countersign').textContent).toBe('会签审批');
    expect(within(third).getByTestId('wf-timeline-candidates').textContent).toContain('王五（研发部）');
    expect(within(third).getByTestId('wf-timeline-candidates').textContent).toContain('张三');
    // Colours: finished green, current blue.
    const dots = document.querySelectorAll('.ant-timeline-item');
    expect(dots.length).toBe(3);
    expect(records.map(recordColour)).toEqual(['green', 'green', 'blue']);
    expect(recordColour(rec({ activityType: 'endEvent' }))).toBe('gray');
    expect(calls.length).toBe(0);
  });

  it('loads the records itself without them', async () => {
    const calls = stubData([[/^GET \/workflow-task\/history-taskList$/, () => records]]);
    renderWithApp(<ProcessTimeline processInstanceId="p9" />);
    expect(await screen.findByTestId('wf-timeline-record-2')).toBeTruthy();
    expect(calls[0].url.searchParams.get('processInstanceId')).toBe('p9');
  });
});

describe('flow chart', { timeout: SLOW }, () => {
  it('shows the signed SVG with the legend and zooms', async () => {
    stubData([[/^GET \/workflow-task\/view-process-url$/, () => ({ url: '/api/files/diagram.svg?sig=x' })]]);
    renderWithApp(<FlowChart processInstanceId="p1" />);
    const img = (await screen.findByTestId('wf-flow-image')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe('/api/files/diagram.svg?sig=x');
    expect(screen.getByTestId('wf-flow-legend').textContent).toBe('已完成当前未开始');
    expect(img.style.width).toBe('100%');
    fireEvent.click(screen.getByTestId('wf-flow-zoom-in'));
    expect(img.style.width).toBe('125%');
    fireEvent.click(screen.getByTestId('wf-flow-zoom-out'));
    fireEvent.click(screen.getByTestId('wf-flow-zoom-out'));
    expect(img.style.width).toBe('75%');
    fireEvent.click(screen.getByTestId('wf-flow-zoom-fit'));
    expect(img.style.width).toBe('100%');
  });
});

describe('progress viewer', { timeout: SLOW }, () => {
  it('shows the chart and the timeline', async () => {
    signInForTest([]);
    stubData([
      [/^GET \/workflow-task\/view-process-url$/, () => ({ url: '/api/files/d.svg' })],
      [/^GET \/workflow-task\/history-taskList$/, () => records],
    ]);
    renderWithApp(<ProgressViewer open processInstanceId="p1" onClose={() => undefined} />);
    expect(await screen.findByTestId('wf-flow-image')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wf-progress-tab-timeline'));
    expect(await screen.findByTestId('wf-timeline-record-2')).toBeTruthy();
  });

  it('alerts the server message titled 消息 and closes on acknowledging', async () => {
    signInForTest([]);
    stubData([
      [/^GET \/workflow-task\/view-process-url$/, () => new Fail('流程实例不存在')],
      [/^GET \/workflow-task\/history-taskList$/, () => new Fail('流程实例不存在')],
    ]);
    const onClose = vi.fn();
    renderWithApp(<ProgressViewer open processInstanceId="gone" onClose={onClose} />);
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm-title').length).toBe(1));
    expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('消息');
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('流程实例不存在');
    fireEvent.click(screen.getByTestId('wf-progress-alert-ok'));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });
});

const fields: FormField[] = [field('input', 101, 'title', {}, { label: '标题', span: 12 }), field('input', 102, 'amount', {}, { label: '金额', span: 12 })];
const form = (over: Partial<TaskFormItem> = {}): TaskFormItem => ({
  primaryKey: 'k1',
  F_FormId: 'f1',
  F_Type: 0,
  F_Name: '报销单',
  F_Url: '',
  F_Scheme: { data: fields, formConf: {} },
  formData: { title: '差旅', amount: '120' },
  formFieldInfo: { F_Id: 'f1', F_Type: 0, F_Name: '报销单', F_Url: '', children: [] },
  relationTaskList: [],
  taskComment: [],
  ...over,
});
const answer = (forms: TaskFormItem[]): TaskFormAnswer => ({
  processInstanceId: 'p1',
  processName: '报销-管理员',
  schemeName: '报销',
  state: 'running',
  taskId: null,
  readOnly: true,
  forms,
  processInfo: {
    btnInfo: [],
    functionBtnInfo: [],
    rejectnode: [],
    nodeInfo: { needpassword: 0, nodeId: '', nodeName: '', multiInstance: false, signatureRequired: false },
    signation: false,
    retNodeList: [],
    task_comment: [
      {
        nodeId: 'dept',
        nodeName: '部门审批',
        btnValue: 'agree',
        btnName: '同意',
        message: '同意报销',
        createUser: '李四',
        time: '2026-11-24 10:00:00',
        esignature: 'data:image/png;base64,AA',
      },
    ],
    roams: [],
    files: [],
  },
});

describe('print view', { timeout: SLOW }, () => {
  it('prints the forms read-only and the approval comments with stamps', async () => {
    signInForTest([]);
    const calls = stubData([[/^GET \/workflow-task\/task-form$/, () => answer([form()])]]);
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    renderWithApp(<PrintView open processInstanceId="p1" onClose={() => undefined} />);
    const view = await screen.findByTestId('print-view');
    expect(view.textContent).toContain('差旅');
    expect(view.textContent).toContain('金额');
    const comment = screen.getByTestId('wf-print-comment-0');
    expect(comment.textContent).toContain('部门审批');
    expect(comment.textContent).toContain('李四');
    expect(comment.textContent).toContain('同意报销');
    expect(comment.querySelector('img')?.getAttribute('src')).toBe('data:image/png;base64,AA');
    expect(calls[0].url.searchParams.get('processInstanceId')).toBe('p1');

    fireEvent.click(screen.getByTestId('wf-print-button'));
    await waitFor(() => expect(document.querySelector('.wf-print-portal')).toBeTruthy());
    expect(document.body.classList.contains('wf-printing')).toBe(true);
    await waitFor(() => expect(print).toHaveBeenCalled(), { timeout: 4000 });
    await waitFor(() => expect(document.body.classList.contains('wf-printing')).toBe(false));
    expect(document.querySelector('.wf-print-portal')).toBeNull();
  });

  it('prints what an approval node lets be seen: the fields it names and every other field (read-only there)', async () => {
    signInForTest([]);
    const children = [
      { formId: 102, view: true, edit: true, required: false },
      { formId: '*', view: true, edit: false, required: false },
    ];
    stubData([[/^GET \/workflow-task\/task-form$/, () => answer([form({ formFieldInfo: { F_Id: 'f1', F_Type: 0, F_Name: '报销单', F_Url: '', children } })])]]);
    renderWithApp(<PrintView open processInstanceId="p1" taskId="t1" onClose={() => undefined} />);
    const view = await screen.findByTestId('print-view');
    expect(view.textContent).toContain('差旅');
    expect(view.textContent).toContain('120');
  });

  it('blocks a form without fields and one without viewable fields with the spec texts', async () => {
    signInForTest([]);
    stubData([
      [
        /^GET \/workflow-task\/task-form$/,
        () =>
          answer([
            form({ F_FormId: 'empty', F_Scheme: { data: [] } }),
            form({
              F_FormId: 'hidden',
              formFieldInfo: {
                F_Id: 'hidden',
                F_Type: 0,
                F_Name: '',
                F_Url: '',
                children: [
                  { formId: 101, view: false, edit: false, required: false },
                  { formId: 102, view: false, edit: false, required: false },
                ],
              },
            }),
          ]),
      ],
    ]);
    renderWithApp(<PrintView open processInstanceId="p1" taskId="t1" onClose={() => undefined} />);
    expect(await screen.findByText('表单配置异常，请检查数据格式')).toBeTruthy();
    expect(screen.getByText('无表单权限，请检查数据格式')).toBeTruthy();
  });
});
