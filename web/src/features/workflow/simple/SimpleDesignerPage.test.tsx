import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { newApprover, newSimpleProcess, workflowSchemePermissions, type SimpleProcess } from '@app/contracts';
import { renderWithApp } from '../../../test/helpers';
import { endSession } from '../../../lib/session';
import { signInForTest } from '../../../test/session';
import { stubData, type Call } from '../../data/test-stub';
import SimpleDesignerPage from './SimpleDesignerPage';

/** The designer over a stored scheme (real antd, the api client over stubbed fetch answers). */
const approver = { ...newApprover('经理审批'), id: 'Approver_1' };
approver.config = { ...approver.config, candidates: [{ type: 'user', ids: ['u2'], names: ['李经理'] }] };
const stored: SimpleProcess = { ...newSimpleProcess('expense', '报销'), nodes: [approver] };

const formScheme = {
  F_Id: 'f1',
  F_Name: '报销单',
  F_Scheme: {
    data: [
      { __vModel__: 'amount', __config__: { formId: 1, avueType: 'number', label: '金额' } },
      { __vModel__: 'reason', __config__: { formId: 2, avueType: 'input', label: '事由' } },
    ],
  },
};

function openPage(
  answer: { model: SimpleProcess | null; reason: string | null } = { model: stored, reason: null },
  extra: Parameters<typeof stubData>[0] = [],
) {
  signInForTest([workflowSchemePermissions.workflowSchemeList, workflowSchemePermissions.workflowSchemeEdit]);
  const calls: Call[] = stubData([
    ...extra,
    [/^GET \/form-scheme$/, () => [{ F_Id: 'f1', F_Name: '报销单', F_Type: 0 }]],
    [/^GET \/form-scheme\/f1\/info$/, () => formScheme],
    [/^GET \/data-items\/FlowSort\/detail$/, () => []],
    [/^POST \/workflow-scheme-info\/simple\/from-bpmn$/, () => ({ ...answer, elementId: null })],
    [/^PUT \/workflow-scheme-info\/s1$/, () => ({ F_Id: 's1', F_Version: 2, versionId: 'v2', newVersion: true, F_State: 'changed' })],
    [
      /^GET \/workflow-scheme-info\/info\/s1$/,
      () => ({
        F_Id: 's1',
        F_Code: 'expense',
        F_Name: '报销',
        F_Category: '',
        F_Description: '',
        F_AuthType: 0,
        F_AuthObjects: [],
        forms: [{ F_Id: 'r1', F_FormId: 'f1', F_Type: 0, F_Url: '', F_Name: '报销单', F_FormName: '报销单', F_Sort: 0 }],
        F_Version: 1,
        F_State: 'published',
        F_VersionId: 'v1',
        xml: '<definitions/>',
      }),
    ],
  ]);
  renderWithApp(
    <MemoryRouter initialEntries={['/workflow/scheme/simple/s1']}>
      <Routes>
        <Route path="/workflow/scheme/simple/*" element={<SimpleDesignerPage />} />
        <Route path="/workflow/scheme/design/*" element={<div data-testid="bpmn-designer" />} />
      </Routes>
    </MemoryRouter>,
  );
  return calls;
}

/** Opens the "+" menu at a slot and picks an entry. */
async function addAt(slot: string, type: 'approver' | 'cc' | 'condition' | 'parallel') {
  fireEvent.click(screen.getByTestId(slot));
  // The menu of an earlier "+" may still be closing: the newest one is last.
  fireEvent.click((await screen.findAllByTestId(`wfs-add-${type}`)).at(-1)!);
}

const cardsOf = (type: string) => [...screen.getByTestId('wfs-canvas').querySelectorAll(`[data-type="${type}"]`)] as HTMLElement[];

afterEach(() => {
  endSession();
  vi.unstubAllGlobals();
});

describe('SimpleDesignerPage', () => {
  it('adds an approver and a condition group through the UI and saves the compiled chain', async () => {
    const calls = openPage();
    expect(await screen.findByTestId('wfs-card-Approver_1')).toBeTruthy();
    expect(calls.find((c) => c.path === '/workflow-scheme-info/simple/from-bpmn')?.body).toEqual({ xml: '<definitions/>' });
    expect(screen.getByTestId('wfs-card-Approver_1').textContent).toContain('李经理');
    expect(screen.getByTestId('wfs-issues').dataset.count).toBe('0');

    // An approver after the initiator: it names nobody yet, so the check counts one problem.
    await addAt('wfs-add-start', 'approver');
    await waitFor(() => expect(cardsOf('approver')).toHaveLength(2));
    const added = cardsOf('approver')[0]!;
    expect(added.dataset.id).not.toBe('Approver_1');
    expect(within(added).getByText('未设置审批人')).toBeTruthy();
    expect(screen.getByTestId('wfs-issues').dataset.count).toBe('1');

    // Its approver: the initiator's leaders up to level 2, all must agree.
    fireEvent.click(added);
    const panel = await screen.findByTestId('wfs-panel');
    expect(panel.dataset.kind).toBe('approver');
    fireEvent.mouseDown(within(panel).getByTestId('wfs-approver-type').querySelector('.ant-select-selector') ?? within(panel).getByTestId('wfs-approver-type'));
    fireEvent.click(await screen.findByTitle('发起人的连续多级上级'));
    fireEvent.mouseDown(
      within(panel).getByTestId('wfs-approver-level').querySelector('.ant-select-selector') ?? within(panel).getByTestId('wfs-approver-level'),
    );
    fireEvent.click(await screen.findByTitle('直到第 2 级上级'));
    fireEvent.click(within(panel).getByTestId('wfs-approver-mode-all'));
    await waitFor(() => expect(screen.getByTestId('wfs-issues').dataset.count).toBe('0'));
    expect(added.textContent).toContain('发起人的连续 2 级上级');

    // A condition group after the stored approver: its first branch has no condition yet.
    await addAt('wfs-add-Approver_1', 'condition');
    await waitFor(() => expect(cardsOf('condition')).toHaveLength(1));
    const group = cardsOf('condition')[0]!;
    const [first, otherwise] = [...group.querySelectorAll('[data-type="branch"], [data-type="otherwise"]')] as HTMLElement[];
    expect(first!.textContent).toContain('优先级 1');
    expect(otherwise!.textContent).toContain('其他情况');
    expect(screen.getByTestId('wfs-issues').dataset.count).toBe('1');

    // Its condition: 金额 等于 5000 (the first field of the bound form, typed as a number).
    fireEvent.click(first!);
    await waitFor(() => expect(screen.getByTestId('wfs-panel').dataset.kind).toBe('condition-branch'));
    fireEvent.click(await screen.findByTestId('wfs-condition-add-clause-0'));
    const value = within(await screen.findByTestId('wfs-condition-value-0-0')).getByRole('spinbutton');
    fireEvent.change(value, { target: { value: '5000' } });
    fireEvent.blur(value);
    await waitFor(() => expect(first!.textContent).toContain('金额 等于 5000'));
    await waitFor(() => expect(screen.getByTestId('wfs-issues').dataset.count).toBe('0'));

    // Undo takes the value back, redo restores it.
    fireEvent.click(screen.getByTestId('wfs-undo'));
    await waitFor(() => expect(first!.textContent).not.toContain('5000'));
    fireEvent.click(screen.getByTestId('wfs-redo'));
    await waitFor(() => expect(first!.textContent).toContain('金额 等于 5000'));

    fireEvent.click(screen.getByTestId('wfs-save'));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')!.body as { xml: string; publish: boolean; forms: { F_FormId: string }[]; F_Code: string };
    expect(body.publish).toBe(false);
    expect(body.F_Code).toBe('expense');
    expect(body.forms.map((f) => f.F_FormId)).toEqual(['f1']);
    const xml = body.xml.replaceAll('&quot;', '"');
    // start → new approver → stored approver → condition split (amount == 5000 | otherwise) → join → end.
    expect(xml.match(/<bpmn:userTask /g)).toHaveLength(2);
    expect(xml).toContain('"type":"starterLeader"');
    expect(xml).toContain('"level":2');
    expect(xml).toMatch(/<bpmn:multiInstanceLoopCharacteristics \/>/);
    expect(xml).toMatch(/<bpmn:exclusiveGateway id="Condition_\w+" default="Branch_\w+">/);
    expect(xml).toMatch(/<bpmn:conditionExpression[^>]*>[^<]*amount[^<]*5000/);
    expect(xml).toContain(`sourceRef="start" targetRef="${added.dataset.id}"`);
    expect(xml).toContain(`sourceRef="${added.dataset.id}" targetRef="Approver_1"`);
    expect(await screen.findByText('已保存草稿（v2）')).toBeTruthy();
  });

  it('refuses to publish while problems remain, naming their count', async () => {
    const calls = openPage();
    await screen.findByTestId('wfs-card-Approver_1');
    await addAt('wfs-add-Approver_1', 'cc');
    await waitFor(() => expect(cardsOf('cc')).toHaveLength(1));
    expect(within(cardsOf('cc')[0]!).getByText('未选择抄送人')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wfs-publish'));
    expect(await screen.findByText('还有 1 个问题，不能发布')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Ctrl+Z takes the card away again.
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'z', ctrlKey: true })));
    await waitFor(() => expect(cardsOf('cc')).toHaveLength(0));
  });

  it('previews a launch: sample values, 模拟, the steps and the visited cards', async () => {
    const calls = openPage(undefined, [
      [
        /^POST \/workflow-scheme-info\/simple\/simulate$/,
        () => {
          return {
            steps: [
              { nodeId: 'start', kind: 'start', name: '发起人', users: [{ F_UserId: 'u1', F_RealName: 'Admin' }], note: '发起申请', depth: 0 },
              { nodeId: 'Approver_1', kind: 'approver', name: '经理审批', users: [{ F_UserId: 'u2', F_RealName: '李经理' }], note: '或签', depth: 0 },
              { nodeId: 'end', kind: 'end', name: '结束', users: [], note: '', depth: 0 },
            ],
            visited: ['start', 'Approver_1', 'end'],
            refusal: null,
          };
        },
      ],
    ]);
    await screen.findByTestId('wfs-card-Approver_1');
    fireEvent.click(screen.getByTestId('wfs-preview'));
    const amount = within(await screen.findByTestId('wfs-preview-drawer')).getAllByRole('spinbutton')[0]!;
    fireEvent.change(amount, { target: { value: '8000' } });
    fireEvent.click(screen.getByTestId('wfs-preview-run'));
    const steps = await screen.findByTestId('wfs-preview-steps');
    expect(steps.textContent).toContain('李经理');
    const body = calls.find((c) => c.path === '/workflow-scheme-info/simple/simulate')!.body as { formValues: Record<string, unknown>; model: SimpleProcess };
    expect(body.formValues).toEqual({ amount: 8000 });
    expect(body.model.nodes.map((n) => n.id)).toEqual(['Approver_1']);
    await waitFor(() => expect(screen.getByTestId('wfs-card-Approver_1').dataset.visited).toBe('true'));
    expect(screen.getByTestId('wfs-card-end').dataset.visited).toBe('true');
  });

  it('shows why a process is not simple, with the way to the BPMN designer', async () => {
    openPage({ model: null, reason: '流程中有脚本节点【计算】，简易设计器不能表示' });
    expect(await screen.findByText('流程中有脚本节点【计算】，简易设计器不能表示')).toBeTruthy();
    fireEvent.click(screen.getByTestId('wfs-reason-open-bpmn'));
    expect(await screen.findByTestId('bpmn-designer')).toBeTruthy();
  });
});
